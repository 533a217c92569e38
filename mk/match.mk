# dablo-match: the match runner (tools/match/) and its tests.
# It links the engine-host library of mk/host.mk (HOST_LIB) and the
# statistics library of mk/stats.mk.  mk/*.mk load in name order, so
# STATS_LIB is not yet defined here when prerequisites are read: the
# archive is named directly (it is STATS_LIB of mk/stats.mk).
MATCH_SRC := $(wildcard tools/match/*.c)
MATCH_HDR := $(wildcard tools/match/*.h) tools/stats/stats.h $(HOST_HDR) $(SRC_HDR)
MATCH_STATS_LIB := build/libdablo-stats.a
MATCH_CFLAGS := -Itools/match -I$(HOST_INC) -Itools/stats
# The search library gives only output_printable() (output.o), with which
# messages quote file content as the engine quotes what it was sent.
MATCH_LIBS := $(MATCH_STATS_LIB) $(HOST_LIB) $(SEARCH_LIB) $(TB_LIB) $(RULES_LIB) $(UTIL_LIB)

BINS += bin/dablo-match
TEST_BINS += build/fake_engine build/test_match build/read_error.so

bin/dablo-match: $(MATCH_SRC) $(MATCH_HDR) $(MATCH_LIBS)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) $(MATCH_CFLAGS) $(LDFLAGS) $(MATCH_SRC) $(MATCH_LIBS) -o $@ $(LDLIBS_BASE)

# A small engine that plays legal moves deterministically and misbehaves on request.
build/fake_engine: tests/match/fake_engine.c $(SRC_HDR) $(RULES_LIB)
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $< $(RULES_LIB) -o $@ $(LDLIBS_BASE)

# A preload library that fails one read of an engine's output (a read error
# no engine can cause), for tests/suites/40-match.sh.
build/read_error.so: tests/match/read_error.c
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) -shared -fPIC $(LDFLAGS) $< -o $@ -ldl

# Unit tests of the runner's modules (Check), run by tests/suites/40-match.sh.
MATCH_LIB_SRC := $(filter-out tools/match/main.c,$(MATCH_SRC))
build/test_match: tests/match/test_match.c $(MATCH_LIB_SRC) $(MATCH_HDR) $(MATCH_LIBS)
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) $(MATCH_CFLAGS) $(CHECK_CFLAGS) $(LDFLAGS) tests/match/test_match.c $(MATCH_LIB_SRC) $(MATCH_LIBS) -o $@ $(CHECK_LIBS) $(LDLIBS_BASE)

# The same under AddressSanitizer + UBSan (not part of `make test`):
#   make build/test_match_san && build/test_match_san
build/test_match_san: tests/match/test_match.c $(MATCH_LIB_SRC) $(MATCH_HDR) $(HOST_SAN_LIB) build/libdablo-search-san.a build/libdablo-tb-san.a build/libdablo-rules-san.a build/libdablo-util-san.a build/libdablo-stats-san.a
	@mkdir -p build
	$(CC) $(SAN_CFLAGS) $(MATCH_CFLAGS) $(CHECK_CFLAGS) tests/match/test_match.c $(MATCH_LIB_SRC) build/libdablo-stats-san.a $(HOST_SAN_LIB) build/libdablo-search-san.a build/libdablo-tb-san.a build/libdablo-rules-san.a build/libdablo-util-san.a -o $@ $(CHECK_LIBS) $(LDLIBS_BASE)

# A short engine-vs-engine match of both games (README.md, "Three commands").
.PHONY: match
match:
	@bash tools/install-deps.sh build
	@$(MAKE) --no-print-directory all
	@bash tools/match/demo.sh
