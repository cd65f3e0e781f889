package org.twisty.cube3;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * What an {@link OptimalSolver} found: an immutable value holding the solutions (canonical move
 * text, all of the same, fewest possible number of face turns, in the engine's canonical order,
 * which is the same in every runtime and with any number of threads), their
 * {@linkplain #length() length} and the number of search {@linkplain #nodes() nodes} visited.
 *
 * <p>Each solution is named in space for the cube's orientation:
 * {@code cube.apply(solution).isSolved()} holds for every one of them.
 */
public final class OptimalSolutions {
    private final List<String> solutions;
    private final int length;
    private final long nodes;

    /** Created by the native library (and nowhere else). */
    OptimalSolutions(String[] solutions, int length, long nodes) {
        this.solutions = Collections.unmodifiableList(Arrays.asList(solutions.clone()));
        this.length = length;
        this.nodes = nodes;
    }

    /**
     * The solutions, in the engine's canonical order: at least one, at most
     * {@link OptimalOptions#maxSolutions()}; a solved cube has one, the empty text.
     *
     * @return an unmodifiable list of canonical move texts, for example {@code "U' R'"}
     */
    public List<String> solutions() {
        return solutions;
    }

    /**
     * The first solution, {@code solutions().get(0)}.
     *
     * @return the first solution's canonical move text, empty for a solved cube
     */
    public String first() {
        return solutions.get(0);
    }

    /**
     * The number of face turns of every solution (half-turn metric): the cube's distance from
     * solved when the search started at a length no greater than it (the default
     * {@link OptimalOptions#minLength()} 0), else the shortest length from
     * {@link OptimalOptions#minLength()} on that has a solution.
     *
     * @return the solutions' length, 0 for a solved cube
     */
    public int length() {
        return length;
    }

    /**
     * Search nodes visited over all depths, a measure of the work. With one thread the count is
     * the same on every run; with several it may differ slightly between runs (threads that are
     * no longer needed stop at different points), while the solutions do not.
     *
     * @return the nodes visited
     */
    public long nodes() {
        return nodes;
    }

    /** Equal when the solutions, the length and the node count are equal. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof OptimalSolutions)) {
            return false;
        }
        OptimalSolutions s = (OptimalSolutions) o;
        return length == s.length && nodes == s.nodes && solutions.equals(s.solutions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(solutions, length, nodes);
    }

    /** The length and the solutions, for example {@code "2|U' R'"} ({@code ;} between solutions). */
    @Override
    public String toString() {
        return length + "|" + String.join(";", solutions);
    }
}
