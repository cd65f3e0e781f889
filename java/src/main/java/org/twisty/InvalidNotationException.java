package org.twisty;

/** Malformed notation or state text (code 1). Carries the offending character's position. */
public class InvalidNotationException extends TwistyException {
    private static final long serialVersionUID = 1L;

    private final int position;

    /**
     * Creates the exception.
     *
     * @param message the engine's message
     * @param position the 0-based index of the offending character, or -1 if unknown
     */
    public InvalidNotationException(String message, int position) {
        super(INVALID_NOTATION, message);
        this.position = position;
    }

    /**
     * Creates the exception without a position.
     *
     * @param message the engine's message
     */
    public InvalidNotationException(String message) {
        this(message, -1);
    }

    /**
     * The 0-based index (in Unicode code points) of the offending character in the input.
     *
     * @return the position, or -1 if the error has none
     */
    public int position() {
        return position;
    }
}
