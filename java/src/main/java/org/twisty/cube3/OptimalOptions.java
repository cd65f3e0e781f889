package org.twisty.cube3;

import java.time.Duration;
import java.util.Objects;
import org.twisty.BuildListener;
import org.twisty.Cancellation;

/**
 * The options of {@link OptimalSolver#solve(Cube, OptimalOptions)}: an immutable value, changed
 * with withers.
 *
 * <pre>{@code
 * OptimalOptions many = OptimalOptions.defaults().withMaxSolutions(1000).withThreads(2)
 *         .withTimeout(Duration.ofMinutes(5));
 * }</pre>
 *
 * <p>The search tries the lengths from {@linkplain #minLength() minLength} (or the cube's lower
 * bound, if greater) up to {@linkplain #maxLength() maxLength}, one after the other, and returns
 * the solutions of the first length that has any: at most {@linkplain #maxSolutions()
 * maxSolutions} of them, in the engine's canonical order. The answer does not depend on the
 * number of {@linkplain #threads() threads}.
 *
 * <p>The withers keep what they are given; {@link OptimalSolver#solve(Cube, OptimalOptions)}
 * checks the values when the search starts and refuses bad ones with
 * {@link IllegalArgumentException} (code 6) and the engine's words, the same in every runtime:
 * {@code "min_length must not be negative (got -1)"} (likewise {@code max_length},
 * {@code max_solutions}, {@code threads}), {@code "max_length 41 is out of range 0..=40"},
 * {@code "min_length 9 is greater than max_length 8"}, {@code "max_solutions must be at least 1"},
 * {@code "max_solutions 1000001 out of range 1..=1000000"},
 * {@code "threads 100000 out of range 0..=256"}, {@code "timeout must not be negative (got -1 ms)"}.
 *
 * <p>Defaults: minimum length 0, maximum length {@value #DEFAULT_MAX_LENGTH} (every cube has a
 * solution of at most 20 moves), {@value #DEFAULT_MAX_SOLUTIONS} solution, threads 0 (one per
 * core), no timeout, no cancellation, no progress listener.
 */
public final class OptimalOptions {
    /** The default maximum length, 20: every cube has a solution of at most 20 face turns. */
    public static final int DEFAULT_MAX_LENGTH = 20;

    /** The default number of solutions, 1: the first in the engine's canonical order. */
    public static final long DEFAULT_MAX_SOLUTIONS = 1;

    private static final OptimalOptions DEFAULTS =
            new OptimalOptions(0, DEFAULT_MAX_LENGTH, DEFAULT_MAX_SOLUTIONS, 0, null, null, null);

    private final int minLength;
    private final int maxLength;
    private final long maxSolutions;
    private final int threads;
    private final Duration timeout;
    private final Cancellation cancellation;
    private final BuildListener progress;

    private OptimalOptions(int minLength, int maxLength, long maxSolutions, int threads, Duration timeout,
            Cancellation cancellation, BuildListener progress) {
        this.minLength = minLength;
        this.maxLength = maxLength;
        this.maxSolutions = maxSolutions;
        this.threads = threads;
        this.timeout = timeout;
        this.cancellation = cancellation;
        this.progress = progress;
    }

    /**
     * The default options (see the class description).
     *
     * @return the defaults
     */
    public static OptimalOptions defaults() {
        return DEFAULTS;
    }

    /**
     * The shortest solution length searched: shorter lengths are skipped.
     *
     * @return the minimum length, 0 by default
     */
    public int minLength() {
        return minLength;
    }

    /**
     * The longest solution length searched. When the cube needs more, the solve fails with
     * {@link IllegalArgumentException}, at once when a lower bound already shows it ("no solution
     * of at most 2 moves exists for this cube: it needs at least 3"), else after searching every
     * length ("no solution of at most 2 moves exists for this cube").
     *
     * @return the maximum length, {@value #DEFAULT_MAX_LENGTH} by default
     */
    public int maxLength() {
        return maxLength;
    }

    /**
     * The most solutions returned, of the first length that has any (all of them when there are
     * fewer).
     *
     * @return the maximum number of solutions, {@value #DEFAULT_MAX_SOLUTIONS} by default
     */
    public long maxSolutions() {
        return maxSolutions;
    }

    /**
     * The threads the search runs on, at most 256: 1 searches on the calling thread, more start
     * that many threads for this solve (the calling thread waits for them), 0 one per core.
     *
     * @return the thread count, 0 (one per core) by default
     */
    public int threads() {
        return threads;
    }

