# dablo-svg: draws a position as an SVG picture (tools/svg/).
SVG_SRC := $(wildcard tools/svg/*.c)
BINS += bin/dablo-svg

bin/dablo-svg: $(SVG_SRC) $(wildcard tools/svg/*.h) $(SRC_HDR) $(RULES_LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -Itools/svg $(LDFLAGS) $(SVG_SRC) $(RULES_LIB) -o $@ $(LDLIBS_BASE)

# The board pictures shown in README.md and protocol/.
.PHONY: board-pictures
board-pictures: bin/dablo-svg
	bin/dablo-svg -variant dablot -o protocol/board-dablot.svg
	bin/dablo-svg -variant tabal -o protocol/board-tabal.svg
