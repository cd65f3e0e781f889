# The packages for every platform built here: linux-x64 (this machine), linux-arm64 and win-x64
# (cross-built in a Debian chroot). docs/packaging.md says what each holds and how long each step
# takes.
#
# Included from the top Makefile, which sets $(ROOT) (the repository root, absolute).
# Standalone: make -f mk/package.mk ROOT=$PWD package-test
#
#   cross-build    scripts/cross-build.sh: the C, JNI and .NET libraries of the three platforms,
#                  stripped and checked (exports: no test hook; Windows imports: system DLLs only),
#                  in build/native/<rid>/ (debug information in build/native/<rid>/debug/)
#   package        cross-build, then the jar (java/target/twisty-<version>.jar) and the NuGet
#                  package (csharp/artifacts/packages/Twisty.<version>.nupkg) with the three
#                  platforms, and one C archive per platform (build/packages/)
#   package-test   package, then scripts/package.sh check (each package holds exactly the three
#                  platforms' checked libraries; jar and .nupkg at most 10 MB), the xunit
#                  PackageTests on the packed .nupkg (the three runtimes, no test hook), the samples on
#                  each platform: C (from its archive), C# (self-contained, from the .nupkg) and
#                  Java (arm64 JVM, from the jar), arm64 under qemu-aarch64 and Windows under wine
#                  10, each printing what it prints on linux-x64 (no Windows JVM here)

ROOT         ?= $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
CARGO        ?= cargo
PACKAGE_RIDS ?= linux-x64 linux-arm64 win-x64
PACKAGE_SH   := TWISTY_RIDS="$(PACKAGE_RIDS)" $(ROOT)/scripts/package.sh

.PHONY: cross-build package package-test

cross-build:
	CARGO=$(CARGO) $(ROOT)/scripts/cross-build.sh $(PACKAGE_RIDS)

# java-jar and dotnet-pack bundle every platform staged in build/native/: first drop any other
# (staged by an earlier run with more platforms).
package: cross-build
	for d in $(ROOT)/build/native/*/; do \
	  case " $(PACKAGE_RIDS) " in *" $$(basename $$d) "*) ;; *) rm -rf $$d ;; esac; \
	done
	$(MAKE) -f $(ROOT)/mk/java.mk ROOT=$(ROOT) java-jar
	$(MAKE) -f $(ROOT)/mk/dotnet.mk ROOT=$(ROOT) dotnet-pack
	$(PACKAGE_SH) c-archives

package-test: package
	$(PACKAGE_SH) check
	@# The xunit project runs on the test build (the shipped library stays as packed).
	cd $(ROOT) && $(CARGO) build --release -p twisty-dotnet-testhooks
	TWISTY_REQUIRE_PACKAGE=1 TWISTY_PACKAGE_RIDS="$(PACKAGE_RIDS)" dotnet test $(ROOT)/csharp/Twisty.Tests/Twisty.Tests.csproj \
		-c Release --nologo -v quiet -p:TwistyNativeRoot=$(ROOT)/build/native/ \
		--filter "FullyQualifiedName~Twisty.Tests.PackageTests" --logger "console;verbosity=minimal"
	$(PACKAGE_SH) c-samples
	$(PACKAGE_SH) dotnet-samples
	$(PACKAGE_SH) java-samples
