package org.twisty.sq1;

import java.time.Duration;
import java.util.Objects;
import org.twisty.Cancellation;

/**
 * The options of {@link Square1Solver#solveFast}: an immutable value, changed with withers.
 *
 * <pre>{@code
 * FastSolveOptions o = FastSolveOptions.defaults().withMaxLength(20).withTimeout(Duration.ofMillis(200));
 * }</pre>
 *
 * <p>The fast (two-phase) solver returns the first solution it finds of at most
 * {@linkplain #maxLength() maxLength}; otherwise it keeps shortening its best solution until the
 * {@linkplain #nodeLimit() node limit} or the {@linkplain #timeout() timeout} and returns the best
 * one found by then, or stops early when a two-hundredth of the node limit passes without a shorter
 * solution or when no shorter two-phase solution exists. With none of the
 * three limits it returns the first solution it finds. A node limit gives the same answer on every
 * machine; a timeout does not. A {@code maxLength} below a lower bound of the state's distance
 * fails at once with {@link IllegalArgumentException}: "no solution of at most 1 moves (face)
 * exists for this state: it needs at least N", N being that bound.
 *
 * <p>A node limit of {@code Long.MAX_VALUE} without a timeout runs until no shorter two-phase
 * solution exists, which can take hours: give such a search a {@linkplain #withTimeout timeout}
 * (at which it returns the best solution found) or a {@linkplain #withCancellation cancellation}
 * (which ends it with {@link java.util.concurrent.CancellationException}).
 *
 * <p>Defaults: metric {@link Metric#FACE_TURN}, no maximum length, a node limit of
 * {@link #DEFAULT_NODE_LIMIT}, no timeout, no cancellation.
 */
public final class FastSolveOptions {
    /**
     * The default node limit, 200,000: about 0.8 ms and 28.0 face turns on average for random
     * states, most searches stopping well before it (a two-hundredth of it without a shorter
     * solution); the same default as the Rust and .NET libraries.
     */
    public static final long DEFAULT_NODE_LIMIT = 200_000;

    private static final FastSolveOptions DEFAULTS =
            new FastSolveOptions(Metric.FACE_TURN, 0, DEFAULT_NODE_LIMIT, null, null);

    private final Metric metric;
    private final int maxLength;
    private final long nodeLimit;
    private final Duration timeout;
    private final Cancellation cancellation;

    private FastSolveOptions(Metric metric, int maxLength, long nodeLimit, Duration timeout,
            Cancellation cancellation) {
        this.metric = metric;
        this.maxLength = maxLength;
        this.nodeLimit = nodeLimit;
        this.timeout = timeout;
        this.cancellation = cancellation;
    }

    /**
     * The default options (see the class description).
     *
     * @return the defaults
     */
    public static FastSolveOptions defaults() {
        return DEFAULTS;
    }

    /**
     * The metric solution lengths are counted in.
     *
     * @return the metric, {@link Metric#FACE_TURN} by default
     */
    public Metric metric() {
        return metric;
    }

    /**
     * The length (in {@link #metric()}) at or below which the first solution found is returned.
     *
     * @return the maximum length, 0 for none
     */
    public int maxLength() {
        return maxLength;
    }

    /**
     * The number of search nodes after which the best solution found so far is returned.
     *
     * @return the node limit, 0 for none
     */
    public long nodeLimit() {
        return nodeLimit;
    }

    /**
     * The time after which the best solution found so far is returned.
     *
     * @return the timeout, null (or zero) for none; a negative one makes
     *     {@link Square1Solver#solveFast} throw {@link IllegalArgumentException}
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * The flag that stops the search with {@link java.util.concurrent.CancellationException}.
     *
     * @return the cancellation, null for none
     */
    public Cancellation cancellation() {
        return cancellation;
    }

    /**
     * These options with another metric.
     *
     * @param metric the metric
     * @return the new options
     * @throws NullPointerException if {@code metric} is null
     */
    public FastSolveOptions withMetric(Metric metric) {
        Objects.requireNonNull(metric, "metric must not be null");
        return new FastSolveOptions(metric, maxLength, nodeLimit, timeout, cancellation);
    }

    /**
     * These options with another maximum length.
     *
     * @param maxLength return the first solution at most this long (in {@link #metric()}), or 0
     *     for no such bound
     * @return the new options
     * @throws IllegalArgumentException if {@code maxLength} is negative
     */
    public FastSolveOptions withMaxLength(int maxLength) {
        if (maxLength < 0) {
            throw new IllegalArgumentException("maxLength must not be negative (got " + maxLength + ")");
        }
        return new FastSolveOptions(metric, maxLength, nodeLimit, timeout, cancellation);
    }

    /**
     * These options with another node limit.
     *
     * @param nodeLimit return the best solution found after this many search nodes, or 0 for no
     *     limit
     * @return the new options
     * @throws IllegalArgumentException if {@code nodeLimit} is negative
     */
    public FastSolveOptions withNodeLimit(long nodeLimit) {
        if (nodeLimit < 0) {
            throw new IllegalArgumentException("nodeLimit must not be negative (got " + nodeLimit + ")");
        }
        return new FastSolveOptions(metric, maxLength, nodeLimit, timeout, cancellation);
    }

    /**
     * These options with another timeout. If no solution at all is found in time, the search
     * throws {@link java.util.concurrent.CancellationException}.
     *
     * <p>The one timeout rule of the library (the engine's, the same in every runtime): null or
     * zero means no limit; a positive timeout is rounded up to whole milliseconds; a negative one
     * is kept here and refused by {@link Square1Solver#solveFast}, which throws
     * {@link IllegalArgumentException} (code 6), "timeout must not be negative (got -1 ms)".
     *
     * @param timeout return the best solution found after this long, or null (or zero) for no
     *     timeout
     * @return the new options
     */
    public FastSolveOptions withTimeout(Duration timeout) {
        // Not checked here: the engine applies the rule (and its message) when the search starts.
        return new FastSolveOptions(metric, maxLength, nodeLimit, timeout, cancellation);
    }

    /**
     * These options with another cancellation flag.
     *
     * @param cancellation a flag another thread may cancel to stop the search, or null
     * @return the new options
     */
    public FastSolveOptions withCancellation(Cancellation cancellation) {
        return new FastSolveOptions(metric, maxLength, nodeLimit, timeout, cancellation);
    }

    /** Equal when all five options are equal (the cancellation flags by identity). */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FastSolveOptions)) {
            return false;
        }
        FastSolveOptions f = (FastSolveOptions) o;
        return metric == f.metric && maxLength == f.maxLength && nodeLimit == f.nodeLimit
                && Objects.equals(timeout, f.timeout) && cancellation == f.cancellation;
    }

    @Override
    public int hashCode() {
        return Objects.hash(metric, maxLength, nodeLimit, timeout, System.identityHashCode(cancellation));
    }

    @Override
    public String toString() {
        return "FastSolveOptions[metric=" + metric + ", maxLength=" + maxLength + ", nodeLimit=" + nodeLimit
                + ", timeout=" + timeout + ", cancellation=" + (cancellation == null ? "none" : "set") + "]";
    }
}
