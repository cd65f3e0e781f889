#!/usr/bin/env bash
# Cross-runtime check: the Rust, Java and .NET suites each replay every tests/vectors/*.tsv row
# and write what they got to $1/{rust,java,dotnet}.txt ("file:line<TAB>result" per row). The three
# must agree byte for byte. Rust has no null, so it skips the rows with a \N argument; those rows
# are compared between Java and .NET only.
set -euo pipefail
dir=${1:?usage: compare.sh TRANSCRIPT_DIR}
for f in rust java dotnet; do
  [ -s "$dir/$f.txt" ] || { echo "cross-test: missing or empty $dir/$f.txt" >&2; exit 1; }
done
if ! diff -u "$dir/java.txt" "$dir/dotnet.txt"; then
  echo "cross-test: Java and .NET answers differ" >&2; exit 1
fi
awk -F'\t' 'NR==FNR { keep[$1]; next } ($1 in keep)' "$dir/rust.txt" "$dir/java.txt" > "$dir/java-shared.txt"
if ! diff -u "$dir/rust.txt" "$dir/java-shared.txt"; then
  echo "cross-test: Rust and Java answers differ" >&2; exit 1
fi
echo "cross-test: $(wc -l < "$dir/rust.txt") rows identical in Rust, Java and .NET ($(wc -l < "$dir/java.txt") in Java and .NET)"
