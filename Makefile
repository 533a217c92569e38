# dablo - engine, match runner and tools for Dablot Prejjesne and Permainan-Tabal.
#
#   make              build bin/ (tuned for this machine; ARCH= for a portable build)
#   make test         build and run every test (Check unit tests, the same under
#                     AddressSanitizer + UBSan, end-to-end suites)
#   make sanitize     only the unit tests under ASan + UBSan
#   make bench        the benchmark report (bench/REPORT.md)
#   make pgo          bin/dablo built with profile-guided and link-time
#                     optimisation, trained on `bench` (mk/pgo.mk)
#   make man          the man pages build/man/*.1 from each program's --help and
#                     --version (help2man; `make` builds them when help2man is
#                     installed; man/<program>.h2m adds NAME and SEE ALSO)
#   make install      PREFIX=/usr/local BINDIR= MANDIR= DOCDIR= DESTDIR= (installs
#                     what make built, programs and man pages, and the rules
#                     and protocol documents, docs/ and the files of bench/
#                     and tools/ they link to; compiles nothing)
#   make uninstall    the same variables
#   make format       clang-format the C lines changed since DABLO_FORMAT_BASE
#                     (default: the merge base with main; never whole files;
#                     tools/format-changed.sh, checked by make test)
#
# Packagers: CPPFLAGS, CFLAGS and LDFLAGS reach every compile and link line
# and come last (e.g. `make ARCH= CFLAGS="$(dpkg-buildflags --get CFLAGS)"`);
# ARCH= drops -march=native for a binary that runs on any machine of the
# architecture; SOURCE_DATE_EPOCH dates the man pages.  bin/dablo opens GNU
# readline by dlopen() at a terminal (a package depends on libreadline
# itself); STATIC=1 links bin/dablo fully static instead (mk/link.mk).
#
# Layers, each a directory and an archive; dependencies point one way
# (frontend -> search -> tb -> rules -> util):
#   src/util/      build/libdablo-util.a    output streams that keep a failed
#                                           write's cause (no game in it)
#   src/rules/     build/libdablo-rules.a   what any tool needs to judge a game
#   src/tb/        build/libdablo-tb.a      endgame table files and probes (zstd)
#   src/search/    build/libdablo-search.a  what makes the engine play
#   src/frontend/  build/libdablo-frontend.a the protocol, the terminal, main.c
# Areas add their own targets in mk/*.mk; end-to-end suites are the scripts
# tests/suites/*.sh, run in name order by tests/run_all.sh.

CC         ?= cc
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
DOCDIR     ?= $(PREFIX)/share/doc/dablo
PKG_CONFIG ?= pkg-config
INSTALL    ?= install
HELP2MAN   ?= help2man
MAN1DIR    := $(MANDIR)/man1

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
ZSTD_LIBS     := $(shell $(PKG_CONFIG) --libs libzstd 2>/dev/null || echo -lzstd)
LDLIBS_BASE   := -pthread -lm $(ZSTD_LIBS)

# GNU readline: bin/dablo compiles against its header but is not linked to
# it; src/frontend/readline_lib.c opens it by dlopen() when the engine starts
# at a terminal (over pipes the loader's work for it was 81% of the start-up:
# docs/speed.md).  READLINE_SONAME names the library to open (default:
# libreadline.so.N, N the header's major version); DL_LIBS is -ldl where
# dlopen() is not in libc (glibc before 2.34).  STATIC=1 links bin/dablo
# fully static, readline inside it (mk/static.mk).
READLINE_CFLAGS := $(shell $(PKG_CONFIG) --cflags readline 2>/dev/null)
READLINE_LIBS   := $(shell $(PKG_CONFIG) --libs readline 2>/dev/null || echo -lreadline)
READLINE_SONAME ?=
READLINE_DEFS   := $(if $(READLINE_SONAME),-DREADLINE_SONAME='"$(READLINE_SONAME)"')
ifeq ($(origin DL_LIBS),undefined)
DL_LIBS := $(shell printf '\043include <dlfcn.h>\nint main(void) { return !dlsym(0, ""); }\n' | \
             $(CC) -x c - -o /dev/null 2>/dev/null || echo -ldl)
endif
CHECK_CFLAGS    := $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS      := $(shell $(PKG_CONFIG) --libs check 2>/dev/null || echo -lcheck)

# The sanitizer build takes the packager's flags too, but its own come last:
# it is a debugging build whatever the -O of CFLAGS.
SAN_FLAGS   := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
SAN_CFLAGS  := $(BASE_CPPFLAGS) $(BASE_CFLAGS) $(CPPFLAGS) $(CFLAGS) $(SAN_FLAGS)

