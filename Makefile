# One entry point for building and testing everything.
#   make demo   run the main job on an embedded default (a built-in Square-1 scramble)
#   make test   build the native libraries, the jar, the NuGet package and the C library, run every
#               test suite, then compare the four runtimes' vector transcripts
ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
CARGO ?= cargo
# Every suite writes what it got for each vector row here; cross-test compares them.
export TWISTY_TRANSCRIPT_DIR := $(ROOT)/build/transcripts

.PHONY: demo test rust-test cross-test clean bench-optimal screenshots

demo:
	$(CARGO) run --release -q -p twisty-cli -- demo

include mk/java.mk
include mk/dotnet.mk
include mk/c.mk
include mk/cross.mk

rust-test:
	rm -rf $(TWISTY_TRANSCRIPT_DIR)
	$(CARGO) test --release --workspace

# The web page's screenshots in docs/images/ (the browser test, saving them there too).
screenshots:
	TWISTY_SCREENSHOTS=docs $(CARGO) test --release -p twisty-cli --test web_browser

cross-test:
	tests/cross/compare.sh $(TWISTY_TRANSCRIPT_DIR)

test: rust-test java-test java-sample dotnet-test dotnet-sample c-test c-cross-test cross-test
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
