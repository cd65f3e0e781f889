package org.twisty.sq1;

import java.util.Objects;

/**
 * A solution of a six-colour state found by a {@link Square1Solver}: an immutable value holding
 * the moves in WCA notation, their length in the metric the solver was asked for, and their
 * number of twists.
 *
 * <p>Applying {@link #moves()} to the state ({@link Square1State#apply(String)}) gives the solved
 * puzzle (middle layer square included).
 */
public final class SolverSolution {
    private final String moves;
    private final int length;
    private final int twists;
    private final Metric metric;

    /** Created by the native library (and nowhere else); {@code metric} is the metric's code. */
    SolverSolution(String moves, int length, int twists, int metric) {
        this.moves = Objects.requireNonNull(moves, "moves must not be null");
        this.length = length;
        this.twists = twists;
        this.metric = Metric.fromCode(metric);
    }

    /**
     * The moves in WCA notation, for example {@code "(1,0)/ (-1,3)/"}; empty for a solved state.
     *
     * @return the moves in {@link Notation#WCA}
     */
    public String moves() {
        return moves;
    }

    /**
     * The length of {@link #moves()} in {@link #metric()}; for an optimal solution, the state's
     * distance in that metric.
     *
     * @return the length, 0 for a solved state
     */
    public int length() {
        return length;
    }

    /**
     * The number of twists ({@code /}) in {@link #moves()}.
     *
     * @return the twist count
     */
    public int twists() {
        return twists;
    }

    /**
     * The metric {@link #length()} is counted in (the one the solver was asked for).
     *
     * @return the metric
     */
    public Metric metric() {
        return metric;
    }

    /** The moves, {@link #moves()}. */
    @Override
    public String toString() {
        return moves;
    }

    /** Equal when all four parts are equal. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SolverSolution)) {
            return false;
        }
        SolverSolution s = (SolverSolution) o;
        return length == s.length && twists == s.twists && metric == s.metric && moves.equals(s.moves);
    }

    @Override
    public int hashCode() {
        return Objects.hash(moves, length, twists, metric);
    }
}
