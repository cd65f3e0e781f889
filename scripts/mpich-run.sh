#!/usr/bin/env bash
# twisty-mpi on MPICH, once (the test suite runs Open MPI; this run shows the MPI layer is not tied
# to it). MPICH is never installed on the host, where it could take over the `mpicc`/`mpirun`
# alternatives that the suite's Open MPI uses: it lives in the cross chroot
# (scripts/cross/chroot.sh), where there is no Open MPI.
#
#   scripts/mpich-run.sh [--install] [MAX_LEVEL]
#
# --install   installs Debian's mpich and libmpich-dev into the chroot first (otherwise a chroot
#             without MPICH is skipped); nothing else done in that chroot uses an MPI
# MAX_LEVEL   the article database's last level (default 6: 1,296,753 classes at level 6; the file
#             is 4.6 GB, sparse, about 1.6 GB on disk)
#
# In the chroot it builds twisty-mpi and the exchange example with MPICC=mpicc.mpich (into
# target/cross), runs the example with mpiexec.mpich on 1 to 4 ranks (the last over loopback TCP
# only), then `twisty-mpi db build` of the article database to MAX_LEVEL on 1, 2 and 4 ranks. On
# the host it builds the reference with the single-process `twisty db build`, and the same
# database with twisty-mpi on Open MPI (2 ranks). Every file is verified (`twisty db verify`) and
# compared byte for byte with the reference: the only bytes allowed to differ are the header's
# build time, thread count and the header's own checksum. Last, one changed data byte must fail
# both checks. Work files go to build/mpich-run (removed at the end). Prints a transcript
# (docs/results/mpich-run.txt is one).
#
# Exits 0 with a message when there is no chroot (TWISTY_CROSS_CACHE chooses it, as for
# chroot.sh) or no MPICH in it; 1 when a step fails. Not part of the test suite. Needs root (the
# chroot) and about 5 GB of free disk.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CHROOT_SH="$ROOT/scripts/cross/chroot.sh"
install=0
[ "${1:-}" != --install ] || { install=1; shift; }
LEVEL="${1:-6}"
case "$LEVEL" in ''|*[!0-9]*) echo "usage: $0 [--install] [MAX_LEVEL]" >&2; exit 2 ;; esac
CHROOT="$("$CHROOT_SH" path)"
TRIPLE=x86_64-unknown-linux-gnu
BIN="$ROOT/target/cross/$TRIPLE/release"
WORK="$ROOT/build/mpich-run"
# A job that hangs ends with an error (Hydra reads MPIEXEC_TIMEOUT); the jobs here take seconds.
MPIEXEC_ENV=(env MPIEXEC_TIMEOUT=600)

skip() { echo "mpich-run: skipped: $*"; exit 0; }
fail() { echo "mpich-run: FAILED: $*" >&2; exit 1; }
# Runs "$@" in the chroot (the repository is mounted at the same path), MPICC set to MPICH's.
in_chroot() { TWISTY_CROSS_ENV="TWISTY_IN_CHROOT=1 MPICC=mpicc.mpich" "$CHROOT_SH" run "$@"; }
# Prints a command as the transcript shows it, runs it, and prints how long it took.
# (Its own status check: `set -e` does not act inside a function called left of `||`.)
step() {
  echo "\$ $*"
  local t0=$EPOCHREALTIME rc=0
  "$@" || rc=$?
  awk -v a="$t0" -v b="$EPOCHREALTIME" -v rc="$rc" \
    'BEGIN { printf "(%.1f s%s)\n\n", b - a, rc ? ", exit status " rc : "" }'
  return "$rc"
}

# Equal files but the header's build time (bytes 56..64), thread count (64..68) and checksum (the
# header's last 8 bytes, 4088..4096), which differ from build to build. cmp -l counts from 1.
same_but_build_fields() {
  local a="$1" b="$2" other
  [ "$(stat -c %s "$a")" = "$(stat -c %s "$b")" ] || { echo "sizes differ: $a $b"; return 1; }
  other=$(cmp -l "$a" "$b" | awk '!(($1 > 56 && $1 <= 68) || ($1 > 4088 && $1 <= 4096)) { n++ } END { print n + 0 }')
  [ "$other" = 0 ] || { echo "$other other bytes differ: $a $b"; return 1; }
  echo "same: $(basename "$a") = $(basename "$b") ($(stat -c %s "$a") bytes; differing bytes only in the header's build time, threads and checksum)"
}

[ -f "$CHROOT/.twisty-cross-stamp" ] ||
  skip "no cross chroot at $CHROOT (make one with scripts/cross/chroot.sh ensure, or set TWISTY_CROSS_CACHE)"
