#!/usr/bin/env bash
# The cross toolchain: a Debian 13 (trixie) chroot with Rust 1.96 (rustc-web, with std sources for
# -Zbuild-std), the arm64 std, gcc for aarch64 and mingw-w64, and wine 10. Made once under a cache
# folder and reused; every command runs in a private mount namespace (unshare), so its bind mounts
# vanish with it: nothing to unmount, and removing the cache folder never follows a mount.
#
#   scripts/cross/chroot.sh ensure         make or update the chroot (idempotent)
#   scripts/cross/chroot.sh run CMD...     run CMD in the chroot, in the repository's folder
#   scripts/cross/chroot.sh path           print the chroot's folder
#
# TWISTY_CROSS_CACHE chooses the cache folder (default ~/.cache/twisty-cross). Needs root (or
# sudo), debootstrap and Debian's archive; the host gets debootstrap and qemu-user.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="${TWISTY_CROSS_CACHE:-$HOME/.cache/twisty-cross}"
CHROOT="$CACHE/trixie"
MIRROR="${TWISTY_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
VENDOR="$(cd "$ROOT/../shared/vendor" 2>/dev/null && pwd || true)"
# Bump when the package list changes: the stamp makes `ensure` install again. The arm64 JRE runs
# the Java sample under the chroot's own qemu-aarch64 (the JRE's absolute links into /etc must
# resolve in the chroot, which a host qemu's -L prefix does not do); its Java setup scripts skip,
# as no arm64 program runs there without qemu.
PACKAGES=(rustc-web cargo-web rust-web-src libstd-rust-web-dev:arm64 gcc-aarch64-linux-gnu
  libc6-dev:arm64 gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 wine wine64 gcc make
  binutils-aarch64-linux-gnu file openjdk-21-jre-headless:arm64 qemu-user)
STAMP="$CHROOT/.twisty-cross-stamp"
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo

host_tools() {
  local missing=()
  for p in debootstrap qemu-user; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing on the host: ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# Runs "$@" inside the chroot with /proc, /dev, /sys, the repository and the vendored crates
# mounted at the same paths as on the host.
in_chroot() {
  local binds=("$ROOT")
  [ -n "$VENDOR" ] && binds+=("$VENDOR")
  $SUDO unshare --mount --propagation private /bin/bash -s -- "$CHROOT" "$ROOT" "$VENDOR" "${binds[@]}" -- "$@" <<'INNER'
set -euo pipefail
chroot_dir="$1"; root="$2"; vendor="$3"; shift 3
binds=()
while [ "$1" != "--" ]; do binds+=("$1"); shift; done
shift
mount -t proc proc "$chroot_dir/proc"
mount --rbind /dev "$chroot_dir/dev"
mount --rbind /sys "$chroot_dir/sys"
for b in "${binds[@]}"; do
  mkdir -p "$chroot_dir$b"
  mount --bind "$b" "$chroot_dir$b"
done
[ -e /etc/resolv.conf ] && cp -L /etc/resolv.conf "$chroot_dir/etc/resolv.conf" 2>/dev/null || true
exec chroot "$chroot_dir" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
  LANG=C.UTF-8 TERM="${TERM:-dumb}" TWISTY_ROOT="$root" TWISTY_VENDOR="$vendor" \
  ${TWISTY_CROSS_ENV:-} /bin/bash -c 'cd "$0" && exec "$@"' "$root" "$@"
INNER
}

ensure() {
  host_tools
  local want; want="$(printf '%s\n' "${PACKAGES[@]}" | sha256sum | cut -c1-16)"
  if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ]; then return 0; fi
  local t0=$SECONDS
  if [ ! -x "$CHROOT/bin/bash" ]; then
    echo "making the cross chroot in $CHROOT (debootstrap trixie)"
    $SUDO mkdir -p "$CACHE"
    $SUDO rm -rf "$CHROOT.new"
    $SUDO debootstrap --variant=minbase trixie "$CHROOT.new" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 \
      || { tail -20 "$CACHE/debootstrap.log" >&2; exit 1; }
    $SUDO mv "$CHROOT.new" "$CHROOT"
  fi
  echo "installing the cross packages in the chroot"
  in_chroot /bin/bash -c "set -e; dpkg --add-architecture arm64; apt-get update -qq;
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${PACKAGES[*]} >/tmp/apt.log 2>&1 \
      || { tail -30 /tmp/apt.log >&2; exit 1; }; apt-get clean"
  echo "$want" | $SUDO tee "$STAMP" >/dev/null
  echo "cross chroot ready in $((SECONDS - t0)) s; disk: $(du -sh "$CHROOT" 2>/dev/null | cut -f1)"
}

case "${1:-}" in
  ensure) ensure ;;
  run) shift; [ -f "$STAMP" ] || ensure; in_chroot "$@" ;;
  path) echo "$CHROOT" ;;
  *) echo "usage: $0 ensure | run CMD... | path" >&2; exit 2 ;;
esac
