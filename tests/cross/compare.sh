#!/usr/bin/env bash
# Cross-runtime check: the Rust, Java, .NET and C suites each replay the tests/vectors/*.tsv rows
# and write what they got to $1/{rust,java,dotnet,c}.txt ("file:line<TAB>result" per row). They
# must agree byte for byte. Java and .NET replay every row and must be identical. C replays every
# row too (the \N ones included) except host_arguments.tsv, whose negative and out-of-byte values
# its unsigned types cannot express; Rust has no null and skips the \N rows and that file. Each
# of the two must equal Java on the rows it replays, and C must miss no other row.
#
# The C test program run on other platforms (make c-cross-test) writes c-<platform>.txt: each
# present must equal linux-x64's c.txt on every row, except the rows that tests/cross/skips.tsv
# leaves out on that platform (printed with the reason).
set -euo pipefail
dir=${1:?usage: compare.sh TRANSCRIPT_DIR}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
declare -A name=([rust]=Rust [java]=Java [dotnet]=.NET [c]=C)
for f in rust java dotnet c; do
  [ -s "$dir/$f.txt" ] || { echo "cross-test: missing or empty $dir/$f.txt (${name[$f]})" >&2; exit 1; }
done
if ! diff -u "$dir/java.txt" "$dir/dotnet.txt"; then
  echo "cross-test: Java and .NET answers differ" >&2; exit 1
fi
# Java's answers on the rows that $1 replayed, in Java's order.
java_on_rows_of() {
  awk -F'\t' 'NR==FNR { keep[$1]; next } ($1 in keep)' "$dir/$1.txt" "$dir/java.txt" > "$dir/java-$1.txt"
}
for f in c rust; do
  java_on_rows_of "$f"
  if ! diff -u "$dir/java-$f.txt" "$dir/$f.txt"; then
    echo "cross-test: Java and ${name[$f]} answers differ" >&2; exit 1
  fi
done
missed=$(awk -F'\t' 'NR==FNR { keep[$1]; next } !($1 in keep) && $1 !~ /^host_arguments\.tsv:/' \
  "$dir/c.txt" "$dir/java.txt")
if [ -n "$missed" ]; then
  printf 'cross-test: C did not replay these rows:\n%s\n' "$missed" >&2; exit 1
fi
# "file:line<TAB>why" for each vector row that skips.tsv leaves out on platform $1.
skipped_on() {
  awk -F'\t' -v platform="$1" '
    FILENAME ~ /skips\.tsv$/ { if ($0 !~ /^#/ && NF == 3 && $1 == platform) { text[++n] = $2; why[n] = $3 } next }
    /^#/ || /^$/ { next }
    { for (i = 1; i <= n; i++) if (index($0, text[i])) { f = FILENAME; sub(/.*\//, "", f); print f ":" FNR "\t" why[i]; next } }
  ' "$here/skips.tsv" "$here/../vectors"/*.tsv
}
for other in "$dir"/c-*.txt; do
  [ -e "$other" ] || continue
  platform=${other##*/c-}; platform=${platform%.txt}
  skipped_on "$platform" > "$dir/skipped-$platform.txt"
  # (FILENAME, not NR==FNR: the list of skipped rows may be empty)
  awk -F'\t' 'FILENAME == ARGV[1] { skip[$1]; next } !($1 in skip)' "$dir/skipped-$platform.txt" "$dir/c.txt" \
    > "$dir/expected-c-$platform.txt"
  if ! diff -u "$dir/expected-c-$platform.txt" "$other"; then
    echo "cross-test: C on $platform and C on linux-x64 answer differently" >&2; exit 1
  fi
  while IFS=$'\t' read -r row why; do
    echo "cross-test: $platform: $row skipped: $why"
  done < "$dir/skipped-$platform.txt"
  echo "cross-test: C on $platform: $(wc -l < "$other") rows identical to linux-x64," \
    "$(wc -l < "$dir/skipped-$platform.txt") skipped"
done
echo "cross-test: $(wc -l < "$dir/rust.txt") rows identical in Rust, Java, .NET and C;" \
  "$(wc -l < "$dir/c.txt") in Java, .NET and C; $(wc -l < "$dir/java.txt") in Java and .NET"
