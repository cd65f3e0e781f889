#!/usr/bin/env bash
# The packages' last steps and their checks, on the libraries that scripts/cross-build.sh staged
# in build/native/<rid>/ (mk/package.mk runs them in order):
#
#   scripts/package.sh c-archives     one archive per platform for C users, in build/packages/
#   scripts/package.sh check          the jar, the .nupkg and the C archives hold every platform
#                                     (TWISTY_RIDS, default linux-x64 linux-arm64 win-x64), each
#                                     library byte for byte the staged one (stripped and checked for
#                                     test hooks there), jar and .nupkg at most 10 MB
#   scripts/package.sh c-samples      the C sample built against each archive (shared and static
#                                     library), run on its platform (arm64 under qemu-aarch64,
#                                     Windows under wine 10, both in the chroot)
#   scripts/package.sh dotnet-samples the C# sample from the packed .nupkg, published self-contained
#                                     for win-x64 (wine) and linux-arm64 (qemu-aarch64)
#   scripts/package.sh java-samples   the Java sample against the jar on Debian's arm64 JVM (qemu)
#
# Every sample run must print what the same sample prints on this machine (linux-x64); Windows'
# CRLF line ends and measured times ("in 3.8 s") aside.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NATIVE="$ROOT/build/native"
OUT="$ROOT/build/packages"
VERSION="$(sed -n 's/^version = "\(.*\)"/\1/p' "$ROOT/Cargo.toml" | head -1)"
JAR="$ROOT/java/target/twisty-$VERSION.jar"
NUPKG="$ROOT/csharp/artifacts/packages/Twisty.$VERSION.nupkg"
read -r -a RIDS <<< "${TWISTY_RIDS:-linux-x64 linux-arm64 win-x64}"
MAX_BYTES=$((10 * 1000 * 1000))
CHROOT="$ROOT/scripts/cross/chroot.sh"
SAMPLES="$ROOT/build/samples"
export DOTNET_NOLOGO=1 DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

fail() { echo "package: $*" >&2; exit 1; }
is_windows() { [[ "$1" == win-* ]]; }
# A library's file name on a platform (BASE without lib prefix and suffix).
libfile() { if is_windows "$1"; then echo "$2.dll"; else echo "lib$2.so"; fi; }
archive_of() { if is_windows "$1"; then echo "$OUT/twisty-c-$VERSION-$1.zip"; else echo "$OUT/twisty-c-$VERSION-$1.tar.gz"; fi; }

c_archives() {
  mkdir -p "$OUT"
  local rid
  for rid in "${RIDS[@]}"; do
    local src="$NATIVE/$rid" name="twisty-c-$VERSION-$rid" tmp
    [ -d "$src" ] || fail "$src missing: run scripts/cross-build.sh $rid"
    tmp="$(mktemp -d)"
    mkdir -p "$tmp/$name/include" "$tmp/$name/lib"
    cp "$ROOT/c-bridge/include/twisty.h" "$tmp/$name/include/"
    cp "$src/libtwisty_c.a" "$tmp/$name/lib/"
    if is_windows "$rid"; then
      mkdir -p "$tmp/$name/bin"
      cp "$src/twisty_c.dll" "$tmp/$name/bin/"
      cp "$src/libtwisty_c.dll.a" "$src/twisty_c.def" "$tmp/$name/lib/"
      rm -f "$(archive_of "$rid")"
      (cd "$tmp" && zip -qr -X "$(archive_of "$rid")" "$name")
    else
      cp "$src/libtwisty_c.so" "$tmp/$name/lib/"
      tar -C "$tmp" --owner=0 --group=0 -czf "$(archive_of "$rid")" "$name"
    fi
    rm -rf "$tmp"
    echo "$(archive_of "$rid" | sed "s|$ROOT/||"): $(stat -c %s "$(archive_of "$rid")") bytes"
  done
}

# Compares the file NAME inside zip ZIP with the staged FILE.
same_in_zip() {
  unzip -p "$1" "$2" | cmp -s - "$3" || fail "$(basename "$1"): $2 is missing or differs from $3"
}

# Every entry of ZIP under PREFIX that matches PATTERN, one per line, sorted.
zip_entries() { unzip -Z1 "$1" | grep -E "$2" | sort; }

