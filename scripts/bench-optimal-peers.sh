#!/bin/sh
# The optimal 3x3x3 solver and nissy's H48 side by side, in one run, at the same table size:
# each cube is solved by twisty and then by nissy (one process each, table loading included),
# and the script prints both times, their ratio, and the summary. nissy is found at
# $NISSY (default ../shared/peers/nissy-run); when it is absent the script says so and times
# twisty alone. It never ships or copies nissy: it runs the program.
#
#   scripts/bench-optimal-peers.sh gen [SIZE]                    generation time and peak memory
#   scripts/bench-optimal-peers.sh solve POSITIONS [THREADS] [SIZE]
#   scripts/bench-optimal-peers.sh pair POSITIONS [SIZE]         one thread each, at the same time
#   scripts/bench-optimal-peers.sh equal [SIZE] [ROUNDS]          equal work, one thread
#
# `pair` runs both programs on each cube at once, twisty on CPU 0 and nissy on CPU 1 (taskset),
# and waits for both before the next cube, so a one-thread row takes the time of the slower
# program rather than the sum. Whichever finishes first leaves the other alone on the machine
# for the rest of that cube, sharing neither caches nor memory bandwidth.
#
# `equal` gives both programs the same work: a cube with no solution of 16 moves or fewer
# (`twisty cube3 random --seed 1`, or $CUBE), searched to depth 16 on one thread, so each
# searches every depth exhaustively and the answer is "none". The runs alternate, ROUNDS
# (default 3) of each, and the ratio is over the mean CPU time (user + system, table loading
# included) and the mean wall time.
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
solve|pair)
    mode=$1
    positions=$2
    if [ "$mode" = pair ]; then
        threads=1
        size=${3:-0}
        have_nissy || { echo "pair needs nissy (not found at $NISSY)"; exit 2; }
        pin0="taskset -c 0"
        pin1="taskset -c 1"
    else
        threads=${3:-1}
        size=${4:-0}
        pin0=
        pin1=
    fi
    table="$WORK/h$size.tbl"
    [ -f "$table" ] || "$TWISTY" cube3 optimal-table --table "h$size" --tables "$table" >/dev/null
    if have_nissy && [ ! -f "$WORK/tables/h48h$size" ]; then
        (cd "$WORK" && "$NISSY" gendata -solver "h48h$size" >/dev/null)
    fi
    have_nissy || echo "nissy not found at $NISSY: twisty alone"
    # Each writes its answer and its start and end times to files in $WORK.
    run_twisty() {
        t0=$(now)
        $pin0 "$TWISTY" cube3 optimal "$1" --threads "$threads" --table "h$size" \
            --tables "$table" >"$WORK/twisty.out" 2>"$WORK/twisty.err" </dev/null
        echo "$t0 $(now)" >"$WORK/twisty.time"
    }
    run_nissy() {
        n0=$(now)
        (cd "$WORK" && $pin1 "$NISSY" solve -solver "h48h$size" -n 1 -M 20 -t "$threads" \
            -cube "$1" 2>/dev/null </dev/null | grep -v '^\[' | tail -1) >"$WORK/nissy.out"
        echo "$n0 $(now)" >"$WORK/nissy.time"
    }
    echo "cube length twisty_s nissy_s ratio twisty_nodes (threads $threads, table h$size, $mode)"
    grep -v '^#' "$positions" | awk '{print $1}' | grep . | while read -r cube; do
        rm -f "$WORK"/twisty.out "$WORK"/twisty.time "$WORK"/nissy.out "$WORK"/nissy.time
        if [ "$mode" = pair ]; then
            run_twisty "$cube" &
            run_nissy "$cube" &
            wait
        else
            run_twisty "$cube"
            have_nissy && run_nissy "$cube"
        fi
        line=$(cat "$WORK/twisty.out")
        len=$(echo "$line" | wc -w)
        # twisty's last stderr line: "1 solution(s) of L moves in S s (N nodes, R M nodes/s)"
        nodes=$(tail -1 "$WORK/twisty.err" | sed -n 's/.*(\([0-9]*\) nodes.*/\1/p')
        # Node counts printed with %.0f: mawk's %d stops at 2^31 - 1.
        if have_nissy; then
            out=$(cat "$WORK/nissy.out")
            nlen=$(echo "$out" | wc -w)
            [ "$nlen" = "$len" ] || echo "LENGTHS DIFFER: twisty $len ($line), nissy $nlen ($out)"
            echo "$cube $len $(cat "$WORK/twisty.time") $(cat "$WORK/nissy.time") ${nodes:-0}" |
                awk '{t=$4-$3; n=$6-$5; printf "%s %d %.3f %.3f %.3f %.0f\n", $1, $2, t, n, t/n, $7}'
        else
            echo "$cube $len $(cat "$WORK/twisty.time") ${nodes:-0}" |
                awk '{t=$4-$3; printf "%s %d %.3f - - %.0f\n", $1, $2, t, $5}'
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
equal)
    size=${2:-0}
    rounds=${3:-3}
    cube=${CUBE:-$("$TWISTY" cube3 random --seed 1)}
    table="$WORK/h$size.tbl"
    [ -f "$table" ] || "$TWISTY" cube3 optimal-table --table "h$size" --tables "$table" >/dev/null
    have_nissy || { echo "equal needs nissy (not found at $NISSY)"; exit 2; }
    [ -f "$WORK/tables/h48h$size" ] ||
        (cd "$WORK" && "$NISSY" gendata -solver "h48h$size" >/dev/null)
    echo "equal work: $cube to depth 16, one thread, table h$size, $rounds rounds"
    # "%U %S %e": user, system, wall; the answers (none) are discarded.
    i=0
    while [ "$i" -lt "$rounds" ]; do
        i=$((i + 1))
        /usr/bin/time -f "twisty %U %S %e" -o "$WORK/equal.time" "$TWISTY" cube3 optimal "$cube" \
            --max-length 16 --threads 1 --table "h$size" --tables "$table" >/dev/null 2>&1 </dev/null || true
        cat "$WORK/equal.time"
        (cd "$WORK" && /usr/bin/time -f "nissy %U %S %e" -o "$WORK/equal.time" "$NISSY" solve \
            -solver "h48h$size" -n 1 -M 16 -t 1 -cube "$cube" >/dev/null 2>&1 </dev/null || true)
        cat "$WORK/equal.time"
    done | tee "$WORK/last.txt"
    awk '{c[$1] += $2 + $3; w[$1] += $4; n[$1]++}
        END {printf "twisty: mean %.2f s CPU, %.2f s wall; nissy: mean %.2f s CPU, %.2f s wall\n",
                c["twisty"] / n["twisty"], w["twisty"] / n["twisty"], c["nissy"] / n["nissy"], w["nissy"] / n["nissy"]
             printf "twisty / nissy: %.2f (CPU), %.2f (wall)\n", c["twisty"] / c["nissy"], w["twisty"] / w["nissy"]}' \
        "$WORK/last.txt"
    ;;
*)
    sed -n '2,/^set /{/^#/p}' "$0"
    exit 2
    ;;
esac
