# .NET side of twisty: native library, C# tests, NuGet package, sample against the package.
#
# Include from the top-level Makefile (which sets ROOT), or run alone:
#   make -f mk/dotnet.mk ROOT=$PWD dotnet-test dotnet-sample
#
# Targets
#   dotnet-native   scripts/cross-build.sh host -> build/native/linux-x64/libtwisty_dotnet.so (shipped,
#                   stripped), and cargo build --release -p twisty-dotnet-testhooks
#                   -> target/release/libtwisty_dotnet_testhooks.so
#                   (the same exports plus the test hooks; the xunit project stages it in its own
#                   output folder under the shipped name, see Twisty.Tests.csproj)
#   dotnet-test     the Rust bridge tests (incl. the generated-bindings stale check) + xunit tests;
#                   packs first, so that PackageTests checks the fresh package (TWISTY_REQUIRE_PACKAGE)
#   dotnet-pack     csharp/artifacts/packages/Twisty.<version>.nupkg (runtimes/<rid>/native/ for every
#                   platform staged in build/native/, the shipped libraries only; mk/package.mk
#                   stages all three first)
#   dotnet-sample   restores samples/Twisty.Sample (Twisty from that folder feed, checked; its
#                   dependencies from the machine's package sources) into a fresh packages folder
#                   (never a stale cached Twisty) and runs it
#   dotnet-bindings regenerates csharp/Twisty/Generated/Interop.cs from the Rust exports

ROOT ?= $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)

DOTNET          ?= dotnet
CARGO           ?= cargo
DOTNET_CONFIG   ?= Release
CSHARP_DIR      := $(ROOT)/csharp
DOTNET_PKG_DIR  := $(CSHARP_DIR)/artifacts/packages
DOTNET_SAMPLE   := $(CSHARP_DIR)/samples/Twisty.Sample
# Must match globalPackagesFolder in samples/Twisty.Sample/nuget.config.
DOTNET_SAMPLE_PKGS := $(CSHARP_DIR)/artifacts/sample-packages
TWISTY_NATIVE_ROOT := $(ROOT)/build/native/

# Quiet-ish: no logo, no telemetry banner, minimal MSBuild output; `dotnet test` still prints
# its "Passed!/Failed!  - Failed: N, Passed: N, ..." summary line.
export DOTNET_NOLOGO := 1
export DOTNET_CLI_TELEMETRY_OPTOUT := 1
export DOTNET_SKIP_FIRST_TIME_EXPERIENCE := 1
DOTNET_QUIET := --nologo -v quiet -p:TwistyNativeRoot=$(TWISTY_NATIVE_ROOT)

.PHONY: dotnet-native dotnet-test dotnet-pack dotnet-sample dotnet-bindings dotnet-clean

dotnet-native:
	CARGO=$(CARGO) $(ROOT)/scripts/cross-build.sh host
	cd $(ROOT) && $(CARGO) build --release -p twisty-dotnet-testhooks

dotnet-test: dotnet-native dotnet-pack
	cd $(ROOT) && $(CARGO) test --release -p twisty-dotnet -p twisty-dotnet-testhooks
	TWISTY_REQUIRE_PACKAGE=1 $(DOTNET) test $(CSHARP_DIR)/Twisty.Tests/Twisty.Tests.csproj -c $(DOTNET_CONFIG) $(DOTNET_QUIET) \
		--logger "console;verbosity=minimal"

dotnet-pack: dotnet-native
	$(DOTNET) pack $(CSHARP_DIR)/Twisty/Twisty.csproj -c $(DOTNET_CONFIG) $(DOTNET_QUIET) -o $(DOTNET_PKG_DIR)
	@ls $(DOTNET_PKG_DIR)/Twisty.*.nupkg

dotnet-sample: dotnet-pack
	rm -rf $(DOTNET_SAMPLE_PKGS) $(DOTNET_SAMPLE)/obj $(DOTNET_SAMPLE)/bin
	$(DOTNET) restore $(DOTNET_SAMPLE)/Twisty.Sample.csproj --force $(DOTNET_QUIET)
	@# NuGet records where each restored package came from: Twisty must be the local feed's.
	@grep -qF '"source": "$(DOTNET_PKG_DIR)' $(DOTNET_SAMPLE_PKGS)/twisty/*/.nupkg.metadata \
		|| { echo "dotnet-sample: Twisty was not restored from $(DOTNET_PKG_DIR)" >&2; exit 1; }
	$(DOTNET) run --project $(DOTNET_SAMPLE)/Twisty.Sample.csproj -c $(DOTNET_CONFIG) --no-restore

dotnet-bindings:
	cd $(ROOT) && $(CARGO) test --release -p twisty-dotnet --test bindings -- --ignored regenerate

dotnet-clean:
	rm -rf $(CSHARP_DIR)/artifacts
	find $(CSHARP_DIR) -type d \( -name bin -o -name obj \) -prune -exec rm -rf {} +
