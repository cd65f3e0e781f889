package org.twisty;

/** A bug in the native library: Rust code panicked (code 9). The message is the panic's message; the library stays usable. */
public class NativePanicException extends TwistyException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the engine's message
     */
    public NativePanicException(String message) {
        super(PANIC, message);
    }
}