LAYERS := util rules tb search frontend
# One archive a layer: build/libdablo-<layer>.a (and -san for the sanitizer build).
layer_src = $(filter-out src/frontend/main.c,$(wildcard src/$(1)/*.c))
UTIL_LIB     := build/libdablo-util.a
RULES_LIB    := build/libdablo-rules.a
SEARCH_LIB   := build/libdablo-search.a
TB_LIB       := build/libdablo-tb.a
FRONTEND_LIB := build/libdablo-frontend.a
# Link order: a layer before the ones it stands on.
LIB     := $(FRONTEND_LIB) $(SEARCH_LIB) $(TB_LIB) $(RULES_LIB) $(UTIL_LIB)
SAN_LIB := $(LIB:.a=-san.a)

UNIT_SRC := $(wildcard tests/unit/*.c)

BINS      := bin/dablo
TEST_BINS := build/test_unit build/test_unit_san

.PHONY: all man test test-bins sanitize bench bench-stuck install uninstall clean deps format
all:

-include mk/*.mk

# After the includes: mk/*.mk append to BINS, and a prerequisite list is
# expanded when its rule is read.
all: $(BINS)

# One man page a program: build/man/<program>.1 (MAN_PAGES follows BINS).
# `make` builds them when help2man is installed, and says so when it is not;
# `make man` insists.
MAN_PAGES := $(patsubst bin/%,build/man/%.1,$(BINS))
ifneq ($(shell command -v $(HELP2MAN) 2>/dev/null),)
all: $(MAN_PAGES)
man: $(MAN_PAGES)
else
man:
	@echo "$(HELP2MAN) is not installed (tools/install-deps.sh installs it)" >&2; exit 1
ifeq ($(filter-out all,$(or $(MAKECMDGOALS),all)),)
$(info note: $(HELP2MAN) is not installed: no man pages (tools/install-deps.sh installs it))
endif
endif
# dablo-stats prints DABLO_VERSION (--version, and so its man page); its
# rule in mk/stats.mk names only its own header.
bin/dablo-stats: src/rules/version.h

build/obj/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $(READLINE_CFLAGS) $(READLINE_DEFS) -c $< -o $@

build/san/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) $(DEPFLAGS) $(READLINE_CFLAGS) $(READLINE_DEFS) -c $< -o $@

define layer_rules
build/libdablo-$(1).a: $$(patsubst src/%.c,build/obj/%.o,$$(call layer_src,$(1)))
	@rm -f $$@
	$(AR) rcs $$@ $$^
build/libdablo-$(1)-san.a: $$(patsubst src/%.c,build/san/%.o,$$(call layer_src,$(1)))
	@rm -f $$@
	$(AR) rcs $$@ $$^
endef
$(foreach l,$(LAYERS),$(eval $(call layer_rules,$(l))))

# bin/dablo: readline opened at run time, or linked in with STATIC=1 (mk/link.mk).
ifeq ($(STATIC),1)
bin/dablo: build/dablo-static $(DABLO_LINK)
	@mkdir -p bin
	cp $< $@
else
bin/dablo: build/obj/frontend/main.o $(LIB) $(DABLO_LINK)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(filter-out $(DABLO_LINK),$^) -o $@ $(DL_LIBS) $(LDLIBS_BASE)
endif

build/test_unit: $(UNIT_SRC) $(wildcard tests/unit/*.h) $(SRC_HDR) $(LIB)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -Itests/unit $(LDFLAGS) $(UNIT_SRC) $(LIB) -o $@ $(CHECK_LIBS) $(DL_LIBS) $(LDLIBS_BASE)

build/test_unit_san: $(UNIT_SRC) $(wildcard tests/unit/*.h) $(SRC_HDR) $(SAN_LIB)
	$(CC) $(SAN_CFLAGS) $(CHECK_CFLAGS) -Itests/unit $(LDFLAGS) $(UNIT_SRC) $(SAN_LIB) -o $@ $(CHECK_LIBS) $(DL_LIBS) $(LDLIBS_BASE)

sanitize: build/test_unit_san
	CK_FORK=no build/test_unit_san

# Installs missing Debian packages first (tools/install-deps.sh), then builds
# in a fresh make so pkg-config sees what was just installed.
deps:
	@bash tools/install-deps.sh

test: deps
	@$(MAKE) --no-print-directory test-bins
	@bash tests/run_all.sh

# Everything the suites run, so one suite can be run alone (README "Testing").
test-bins: all $(TEST_BINS)

bench: all
	@bash bench/run.sh

bench-stuck: all
	@bash bench/stuck.sh

# The page of bin/P: help2man runs bin/P --help and bin/P --version (each
# program prints its help in the layout help2man reads: a "Usage:" line, "or:"
# lines, paragraphs, "Options:" and two-column lists); man/P.h2m, when there
# is one, gives the NAME line and more sections.  The date is
# SOURCE_DATE_EPOCH's when set (reproducible builds).
DABLO_VERSION := $(shell sed -n 's/^\#define DABLO_VERSION "\(.*\)"/\1/p' src/rules/version.h)
define man_page
	@mkdir -p $(dir $@)
	$(HELP2MAN) --no-info --section=1 --source='dablo $(DABLO_VERSION)' \
	    --opt-include=man/$*.h2m --output=$@.tmp ./$<
	@mv $@.tmp $@
endef
build/man/%.1: bin/% man/%.h2m
	$(man_page)
build/man/%.1: bin/%
	$(man_page)

# Installs what `make` built; run `make` first (as yourself), then
# `sudo make install`: nothing is compiled here, and help2man is not needed.
# A man page that was not built (no help2man at `make` time) is named and
# left out.
# The documents the man pages point to, installed in $(DOCDIR).
# docs/ goes too: PROTOCOL.md and the guides link to its pages, and
# README.md, which docs/install.md links to; so do the files of bench/ and
# tools/ that the documents link to (the benchmark report and signature,
# the opening files and their README, the tuning manifest), each at its
# path of the source tree, so that every relative link of an installed
# document finds its file (tests/suites/70-install.sh checks it).
DOC_FILES := README.md RULES.md LICENSE protocol/PROTOCOL.md protocol/BOARDS.md protocol/board-dablot.svg \
	protocol/board-tabal.svg $(wildcard docs/*.md docs/img/*) bench/REPORT.md bench/signature \
	bench/openings/README.md $(wildcard bench/openings/*.fen) tools/tune/manifest.txt
# Deepest first: uninstall removes them in this order.
DOC_DIRS := docs/img docs protocol bench/openings bench tools/tune tools

install:
	@missing=; for b in $(BINS); do [ -x $$b ] || missing="$$missing $$b"; done; \
	[ -z "$$missing" ] || { echo "not built:$$missing: run make first" >&2; exit 1; }
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)"
	$(INSTALL) -m 755 $(BINS) "$(DESTDIR)$(BINDIR)/"
	@pages=; for p in $(MAN_PAGES); do \
	    if [ -f $$p ]; then pages="$$pages $$p"; \
	    else echo "note: $$p is not built (no help2man): not installed" >&2; fi; \
	done; \
	[ -z "$$pages" ] || { \
	    echo "$(INSTALL) -d '$(DESTDIR)$(MAN1DIR)'" && $(INSTALL) -d "$(DESTDIR)$(MAN1DIR)" && \
	    echo "$(INSTALL) -m 644$$pages '$(DESTDIR)$(MAN1DIR)/'" && \
	    $(INSTALL) -m 644 $$pages "$(DESTDIR)$(MAN1DIR)/"; }
	@for d in . $(DOC_DIRS); do \
	    echo "$(INSTALL) -d '$(DESTDIR)$(DOCDIR)/'$$d"; \
	    $(INSTALL) -d "$(DESTDIR)$(DOCDIR)/$$d" || exit 1; \
	done
	@for f in $(DOC_FILES); do \
	    echo "$(INSTALL) -m 644 $$f '$(DESTDIR)$(DOCDIR)/'$$(dirname $$f)/"; \
	    $(INSTALL) -m 644 $$f "$(DESTDIR)$(DOCDIR)/$$(dirname $$f)/" || exit 1; \
	done

# Each path quoted: DESTDIR, PREFIX and the folders may hold spaces.
uninstall:
	@for f in $(notdir $(BINS)); do echo "rm -f '$(DESTDIR)$(BINDIR)/'$$f"; \
	    rm -f "$(DESTDIR)$(BINDIR)/$$f"; done
	@for f in $(notdir $(MAN_PAGES)); do echo "rm -f '$(DESTDIR)$(MAN1DIR)/'$$f"; \
	    rm -f "$(DESTDIR)$(MAN1DIR)/$$f"; done
	@for f in $(DOC_FILES); do echo "rm -f '$(DESTDIR)$(DOCDIR)/'$$f"; \
	    rm -f "$(DESTDIR)$(DOCDIR)/$$f"; done
	-@for d in $(DOC_DIRS); do rmdir "$(DESTDIR)$(DOCDIR)/$$d" 2>/dev/null; done; \
	    rmdir "$(DESTDIR)$(DOCDIR)" 2>/dev/null; true

# Formats, in place, only the C lines changed since the base commit (see
# tools/format-changed.sh for how the base is chosen).
format:
	@DABLO_FORMAT_BASE='$(DABLO_FORMAT_BASE)' bash tools/format-changed.sh --fix

clean:
	rm -rf build bin

-include $(shell find build -name '*.d' 2>/dev/null)
