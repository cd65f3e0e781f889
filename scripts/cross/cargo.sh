#!/usr/bin/env bash
# cargo for another target, inside the cross chroot (scripts/cross/chroot.sh):
#
#   scripts/cross/cargo.sh TARGET CARGO-ARGS...     e.g. aarch64-unknown-linux-gnu build --release -p twisty-c
#
# TARGET is aarch64-unknown-linux-gnu (Debian's arm64 std), x86_64-pc-windows-gnu (std built from
# source with -Zbuild-std: Debian packages no recent Windows std) or x86_64-unknown-linux-gnu (the
# chroot's own). Builds go to target/cross (the host's rustc is another version: its target/ stays
# its own). Offline: the crates are the project's vendored set plus the crates std itself needs
# (Debian's rust-web-src), merged into one source.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ $# -ge 2 ] || { echo "usage: $0 TARGET CARGO-ARGS..." >&2; exit 2; }
if [ -z "${TWISTY_IN_CHROOT:-}" ]; then
  exec env TWISTY_CROSS_ENV="TWISTY_IN_CHROOT=1" "$here/chroot.sh" run "$here/cargo.sh" "$@"
fi
target="$1"; shift
std_vendor=/usr/lib/rustlib/src/rust/library/vendor
merged=/opt/twisty-cross/vendor
export CARGO_HOME=/opt/twisty-cross/cargo
mkdir -p "$merged" "$CARGO_HOME"
# The merged source: links to every crate of both sets (the project's wins on a clash). Rebuilt
# when either set changes.
key="$(ls "${TWISTY_VENDOR:?no vendored crates}" "$std_vendor" | sha256sum | cut -c1-16)"
if [ "$(cat "$merged/.key" 2>/dev/null)" != "$key" ]; then
  find "$merged" -mindepth 1 -delete
  for d in "$std_vendor"/* "$TWISTY_VENDOR"/*; do ln -sfn "$d" "$merged/$(basename "$d")"; done
  echo "$key" > "$merged/.key"
fi
cat > "$CARGO_HOME/config.toml" <<CFG
[source.crates-io]
replace-with = "merged"
[source.merged]
directory = "$merged"
[net]
offline = true
[target.aarch64-unknown-linux-gnu]
linker = "aarch64-linux-gnu-gcc"
[target.x86_64-pc-windows-gnu]
linker = "x86_64-w64-mingw32-gcc"
# The MinGW runtime (libgcc's unwinder, winpthread) linked in statically: otherwise every DLL
# imports libgcc_s_seh-1.dll, which Windows lacks (scripts/cross-build.sh checks the imports).
rustflags = ["-C", "target-feature=+crt-static"]
CFG
export CARGO_TARGET_DIR="${TWISTY_ROOT:?}/target/cross"
extra=()
if [ "$target" = x86_64-pc-windows-gnu ]; then
  export RUSTC_BOOTSTRAP=1
  extra=(-Zbuild-std=std,panic_unwind)
fi
sub="$1"; shift
exec cargo "$sub" --target "$target" "${extra[@]}" "$@"
