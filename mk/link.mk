# mk/link.mk - how bin/dablo is linked (the rule is in the Makefile).
#
# By default bin/dablo is linked to libc, libm and zstd only: GNU readline
# is opened by dlopen() when the engine starts at a terminal
# (src/frontend/readline_lib.h), so a start over pipes does not map or
# relocate readline and libtinfo (docs/speed.md, "Start-up").
#
#   make STATIC=1   bin/dablo linked fully static (-static: libc, libm,
#                   zstd, readline and libtinfo inside it, readline bound at
#                   link time), the way chess engines ship; the fastest
#                   start.  glibc warns at this link that readline's
#                   user-name look-ups (getpwnam, setpwent: the ~user of a
#                   file name, which dablo does not complete) need its
#                   shared NSS libraries at run time.  Needs the static
#                   archives of the -dev packages (libc6-dev, libreadline-dev,
#                   libncurses-dev, libzstd-dev).
#
# build/dablo-static is that build under its own name (also made by the
# tests: 20-bench and 31-terminal run it beside bin/dablo);
# build/dablo-noreadline is bin/dablo told to open a readline that does not
# exist, for 31-terminal's check of the fallback to plain lines.
STATIC ?=
STATIC_LIBS := $(shell $(PKG_CONFIG) --static --libs readline libzstd 2>/dev/null || echo -lreadline -ltinfo -lzstd)

build/obj/frontend/readline_linked.o: src/frontend/readline_lib.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $(READLINE_CFLAGS) -DREADLINE_LINKED -c $< -o $@

build/dablo-static: build/obj/frontend/main.o build/obj/frontend/readline_linked.o $(LIB)
	$(CC) $(ALL_CFLAGS) -static $(LDFLAGS) $^ -o $@ $(STATIC_LIBS) -pthread -lm

build/obj/frontend/readline_missing.o: src/frontend/readline_lib.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $(READLINE_CFLAGS) -DREADLINE_SONAME='"libdablo-no-such-readline.so.0"' -c $< -o $@

build/dablo-noreadline: build/obj/frontend/main.o build/obj/frontend/readline_missing.o $(LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ -o $@ $(DL_LIBS) $(LDLIBS_BASE)

# build/dablo-nomem is bin/dablo whose line reader never gets memory
# (LINEREADER_ALLOC_MAX 0), for 31-terminal's check that input at the
# terminal that runs out of memory is said, with exit 1.
build/obj/frontend/linereader_nomem.o: src/frontend/linereader.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -DLINEREADER_ALLOC_MAX=0 -c $< -o $@

build/dablo-nomem: build/obj/frontend/main.o build/obj/frontend/linereader_nomem.o $(LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ -o $@ $(DL_LIBS) $(LDLIBS_BASE)

TEST_BINS += build/dablo-static build/dablo-noreadline build/dablo-nomem

# A change of STATIC relinks bin/dablo: build/link-static or build/link-shared
# names the way the last link went.
DABLO_LINK := build/link-$(if $(filter 1,$(STATIC)),static,shared)
$(DABLO_LINK):
	@mkdir -p build
	@rm -f build/link-static build/link-shared
	@touch $@
