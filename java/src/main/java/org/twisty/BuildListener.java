package org.twisty;

/**
 * Receives progress reports of a long operation of either puzzle: a database build
 * ({@link org.twisty.sq1.Square1Database#build Square1Database.build}), a solver's table build
 * ({@link org.twisty.sq1.Square1Solver#open(java.nio.file.Path, BuildListener, Cancellation)
 * Square1Solver.open}, {@link org.twisty.cube3.Cube3Solver#open(java.nio.file.Path, BuildListener,
 * Cancellation) Cube3Solver.open}) or an optimal search
 * ({@link org.twisty.sq1.Square1Solver#solve(org.twisty.sq1.Square1State, org.twisty.sq1.Metric,
 * java.time.Duration, Cancellation, BuildListener) Square1Solver.solve} and
 * {@link org.twisty.cube3.OptimalSolver#solve(org.twisty.cube3.Cube, org.twisty.cube3.OptimalOptions)
 * OptimalSolver.solve}, one report per finished search depth; the optimal solver's table build is
 * {@link org.twisty.cube3.OptimalSolver#open(java.nio.file.Path, int, BuildListener, Cancellation)
 * OptimalSolver.open}).
 *
 * <p>Builds report about twice a second and at the end of every pass. Reports always arrive on the
 * thread that started the operation (for the {@code buildAsync} and {@code openAsync} variants,
 * the operation's own thread), never concurrently. If
 * the listener throws, the operation is cancelled (a database build keeps the work done so far in
 * {@code <path>.partial}), no further reports arrive, and the operation rethrows the listener's
 * exception.
 */
@FunctionalInterface
public interface BuildListener {
    /**
     * Called with each progress report.
     *
     * @param progress the report
     */
    void onProgress(BuildProgress progress);
}