check() {
  local rid expected
  for f in "$JAR" "$NUPKG"; do
    [ -f "$f" ] || fail "$f missing (make package builds it)"
    local size; size=$(stat -c %s "$f")
    [ "$size" -le "$MAX_BYTES" ] || fail "$(basename "$f") is $size bytes, over $MAX_BYTES"
    echo "$(basename "$f"): $size bytes"
  done
  expected=""
  for rid in "${RIDS[@]}"; do expected+="org/twisty/native/$rid/$(libfile "$rid" twisty_jni)"$'\n'; done
  [ "$(zip_entries "$JAR" '^org/twisty/native/.*[^/]$')" = "$(sort <<< "${expected%$'\n'}")" ] \
    || fail "the jar's natives are not exactly ${RIDS[*]}: $(zip_entries "$JAR" '^org/twisty/native/.*[^/]$' | tr '\n' ' ')"
  expected=""
  for rid in "${RIDS[@]}"; do expected+="runtimes/$rid/native/$(libfile "$rid" twisty_dotnet)"$'\n'; done
  [ "$(zip_entries "$NUPKG" '^runtimes/')" = "$(sort <<< "${expected%$'\n'}")" ] \
    || fail "the package's runtimes are not exactly ${RIDS[*]}: $(zip_entries "$NUPKG" '^runtimes/' | tr '\n' ' ')"
  for rid in "${RIDS[@]}"; do
    same_in_zip "$JAR" "org/twisty/native/$rid/$(libfile "$rid" twisty_jni)" "$NATIVE/$rid/$(libfile "$rid" twisty_jni)"
    same_in_zip "$NUPKG" "runtimes/$rid/native/$(libfile "$rid" twisty_dotnet)" "$NATIVE/$rid/$(libfile "$rid" twisty_dotnet)"
    local a; a="$(archive_of "$rid")"
    [ -f "$a" ] || fail "$a missing"
    local tmp; tmp="$(mktemp -d)"
    if is_windows "$rid"; then (cd "$tmp" && unzip -q "$a"); else tar -C "$tmp" -xzf "$a"; fi
    local dir="$tmp/twisty-c-$VERSION-$rid" files
    files="$(cd "$dir" && find . -type f | sort | tr '\n' ' ')"
    if is_windows "$rid"; then
      [ "$files" = "./bin/twisty_c.dll ./include/twisty.h ./lib/libtwisty_c.a ./lib/libtwisty_c.dll.a ./lib/twisty_c.def " ] \
        || fail "$(basename "$a") holds: $files"
      cmp -s "$dir/bin/twisty_c.dll" "$NATIVE/$rid/twisty_c.dll" || fail "$(basename "$a"): the DLL differs from the staged one"
    else
      [ "$files" = "./include/twisty.h ./lib/libtwisty_c.a ./lib/libtwisty_c.so " ] || fail "$(basename "$a") holds: $files"
      cmp -s "$dir/lib/libtwisty_c.so" "$NATIVE/$rid/libtwisty_c.so" || fail "$(basename "$a"): the library differs from the staged one"
    fi
    cmp -s "$dir/include/twisty.h" "$ROOT/c-bridge/include/twisty.h" || fail "$(basename "$a"): stale header"
    rm -rf "$tmp"
  done
  echo "package check: jar, nupkg and C archives hold ${RIDS[*]}, the staged (checked) libraries"
}

# What a sample printed, without what may differ from run to run: CRs, measured times.
normalised() { tr -d '\r' | sed -E 's/ in [0-9]+(\.[0-9]+)? s\b/ in _ s/g'; }

# Runs "$@" and compares what it prints with the file EXPECTED, both normalised.
same_output() {
  local expected="$1" what="$2"; shift 2
  local got; got="$("$@" | normalised)" || fail "$what failed: $got"
  if [ "$got" != "$(normalised < "$expected")" ]; then
    diff <(echo "$got") <(normalised < "$expected") >&2 || true
    fail "$what prints otherwise than on linux-x64 (diff above: <, $what; >, linux-x64)"
  fi
  echo "$what: the same output as on linux-x64 ($(wc -l < "$expected") lines)"
}

# arm64 programs run under the chroot's qemu-aarch64, with the chroot's arm64 libraries.
qemu_arm64() { "$CHROOT" run qemu-aarch64 -L / "$@"; }
# Windows programs run under the chroot's wine with a prefix of this checkout's own: a wineserver
# serves every client of its prefix and sees the files of the mount namespace it started in, so
# with a shared prefix another checkout's server would not see this one's files.
# (XDG_RUNTIME_DIR: wine wants one, private, or complains on every start.)
wine_run() {
  mkdir -p -m 700 "$ROOT/build/wine-run"
  "$CHROOT" run env WINEDEBUG=-all WINEPREFIX="$ROOT/build/wine" XDG_RUNTIME_DIR="$ROOT/build/wine-run" "$@"
}

# The C compiler, the way to run a program, and what a static link of libtwisty_c.a needs besides
# it (rustc's native-static-libs), for a platform.
c_compiler() {
  case "$1" in
    linux-x64) echo gcc ;;
    linux-arm64) echo "$CHROOT run aarch64-linux-gnu-gcc" ;;
    win-x64) echo "$CHROOT run x86_64-w64-mingw32-gcc" ;;
  esac
}
run_on() {
  local rid="$1"; shift
  case "$rid" in
    linux-x64) "$@" ;;
    linux-arm64) qemu_arm64 "$@" ;;
    win-x64) wine_run wine "$@" ;;
  esac
}
static_libs() { if is_windows "$1"; then echo "-lws2_32 -luserenv -lntdll"; else echo "-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc"; fi; }

