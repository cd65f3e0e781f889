package org.twisty;

/** A state that cannot exist on the puzzle, or that an operation cannot accept (code 2). */
public class InvalidStateException extends TwistyException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the engine's message
     */
    public InvalidStateException(String message) {
        super(INVALID_STATE, message);
    }
}
