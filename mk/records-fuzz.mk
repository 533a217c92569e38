# mk/records-fuzz.mk - fuzz targets of the files dablo-match and
# dablo-stats read: the openings file (openings_load), the results file
# (stats_read_results) and the resume state (state_load); libFuzzer with
# ASan + UBSan, built like the protocol target of mk/protocol.mk (loaded
# before this file: FUZZ_CC, FUZZ_CFLAGS, the rules objects FUZZ_OBJ).
# `make fuzz` runs each for FUZZ_SECONDS; tests/suites/32-fuzz.sh runs a
# short smoke of each.

RECORDS_FUZZ := openings results state
RECORDS_FUZZ_BINS := $(RECORDS_FUZZ:%=build/fuzz/fuzz_%)
TEST_BINS += $(RECORDS_FUZZ_BINS)
FUZZ_TOOLS_CFLAGS := -Itools -Itools/match -Itools/stats
FUZZ_RULES_OBJ := $(filter build/fuzz/rules/%,$(FUZZ_OBJ))
FUZZ_HOST_OBJ := $(addprefix build/fuzz/tools/host/,util.o strbuf.o linefile.o)

build/fuzz/tools/%.o: tools/%.c $(SRC_HDR) $(wildcard tools/*/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_TOOLS_CFLAGS) $(CPPFLAGS) $(CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

build/fuzz/fuzz_openings: tests/fuzz/fuzz_openings.c tests/fuzz/fuzz_inputs.h build/fuzz/tools/match/openings.o \
                          build/fuzz/tools/match/prng.o $(FUZZ_HOST_OBJ) $(FUZZ_RULES_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_TOOLS_CFLAGS) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -fsanitize=fuzzer \
	    $(filter-out %.h,$^) -o $@ -lm

build/fuzz/fuzz_results: tests/fuzz/fuzz_results.c tests/fuzz/fuzz_inputs.h build/fuzz/tools/stats/results.o \
                         build/fuzz/tools/stats/stats.o build/fuzz/tools/stats/report.o $(FUZZ_HOST_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_TOOLS_CFLAGS) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -fsanitize=fuzzer \
	    $(filter-out %.h,$^) -o $@ -lm

build/fuzz/fuzz_state: tests/fuzz/fuzz_state.c tests/fuzz/fuzz_inputs.h build/fuzz/tools/match/state.o \
                       build/fuzz/tools/match/durable.o build/fuzz/tools/match/text.o $(FUZZ_HOST_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_TOOLS_CFLAGS) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -fsanitize=fuzzer \
	    $(filter-out %.h,$^) -o $@ -lm

# Each input file's target for FUZZ_SECONDS, before the protocol's.
.PHONY: fuzz-records
fuzz: fuzz-records
fuzz-records: $(RECORDS_FUZZ_BINS)
	@for t in $(RECORDS_FUZZ); do \
	    mkdir -p build/fuzz/corpus-$$t; \
	    echo "build/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) build/fuzz/corpus-$$t tests/fuzz/seeds-$$t"; \
	    build/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=4096 -print_final_stats=1 \
	        build/fuzz/corpus-$$t tests/fuzz/seeds-$$t || exit 1; \
	done
