# Benchmarks (bench/): `make bench` prints one report, every figure measured
# in the same run; `make perft-deep` checks the perft suite without limits.
BENCH_BINS := build/perft_bench

build/perft_bench: bench/perft_bench.c $(SRC_HDR) $(RULES_LIB)
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $< $(RULES_LIB) -o $@ $(LDLIBS_BASE)

# Time from an engine's start to uciok, over pipes, no shell in between,
# with its CPU time and page faults (bench/startup.c).  It is also the floor
# it compares with (build/startup --answer): built with the engine's flags
# and, like it, linked to the shared libc.
BENCH_BINS += build/startup
TEST_BINS += build/startup  # 20-bench runs it

build/startup: bench/startup.c
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $< -o $@

# The engine as valgrind counts its instructions (bench/startup.sh,
# docs/speed.md): valgrind 3.19 does not decode the AVX-512 that
# -march=native gives on the benchmark machine, so this build is
# -march=x86-64-v3, every engine source in one command, linked as bin/dablo.
COUNT_SRC := src/frontend/main.c $(foreach l,$(LAYERS),$(call layer_src,$(l)))
BENCH_BINS += build/count/dablo

build/count/dablo: $(COUNT_SRC) $(SRC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CPPFLAGS) $(BASE_CFLAGS) $(OPT) -march=x86-64-v3 $(CPPFLAGS) $(CFLAGS) $(READLINE_CFLAGS) \
	    $(READLINE_DEFS) $(LDFLAGS) $(COUNT_SRC) -o $@ $(DL_LIBS) $(LDLIBS_BASE)

# The overrun of timed searches and the latency of stop, over pipes
# (bench/stoplatency.sh).  It links the engine-host library of mk/host.mk,
# loaded after this file: the archive is named directly (HOST_LIB there).
BENCH_BINS += build/stoplatency

build/stoplatency: bench/stoplatency.c $(SRC_HDR) $(wildcard tools/host/*.h) build/libdablo-host.a $(RULES_LIB)
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) -Itools $(LDFLAGS) $< build/libdablo-host.a $(RULES_LIB) -o $@ $(LDLIBS_BASE)

bench: $(BENCH_BINS)

.PHONY: perft-deep
perft-deep: build/test_unit
	DABLO_PERFT_DEEP=1 CK_RUN_SUITE=perft build/test_unit
