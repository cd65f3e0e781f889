#!/usr/bin/env bash
# Writes tests/vectors/cube3_steps_nissy.tsv: a small fixed set of nissy's step solutions as
# `cube3_step_solve` vector rows. For each case, nissy's solution set (nissy-run, one length,
# no count limit below 255) must equal twisty's, or the script fails and writes nothing; each row
# then holds that set in twisty's order. Run by hand when the cases change (nissy is not needed to
# replay the rows).
#
#   scripts/steps-vectors-nissy.sh        (NISSY: default ../shared/peers/nissy-run)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
nissy=${NISSY:-$root/../shared/peers/nissy-run}
if [ ! -x "$nissy" ]; then
    echo "steps-vectors-nissy: $nissy is absent, nothing written" >&2
    exit 1
fi
cargo build --quiet --release -p twisty --example steps --manifest-path "$root/Cargo.toml"
twisty=$root/target/release/examples/steps
work=$root/build/nissy-steps
mkdir -p "$work/tables"
cd "$work"

s1="R' U' F D2 L2 F R2 U2 R2 B D2 L F2 L' U F' R D' F2 L' U' R' U' F"
# s1 with EO on F/B solved, and a DR scramble (U/D) made of U, D and half turns.
eo="$s1 D2 L F' R2 B"
dr="U R2 F2 D' L2 B2 U' R2 U2 B2 D' F2 U L2 D2 F2 R2 U' B2 U"
# step|niss|scramble: the row is for the shortest length with a solution
cases=(
    "eofb|normal|$s1"
    "eofb|mixed|$s1"
    "eorl|inverse|$s1"
    "eoud|linear|$s1"
    "eofb|normal|x y $s1"
    "drud|normal|$s1"
    "drrl|mixed|$s1"
    "drud-eofb|normal|$eo"
    "drud-eofb|mixed|$eo"
    "drrl-eofb|inverse|$eo"
    "htr-drud|normal|$dr"
    "htr-drud|mixed|$dr"
    "drudslice|normal|$dr"
    "drudfin|normal|$dr"
    "corners|normal|$s1"
    "cornersx|inverse|$s1"
)
out=$root/tests/vectors/cube3_steps_nissy.tsv
tmp=$(mktemp)
{
    echo "# Written by scripts/steps-vectors-nissy.sh: nissy's step solutions (nissy-run, the same step,"
    echo "# NISS mode and length, every solution), each row's set checked equal to twisty's when written,"
    echo "# in twisty's order: cube3_step_solve step, cube, niss, min, max, max_solutions, margin, threads."
} >"$tmp"
for c in "${cases[@]}"; do
    IFS='|' read -r step mode scramble <<<"$c"
    d=1
    while [ -z "$("$twisty" "$step" "$mode" "$d" "$d" "$scramble" | head -1)" ]; do d=$((d + 1)); done
    ours=$("$twisty" "$step" "$mode" "$d" "$d" "$scramble" | sort)
    theirs=$("$nissy" solve_scramble -solver "$step" -m "$d" -M "$d" -n 255 -nisstype "$mode" \
        -moves "$scramble" 2>/dev/null | grep -v '^No solutions' | sort || true)
    n=$(printf '%s' "$theirs" | grep -c . || true)
    if [ "$ours" != "$theirs" ] || [ "$n" -ge 255 ] || [ "$n" -eq 0 ]; then
        echo "steps-vectors-nissy: $step $mode length $d on '$scramble': twisty and nissy differ (or nissy gives $n)" >&2
        diff <(echo "$ours") <(echo "$theirs") | head >&2 || true
        rm -f "$tmp"
        exit 1
    fi
    echo "# $step, $mode, length $d, scramble: $scramble ($n solutions)" >>"$tmp"
    "$twisty" row "$step" "$mode" "$d" "$d" "$scramble" >>"$tmp"
done
mv "$tmp" "$out"
echo "steps-vectors-nissy: wrote $out (${#cases[@]} rows)"
