#!/usr/bin/env bash
# Compares twisty's step solvers with nissy's, solution set against solution set, one length at
# a time (nissy's count limit cuts its own search order, and its shell can crash on a range of
# lengths). A documented long run, not part of the test suite.
#
#   scripts/compare-steps-nissy.sh [STEP...]      (default: every step with a solver)
#
# Environment: SCRAMBLES (per step, default 50), JOBS (call pairs run at once, default: the
# number of cores), MODES (default: each NISS mode the step
# supports), SEED (default 1), NISSY (default ../shared/peers/nissy-run beside the repository),
# NISSY_VERSION (for the reports), RESULTS (default docs/results/steps-vs-nissy), FORCE=1 (redo
# steps already compared).
# Resumable: a step's report is written to build/nissy-steps/STEP.part while it runs and moved
# to RESULTS/STEP.txt (header, DIFFER lines, summary) once the step is complete; a step whose
# report is there is skipped (its summary still counts in the total). Within a step each call
# pair's verdict is a file under build/nissy-steps/STEP.jobs, so an interrupted run restarts at
# the calls it had not made.
# Scrambles are random move sequences; a step with a requirement gets a sequence of moves that
# keep it (DR from EO: U D R L F2 B2 in its frame; HTR: U D R2 L2 F2 B2). Every fifth scramble
# holds the cube in another orientation, so that the axes follow the centres: a whole-cube
# rotation before the moves, or after them for the steps with a requirement (moves after a
# rotation keep the requirement on the rotated axes, which is another step's: both programs
# then refuse the cube).
# nissy answers at most 255 solutions per call (its count is 8 bits): where it gives 255, the
# check is only that its solutions are among twisty's ("capped").
# twisty's tables are files in build/nissy-steps/twisty (TWISTY_STEPS_DIR of the steps
# example), built once rather than in memory by every call.
# Exit status: 0 when every compared set agrees (or nissy is absent: skipped), 1 otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
nissy=${NISSY:-$root/../shared/peers/nissy-run}
if [ ! -x "$nissy" ]; then
    echo "compare-steps-nissy: $nissy is absent, skipped"
    exit 0
fi
scrambles=${SCRAMBLES:-50}
jobs=${JOBS:-$(nproc)}
seed=${SEED:-1}
cargo build --quiet --release -p twisty --example steps --manifest-path "$root/Cargo.toml"
twisty=$root/target/release/examples/steps
work=$root/build/nissy-steps
results=${RESULTS:-$root/docs/results/steps-vs-nissy}
mkdir -p "$work/tables" "$work/twisty" "$results"
export TWISTY_STEPS_DIR=$work/twisty
cd "$work"

# STEP -> "modes|lengths|kind of scramble"
spec() {
    case $1 in
    eofb | eorl | eoud) echo "normal inverse linear mixed all|1 2 3 4 5 6|any" ;;
    drud | drrl | drfb) echo "normal inverse mixed|1 2 3 4 5 6 7|any" ;;
    dr??-eo??) echo "normal inverse linear mixed all|1 2 3 4 5 6 7 8|eo" ;;
    htr-dr??) echo "normal inverse linear mixed all|1 2 3 4 5 6 7 8 9|dr" ;;
    dr??fin) echo "normal|1 2 3 4 5 6 7 8 9 10 11 12|dr" ;;
    dr??slice) echo "normal inverse linear|1 2 3 4 5 6 7 8 9 10 11|dr" ;;
    cornersx | corners) echo "normal inverse linear|1 2 3 4 5 6 7 8 9 10|any" ;;
    *) echo "unknown step $1" >&2; exit 2 ;;
    esac
}

# A random sequence of N moves from the list, by a seeded awk generator.
random_moves() { # seed n moves...
    local s=$1 n=$2
    shift 2
    awk -v s="$s" -v n="$n" -v list="$*" 'BEGIN { srand(s); k = split(list, m, " ");
        for (i = 0; i < n; i++) printf "%s%s", (i ? " " : ""), m[int(rand() * k) + 1]; print "" }'
}

# The faces of a step's frame: which faces play U/D and F/B (for the requirement-keeping moves).
keep_moves() { # step kind
    local step=$1 kind=$2 dr eo
    dr=${step#htr-}; dr=${dr:2:2}
    case $kind in
    eo) eo=${step##*-eo} ;;
    dr) eo= ;;
    esac
    local all="U U2 U' D D2 D' R R2 R' L L2 L' F F2 F' B B2 B'"
    local out=()
    for m in $all; do
        local f=${m:0:1} ax
        case $f in U | D) ax=ud ;; R | L) ax=rl ;; F | B) ax=fb ;; esac
        if [ "$kind" = eo ]; then
            # Keeps EO on the eo axis: no quarter turns on that axis.
            if [ "$ax" = "$eo" ] && [ "${m:1}" != 2 ]; then continue; fi
        else
            # Keeps DR on the dr axis: quarter turns only on that axis.
            if [ "$ax" != "$dr" ] && [ "${m:1}" != 2 ]; then continue; fi
        fi
        out+=("$m")
    done
    echo "${out[*]}"
}

rotations=("" "x" "y" "z" "x'" "y2" "z'" "x y" "x2 z")
total=0 agree=0 capped=0 differ=0
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(eofb eorl eoud drud drrl drfb drud-eofb drrl-eofb drud-eorl
    drfb-eorl drrl-eoud drfb-eoud htr-drud htr-drrl htr-drfb drudslice drrlslice drfbslice drudfin drrlfin drfbfin corners cornersx)
