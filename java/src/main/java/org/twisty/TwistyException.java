package org.twisty;

/**
 * The base of every twisty domain exception.
 *
 * <p>Each failure of the native engine has a stable numeric {@linkplain #code() code} (the same in
 * Rust, Java and .NET, and in the shared test vectors) and a message that is byte-identical in every
 * runtime. Kinds that Java already has a class for are thrown as that JDK class instead: a bad
 * argument as {@link IllegalArgumentException}, a null argument as {@link NullPointerException}, a
 * use after close as {@link IllegalStateException} and a cancellation as
 * {@link java.util.concurrent.CancellationException}.
 *
 * <table>
 *   <caption>Codes</caption>
 *   <tr><th>code</th><th>kind</th><th>thrown as</th></tr>
 *   <tr><td>1</td><td>invalid_notation</td><td>{@link InvalidNotationException}</td></tr>
 *   <tr><td>2</td><td>invalid_state</td><td>{@link InvalidStateException}</td></tr>
 *   <tr><td>3</td><td>illegal_move</td><td>{@link IllegalMoveException}</td></tr>
 *   <tr><td>4</td><td>database</td><td>{@link DatabaseException}</td></tr>
 *   <tr><td>5</td><td>cancelled</td><td>{@link java.util.concurrent.CancellationException}</td></tr>
 *   <tr><td>6</td><td>invalid_argument</td><td>{@link IllegalArgumentException}</td></tr>
 *   <tr><td>7</td><td>null_argument</td><td>{@link NullPointerException}</td></tr>
 *   <tr><td>8</td><td>closed</td><td>{@link IllegalStateException}</td></tr>
 *   <tr><td>9</td><td>panic</td><td>{@link NativePanicException}</td></tr>
 * </table>
 */
public class TwistyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Code of {@link InvalidNotationException}. */
    public static final int INVALID_NOTATION = 1;
    /** Code of {@link InvalidStateException}. */
    public static final int INVALID_STATE = 2;
    /** Code of {@link IllegalMoveException}. */
    public static final int ILLEGAL_MOVE = 3;
    /** Code of {@link DatabaseException}. */
    public static final int DATABASE = 4;
    /** Code of a cancellation ({@link java.util.concurrent.CancellationException}). */
    public static final int CANCELLED = 5;
    /** Code of a bad argument ({@link IllegalArgumentException}). */
    public static final int INVALID_ARGUMENT = 6;
    /** Code of a null argument ({@link NullPointerException}). */
    public static final int NULL_ARGUMENT = 7;
    /** Code of a use after close ({@link IllegalStateException}). */
    public static final int CLOSED = 8;
    /** Code of {@link NativePanicException}. */
    public static final int PANIC = 9;

    private final int code;

    /**
     * Creates an exception with an explicit code (used by the native library for kinds that this
     * version of the Java API does not know yet).
     *
     * @param code the stable numeric code of the error kind
     * @param message the engine's message
     */
    public TwistyException(int code, String message) {
        super(message);
        this.code = code;
    }

    /**
     * The stable numeric code of the error kind (see the table above).
     *
     * @return the code, 1 or more
     */
    public int code() {
        return code;
    }
}
