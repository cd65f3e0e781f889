#!/usr/bin/env bash
# Cross-runtime check: the Rust, Java, .NET and C suites each replay the tests/vectors/*.tsv rows
# and write what they got to $1/{rust,java,dotnet,c}.txt ("file:line<TAB>result" per row). They
# must agree byte for byte. Java and .NET replay every row and must be identical. C replays every
# row too (the \N ones included) except host_arguments.tsv, whose negative and out-of-byte values
# its unsigned types cannot express; Rust has no null and skips the \N rows and that file. Each
# of the two must equal Java on the rows it replays, and C must miss no other row.
set -euo pipefail
dir=${1:?usage: compare.sh TRANSCRIPT_DIR}
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
echo "cross-test: $(wc -l < "$dir/rust.txt") rows identical in Rust, Java, .NET and C;" \
  "$(wc -l < "$dir/c.txt") in Java, .NET and C; $(wc -l < "$dir/java.txt") in Java and .NET"
