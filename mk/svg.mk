# dablo-svg: draws a position as an SVG picture (tools/svg/).  -o FILE is
# written whole or not at all with dablo-match's whole-file writer
# (tools/match/newfile.c with durable.c).
SVG_SRC := $(wildcard tools/svg/*.c) tools/match/newfile.c tools/match/durable.c
SVG_HDR := $(wildcard tools/svg/*.h) tools/match/newfile.h tools/match/durable.h
BINS += bin/dablo-svg

bin/dablo-svg: $(SVG_SRC) $(SVG_HDR) $(SRC_HDR) $(HOST_LIB) $(RULES_LIB) $(UTIL_LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -Itools/svg -Itools/match -Itools -I$(HOST_INC) $(LDFLAGS) $(SVG_SRC) $(HOST_LIB) $(RULES_LIB) $(UTIL_LIB) -o $@ $(LDLIBS_BASE)

# The board pictures shown in README.md and protocol/: the start positions
# with every point named, and a game in progress of each game.  The games
# were played by dablo-match (bin/dablo depth 6 against depth 3, and depth 6
# against depth 4, one thread, at commit e81889d):
#   -variant dablot -openings file=bench/openings/dablot-balanced.fen start=11
#   -variant tabal  -openings file=bench/openings/tabal-balanced.fen
# each with -games 1 -rounds 1; the pictures show ply 27 and ply 17 of the
# games (the opening's plies not counted) with the move played there.
GAME_DABLOT_FEN  := mmmm1m/mmmmm/m1mmmm/mm1mm/1mmmmm/mmmpM/MKM2m/4P/M1kMMM/MMMMM/M1MMMM/MMMMM/MMMM1M w 30 18
GAME_DABLOT_MOVE := c7xa9xc11xc7
GAME_TABAL_FEN   := mmm/mm1/3mm/4m/2m2/4M/M1mMM/MM1/MM1 w 0 13
GAME_TABAL_MOVE  := b2xd4xb6

.PHONY: board-pictures
board-pictures: bin/dablo-svg
	bin/dablo-svg -variant dablot -o protocol/board-dablot.svg
	bin/dablo-svg -variant tabal -o protocol/board-tabal.svg
	@mkdir -p docs/img
	bin/dablo-svg -variant dablot -fen "$(GAME_DABLOT_FEN)" -lastmove $(GAME_DABLOT_MOVE) -o docs/img/dablot-game.svg
	bin/dablo-svg -variant tabal -fen "$(GAME_TABAL_FEN)" -lastmove $(GAME_TABAL_MOVE) -o docs/img/tabal-game.svg
