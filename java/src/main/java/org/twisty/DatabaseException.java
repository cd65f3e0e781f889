package org.twisty;

/** A database or table file that is missing, truncated, corrupt or of another version (code 4). */
public class DatabaseException extends TwistyException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the engine's message
     */
    public DatabaseException(String message) {
        super(DATABASE, message);
    }
}
