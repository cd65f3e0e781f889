# C side of twisty: the C library (crate twisty-c), its generated header and the C test program.
#
# Included from the top Makefile, which sets $(ROOT) (the repository root, absolute).
# Standalone: make -f mk/c.mk ROOT=$PWD c-test
#
#   c-native      cargo build --release -p twisty-c  -> target/release/libtwisty_c.so and .a;
#                 the header is c-bridge/include/twisty.h (generated, checked in)
#   c-test        the Rust tests of the bridge (incl. the header stale check), the test build
#                 twisty-c-testhooks (every export plus the test hooks), then the C test program
#                 (vector replay writing $(TWISTY_TRANSCRIPT_DIR)/c.txt, and the API tests)
#                 compiled against the header and linked to the test build; it checks that the
#                 shipped library exports no test hook. Then c-sample.
#   c-sample      compiles c-bridge/samples/sample.c against the header and runs it twice: linked
#                 to libtwisty_c.so, and statically to libtwisty_c.a
#   c-header      regenerates c-bridge/include/twisty.h from the Rust exports
#   c-clean       removes build/c

ROOT        ?= $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
CARGO       ?= cargo
# The machine's gcc (make's own default CC is cc).
C_CC        ?= gcc
C_BRIDGE    := $(ROOT)/c-bridge
C_LIB_DIR   := $(ROOT)/target/release
C_BUILD     := $(ROOT)/build/c
C_TESTS     := $(C_BRIDGE)/tests/c
C_FLAGS     ?= -std=c11 -Wall -Wextra -Werror -O2 -pthread
C_INCLUDE   := -I$(C_BRIDGE)/include
# What a static link of the Rust library needs besides it (cargo's native-static-libs list).
C_STATIC_LIBS := -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc

.PHONY: c-native c-test-native c-test c-run-tests c-sample c-header c-clean

c-native:
	cd $(ROOT) && $(CARGO) build --release -p twisty-c

# The Rust tests run first: a test build of the crate (header generation on) must not be the
# last to write target/release/libtwisty_c.*, so the builds come after it.
c-test-native:
	cd $(ROOT) && $(CARGO) test --release -p twisty-c
	cd $(ROOT) && $(CARGO) build --release -p twisty-c -p twisty-c-testhooks

$(C_BUILD)/c-tests: c-test-native $(wildcard $(C_TESTS)/*.c $(C_TESTS)/*.h) $(C_BRIDGE)/include/twisty.h
	mkdir -p $(C_BUILD)
	$(C_CC) $(C_FLAGS) $(C_INCLUDE) -o $@ $(C_TESTS)/*.c \
		-L$(C_LIB_DIR) -ltwisty_c_testhooks -Wl,-rpath,$(C_LIB_DIR) -ldl

c-test: c-run-tests c-sample

c-run-tests: $(C_BUILD)/c-tests
	$(C_BUILD)/c-tests $(ROOT) $(C_LIB_DIR)/libtwisty_c.so

c-sample: c-native
	mkdir -p $(C_BUILD)
	$(C_CC) $(C_FLAGS) $(C_INCLUDE) -o $(C_BUILD)/sample $(C_BRIDGE)/samples/sample.c \
		-L$(C_LIB_DIR) -ltwisty_c -Wl,-rpath,$(C_LIB_DIR)
	$(C_BUILD)/sample
	$(C_CC) $(C_FLAGS) $(C_INCLUDE) -o $(C_BUILD)/sample-static $(C_BRIDGE)/samples/sample.c \
		$(C_LIB_DIR)/libtwisty_c.a $(C_STATIC_LIBS)
	$(C_BUILD)/sample-static

c-header:
	cd $(ROOT) && $(CARGO) test -p twisty-c --lib -- --ignored regenerate_header

c-clean:
	rm -rf $(C_BUILD)
