# dablo-tb: builds, verifies and probes the endgame tables (tools/tb/,
# reading and writing through the table library src/tb/).
#
#   make tablebases          the default set into tb/ (docs/tablebases.md)
#   make tablebases-verify   verifies every table in tb/
TB_TOOL_SRC := $(wildcard tools/tb/*.c)
BINS += bin/dablo-tb

bin/dablo-tb: $(TB_TOOL_SRC) $(wildcard tools/tb/*.h) $(SRC_HDR) $(TB_LIB) $(RULES_LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -Itools $(LDFLAGS) $(TB_TOOL_SRC) $(TB_LIB) $(RULES_LIB) -o $@ $(LDLIBS_BASE)

# The default set (docs/tablebases.md): Tabal to TB_TABAL_PIECES pieces,
# Dablot (Rules classic) to TB_DABLOT_PIECES.
TB_DIR           ?= tb
TB_THREADS       ?= 2
TB_TABAL_PIECES  ?= 4
TB_DABLOT_PIECES ?= 3
.PHONY: tablebases tablebases-verify
tablebases: bin/dablo-tb
	bin/dablo-tb build -variant tabal -pieces $(TB_TABAL_PIECES) -dir $(TB_DIR) -threads $(TB_THREADS)
	bin/dablo-tb build -variant dablot -pieces $(TB_DABLOT_PIECES) -dir $(TB_DIR) -threads $(TB_THREADS)

tablebases-verify: bin/dablo-tb
	bin/dablo-tb verify -variant tabal -dir $(TB_DIR)
	bin/dablo-tb verify -variant dablot -dir $(TB_DIR)
