# mk/host.mk - the engine-host library (tools/host/): build/libdablo-host.a,
# how a host starts engines and talks to them over pipes (process, line
# channel, protocol handshake and search, engine settings, time controls,
# transcript), and the line reader of the text files the tools read
# (linefile.c).  dablo-match links it; so does any other host of engines.
# It stands on libc and the rules library's headers only.
#
#   $(CC) ... -I$(HOST_INC) your.o $(HOST_LIB) $(RULES_LIB) $(LDLIBS_BASE)
#   #include "host/engine.h"
#
# HOST_SAN_LIB is the same built with the sanitizers (SAN_CFLAGS).

HOST_INC     := tools
HOST_SRC     := $(wildcard tools/host/*.c)
HOST_HDR     := $(wildcard tools/host/*.h)
HOST_OBJ     := $(HOST_SRC:tools/host/%.c=build/host/%.o)
HOST_SAN_OBJ := $(HOST_SRC:tools/host/%.c=build/host-san/%.o)
HOST_LIB     := build/libdablo-host.a
HOST_SAN_LIB := build/libdablo-host-san.a

build/host/%.o: tools/host/%.c $(HOST_HDR) $(SRC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -I$(HOST_INC) -c $< -o $@

build/host-san/%.o: tools/host/%.c $(HOST_HDR) $(SRC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -I$(HOST_INC) -c $< -o $@

$(HOST_LIB): $(HOST_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(HOST_SAN_LIB): $(HOST_SAN_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# Unit tests of the library against a real engine process (the fake
# engine of tests/match/), run by tests/suites/41-host.sh.
TEST_BINS += build/test_host

build/test_host: tests/host/test_host.c $(HOST_LIB) $(HOST_HDR) $(SRC_HDR) $(RULES_LIB)
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) -I$(HOST_INC) $(CHECK_CFLAGS) $(LDFLAGS) $< $(HOST_LIB) $(RULES_LIB) -o $@ $(CHECK_LIBS) $(LDLIBS_BASE)

# The same under AddressSanitizer + UBSan (not part of `make test`):
#   make build/test_host_san && build/test_host_san
build/test_host_san: tests/host/test_host.c $(HOST_SAN_LIB) $(HOST_HDR) $(SRC_HDR) build/libdablo-rules-san.a
	@mkdir -p build
	$(CC) $(SAN_CFLAGS) -I$(HOST_INC) $(CHECK_CFLAGS) $< $(HOST_SAN_LIB) build/libdablo-rules-san.a -o $@ $(CHECK_LIBS) $(LDLIBS_BASE)
