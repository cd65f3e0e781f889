#!/usr/bin/env bash
# Builds the shipped native libraries (C, JNI, .NET bridges) for each platform and stages them,
# stripped and checked, where the packages take them from:
#
#   scripts/cross-build.sh [RID...]      RID: linux-x64, linux-arm64, win-x64 (the default: all
#                                        three) or host (this machine's own platform)
#
# build/native/<rid>/ then holds the shared libraries (and the C static library, on Windows also
# the MinGW import library and a .def file), stripped; build/native/<rid>/debug/ holds their debug
# information (<file>.debug, which the library names through a .gnu_debuglink section) and the
# list of each library's exports (<file>.exports). Nothing in debug/ goes into a package.
#
# The host's own platform (linux-x64 here) is the host's cargo build (target/release). The others are built in the cross
# chroot (scripts/cross/chroot.sh: made on first use under ~/.cache/twisty-cross, about 3.5 GB and
# 90 s with a warm Debian mirror, then reused) with scripts/cross/cargo.sh, output under
# target/cross/<triple>/release; their binutils run there too.
#
# Checks, each failing the build: no library exports a test hook (twisty_debug_*, or the natives of
# the test-only Java class org.twisty.Debug) and each exports its API; a Windows DLL imports only
# DLLs that every Windows has (wine would supply a missing MinGW runtime DLL such as
# libgcc_s_seh-1.dll and so hide it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CARGO="${CARGO:-cargo}"
CRATES=(-p twisty-c -p twisty-jni -p twisty-dotnet)
# What a Windows DLL of ours may import: the system's own DLLs (Rust's std and the MinGW CRT use
# these; msvcrt.dll ships with every Windows), and the API sets api-ms-win-core-* (Windows 8 on).
WINDOWS_SYSTEM_DLLS="kernel32.dll ntdll.dll msvcrt.dll ws2_32.dll advapi32.dll userenv.dll
bcryptprimitives.dll bcrypt.dll shell32.dll ole32.dll"

# This machine's platform, the one built without the chroot.
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) HOST_RID=linux-x64 ;;
  Linux-aarch64) HOST_RID=linux-arm64 ;;
  *) HOST_RID="unsupported build host $(uname -s)-$(uname -m)" ;;
esac

triple_of() {
  case "$1" in
    linux-x64) echo x86_64-unknown-linux-gnu ;;
    linux-arm64) echo aarch64-unknown-linux-gnu ;;
    win-x64) echo x86_64-pc-windows-gnu ;;
    *) echo "unknown platform '$1' (known: linux-x64 linux-arm64 win-x64)" >&2; return 2 ;;
  esac
}

# binutils for a platform: the host's for its own, the chroot's cross ones otherwise.
tool() {
  [ "$RID" != "$HOST_RID" ] || { echo "$1"; return; }
  case "$RID" in
    linux-x64) echo "$1" ;;
    linux-arm64) echo "aarch64-linux-gnu-$1" ;;
    win-x64) echo "x86_64-w64-mingw32-$1" ;;
  esac
}

fail() { echo "cross-build: $RID: $*" >&2; exit 1; }

# The exported function names of a shared library, one per line.
exports_of() {
  if [ "$RID" = win-x64 ]; then
    # The PE export table: the rows of "[Ordinal/Name Pointer] Table" end with the name.
    "$(tool objdump)" -p "$1" | awk '/\[Ordinal\/Name Pointer\] Table/ { t = 1; next } t && /^$/ { t = 0 } t && /^[ \t]*\[/ { print $NF }'
  else
    "$(tool nm)" -D --defined-only "$1" | awk '$2 == "T" { print $3 }'
  fi
}