    /**
     * The time after which the solve gives up with
     * {@link java.util.concurrent.CancellationException}.
     *
     * @return the timeout, null (or zero) for none
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * The flag that stops the solve with {@link java.util.concurrent.CancellationException}.
     *
     * @return the cancellation, null for none
     */
    public Cancellation cancellation() {
        return cancellation;
    }

    /**
     * The listener told after each finished search depth (see
     * {@link OptimalSolver#solve(Cube, OptimalOptions)}).
     *
     * @return the listener, null for none
     */
    public BuildListener progress() {
        return progress;
    }

    /**
     * These options with another minimum length.
     *
     * @param minLength skip solution lengths below this, 0 to {@link #maxLength()} (checked by
     *     the solve)
     * @return the new options
     */
    public OptimalOptions withMinLength(int minLength) {
        return new OptimalOptions(minLength, maxLength, maxSolutions, threads, timeout, cancellation, progress);
    }

    /**
     * These options with another maximum length.
     *
     * @param maxLength search solution lengths up to this, 0 to 40 (checked by the solve)
     * @return the new options
     */
    public OptimalOptions withMaxLength(int maxLength) {
        return new OptimalOptions(minLength, maxLength, maxSolutions, threads, timeout, cancellation, progress);
    }

    /**
     * These options with another maximum number of solutions.
     *
     * @param maxSolutions return at most this many solutions, 1 to 1,000,000 (the engine's limit,
     *     for the memory they take; checked by the solve)
     * @return the new options
     */
    public OptimalOptions withMaxSolutions(long maxSolutions) {
        return new OptimalOptions(minLength, maxLength, maxSolutions, threads, timeout, cancellation, progress);
    }

    /**
     * These options with another thread count.
     *
     * @param threads threads for the solve, 0 (one per core) to 256 (checked by the solve)
     * @return the new options
     */
    public OptimalOptions withThreads(int threads) {
        return new OptimalOptions(minLength, maxLength, maxSolutions, threads, timeout, cancellation, progress);
    }

    /**
     * These options with another timeout.
     *
     * <p>The one timeout rule of the library (the engine's, the same in every runtime): null or
     * zero means no limit; a positive timeout is rounded up to whole milliseconds; a negative one
     * is kept here and refused by the solve, which throws {@link IllegalArgumentException}
     * (code 6), "timeout must not be negative (got -1 ms)".
     *
     * @param timeout give up after this long, or null (or zero) for no timeout
     * @return the new options
     */
    public OptimalOptions withTimeout(Duration timeout) {
        return new OptimalOptions(minLength, maxLength, maxSolutions, threads, timeout, cancellation, progress);
    }

    /**
     * These options with another cancellation flag.
     *
     * @param cancellation a flag another thread may cancel to stop the solve, or null
     * @return the new options
     */
    public OptimalOptions withCancellation(Cancellation cancellation) {
        return new OptimalOptions(minLength, maxLength, maxSolutions, threads, timeout, cancellation, progress);
    }

    /**
     * These options with another progress listener.
     *
     * @param progress told after each finished search depth on the calling thread, or null
     * @return the new options
     */
    public OptimalOptions withProgress(BuildListener progress) {
        return new OptimalOptions(minLength, maxLength, maxSolutions, threads, timeout, cancellation, progress);
    }

    /** Equal when all seven options are equal (the cancellation flags and listeners by identity). */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof OptimalOptions)) {
            return false;
        }
        OptimalOptions p = (OptimalOptions) o;
        return minLength == p.minLength && maxLength == p.maxLength && maxSolutions == p.maxSolutions
                && threads == p.threads && Objects.equals(timeout, p.timeout) && cancellation == p.cancellation
                && progress == p.progress;
    }

    @Override
    public int hashCode() {
        return Objects.hash(minLength, maxLength, maxSolutions, threads, timeout, System.identityHashCode(cancellation),
                System.identityHashCode(progress));
    }

    @Override
    public String toString() {
        return "OptimalOptions[minLength=" + minLength + ", maxLength=" + maxLength + ", maxSolutions=" + maxSolutions
                + ", threads=" + threads + ", timeout=" + timeout + ", cancellation="
                + (cancellation == null ? "none" : "set") + ", progress=" + (progress == null ? "none" : "set") + "]";
    }
}
