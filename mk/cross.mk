# The C test program (c-bridge/tests/c) on the other platforms the packages ship: linux-arm64,
# built with aarch64-linux-gnu-gcc and run under qemu-aarch64 on this machine, and win-x64, built
# with MinGW-w64 and run under wine, both in the cross chroot (scripts/cross/chroot.sh).
#
# Included from the top Makefile, which sets $(ROOT) and exports TWISTY_TRANSCRIPT_DIR.
#
#   c-cross-test          both platforms' runs; each writes its transcript
#                         $(TWISTY_TRANSCRIPT_DIR)/c-<platform>.txt, which cross-test compares
#                         with linux-x64's c.txt (rows that mean nothing there: tests/cross/skips.tsv)
#   c-cross-linux-arm64   the library (twisty-c, twisty-c-testhooks), the program, the qemu run
#   c-cross-win-x64       the same for Windows: DLLs, the program (winpthreads linked statically:
#                         only the shipped DLLs must import nothing but system DLLs), the wine run
#
# Each step prints how long it took. The vector databases must exist (the Rust suite writes them,
# in build/vector-dbs or TWISTY_DB_DIR).

CROSS_CHROOT := $(ROOT)/scripts/cross/chroot.sh
CROSS_CARGO  := $(ROOT)/scripts/cross/cargo.sh
CROSS_BUILD  := $(ROOT)/build/c
CROSS_C_SRC  := $(C_TESTS)/*.c
# What the test program needs of twisty: the shipped library and its test-hook twin.
CROSS_CRATES := -p twisty-c -p twisty-c-testhooks
ARM64_LIB    := $(ROOT)/target/cross/aarch64-unknown-linux-gnu/release
# (a variable: a comma in a $(call) argument would split it)
ARM64_RPATH  := -Wl,-rpath,$(ARM64_LIB)
WIN64_LIB    := $(ROOT)/target/cross/x86_64-pc-windows-gnu/release
WIN64_DIR    := $(CROSS_BUILD)/win-x64
# The vector databases as wine sees them, when TWISTY_DB_DIR moves them (the chroot sees only the
# repository: they must be inside it).
WIN64_DB_DIR  = $(if $(TWISTY_DB_DIR),Z:$(abspath $(TWISTY_DB_DIR)))

# $(call timed,STEP,COMMAND): runs COMMAND and prints how many seconds it took.
timed = t0=$$(date +%s); $(2); rc=$$?; echo "c-cross-test: $(1): $$(($$(date +%s) - t0)) s"; exit $$rc

.PHONY: c-cross-test c-cross-linux-arm64 c-cross-win-x64 c-cross-chroot

c-cross-test: c-cross-linux-arm64 c-cross-win-x64

# Makes the chroot on a fresh machine, reuses it after.
c-cross-chroot:
	@$(call timed,the cross chroot,$(CROSS_CHROOT) ensure)

c-cross-linux-arm64: c-cross-chroot
	@$(call timed,linux-arm64 libraries,$(CROSS_CARGO) aarch64-unknown-linux-gnu build --release -q $(CROSS_CRATES))
	@mkdir -p $(CROSS_BUILD)
	@$(call timed,linux-arm64 test program,$(CROSS_CHROOT) run aarch64-linux-gnu-gcc $(C_FLAGS) $(C_INCLUDE) \
		-o $(CROSS_BUILD)/c-tests-linux-arm64 $(CROSS_C_SRC) \
		-L$(ARM64_LIB) -ltwisty_c_testhooks $(ARM64_RPATH) -ldl)
	@$(call timed,linux-arm64 run under qemu,qemu-aarch64 -L $$($(CROSS_CHROOT) path) \
		$(CROSS_BUILD)/c-tests-linux-arm64 $(ROOT) $(ARM64_LIB)/libtwisty_c.so)

# Wine finds the DLLs beside the program. Its paths are given as Z: (wine's drive for /),
# wineserver is waited for, so nothing of wine outlives the run, and XDG_RUNTIME_DIR is a private
# folder (wine complains without one). __USE_MINGW_ANSI_STDIO: C99's printf formats (%zu, %lld).
c-cross-win-x64: c-cross-chroot
	@$(call timed,win-x64 libraries,$(CROSS_CARGO) x86_64-pc-windows-gnu build --release -q $(CROSS_CRATES))
	@mkdir -p $(WIN64_DIR)
	cp $(WIN64_LIB)/twisty_c.dll $(WIN64_LIB)/twisty_c_testhooks.dll $(WIN64_DIR)/
	@$(call timed,win-x64 test program,$(CROSS_CHROOT) run x86_64-w64-mingw32-gcc $(C_FLAGS) \
		-D__USE_MINGW_ANSI_STDIO=1 $(C_INCLUDE) -o $(WIN64_DIR)/c-tests.exe $(CROSS_C_SRC) \
		$(WIN64_LIB)/libtwisty_c_testhooks.dll.a -static)
	@$(call timed,win-x64 run under wine,$(CROSS_CHROOT) run env WINEDEBUG=-all \
		TWISTY_TRANSCRIPT_DIR=Z:$(TWISTY_TRANSCRIPT_DIR) TWISTY_DB_DIR=$(WIN64_DB_DIR) sh -c 'export XDG_RUNTIME_DIR=$$(mktemp -d); \
		wine "$$0" "$$@"; rc=$$?; wineserver -w; rm -rf "$$XDG_RUNTIME_DIR"; exit $$rc' \
		$(WIN64_DIR)/c-tests.exe Z:$(ROOT) Z:$(WIN64_DIR)/twisty_c.dll)
