# mk/pgo.mk - `make pgo`: bin/dablo built with profile-guided optimisation
# (gcc -fprofile-generate / -fprofile-use) and link-time optimisation, trained
# on `bench`.
#
#   make pgo            the instrumented engine build/pgo/dablo runs
#                       `bench` (PGO_TRAIN) and writes its profile into
#                       build/pgo/; the engine is then compiled again from
#                       the profile and copied to bin/dablo
#   make pgo-build      the same, leaving bin/dablo alone (bench/run.sh
#                       compares the two)
#
# Every engine source is compiled in one gcc command (the layers' archives
# are not used), so -flto sees the whole program and inlines across files
# (make/unmake into the search, for one).  Both commands write the same
# output name, build/pgo/dablo, because gcc names a source's profile after
# it.  The result replaces bin/dablo; a later `make` keeps it until a source
# changes (then bin/dablo is the ordinary build again).  The gain, measured
# against the ordinary build: bench/REPORT.md.
PGO_DIR   := build/pgo
PGO_SRC   := src/frontend/main.c $(foreach l,$(LAYERS),$(call layer_src,$(l)))
PGO_TRAIN ?= bench
PGO_CFLAGS = $(BASE_CPPFLAGS) $(BASE_CFLAGS) $(OPT) $(ARCH) -flto=auto $(CPPFLAGS) $(CFLAGS) $(READLINE_CFLAGS) $(READLINE_DEFS)
PGO_LIBS   = $(DL_LIBS) $(LDLIBS_BASE)

.PHONY: pgo pgo-build
pgo-build: $(PGO_SRC) $(SRC_HDR)
	@rm -rf $(PGO_DIR) && mkdir -p $(PGO_DIR)
	$(CC) $(PGO_CFLAGS) -fprofile-generate -fprofile-update=atomic $(LDFLAGS) $(PGO_SRC) -o $(PGO_DIR)/dablo $(PGO_LIBS)
	$(PGO_DIR)/dablo $(PGO_TRAIN) </dev/null >$(PGO_DIR)/train.log
	$(CC) $(PGO_CFLAGS) -fprofile-use -fprofile-partial-training -Wno-missing-profile $(LDFLAGS) $(PGO_SRC) -o $(PGO_DIR)/dablo $(PGO_LIBS)
	@echo "$(PGO_DIR)/dablo: profile-guided build (trained on '$(PGO_TRAIN)', $(PGO_DIR)/train.log)"

pgo: pgo-build
	@mkdir -p bin
	cp $(PGO_DIR)/dablo bin/dablo
