# mk/stats.mk - match statistics (tools/stats/): build/libdablostats.a, the
# library the match runner links (STATS_LIB; it needs only -lm, already in
# LDLIBS_BASE), and bin/dablo-stats, the standalone calculator.  The unit
# test binaries link the library too (tests/unit/test_stats.c).
#
#   $(CC) ... your.o $(STATS_LIB) $(LDLIBS_BASE)     with -I$(STATS_INC)

STATS_INC     := tools/stats
STATS_SRC     := $(filter-out tools/stats/main.c,$(wildcard tools/stats/*.c))
STATS_OBJ     := $(STATS_SRC:tools/stats/%.c=build/stats/%.o)
STATS_SAN_OBJ := $(STATS_SRC:tools/stats/%.c=build/stats-san/%.o)
STATS_LIB     := build/libdablostats.a
STATS_SAN_LIB := build/libdablostats-san.a

BINS += bin/dablo-stats

build/stats/%.o: tools/stats/%.c tools/stats/stats.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -I$(STATS_INC) -c $< -o $@

build/stats-san/%.o: tools/stats/%.c tools/stats/stats.h
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -I$(STATS_INC) -c $< -o $@

$(STATS_LIB): $(STATS_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(STATS_SAN_LIB): $(STATS_SAN_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

bin/dablo-stats: tools/stats/main.c $(STATS_LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -I$(STATS_INC) $(LDFLAGS) $< $(STATS_LIB) -o $@ $(LDLIBS_BASE)

# The unit binaries: the Makefile's recipe puts $(CHECK_LIBS) after the
# test sources, so the archive goes there.
build/test_unit: $(STATS_LIB)
build/test_unit: CHECK_LIBS += $(STATS_LIB)
build/test_unit_san: $(STATS_SAN_LIB)
build/test_unit_san: CHECK_LIBS += $(STATS_SAN_LIB)
