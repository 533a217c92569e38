# dablo-web: the board in the browser (tools/web/), a host of engines over
# pipes.  It links the engine-host library (mk/host.mk), the rules library
# and the board drawing of dablo-svg (tools/svg/svg_board.c,
# svg_lastmove.c: one source of the points and lines), and serves the page
# of tools/web/page/ with GNU libmicrohttpd (Debian libmicrohttpd-dev).
#
#   make play      build, then start bin/dablo-web with bin/dablo
WEB_SRC    := $(wildcard tools/web/*.c) tools/svg/svg_board.c tools/svg/svg_lastmove.c
WEB_HDR    := $(wildcard tools/web/*.h) $(wildcard tools/svg/*.h) $(HOST_HDR) $(SRC_HDR)
# make install copies the page to $(WEBDIR); dablo-web looks there too (after
# tools/web/page and share/dablo/web next to its bin/): the WEBDIR (or
# PREFIX) of `make` is compiled in, so give `make` the one of `make install`.
WEBDIR ?= $(PREFIX)/share/dablo/web
WEB_CFLAGS := -Itools/web -Itools/svg -I$(HOST_INC) $(shell $(PKG_CONFIG) --cflags libmicrohttpd 2>/dev/null) \
              -DDABLO_WEBDIR='"$(WEBDIR)"'
WEB_LIBS   := $(shell $(PKG_CONFIG) --libs libmicrohttpd 2>/dev/null || echo -lmicrohttpd)

BINS += bin/dablo-web

bin/dablo-web: $(WEB_SRC) $(WEB_HDR) $(HOST_LIB) $(RULES_LIB) $(UTIL_LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) $(WEB_CFLAGS) $(LDFLAGS) $(WEB_SRC) $(HOST_LIB) $(RULES_LIB) $(UTIL_LIB) -o $@ $(WEB_LIBS) $(LDLIBS_BASE)

# The same under AddressSanitizer + UBSan, run by tests/suites/60-web.sh
# next to the optimised build.
TEST_BINS += build/dablo-web-san
build/dablo-web-san: $(WEB_SRC) $(WEB_HDR) $(HOST_SAN_LIB) build/libdablo-rules-san.a build/libdablo-util-san.a
	@mkdir -p build
	$(CC) $(SAN_CFLAGS) $(WEB_CFLAGS) $(WEB_SRC) $(HOST_SAN_LIB) build/libdablo-rules-san.a build/libdablo-util-san.a -o $@ $(WEB_LIBS) $(LDLIBS_BASE)

# make install also copies the page to $(WEBDIR), where an installed
# dablo-web finds it (bin/../share/dablo/web or the compiled-in WEBDIR;
# -page DIR elsewhere).  Only when dablo-web is one of the programs installed.
WEB_PAGE := $(wildcard tools/web/page/*)
.PHONY: install-web-page uninstall-web-page
install: install-web-page
uninstall: uninstall-web-page
install-web-page:
ifneq ($(filter bin/dablo-web,$(BINS)),)
	@[ -x bin/dablo-web ] || { echo "bin/dablo-web is not built: run make first" >&2; exit 1; }
	$(INSTALL) -d "$(DESTDIR)$(WEBDIR)"
	$(INSTALL) -m 644 $(WEB_PAGE) "$(DESTDIR)$(WEBDIR)/"
endif
uninstall-web-page:
	@for f in $(notdir $(WEB_PAGE)); do echo "rm -f '$(DESTDIR)$(WEBDIR)/'$$f"; \
	    rm -f "$(DESTDIR)$(WEBDIR)/$$f"; done
	-@rmdir "$(DESTDIR)$(WEBDIR)" "$$(dirname "$(DESTDIR)$(WEBDIR)")" 2>/dev/null; true

.PHONY: play
play:
	@bash tools/install-deps.sh build
	@$(MAKE) --no-print-directory all
	bin/dablo-web -engine cmd=bin/dablo name=dablo

# Unit tests (Check) of the JSON reader and of a session without engines,
# run by tests/suites/60-web.sh; built with the sanitizers, as they are
# quick.
WEB_LIB_SRC := $(filter-out tools/web/main.c tools/web/server.c,$(WEB_SRC))
TEST_BINS += build/test_web
build/test_web: tests/web/test_web.c $(WEB_LIB_SRC) $(WEB_HDR) $(HOST_SAN_LIB) build/libdablo-rules-san.a
	@mkdir -p build
	$(CC) $(SAN_CFLAGS) $(WEB_CFLAGS) $(CHECK_CFLAGS) $< $(WEB_LIB_SRC) $(HOST_SAN_LIB) build/libdablo-rules-san.a -o $@ $(CHECK_LIBS) $(LDLIBS_BASE)
