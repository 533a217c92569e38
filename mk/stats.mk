# mk/stats.mk - match statistics (tools/stats/): build/libdablo-stats.a, the
# library the match runner links (STATS_LIB; it needs the host library's
# util.o, which opens a results file without waiting on a FIFO, its
# linefile.o, which reads its lines, and -lm, already in LDLIBS_BASE), and bin/dablo-stats, the standalone calculator.
#
#   $(CC) ... your.o $(STATS_LIB) $(HOST_LIB) $(LDLIBS_BASE)     with -I$(STATS_INC)

STATS_INC     := tools/stats
STATS_SRC     := $(filter-out tools/stats/main.c,$(wildcard tools/stats/*.c))
STATS_OBJ     := $(STATS_SRC:tools/stats/%.c=build/stats/%.o)
STATS_SAN_OBJ := $(STATS_SRC:tools/stats/%.c=build/stats-san/%.o)
STATS_LIB     := build/libdablo-stats.a
STATS_SAN_LIB := build/libdablo-stats-san.a

BINS += bin/dablo-stats

build/stats/%.o: tools/stats/%.c tools/stats/stats.h tools/host/util.h tools/host/linefile.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -I$(STATS_INC) -I$(HOST_INC) -c $< -o $@

build/stats-san/%.o: tools/stats/%.c tools/stats/stats.h tools/host/util.h tools/host/linefile.h
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -I$(STATS_INC) -I$(HOST_INC) -c $< -o $@

$(STATS_LIB): $(STATS_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(STATS_SAN_LIB): $(STATS_SAN_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# It quotes what it reads with the engine's output_printable() (the search
# library's output.o, the only member it pulls in), and checks its standard
# output at exit with the util library's outstream.o.
bin/dablo-stats: tools/stats/main.c $(STATS_LIB) $(HOST_LIB) $(SEARCH_LIB) $(RULES_LIB) $(UTIL_LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -I$(STATS_INC) $(LDFLAGS) $< $(STATS_LIB) $(HOST_LIB) $(SEARCH_LIB) $(RULES_LIB) $(UTIL_LIB) -o $@ $(LDLIBS_BASE)

# Its unit tests (tests/stats/test_stats.c), optimised and under ASan +
# UBSan; tests/suites/45-stats.sh runs both.
TEST_BINS += build/test_stats build/test_stats_san

STATS_TEST_SRC := tests/stats/test_stats.c tests/unit/main.c
STATS_TEST_FLAGS := -I$(STATS_INC) -DSUITES_DEF='"../stats/suites.def"' $(CHECK_CFLAGS)

build/test_stats: $(STATS_TEST_SRC) tests/stats/suites.def $(STATS_LIB) $(HOST_LIB)
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) $(STATS_TEST_FLAGS) $(LDFLAGS) $(STATS_TEST_SRC) $(STATS_LIB) $(HOST_LIB) -o $@ $(CHECK_LIBS) $(LDLIBS_BASE)

build/test_stats_san: $(STATS_TEST_SRC) tests/stats/suites.def $(STATS_SAN_LIB) $(HOST_SAN_LIB)
	@mkdir -p build
	$(CC) $(SAN_CFLAGS) $(STATS_TEST_FLAGS) $(LDFLAGS) $(STATS_TEST_SRC) $(STATS_SAN_LIB) $(HOST_SAN_LIB) -o $@ $(CHECK_LIBS) $(LDLIBS_BASE)
