package org.twisty.sq1;

import java.util.Objects;

/**
 * A random-state scramble ({@link Square1Solver#scramble}): an immutable value holding the
 * scramble's moves and the state they lead to from the solved six-colour puzzle.
 */
public final class Square1Scramble {
    private final String text;
    private final Square1State state;

    /** Created by the native library (and nowhere else), with the engine's canonical texts. */
    Square1Scramble(String text, String state) {
        this.text = Objects.requireNonNull(text, "text must not be null");
        this.state = Square1State.ofCanonical(Objects.requireNonNull(state, "state must not be null"));
    }

    /**
     * The scramble in WCA notation, {@code (x,y) / (x,y) / ...} as in WCA scramble sheets;
     * {@link Square1State#apply(String)} reads it.
     *
     * @return the scramble's moves
     */
    public String text() {
        return text;
    }

    /**
     * The state the scramble leads to from {@link Square1State#solved(Colouring) solved}.
     *
     * @return the scrambled state
     */
    public Square1State state() {
        return state;
    }

    /** The scramble's moves, {@link #text()}. */
    @Override
    public String toString() {
        return text;
    }

    /** Equal when the moves and the state are equal. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Square1Scramble)) {
            return false;
        }
        Square1Scramble s = (Square1Scramble) o;
        return text.equals(s.text) && state.equals(s.state);
    }

    @Override
    public int hashCode() {
        return Objects.hash(text, state);
    }
}
