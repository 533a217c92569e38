# Protocol layer: the transcript replay driver and the fuzz target
# of the command, FEN and move parsers.  bin/dablo itself is built by the
# Makefile (src/frontend/main.c and the three layer archives).
#
#   make fuzz                  every fuzz target (this file's and the three
#                              of mk/records-fuzz.mk) for FUZZ_SECONDS each
#                              (default 600) with libFuzzer; new inputs go to
#                              build/fuzz/corpus*.  An input that runs longer
#                              than FUZZ_TIMEOUT s (default 10, wall clock) is
#                              a failure: raise it for a run under nice on a
#                              busy machine, where a fast input can wait that
#                              long for a CPU.  Runs so far: docs/fuzzing.md
#   tests/suites/30-protocol.sh   transcripts (tests/transcripts/*.t)
#   tests/suites/31-terminal.sh   readline in a pseudo-terminal (tmux)
#   tests/suites/32-fuzz.sh       a 20-second fuzz smoke run

TEST_BINS += build/replay build/fuzz/fuzz_protocol

build/replay: tests/transcripts/replay.c
	@mkdir -p build
	$(CC) -std=gnu11 -O2 $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $< -o $@

FUZZ_CC ?= clang
FUZZ_SECONDS ?= 600
FUZZ_TIMEOUT ?= 10
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS := -std=gnu11 -g -O1 $(WARN) -pthread -Isrc $(FUZZ_SAN)
# The parsers and what they stand on; no search, no readline.
FUZZ_SRC := $(addprefix src/,frontend/uci_parse.c frontend/options.c rules/position.c \
            rules/movegen.c rules/movegen_stateset.c rules/notation.c rules/geometry.c rules/bitboard.c rules/rules.c rules/game.c \
            frontend/diagram.c frontend/show.c search/output.c frontend/linereader.c rules/perft.c \
            util/outstream.c)
FUZZ_OBJ := $(FUZZ_SRC:src/%.c=build/fuzz/%.o)

build/fuzz/%.o: src/%.c $(SRC_HDR)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(CPPFLAGS) $(CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

build/fuzz/fuzz_protocol: tests/fuzz/fuzz_protocol.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -fsanitize=fuzzer $^ -o $@ -lm

.PHONY: fuzz
fuzz: build/fuzz/fuzz_protocol
	@mkdir -p build/fuzz/corpus
	build/fuzz/fuzz_protocol -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=4096 \
	    -dict=tests/fuzz/protocol.dict build/fuzz/corpus tests/fuzz/seeds
