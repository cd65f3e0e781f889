#!/usr/bin/env bash
# Installs what the Java build needs from Debian's packages (Maven Central is out of reach:
# Maven runs offline against Debian's repository, see java/README.md), and Chromium for the web
# page's browser test (cli/tests/web_browser.rs), and Open MPI for the distributed builders (crate
# mpi/, compiled with mpicc; its tests run mpirun). Idempotent; skips the install when everything
# is there already.
set -euo pipefail
packages=(maven maven-debian-helper junit5 libsurefire-java libmaven-compiler-plugin-java libmaven-jar-plugin-java
  libmaven-resources-plugin-java libmaven-install-plugin-java libmaven-clean-plugin-java chromium
  openmpi-bin libopenmpi-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v dotnet >/dev/null || { echo "the .NET SDK (8 or later) is required" >&2; exit 1; }
command -v cargo >/dev/null || { echo "Rust (cargo) is required" >&2; exit 1; }
