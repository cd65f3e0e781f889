package org.twisty.sq1;

/**
 * Receives progress reports of a database build ({@link Square1Database#build}).
 *
 * <p>Reports arrive about twice a second and at the end of every pass, always on the thread that
 * called {@code build} (for {@link Square1Database#buildAsync buildAsync}, the build's own thread),
 * never concurrently. If the listener throws, the build is cancelled (the work done so far stays
 * in {@code <path>.partial}), no further reports arrive, and {@code build} rethrows the listener's
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
