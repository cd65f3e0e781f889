package org.twisty.bench;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import org.twisty.cube3.Cube;
import org.twisty.cube3.Cube3Solver;

/**
 * Times the 3x3x3 two-phase solver through JNI, as Java users call it: {@link Cube#random(long)}
 * for seeds 0..N-1 (the same cubes as {@code twisty cube3 bench}), each solved once with
 * {@link Cube3Solver#solve(Cube, int)} at 21 and then at 20 moves, one at a time on one thread.
 * Each time covers the whole call (the string crossing, parsing the cube, the search, checking and
 * formatting the solution). Not a test: it asserts nothing about time.
 *
 * <p>Run with {@code make bench-java} (N = {@code BENCH_N}, default 1000), or
 * {@code java -cp twisty-0.1.0.jar:<classes> org.twisty.bench.Cube3SolverBench [N] [path]};
 * without a table file it uses {@link Cube3Solver#open()} (the per-user cache file, built on
 * first use).
 */
public final class Cube3SolverBench {
    private Cube3SolverBench() {}

    public static void main(String[] args) {
        int n = Timings.count(args);
        Path table = args.length > 1 ? Paths.get(args[1]) : Cube3Solver.defaultTableFile();
        try (Cube3Solver solver = Cube3Solver.open(table)) {
            // A short warm-up on other cubes, so that class loading and the first JNI lookups are
            // not timed.
            for (long seed = 0; seed < 20; seed++) {
                solver.solve(Cube.random(1_000_000 + seed), 21);
            }
            System.out.println("JNI (org.twisty.cube3.Cube3Solver), table file " + table + ", Java "
                    + System.getProperty("java.version") + ", " + Runtime.getRuntime().availableProcessors() + " CPUs");
            for (int maxLength : new int[] {21, 20}) {
                run(solver, n, maxLength);
            }
        }
    }

    private static void run(Cube3Solver solver, int n, int maxLength) {
        long[] nanos = new long[n];
        long moves = 0;
        for (int i = 0; i < n; i++) {
            Cube cube = Cube.random(i);
            long start = System.nanoTime();
            String solution = solver.solve(cube, maxLength);
            nanos[i] = System.nanoTime() - start;
            if (!cube.apply(solution).isSolved()) {
                throw new IllegalStateException(solution + " does not solve " + cube);
            }
            moves += solution.isEmpty() ? 0 : solution.split(" ").length;
        }
        System.out.println(String.format(Locale.ROOT,
                "two-phase via JNI, max %d moves, %d random cubes: %s; average length %.2f",
                maxLength, n, Timings.summary(nanos), (double) moves / n));
    }
}
