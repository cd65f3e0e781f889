# One entry point for building and testing everything.
#   make demo   run the main job on an embedded default (a built-in Square-1 scramble)
#   make test   build the native libraries, the jar, the NuGet package and the C library, run every
#               test suite, then compare the four runtimes' vector transcripts; then the packages
#               with linux-x64, linux-arm64 and win-x64, checked, and the samples on each platform
ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
CARGO ?= cargo
# Every suite writes what it got for each vector row here; cross-test compares them.
export TWISTY_TRANSCRIPT_DIR := $(ROOT)/build/transcripts

.PHONY: demo deps test rust-test msrv cross-test clean bench-optimal screenshots

demo:
	$(CARGO) run --release -q -p twisty-cli -- demo

include mk/java.mk
include mk/dotnet.mk
include mk/c.mk
include mk/package.mk
include mk/cross.mk

# What the build needs from Debian's packages (Maven's offline repository, Chromium, ...):
# idempotent, quick when everything is there, so `make test` on a fresh machine needs nothing else.
deps:
	$(ROOT)/scripts/install-build-deps.sh

rust-test: msrv
	rm -rf $(TWISTY_TRANSCRIPT_DIR)
	$(CARGO) test --release --workspace

# Each crate's `rust-version` is checked against the std items it uses (clippy's
# incompatible_msrv); only newer compilers exist here to build with.
msrv:
	$(CARGO) clippy --release --workspace --all-targets -q -- -A clippy::all -D clippy::incompatible_msrv

# The web page's screenshots in docs/images/ (the browser test, saving them there too).
screenshots:
	TWISTY_SCREENSHOTS=docs $(CARGO) test --release -p twisty-cli --test web_browser

cross-test:
	tests/cross/compare.sh $(TWISTY_TRANSCRIPT_DIR)

test: deps rust-test java-test java-sample dotnet-test dotnet-sample c-test c-cross-test cross-test package-test
	@echo "all test suites passed"

# The optimal 3x3x3 solver against nissy's H48 (when ../shared/peers has it), same table size,
# one run per size in OPTIMAL_SIZES: generation, then the 16-move positions on one and two
# threads (docs/benchmarks.md).
OPTIMAL_SIZES ?= 0 1 2 3
bench-optimal:
	$(CARGO) build --release -q -p twisty-cli
	for n in $(OPTIMAL_SIZES); do \
	    scripts/bench-optimal-peers.sh gen $$n && \
	    scripts/bench-optimal-peers.sh solve bench/positions/cube3-optimal-16.txt 1 $$n && \
	    scripts/bench-optimal-peers.sh solve bench/positions/cube3-optimal-16.txt 2 $$n || exit 1; \
	done

clean:
	$(CARGO) clean
	rm -rf java/target csharp/artifacts build
