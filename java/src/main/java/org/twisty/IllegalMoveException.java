package org.twisty;

/** A well-formed move that cannot be made in the state it is applied to, for example {@code /} while a piece straddles the seam (code 3). */
public class IllegalMoveException extends TwistyException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the engine's message
     */
    public IllegalMoveException(String message) {
        super(ILLEGAL_MOVE, message);
    }
}
