#!/bin/sh
# The optimal 3x3x3 solver and nissy's H48 side by side, in one run, at the same table size:
# each cube is solved by twisty and then by nissy (one process each, table loading included),
# and the script prints both times, their ratio, and the summary. nissy is found at
# $NISSY (default ../shared/peers/nissy-run); when it is absent the script says so and times
# twisty alone. It never ships or copies nissy: it runs the program.
#
#   scripts/bench-optimal-peers.sh gen [SIZE]                    generation time and peak memory
#   scripts/bench-optimal-peers.sh solve POSITIONS [THREADS] [SIZE]
#
# POSITIONS: one B32 cube per line (`#` comments), e.g. bench/positions/cube3-optimal-16.txt.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TWISTY=${TWISTY:-$ROOT/target/release/twisty}
NISSY=${NISSY:-$ROOT/../shared/peers/nissy-run}
WORK=${BENCH_DIR:-$ROOT/build/bench-optimal}
mkdir -p "$WORK/tables"
have_nissy() { [ -x "$NISSY" ]; }
now() { date +%s.%N; }

case "${1:-}" in
gen)
    size=${2:-0}
    rm -f "$WORK/h$size.tbl"
    echo "twisty: generating h$size"
    /usr/bin/time -f "twisty h$size: %e s wall, %M KB peak" \
        "$TWISTY" cube3 optimal-table --table "h$size" --tables "$WORK/h$size.tbl" >/dev/null
    if have_nissy; then
        rm -f "$WORK/tables/h48h$size"
        (cd "$WORK" && /usr/bin/time -f "nissy h48h$size: %e s wall, %M KB peak" \
            "$NISSY" gendata -solver "h48h$size" >/dev/null)
    else
        echo "nissy not found at $NISSY: skipped"
    fi
    ;;
solve)
    positions=$2
    threads=${3:-1}
    size=${4:-0}
    table="$WORK/h$size.tbl"
    [ -f "$table" ] || "$TWISTY" cube3 optimal-table --table "h$size" --tables "$table" >/dev/null
    if have_nissy && [ ! -f "$WORK/tables/h48h$size" ]; then
        (cd "$WORK" && "$NISSY" gendata -solver "h48h$size" >/dev/null)
    fi
    have_nissy || echo "nissy not found at $NISSY: twisty alone"
    echo "cube length twisty_s nissy_s ratio twisty_nodes (threads $threads, table h$size)"
    grep -v '^#' "$positions" | awk '{print $1}' | grep . | while read -r cube; do
        t0=$(now)
        line=$("$TWISTY" cube3 optimal "$cube" --threads "$threads" --table "h$size" \
            --tables "$table" 2>"$WORK/twisty.err")
        t1=$(now)
        len=$(echo "$line" | wc -w)
        # twisty's last stderr line: "1 solution(s) of L moves in S s (N nodes, R M nodes/s)"
        nodes=$(tail -1 "$WORK/twisty.err" | sed -n 's/.*(\([0-9]*\) nodes.*/\1/p')
        if have_nissy; then
            n0=$(now)
            out=$(cd "$WORK" && "$NISSY" solve -solver "h48h$size" -n 1 -M 20 -t "$threads" \
                -cube "$cube" 2>/dev/null | grep -v '^\[' | tail -1)
            n1=$(now)
            nlen=$(echo "$out" | wc -w)
            [ "$nlen" = "$len" ] || echo "LENGTHS DIFFER: twisty $len ($line), nissy $nlen ($out)"
            echo "$cube $len $t0 $t1 $n0 $n1 ${nodes:-0}" |
                awk '{t=$4-$3; n=$6-$5; printf "%s %d %.3f %.3f %.3f %d\n", $1, $2, t, n, t/n, $7}'
        else
            echo "$cube $len $t0 $t1 ${nodes:-0}" |
                awk '{t=$4-$3; printf "%s %d %.3f - - %d\n", $1, $2, t, $5}'
        fi
    done | tee "$WORK/last.txt"
    summary() { # column name
        grep -E '^[A-Za-z]{8}=' "$WORK/last.txt" | awk -v c="$1" '$c != "-" {print $c}' | sort -n |
            awk -v name="$2" '{a[NR] = $1; s += $1}
                END {if (NR) printf "%s mean %.3f s, median %.3f s, max %.3f s over %d cubes\n",
                    name, s / NR, a[int((NR + 1) / 2)], a[NR], NR}'
    }
    summary 3 "twisty:"
    summary 4 "nissy: "
    grep -E '^[A-Za-z]{8}=' "$WORK/last.txt" | awk '$4 != "-" {t += $3; n += $4}
        END {if (n > 0) printf "twisty / nissy (ratio of the means): %.2f\n", t / n}'
    # Over the process times, so table loading counts against the rate.
    grep -E '^[A-Za-z]{8}=' "$WORK/last.txt" | awk '{t += $3; k += $6}
        END {if (t > 0) printf "twisty nodes: %.2f M per cube, %.2f M nodes/s\n", k / NR / 1e6, k / t / 1e6}'
    ;;
*)
    sed -n '2,12p' "$0"
    exit 2
    ;;
esac
