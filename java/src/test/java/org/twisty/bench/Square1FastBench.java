package org.twisty.bench;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import org.twisty.sq1.Colouring;
import org.twisty.sq1.FastSolveOptions;
import org.twisty.sq1.SolverSolution;
import org.twisty.sq1.Square1Solver;
import org.twisty.sq1.Square1State;
import org.twisty.sq1.Square1Tables;

/**
 * Times the Square-1 two-phase solver through JNI, as Java users call it (the comparison with
 * sq12phase, itself Java): {@link Square1Tables#randomState} for seeds 0..N-1 (the same states as
 * {@code twisty sq1 bench --metric face --fast-nodes 200000}), each solved once with
 * {@link Square1Solver#solveFast(Square1State)} (the defaults: face-turn metric, 200,000 nodes),
 * one at a time on one thread. Each time covers the whole call. Not a test: it asserts nothing
 * about time.
 *
 * <p>Run with {@code make bench-java} (N = {@code BENCH_N}, default 1000), or
 * {@code java -cp twisty-0.1.0.jar:<classes> org.twisty.bench.Square1FastBench [N] [path]}.
 */
public final class Square1FastBench {
    private Square1FastBench() {}

    public static void main(String[] args) {
        int n = Timings.count(args);
        Path table = args.length > 1 ? Paths.get(args[1]) : Square1Solver.defaultTableFile();
        try (Square1Solver solver = Square1Solver.open(table); Square1Tables tables = new Square1Tables()) {
            // Warm-up on other states: class loading, the first JNI lookups and the engine's
            // endgame set (built by the first search of a process) are not timed.
            for (long seed = 0; seed < 20; seed++) {
                solver.solveFast(tables.randomState(1_000_000 + seed, Colouring.SIX_COLOUR));
            }
            System.out.println("JNI (org.twisty.sq1.Square1Solver), table file " + table + ", Java "
                    + System.getProperty("java.version") + ", " + Runtime.getRuntime().availableProcessors() + " CPUs");
            long[] nanos = new long[n];
            long moves = 0;
            for (int i = 0; i < n; i++) {
                Square1State state = tables.randomState(i, Colouring.SIX_COLOUR);
                long start = System.nanoTime();
                SolverSolution s = solver.solveFast(state);
                nanos[i] = System.nanoTime() - start;
                if (!state.apply(s.moves()).isSolved()) {
                    throw new IllegalStateException(s + " does not solve " + state);
                }
                moves += s.length();
            }
            System.out.println(String.format(Locale.ROOT,
                    "Square-1 two-phase via JNI, defaults (%d nodes), %d random states: %s; average length %.2f face turns",
                    FastSolveOptions.DEFAULT_NODE_LIMIT, n, Timings.summary(nanos), (double) moves / n));
        }
    }
}