# Strips a shared library into $out, keeps its debug information in $out/debug and checks its
# exports: none a test hook, and $2 among them (so the listing is known to work).
stage_shared() {
  local file="$1" api="$2" src="$SRC/$1"
  [ -f "$src" ] || fail "missing $src"
  "$(tool objcopy)" --only-keep-debug "$src" "$OUT/debug/$file.debug"
  "$(tool objcopy)" --strip-debug --strip-unneeded "$src" "$OUT/$file"
  # The link names the file only; gdb finds it beside the library or via debug-file-directory.
  (cd "$OUT/debug" && "$(tool objcopy)" --add-gnu-debuglink="$file.debug" "../$file")
  exports_of "$OUT/$file" | sort > "$OUT/debug/$file.exports"
  local n; n=$(wc -l < "$OUT/debug/$file.exports")
  grep -qx "$api" "$OUT/debug/$file.exports" || fail "$file does not export $api ($n exports listed)"
  if grep -E 'twisty_debug|Java_org_twisty_Debug|testhook' "$OUT/debug/$file.exports"; then
    fail "$file exports the test hooks above"
  fi
  if [ "$RID" = win-x64 ]; then
    local dll bad=()
    for dll in $("$(tool objdump)" -p "$OUT/$file" | sed -n 's/^\s*DLL Name: //p' | tr 'A-Z' 'a-z'); do
      case " $(echo $WINDOWS_SYSTEM_DLLS) " in
        *" $dll "*) ;;
        *) [[ "$dll" == api-ms-win-core-*.dll ]] || bad+=("$dll") ;;
      esac
    done
    [ ${#bad[@]} -eq 0 ] || fail "$file imports non-system DLLs: ${bad[*]} (link the MinGW runtime statically)"
  fi
  echo "  $file: $(stat -c %s "$OUT/$file") bytes stripped ($(stat -c %s "$src") built), $n exports"
}

# Stages one platform from SRC into OUT; runs where the platform's binutils are (see tool).
stage() {
  RID="$1" SRC="$2" OUT="$3"
  rm -rf "$OUT" && mkdir -p "$OUT/debug"
  echo "staging $RID into ${OUT#"$ROOT"/}"
  if [ "$RID" = win-x64 ]; then
    stage_shared twisty_c.dll twisty_sq1_solved
    stage_shared twisty_jni.dll Java_org_twisty_sq1_Square1State_nativeApply
    stage_shared twisty_dotnet.dll sq1_tables_create
    # What a MinGW program links the DLL with, and the same exports as a .def file (from which
    # other toolchains make their own import library).
    "$(tool strip)" --strip-debug -o "$OUT/libtwisty_c.dll.a" "$SRC/libtwisty_c.dll.a"
    { echo "LIBRARY twisty_c.dll"; echo "EXPORTS"; sed 's/^/    /' "$OUT/debug/twisty_c.dll.exports"; } > "$OUT/twisty_c.def"
  else
    stage_shared libtwisty_c.so twisty_sq1_solved
    stage_shared libtwisty_jni.so Java_org_twisty_sq1_Square1State_nativeApply
    stage_shared libtwisty_dotnet.so sq1_tables_create
  fi
  # The static library: debug sections dropped (the unstripped one stays in the cargo folder).
  "$(tool strip)" --strip-debug -o "$OUT/libtwisty_c.a" "$SRC/libtwisty_c.a"
}

if [ "${1:-}" = --stage ]; then
  shift; stage "$@"; exit 0
fi

rids=("$@")
[ ${#rids[@]} -gt 0 ] || rids=(linux-x64 linux-arm64 win-x64)
for rid in "${rids[@]}"; do
  [ "$rid" != host ] || rid="$HOST_RID"
  triple="$(triple_of "$rid")"
  t0=$SECONDS
  out="$ROOT/build/native/$rid"
  if [ "$rid" = "$HOST_RID" ]; then
    (cd "$ROOT" && "$CARGO" build --release "${CRATES[@]}")
    "$0" --stage "$rid" "$ROOT/target/release" "$out"
  else
    "$ROOT/scripts/cross/cargo.sh" "$triple" build --release "${CRATES[@]}"
    "$ROOT/scripts/cross/chroot.sh" run "$ROOT/scripts/cross-build.sh" --stage "$rid" \
      "$ROOT/target/cross/$triple/release" "$out"
  fi
  echo "cross-build: $rid done in $((SECONDS - t0)) s"
done
