package org.twisty.sq1;

import java.util.Objects;

/**
 * One shortest solution of a Silver-edition state, as found by a {@link Square1Database}: an
 * immutable value with the moves in both notations. (The six-colour solver's answers are
 * {@link SolverSolution}s.)
 *
 * <p>The moves in WCA notation ({@link #wca()}) solve the state up to a whole-puzzle flip: when
 * {@link #endsUpsideDown()} is true they leave the solved puzzle upside down, and the article
 * form ({@link #article()}) ends with {@code !}, the flip that turns it right side up.
 */
public final class DatabaseSolution {
    private final String wca;
    private final String article;
    private final int twists;
    private final boolean endsUpsideDown;

    /** Created by the native library (and nowhere else). */
    DatabaseSolution(String wca, String article, int twists, boolean endsUpsideDown) {
        this.wca = Objects.requireNonNull(wca, "wca must not be null");
        this.article = Objects.requireNonNull(article, "article must not be null");
        this.twists = twists;
        this.endsUpsideDown = endsUpsideDown;
    }

    /**
     * The moves in WCA notation, for example {@code "(-1,-2)/ (0,-3)/ (4,-4)"}; empty for a
     * solved state.
     *
     * @return the moves in {@link Notation#WCA}
     */
    public String wca() {
        return wca;
    }

    /**
     * The moves in the Cube21 article's notation, ending with {@code !} when they leave the puzzle
     * upside down, for example {@code "(1,2)/(0,3)/(-4,4)!"}.
     *
     * @return the moves in {@link Notation#ARTICLE}
     */
    public String article() {
        return article;
    }

    /**
     * The number of twists ({@code /}): the state's distance from solved.
     *
     * @return the twist count, 0 for a solved state
     */
    public int twists() {
        return twists;
    }

    /**
     * Whether the WCA moves leave the puzzle solved but upside down (the article form then ends
     * with {@code !}).
     *
     * @return true if a whole-puzzle flip is needed at the end
     */
    public boolean endsUpsideDown() {
        return endsUpsideDown;
    }

    /** The WCA form, {@link #wca()}. */
    @Override
    public String toString() {
        return wca;
    }

    /** Equal when all four parts are equal. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DatabaseSolution)) {
            return false;
        }
        DatabaseSolution s = (DatabaseSolution) o;
        return twists == s.twists && endsUpsideDown == s.endsUpsideDown && wca.equals(s.wca)
                && article.equals(s.article);
    }

    @Override
    public int hashCode() {
        return Objects.hash(wca, article, twists, endsUpsideDown);
    }
}
