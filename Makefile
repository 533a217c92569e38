# dablo - engine, match runner and tools for Dablot Prejjesne and Permainan-Tabal.
#
#   make              build bin/ (tuned for this machine; ARCH= for a portable build)
#   make test         build and run every test (Check unit tests, the same under
#                     AddressSanitizer + UBSan, end-to-end suites)
#   make sanitize     only the unit tests under ASan + UBSan
#   make bench        the benchmark report (bench/REPORT.md)
#   make install      PREFIX=/usr/local BINDIR= MANDIR= DESTDIR= (installs what
#                     make built; compiles nothing)
#   make uninstall    the same variables
#
# Layers, each a directory and an archive; dependencies point one way
# (frontend -> search -> rules):
#   src/rules/     build/libdablo-rules.a   what any tool needs to judge a game
#   src/search/    build/libdablo-search.a  what makes the engine play
#   src/frontend/  build/libdablo-frontend.a the protocol, the terminal, main.c
# Areas add their own targets in mk/*.mk; end-to-end suites are the scripts
# tests/suites/*.sh, run in name order by tests/run_all.sh.

CC         ?= cc
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
PKG_CONFIG ?= pkg-config
INSTALL    ?= install

WARN := -Wall -Wextra -Wshadow
OPT  ?= -O3
# Tuned for the build machine (hardware popcount matters for the bitboards);
# `make ARCH=` builds a binary for any x86-64 (or other) machine.
ARCH ?= $(shell $(CC) -march=native -E -x c /dev/null >/dev/null 2>&1 && echo -march=native)

# A packager's CPPFLAGS, CFLAGS and LDFLAGS come last, so they win.
CPPFLAGS ?=
CFLAGS   ?=
LDFLAGS  ?=
BASE_CPPFLAGS := -Isrc
DEPFLAGS      := -MMD -MP
SRC_HDR       := $(wildcard src/*/*.h)
BASE_CFLAGS   := -std=gnu11 $(WARN) -pthread
ALL_CFLAGS    := $(BASE_CPPFLAGS) $(BASE_CFLAGS) $(OPT) $(ARCH) $(CPPFLAGS) $(CFLAGS)
LDLIBS_BASE   := -pthread -lm

READLINE_CFLAGS := $(shell $(PKG_CONFIG) --cflags readline 2>/dev/null)
READLINE_LIBS   := $(shell $(PKG_CONFIG) --libs readline 2>/dev/null || echo -lreadline)
CHECK_CFLAGS    := $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS      := $(shell $(PKG_CONFIG) --libs check 2>/dev/null || echo -lcheck)

SAN_FLAGS   := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
SAN_CFLAGS  := $(BASE_CPPFLAGS) $(BASE_CFLAGS) $(SAN_FLAGS)

LAYERS := rules search frontend
# One archive a layer: build/libdablo-<layer>.a (and -san for the sanitizer build).
layer_src = $(filter-out src/frontend/main.c,$(wildcard src/$(1)/*.c))
RULES_LIB    := build/libdablo-rules.a
SEARCH_LIB   := build/libdablo-search.a
FRONTEND_LIB := build/libdablo-frontend.a
# Link order: a layer before the ones it stands on.
LIB     := $(FRONTEND_LIB) $(SEARCH_LIB) $(RULES_LIB)
SAN_LIB := $(LIB:.a=-san.a)

UNIT_SRC := $(wildcard tests/unit/*.c)

BINS      := bin/dablo
TEST_BINS := build/test_unit build/test_unit_san

.PHONY: all test sanitize bench bench-stuck install uninstall clean deps
all:

-include mk/*.mk

# After the includes: mk/*.mk append to BINS, and a prerequisite list is
# expanded when its rule is read.
all: $(BINS)

build/obj/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $(READLINE_CFLAGS) -c $< -o $@

build/san/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) $(DEPFLAGS) $(READLINE_CFLAGS) -c $< -o $@

define layer_rules
build/libdablo-$(1).a: $$(patsubst src/%.c,build/obj/%.o,$$(call layer_src,$(1)))
	@rm -f $$@
	ar rcs $$@ $$^
build/libdablo-$(1)-san.a: $$(patsubst src/%.c,build/san/%.o,$$(call layer_src,$(1)))
	@rm -f $$@
	ar rcs $$@ $$^
endef
$(foreach l,$(LAYERS),$(eval $(call layer_rules,$(l))))

bin/dablo: build/obj/frontend/main.o $(LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ -o $@ $(READLINE_LIBS) $(LDLIBS_BASE)

build/test_unit: $(UNIT_SRC) $(wildcard tests/unit/*.h) $(SRC_HDR) $(LIB)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -Itests/unit $(LDFLAGS) $(UNIT_SRC) $(LIB) -o $@ $(CHECK_LIBS) $(READLINE_LIBS) $(LDLIBS_BASE)

build/test_unit_san: $(UNIT_SRC) $(wildcard tests/unit/*.h) $(SRC_HDR) $(SAN_LIB)
	$(CC) $(SAN_CFLAGS) $(CHECK_CFLAGS) -Itests/unit $(UNIT_SRC) $(SAN_LIB) -o $@ $(CHECK_LIBS) $(READLINE_LIBS) $(LDLIBS_BASE)

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

# Installs what `make` built; run `make` first (as yourself), then
# `sudo make install`: nothing is compiled here.
install:
	@for b in $(BINS); do [ -x $$b ] || { echo "$$b is not built: run make first" >&2; exit 1; }; done
	$(INSTALL) -d $(DESTDIR)$(BINDIR)
	$(INSTALL) -m 755 $(BINS) $(DESTDIR)$(BINDIR)/

uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(notdir $(BINS)))

clean:
	rm -rf build bin

-include $(shell find build -name '*.d' 2>/dev/null)
