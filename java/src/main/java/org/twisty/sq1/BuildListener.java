package org.twisty.sq1;

/**
 * Receives progress reports of a long operation: a database build ({@link Square1Database#build}),
 * the solver's table build ({@link Square1Solver#open(java.nio.file.Path, BuildListener,
 * org.twisty.Cancellation) Square1Solver.open}) or an optimal search
 * ({@link Square1Solver#solve(Square1State, Metric, java.time.Duration, org.twisty.Cancellation,
 * BuildListener) Square1Solver.solve}, one report per finished search depth).
 *
 * <p>Builds report about twice a second and at the end of every pass. Reports always arrive on the
 * thread that started the operation (for {@link Square1Database#buildAsync buildAsync} and
 * {@link Square1Solver#openAsync openAsync}, the operation's own thread), never concurrently. If
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