if [ ! -x "$CHROOT/usr/bin/mpiexec.mpich" ] || [ ! -x "$CHROOT/usr/bin/mpicc.mpich" ]; then
  [ "$install" = 1 ] || skip "no MPICH in the chroot $CHROOT (run again with --install)"
  step in_chroot /bin/bash -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends mpich libmpich-dev >/tmp/apt-mpich.log 2>&1 || { tail -20 /tmp/apt-mpich.log; exit 1; }; apt-get clean'
fi
command -v mpirun >/dev/null || fail "no Open MPI on the host (make deps installs it)"

echo "== versions ($(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores)"
in_chroot /bin/bash -c 'echo "chroot: Debian $(cat /etc/debian_version)"; mpichversion | head -3;
  echo "mpicc.mpich -link-info: $(mpicc.mpich -link-info)"; rustc --version'
echo "host: Debian $(cat /etc/debian_version); $(mpirun --version | head -1)"
echo "host mpicc -showme:link: $(mpicc -showme:link)"
echo

echo "== build against MPICH (in the chroot)"
# Cleaned first, so that build.rs asks mpicc.mpich for its flags and compiles the C file again.
step in_chroot scripts/cross/cargo.sh "$TRIPLE" clean --release -q -p twisty-mpi
step in_chroot scripts/cross/cargo.sh "$TRIPLE" build --release -q -p twisty-mpi --bins --examples
# The program must use MPICH's library, not Open MPI's.
in_chroot ldd "$BIN/twisty-mpi" | grep -E 'libmpi' | sed 's/ (0x.*//'
in_chroot ldd "$BIN/twisty-mpi" | grep -q 'libmpich' || fail "twisty-mpi is not linked with MPICH"
echo

echo "== the exchange and reductions (mpi/examples/exchange.rs) under mpiexec.mpich"
# Rounds smaller than the payloads from 3 ranks on; the last run over loopback TCP only (MPICH's
# ch4:ucx device takes its transports from UCX_TLS, as Open MPI's --mca btl tcp,self does).
for run in "1 1048576" "2 1048576" "3 1000" "4 333 UCX_TLS=tcp,self"; do
  set -- $run
  out=$(step in_chroot "${MPIEXEC_ENV[@]}" ${3:-} mpiexec.mpich -np "$1" "$BIN/examples/exchange" "$2") || fail "exchange on $1 ranks: $out"
  printf '%s\n\n' "$out"
  [ "$(grep -c ': ok' <<<"$out")" = "$1" ] || fail "exchange on $1 ranks: not every rank said ok"
done

echo "== the article database to level $LEVEL"
rm -rf "$WORK" && mkdir -p "$WORK"
# The references on the host: the single-process builder, and twisty-mpi on Open MPI (2 ranks).
step cargo build --release -q -p twisty-cli -p twisty-mpi --manifest-path "$ROOT/Cargo.toml"
step "$ROOT/target/release/twisty" db build "$WORK/one-process.db" --variant article --max-level "$LEVEL" --threads 1
step mpirun --allow-run-as-root --oversubscribe --timeout 600 -np 2 "$ROOT/target/release/twisty-mpi" \
  db build "$WORK/openmpi-np2.db" --variant article --max-level "$LEVEL" --threads 1
"$ROOT/target/release/twisty" db verify "$WORK/openmpi-np2.db"
same_but_build_fields "$WORK/one-process.db" "$WORK/openmpi-np2.db" || fail "Open MPI's file differs"
rm "$WORK/openmpi-np2.db"
echo
for np in 1 2 4; do
  db="$WORK/mpich-np$np.db"
  step in_chroot "${MPIEXEC_ENV[@]}" mpiexec.mpich -np "$np" "$BIN/twisty-mpi" db build "$db" --variant article \
    --max-level "$LEVEL" --threads 1 || fail "twisty-mpi db build on $np ranks"
  "$ROOT/target/release/twisty" db verify "$db" || fail "mpich-np$np.db does not verify"
  same_but_build_fields "$WORK/one-process.db" "$db" || fail "MPICH's file on $np ranks differs"
  [ "$np" = 4 ] || rm "$db"
  echo
done
# The checks can fail: one data byte of the last file changed must be caught by both.
off=$((4096 + 12345))
byte=$(od -An -tu1 -j "$off" -N1 "$db" | tr -d ' ')
printf "$(printf '\\%03o' $((byte ^ 255)))" | dd of="$db" bs=1 seek="$off" conv=notrunc status=none
echo "mpich-np4.db with byte $off changed ($byte to $((byte ^ 255))):"
! same_but_build_fields "$WORK/one-process.db" "$db" || fail "the comparison missed a changed byte"
! "$ROOT/target/release/twisty" db verify "$db" 2>&1 || fail "verify missed a changed byte"
echo
"$ROOT/target/release/twisty" db stats "$WORK/one-process.db"
rm -rf "$WORK"
echo "mpich-run: all equal ($SECONDS s in all)"