# The C sample against each platform's archive, linked to the shared library (on Windows through
# the MinGW import library, the DLL beside the program) and to the static one.
c_samples() {
  local dir="$SAMPLES/c" rid
  rm -rf "$dir" && mkdir -p "$dir"
  c_sample_expected "$dir/expected.txt"
  for rid in "${RIDS[@]}"; do
    local pkg="$dir/$rid/twisty-c-$VERSION-$rid" exe="$dir/$rid/sample" static="$dir/$rid/sample-static" cc shared
    mkdir -p "$dir/$rid"
    if is_windows "$rid"; then (cd "$dir/$rid" && unzip -q "$(archive_of "$rid")"); else tar -C "$dir/$rid" -xzf "$(archive_of "$rid")"; fi
    cc="$(c_compiler "$rid") -std=c11 -O2 -I$pkg/include $ROOT/c-bridge/samples/sample.c"
    if is_windows "$rid"; then
      exe+=.exe; static+=.exe; shared="-L$pkg/lib -l:libtwisty_c.dll.a"; cp "$pkg/bin/twisty_c.dll" "$dir/$rid/"
    else
      shared="-L$pkg/lib -ltwisty_c -Wl,-rpath,$pkg/lib"
    fi
    $cc -o "$exe" $shared
    same_output "$dir/expected.txt" "C sample, $rid, shared library" run_on "$rid" "$exe"
    $cc -o "$static" "$pkg/lib/libtwisty_c.a" $(static_libs "$rid")
    same_output "$dir/expected.txt" "C sample, $rid, static library" run_on "$rid" "$static"
  done
}

# What the C sample prints on this machine, linked to the library cargo built here.
c_sample_expected() {
  local exe; exe="$(mktemp)"
  gcc -std=c11 -O2 -I"$ROOT/c-bridge/include" -o "$exe" "$ROOT/c-bridge/samples/sample.c" \
    -L"$ROOT/target/release" -ltwisty_c -Wl,-rpath,"$ROOT/target/release"
  "$exe" > "$1"
  rm -f "$exe"
}

# The C# sample published self-contained for RID from the packed .nupkg, into build/samples/dotnet/RID.
dotnet_publish() {
  local rid="$1" proj="$ROOT/csharp/samples/Twisty.Sample"
  rm -rf "$proj/obj" "$proj/bin" "$ROOT/csharp/artifacts/sample-packages/twisty"
  dotnet publish "$proj/Twisty.Sample.csproj" -c Release -r "$rid" --self-contained --nologo -v quiet \
    -o "$SAMPLES/dotnet/$rid" >/dev/null
  # NuGet records where each restored package came from: Twisty must be the local feed's.
  grep -qF "\"source\": \"$ROOT/csharp/artifacts/packages" "$ROOT"/csharp/artifacts/sample-packages/twisty/*/.nupkg.metadata \
    || fail "the C# sample did not restore Twisty from csharp/artifacts/packages"
}

dotnet_samples() {
  rm -rf "$SAMPLES/dotnet"
  dotnet_publish linux-x64
  "$SAMPLES/dotnet/linux-x64/Twisty.Sample" > "$SAMPLES/dotnet/expected.txt"
  local rid
  for rid in "${RIDS[@]}"; do
    case "$rid" in
      linux-arm64)
        dotnet_publish "$rid"
        # The chroot has no libicu:arm64 (an arm64 server would): .NET's invariant culture instead,
        # which prints nothing differently here.
        same_output "$SAMPLES/dotnet/expected.txt" "C# sample, linux-arm64 (qemu)" \
          qemu_arm64 -E DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 "$SAMPLES/dotnet/$rid/Twisty.Sample" ;;
      win-x64)
        dotnet_publish "$rid"
        same_output "$SAMPLES/dotnet/expected.txt" "C# sample, win-x64 (wine)" \
          wine_run wine "$SAMPLES/dotnet/$rid/Twisty.Sample.exe" ;;
    esac
  done
}

java_samples() {
  local dir="$SAMPLES/java" jvm
  rm -rf "$dir" && mkdir -p "$dir/classes"
  javac -d "$dir/classes" -cp "$JAR" "$ROOT/java/samples/Sample.java"
  java -cp "$JAR:$dir/classes" Sample > "$dir/expected.txt"
  jvm=/usr/lib/jvm/java-21-openjdk-arm64/bin/java
  [ -x "$("$CHROOT" path)$jvm" ] || fail "no arm64 JVM at $jvm in the chroot (scripts/cross/chroot.sh ensure installs it)"
  same_output "$dir/expected.txt" "Java sample, linux-arm64 (qemu)" \
    qemu_arm64 "$jvm" -cp "$JAR:$dir/classes" Sample
}

case "${1:-}" in
  c-archives) c_archives ;;
  check) check ;;
  c-samples) c_samples ;;
  dotnet-samples) dotnet_samples ;;
  java-samples) java_samples ;;
  *) echo "usage: $0 c-archives | check | c-samples | dotnet-samples | java-samples" >&2; exit 2 ;;
esac
