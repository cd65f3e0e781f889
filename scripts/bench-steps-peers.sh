#!/usr/bin/env bash
# Times twisty's step solvers side by side with nissy's, one program call per step, length and
# scramble (the cost of a command-line call with tables on disk), on the same scrambles in one
# run. A documented benchmark, not part of the test suite; figures in docs/benchmarks.md.
#
#   scripts/bench-steps-peers.sh
#
# Environment: SCRAMBLES (per step, default 3), SEED (default 1), NISSY (default
# ../shared/peers/nissy-run beside the repository).
# Each step is solved one length at a time (-m d -M d, every solution up to 255: nissy's count is
# 8 bits, so twisty gets the same cap), in the NISS modes the step allows among normal and
# mixed: twisty with one thread and with two, nissy with one. Table generation is timed once,
# apart, when the tables are missing: twisty's files go to build/bench-steps/twisty (one per
# step family), nissy's to build/bench-steps/tables. Exit status 0, also when nissy is absent
# (skipped).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
nissy=${NISSY:-$root/../shared/peers/nissy-run}
if [ ! -x "$nissy" ]; then
    echo "bench-steps-peers: $nissy is absent, skipped"
    exit 0
fi
scrambles=${SCRAMBLES:-3}
seed=${SEED:-1}
cargo build --quiet --release -p twisty-cli --manifest-path "$root/Cargo.toml"
twisty=$root/target/release/twisty
work=$root/build/bench-steps
mkdir -p "$work/tables" "$work/twisty"
cd "$work"

now() { date +%s%N; }
ms() { echo $((($2 - $1) / 1000000)); }

# STEP|modes|longest length|kind of scramble|nissy's table file|twisty's table files
cases=(
    "eofb|normal mixed|6|any|EO|eo"
    "drud-eofb|normal mixed|10|eo|DREO|dreo"
    "htr-drud|normal mixed|12|dr|HTR|htr"
    "drudfin|normal|12|dr|DRFIN|finish"
    "corners|normal|10|any|CORNERS|corners cornersx"
)

random_moves() { # seed n moves...
    local s=$1 n=$2
    shift 2
    awk -v s="$s" -v n="$n" -v list="$*" 'BEGIN { srand(s); k = split(list, m, " ");
        for (i = 0; i < n; i++) printf "%s%s", (i ? " " : ""), m[int(rand() * k) + 1]; print "" }'
}
all="U U2 U' D D2 D' R R2 R' L L2 L' F F2 F' B B2 B'"
keeps_eo="U U2 U' D D2 D' R R2 R' L L2 L' F2 B2"
keeps_dr="U U2 U' D D2 D' R2 L2 F2 B2"

echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
echo
echo "| step | twisty build (first call) | twisty call, tables mapped | twisty file(s) | nissy gendata | nissy file |"
echo "|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
    IFS='|' read -r step _ _ _ file families <<<"$c"
    files=()
    for f in $families; do files+=("twisty/cube3-step-$f-v1.tbl"); done
    # A call on the solved cube: opens (or builds) the tables and finds the empty solution.
    call() { "$twisty" cube3 step "$step" --moves "" --tables-dir "$work/twisty" >/dev/null 2>&1; }
    tbuild="present"
    if [ ! -e "${files[0]}" ]; then
        t0=$(now); call; tbuild="$(ms "$t0" "$(now)") ms"
    fi
    t0=$(now); call; tmapped="$(ms "$t0" "$(now)") ms"
    tsize=$(stat -c %s "${files[@]}" | paste -sd+ | bc)
    ngen="present"
    if [ ! -e "tables/$file" ]; then
        t0=$(now); "$nissy" gendata -solver "$step" >/dev/null 2>&1; ngen="$(ms "$t0" "$(now)") ms"
    fi
    echo "| $step | $tbuild | $tmapped | $tsize | $ngen | $(stat -c %s "tables/$file") |"
done
echo
echo "| step | mode | lengths | calls | twisty 1 thread | twisty 2 threads | nissy 1 thread | twisty/nissy (1 thread) |"
echo "|---|---|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
    IFS='|' read -r step modes longest kind _ _ <<<"$c"
    for mode in $modes; do
        t1=0 t2=0 tn=0 calls=0
        for ((i = 0; i < scrambles; i++)); do
            s=$((seed * 100003 + i))
            case $kind in
            any) scramble=$(random_moves $s 20 $all) ;;
            eo) scramble="$(random_moves $s 25 $keeps_eo)" ;;
            dr) scramble="$(random_moves $s 25 $keeps_dr)" ;;
            esac
            for ((d = 1; d <= longest; d++)); do
                a=$(now)
                ours=$("$twisty" cube3 step "$step" --moves "$scramble" --min-length $d --max-length $d \
                    --limit 255 --niss "$mode" --threads 1 --tables-dir "$work/twisty" 2>/dev/null | sort)
                b=$(now)
                "$twisty" cube3 step "$step" --moves "$scramble" --min-length $d --max-length $d \
                    --limit 255 --niss "$mode" --threads 2 --tables-dir "$work/twisty" >/dev/null 2>&1
                c2=$(now)
                theirs=$("$nissy" solve_scramble -solver "$step" -m $d -M $d -n 255 -t 1 \
                    -nisstype "$mode" -moves "$scramble" 2>/dev/null | grep -v '^No solutions' | sort || true)
                e=$(now)
                t1=$((t1 + b - a)) t2=$((t2 + c2 - b)) tn=$((tn + e - c2)) calls=$((calls + 1))
                if [ "$(echo "$ours" | grep -c .)" != "$(echo "$theirs" | grep -c .)" ]; then
                    echo "COUNT DIFFERS $step $mode length $d: $scramble" >&2
                fi
            done
        done
        ratio=$(awk -v a=$t1 -v b=$tn 'BEGIN { printf "%.2f", a / b }')
        echo "| $step | $mode | 1-$longest | $calls | $((t1 / 1000000)) ms | $((t2 / 1000000)) ms | $((tn / 1000000)) ms | $ratio |"
    done
done
