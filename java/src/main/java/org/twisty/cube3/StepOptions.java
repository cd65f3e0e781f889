package org.twisty.cube3;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import org.twisty.BuildListener;
import org.twisty.Cancellation;

/**
 * The options of {@link StepSolver#solve(String, Cube, StepOptions)}: an immutable value, changed
 * with withers.
 *
 * <pre>{@code
 * StepOptions eo = StepOptions.defaults().withNiss(NissMode.ALL).withMaxLength(6)
 *         .withMaxSolutions(10).withMargin(1);
 * }</pre>
 *
 * <p>The search tries the lengths from {@linkplain #minLength() minLength} up to
 * {@linkplain #maxLength() maxLength}, shortest first, and lists at most
 * {@linkplain #maxSolutions() maxSolutions} solutions, each once, in the engine's order (the same
 * with any number of {@linkplain #threads() threads}); with a {@linkplain #margin() margin} it
 * stops after the lengths up to the shortest found plus the margin.
 *
 * <p>The withers keep what they are given; the solve checks the values before any table is built
 * or searched and refuses bad ones with {@link IllegalArgumentException} (code 6) and the
 * engine's words, the same in every runtime: {@code "minimum length must not be negative (got
 * -1)"}, {@code "maximum length 21 is above 20"}, {@code "minimum length 6 is above the maximum
 * length 5"}, {@code "the solution limit must be at least 1"}, {@code "max_solutions must not be
 * negative (got -3)"}, {@code "thread count 0 is out of range 1..=256"}, {@code "timeout must not
 * be negative (got -1 ms)"}, and {@code "step drudslice cannot switch NISS sides: niss mode mixed
 * is not available for it"}.
 *
 * <p>Defaults: {@link NissMode#NORMAL}, minimum length 0, maximum length
 * {@value #DEFAULT_MAX_LENGTH}, {@value #DEFAULT_MAX_SOLUTIONS} solution, no margin, 1 thread, no
 * timeout, no cancellation, no progress listener.
 */
public final class StepOptions implements Cloneable {
    /** The default (and largest) maximum length, 20. */
    public static final int DEFAULT_MAX_LENGTH = 20;

    /** The default number of solutions, 1: the first in the engine's order. */
    public static final long DEFAULT_MAX_SOLUTIONS = 1;

    /** A {@linkplain #maxSolutions() maxSolutions} that lists every solution in the lengths searched. */
    public static final long ALL_SOLUTIONS = Long.MAX_VALUE;

    /** The {@linkplain #margin() margin} meaning none: every length up to the maximum may be searched. */
    public static final int NO_MARGIN = -1;

    private static final StepOptions DEFAULTS = new StepOptions();

    private NissMode niss = NissMode.NORMAL;
    private int minLength = 0;
    private int maxLength = DEFAULT_MAX_LENGTH;
    private long maxSolutions = DEFAULT_MAX_SOLUTIONS;
    private int margin = NO_MARGIN;
    private int threads = 1;
    private Duration timeout;
    private Cancellation cancellation;
    private BuildListener progress;

    private StepOptions() {}

    /**
     * The default options (see the class description).
     *
     * @return the defaults
     */
    public static StepOptions defaults() {
        return DEFAULTS;
    }

