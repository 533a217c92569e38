# dablo-tune: training positions from self-play and the fit of the
# evaluation's weights (tools/tune/, docs/tuning.md).  It links the search
# library in-process, and the opening reader, PRNG and whole-file writer
# of dablo-match (tools/match/openings.c, prng.c, newfile.c with
# durable.c; the host library's util.c, and linefile.c, which reads the
# data and opening files).
#
#   make tune      the data of tools/tune/manifest.txt, then the fit, which
#                  rewrites src/search/eval_weights.c (tools/tune/tune.sh)
TUNE_SRC := $(filter-out tools/tune/main.c,$(wildcard tools/tune/*.c)) tools/match/openings.c tools/match/prng.c \
            tools/match/newfile.c tools/match/durable.c
TUNE_HDR := $(wildcard tools/tune/*.h) tools/match/openings.h tools/match/prng.h tools/match/newfile.h \
            tools/match/durable.h tools/host/linefile.h $(SRC_HDR)
TUNE_CFLAGS := -Itools/tune -Itools/match -Itools -Itools/host -Itools/stats
TUNE_LIBS := $(SEARCH_LIB) $(TB_LIB) $(RULES_LIB) $(UTIL_LIB) build/libdablo-host.a

BINS += bin/dablo-tune

bin/dablo-tune: tools/tune/main.c $(TUNE_SRC) $(TUNE_HDR) $(TUNE_LIBS)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) $(TUNE_CFLAGS) $(LDFLAGS) tools/tune/main.c $(TUNE_SRC) $(TUNE_LIBS) -o $@ $(LDLIBS_BASE)

.PHONY: tune
tune:
	@$(MAKE) --no-print-directory bin/dablo-tune
	bash tools/tune/tune.sh

# Its unit tests (tests/tune/test_tune.c, test_weights_out.c), optimised and under ASan +
# UBSan; tests/suites/46-tune.sh runs both.
TEST_BINS += build/test_tune build/test_tune_san
TUNE_TEST_SRC := tests/tune/test_tune.c tests/tune/test_weights_out.c tests/unit/main.c tools/tune/data.c \
                 tools/tune/fit.c tools/tune/weights_out.c
TUNE_TEST_FLAGS := $(TUNE_CFLAGS) -Itests/unit -DSUITES_DEF='"../tune/suites.def"' $(CHECK_CFLAGS)
TUNE_SAN_LIBS := build/libdablo-search-san.a build/libdablo-tb-san.a build/libdablo-rules-san.a \
                 build/libdablo-util-san.a build/libdablo-host-san.a

build/test_tune: $(TUNE_TEST_SRC) tests/tune/suites.def tests/unit/helpers.h $(TUNE_HDR) $(TUNE_LIBS)
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) $(TUNE_TEST_FLAGS) $(LDFLAGS) $(TUNE_TEST_SRC) $(TUNE_LIBS) -o $@ $(CHECK_LIBS) $(LDLIBS_BASE)

build/test_tune_san: $(TUNE_TEST_SRC) tests/tune/suites.def tests/unit/helpers.h $(TUNE_HDR) $(TUNE_SAN_LIBS)
	@mkdir -p build
	$(CC) $(SAN_CFLAGS) $(TUNE_TEST_FLAGS) $(LDFLAGS) $(TUNE_TEST_SRC) $(TUNE_SAN_LIBS) -o $@ $(CHECK_LIBS) $(LDLIBS_BASE)
