# dablo-tb: builds, verifies and probes the endgame tables (tools/tb/,
# reading and writing through the table library src/tb/).
#
#   make tablebases          the default set into tb/ (docs/tablebases.md)
#   make tablebases-verify   verifies every table in tb/
# A table is written with dablo-match's whole-file writer
# (tools/match/newfile.c with durable.c, and the host library).
TB_TOOL_SRC := $(wildcard tools/tb/*.c) tools/match/newfile.c tools/match/durable.c
BINS += bin/dablo-tb

bin/dablo-tb: $(TB_TOOL_SRC) $(wildcard tools/tb/*.h) tools/match/newfile.h tools/match/durable.h $(SRC_HDR) $(HOST_LIB) $(TB_LIB) $(RULES_LIB) $(UTIL_LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -Itools -Itools/match -I$(HOST_INC) $(LDFLAGS) $(TB_TOOL_SRC) $(HOST_LIB) $(TB_LIB) $(RULES_LIB) $(UTIL_LIB) -o $@ $(LDLIBS_BASE)

# The default set (docs/tablebases.md): Tabal to TB_TABAL_PIECES pieces,
# Dablot (Rules classic) to TB_DABLOT_PIECES, then the Dablot tables of
# TB_DABLOT_MORE, built from those (by default all eight 5-piece
# signatures where one side has only its king, both colours; empty: none).
# The two largest, KPMMvk and Kvkpmm, are started first and built at once
# (2.6 GiB each while built, 3 bytes a stored position); the figures of
# the whole set are in docs/tablebases.md ("What they cost").
TB_DIR           ?= tb
TB_THREADS       ?= 2
TB_TABAL_PIECES  ?= 5
TB_DABLOT_PIECES ?= 4
TB_DABLOT_MORE   ?= KPMMvk,Kvkpmm,KMMMvk,Kvkmmm,PMMMvk,Kvpmmm,MMMMvk,Kvmmmm
.PHONY: tablebases tablebases-verify
tablebases: bin/dablo-tb
	bin/dablo-tb build -variant tabal -pieces $(TB_TABAL_PIECES) -dir $(TB_DIR) -threads $(TB_THREADS)
	bin/dablo-tb build -variant dablot -pieces $(TB_DABLOT_PIECES) -dir $(TB_DIR) -threads $(TB_THREADS)
	$(if $(TB_DABLOT_MORE),bin/dablo-tb build -variant dablot -sig $(TB_DABLOT_MORE) -dir $(TB_DIR) -threads $(TB_THREADS))

# The verifier on TB_VERIFY_SAMPLE positions of each table (every position
# of a smaller one; 0 = all), and the full-width solve of Tabal's tables up
# to 3 pieces and Dablot's up to 2 (Dablot's 3-piece solves, KPvm's 41
# plies deep, take CPU-minutes; TB_DABLOT_FULL_WIDTH=3 asks for them).
TB_VERIFY_SAMPLE     ?= 100000
TB_DABLOT_FULL_WIDTH ?= 2
tablebases-verify: bin/dablo-tb
	bin/dablo-tb verify -variant tabal -dir $(TB_DIR) -sample $(TB_VERIFY_SAMPLE) -full-width 3
	bin/dablo-tb verify -variant dablot -dir $(TB_DIR) -sample $(TB_VERIFY_SAMPLE) -full-width $(TB_DABLOT_FULL_WIDTH)