    /** A copy of these options with one change (the one way every wither makes its value). */
    private StepOptions with(Consumer<StepOptions> change) {
        try {
            StepOptions copy = (StepOptions) clone();
            change.accept(copy);
            return copy;
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e); // StepOptions is Cloneable
        }
    }

    /**
     * How the search may use NISS.
     *
     * @return the mode, {@link NissMode#NORMAL} by default
     */
    public NissMode niss() {
        return niss;
    }

    /**
     * The shortest solution length searched.
     *
     * @return the minimum length, 0 by default
     */
    public int minLength() {
        return minLength;
    }

    /**
     * The longest solution length searched, at most 20.
     *
     * @return the maximum length, {@value #DEFAULT_MAX_LENGTH} by default
     */
    public int maxLength() {
        return maxLength;
    }

    /**
     * The most solutions listed.
     *
     * @return the maximum number of solutions, {@value #DEFAULT_MAX_SOLUTIONS} by default
     */
    public long maxSolutions() {
        return maxSolutions;
    }

    /**
     * How many lengths beyond the shortest solution found are still searched; negative
     * ({@link #NO_MARGIN}) for no such bound.
     *
     * @return the margin, {@link #NO_MARGIN} by default
     */
    public int margin() {
        return margin;
    }

    /**
     * The threads the search runs on, 1 to 256 (the answer is the same with any count).
     *
     * @return the thread count, 1 by default
     */
    public int threads() {
        return threads;
    }

    /**
     * The time the search may take (a first build of the step's tables does not count) before
     * the solve gives up with {@link java.util.concurrent.CancellationException}.
     *
     * @return the timeout, null (or zero) for none
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * The flag that stops the solve (a first build too) with
     * {@link java.util.concurrent.CancellationException}.
     *
     * @return the cancellation, null for none
     */
    public Cancellation cancellation() {
        return cancellation;
    }

    /**
     * The listener told of a first build's progress, then after each length searched (see
     * {@link StepSolver#solve(String, Cube, StepOptions)}).
     *
     * @return the listener, null for none
     */
    public BuildListener progress() {
        return progress;
    }

    /**
     * These options with another NISS mode.
     *
     * @param niss how the search may use NISS
     * @return the new options
     * @throws NullPointerException if {@code niss} is null
     */
    public StepOptions withNiss(NissMode niss) {
        Objects.requireNonNull(niss, "niss must not be null");
        return with(o -> o.niss = niss);
    }

    /**
     * These options with another minimum length.
     *
     * @param minLength skip solution lengths below this, 0 to {@link #maxLength()} (checked by
     *     the solve)
     * @return the new options
     */
    public StepOptions withMinLength(int minLength) {
        return with(o -> o.minLength = minLength);
    }

    /**
     * These options with another maximum length.
     *
     * @param maxLength search solution lengths up to this, at most 20 (checked by the solve)
     * @return the new options
     */
    public StepOptions withMaxLength(int maxLength) {
        return with(o -> o.maxLength = maxLength);
    }

    /**
     * These options with another maximum number of solutions.
     *
     * @param maxSolutions list at most this many, at least 1 (checked by the solve);
     *     {@link #ALL_SOLUTIONS} for all
     * @return the new options
     */
    public StepOptions withMaxSolutions(long maxSolutions) {
        return with(o -> o.maxSolutions = maxSolutions);
    }

    /**
     * These options listing every solution in the lengths searched
     * ({@code withMaxSolutions(ALL_SOLUTIONS)}); bound the lengths (or give a margin) to keep the
     * list short.
     *
     * @return the new options
     */
    public StepOptions withAllSolutions() {
        return withMaxSolutions(ALL_SOLUTIONS);
    }

    /**
     * These options with another margin.
     *
     * @param margin search the lengths up to the shortest solution found plus this many, then
     *     stop; negative ({@link #NO_MARGIN}) for no such bound
     * @return the new options
     */
    public StepOptions withMargin(int margin) {
        return with(o -> o.margin = margin);
    }

    /**
     * These options with another thread count.
     *
     * @param threads threads for the search, 1 to 256 (checked by the solve)
     * @return the new options
     */
    public StepOptions withThreads(int threads) {
        return with(o -> o.threads = threads);
    }

    /**
     * These options with another timeout.
     *
     * <p>The one timeout rule of the library (the engine's, the same in every runtime): null or
     * zero means no limit; a positive timeout is rounded up to whole milliseconds; a negative one
     * is kept here and refused by the solve, which throws {@link IllegalArgumentException}
     * (code 6), "timeout must not be negative (got -1 ms)".
     *
     * @param timeout give up the search after this long, or null (or zero) for no timeout
     * @return the new options
     */
    public StepOptions withTimeout(Duration timeout) {
        return with(o -> o.timeout = timeout);
    }

    /**
     * These options with another cancellation flag.
     *
     * @param cancellation a flag another thread (or the listener) may cancel to stop the solve,
     *     or null
     * @return the new options
     */
    public StepOptions withCancellation(Cancellation cancellation) {
        return with(o -> o.cancellation = cancellation);
    }

    /**
     * These options with another progress listener.
     *
     * @param progress told of a first build and after each length, on the calling thread, or null
     * @return the new options
     */
    public StepOptions withProgress(BuildListener progress) {
        return with(o -> o.progress = progress);
    }

    /** Equal when all nine options are equal (the cancellation flags and listeners by identity). */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof StepOptions)) {
            return false;
        }
        StepOptions p = (StepOptions) o;
        return niss == p.niss && minLength == p.minLength && maxLength == p.maxLength
                && maxSolutions == p.maxSolutions && margin == p.margin && threads == p.threads
                && Objects.equals(timeout, p.timeout) && cancellation == p.cancellation && progress == p.progress;
    }

    @Override
    public int hashCode() {
        return Objects.hash(niss, minLength, maxLength, maxSolutions, margin, threads, timeout,
                System.identityHashCode(cancellation), System.identityHashCode(progress));
    }

    @Override
    public String toString() {
        return "StepOptions[niss=" + niss + ", minLength=" + minLength + ", maxLength=" + maxLength
                + ", maxSolutions=" + maxSolutions + ", margin=" + margin + ", threads=" + threads + ", timeout="
                + timeout + ", cancellation=" + (cancellation == null ? "none" : "set") + ", progress="
                + (progress == null ? "none" : "set") + "]";
    }
}
