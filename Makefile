# dablo - engine, match runner and tests for Dablot Prejjesne and Permainan-Tabal.
#
#   make            build bin/dablo, bin/dablo-match and the tools (-O3)
#   make test       build and run every test (unit tests under Check, the same
#                   tests under AddressSanitizer + UBSan, end-to-end suites)
#   make sanitize   only the unit tests under ASan + UBSan
#   make bench      the benchmark report (bench/)
#   make bench-stuck  Dablot endings converted against the greedy player, at fixed nodes
#   make install PREFIX=/usr/local
#
# Layout: every src/*.c except src/main.c goes into build/libdablo.a, the
# rules/search library that both binaries link.  Areas add their own
# targets in mk/*.mk (included below); end-to-end suites are the scripts
# tests/suites/*.sh, run in name order by tests/run_all.sh.

CC      ?= cc
PREFIX  ?= /usr/local
PKG_CONFIG ?= pkg-config

WARN    := -Wall -Wextra -Wshadow
OPT     ?= -O3
# Tuned for the build machine (hardware popcount matters for the bitboards);
# `make ARCH=` builds a generic binary.
ARCH    ?= $(shell $(CC) -march=native -E -x c /dev/null >/dev/null 2>&1 && echo -march=native)
CFLAGS_BASE := -std=gnu11 $(OPT) $(ARCH) $(WARN) -pthread -Isrc
READLINE_CFLAGS := $(shell $(PKG_CONFIG) --cflags readline 2>/dev/null)
READLINE_LIBS   := $(shell $(PKG_CONFIG) --libs readline 2>/dev/null || echo -lreadline)
CHECK_CFLAGS    := $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS      := $(shell $(PKG_CONFIG) --libs check 2>/dev/null || echo -lcheck)
CFLAGS  ?=
ALL_CFLAGS := $(CFLAGS_BASE) $(CFLAGS)
LDLIBS_BASE := -pthread -lm

SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

LIB_SRC := $(filter-out src/main.c,$(wildcard src/*.c))
LIB_OBJ := $(LIB_SRC:src/%.c=build/obj/%.o)
LIB     := build/libdablo.a

SAN_LIB_OBJ := $(LIB_SRC:src/%.c=build/san/%.o)
SAN_LIB     := build/libdablo-san.a

UNIT_SRC := $(wildcard tests/unit/*.c)

BINS := bin/dablo
TEST_BINS := build/test_unit build/test_unit_san

.PHONY: all test sanitize bench bench-stuck install clean deps
all:

-include mk/*.mk

# After the includes: mk/*.mk append to BINS, and a prerequisite list is
# expanded when its rule is read.
all: $(BINS)

build/obj/%.o: src/%.c $(wildcard src/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(READLINE_CFLAGS) -c $< -o $@

build/san/%.o: src/%.c $(wildcard src/*.h)
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 $(WARN) -pthread -Isrc $(SAN_FLAGS) $(READLINE_CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(SAN_LIB): $(SAN_LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

bin/dablo: src/main.c $(LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) $(READLINE_CFLAGS) $< $(LIB) -o $@ $(READLINE_LIBS) $(LDLIBS_BASE)

build/test_unit: $(UNIT_SRC) $(wildcard tests/unit/*.h) $(LIB)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -Itests/unit $(UNIT_SRC) $(LIB) -o $@ $(CHECK_LIBS) $(READLINE_LIBS) $(LDLIBS_BASE)

build/test_unit_san: $(UNIT_SRC) $(wildcard tests/unit/*.h) $(SAN_LIB)
	$(CC) -std=gnu11 $(WARN) -pthread -Isrc $(SAN_FLAGS) $(CHECK_CFLAGS) -Itests/unit $(UNIT_SRC) $(SAN_LIB) -o $@ $(CHECK_LIBS) $(READLINE_LIBS) $(LDLIBS_BASE)

sanitize: build/test_unit_san
	CK_FORK=no build/test_unit_san

# Installs missing Debian packages first (tools/install-deps.sh), then builds
# in a fresh make so pkg-config sees what was just installed.
deps:
	@bash tools/install-deps.sh

test: deps
	@$(MAKE) --no-print-directory all $(TEST_BINS)
	@bash tests/run_all.sh

bench: all
	@bash bench/run.sh

bench-stuck: all
	@bash bench/stuck.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin/

clean:
	rm -rf build bin