for step in "${steps[@]}"; do
    IFS='|' read -r modes lengths kind <<<"$(spec "$step")"
    modes=${MODES:-$modes}
    report=$results/$step.txt
    if [ -e "$report" ] && [ "${FORCE:-0}" != 1 ]; then
        # Compared before: count its summary line ("N sets: A same, C capped, D different").
        read -r s_total s_agree s_capped s_differ < <(sed -n 's/^sets: \([0-9]*\) compared, \([0-9]*\) same, \([0-9]*\) capped (subset), \([0-9]*\) different$/\1 \2 \3 \4/p' "$report")
        echo "$step: already compared ($report): $s_agree same, $s_capped capped, $s_differ different"
    else
        part=$work/$step.part
        s_total=0 s_agree=0 s_capped=0 s_differ=0
        started=$(date +%s)
        {
            echo "# scripts/compare-steps-nissy.sh $step (SCRAMBLES=$scrambles SEED=$seed)"
            echo "# nissy: ${NISSY_VERSION:-nissy-core 3cb60bc}"
            echo "# twisty: $(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown)"
            echo "# started $(date -u '+%Y-%m-%d %H:%M UTC'), modes: $modes, lengths: $lengths"
        } >"$part"
        # One call pair per job (scramble, mode, length), JOBS at a time; each job leaves its
        # verdict in its own file, so a step interrupted within a session resumes at the calls
        # not yet made, and the report lists the differences in the same order whatever JOBS is.
        jobs_dir=$work/$step.jobs
        mkdir -p "$jobs_dir"
        for ((i = 0; i < scrambles; i++)); do
            rot=""
            ((i % 5 == 4)) && rot=${rotations[$(((i / 5) % ${#rotations[@]}))]}
            case $kind in
            any) base=$(random_moves $((seed * 100003 + i)) 20 U U2 "U'" D D2 "D'" R R2 "R'" L L2 "L'" F F2 "F'" B B2 "B'") ;;
            *) base=$(random_moves $((seed * 100003 + i)) 25 $(keep_moves "$step" "$kind")) ;;
            esac
            case $kind in
            any) scramble="$rot $base" ;;
            *) scramble="$base $rot" ;;
            esac
            for mode in $modes; do
                for d in $lengths; do
                    printf '%s\t%s\t%s\t%s\t%s\n' "$i" "$mode" "$d" "$scramble" "$jobs_dir/$i-$mode-$d"
                done
            done
        done >"$jobs_dir/list"
        export step twisty nissy
        # Each program makes a step's tables on its first call: one call each before the jobs,
        # so that parallel first calls do not race to write (or read half-written) tables.
        "$twisty" "$step" normal 1 1 "U" >/dev/null 2>&1 || true
        "$nissy" solve_scramble -solver "$step" -m 1 -M 1 -n 1 -moves "U" >/dev/null 2>&1 || true
        tr '\n' '\0' <"$jobs_dir/list" | xargs -0 -P "$jobs" -n 1 bash -c '
            IFS=$'"'"'\t'"'"' read -r i mode d scramble out <<<"$1"
            [ -e "$out" ] && exit 0
            ours=$("$twisty" "$step" "$mode" "$d" "$d" "$scramble" | sort)
            theirs=$("$nissy" solve_scramble -solver "$step" -m "$d" -M "$d" -n 255 \
                -nisstype "$mode" -moves "$scramble" 2>/dev/null | grep -v "^No solutions" | sort || true)
            n=$(printf "%s" "$theirs" | grep -c . || true)
            if [ "$ours" = "$theirs" ]; then
                echo same >"$out.tmp"
            elif [ "$n" -ge 255 ] && [ -z "$(comm -13 <(echo "$ours") <(echo "$theirs"))" ]; then
                echo capped >"$out.tmp"
            else
                {
                    echo differ
                    echo "DIFFER $step $mode length $d: $scramble"
                    diff <(echo "$ours") <(echo "$theirs") | head -6 | sed "s/^/    /"
                } >"$out.tmp"
            fi
            mv "$out.tmp" "$out"' _
        while IFS=$'\t' read -r i mode d scramble out; do
            [ -e "$out" ] || { echo "compare-steps-nissy: no verdict for $out" >&2; exit 1; }
            s_total=$((s_total + 1))
            case $(head -1 "$out") in
            same) s_agree=$((s_agree + 1)) ;;
            capped) s_capped=$((s_capped + 1)) ;;
            *)
                s_differ=$((s_differ + 1))
                tail -n +2 "$out" | tee -a "$part"
                ;;
            esac
        done <"$jobs_dir/list"
        {
            echo "# $scrambles scrambles, modes $modes, lengths $lengths, $(($(date +%s) - started)) s"
            echo "sets: $s_total compared, $s_agree same, $s_capped capped (subset), $s_differ different"
        } >>"$part"
        mv "$part" "$report"
        rm -rf "$jobs_dir"
        echo "$step: $scrambles scrambles, modes $modes, lengths $lengths: $s_agree same, $s_capped capped (subset), $s_differ different ($report)"
    fi
    total=$((total + s_total)) agree=$((agree + s_agree)) capped=$((capped + s_capped)) differ=$((differ + s_differ))
done
echo "total: $total sets compared, $agree same, $capped capped, $differ different"
[ "$differ" -eq 0 ]
