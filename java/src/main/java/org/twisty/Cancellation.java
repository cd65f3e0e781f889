package org.twisty;

/**
 * A cancellation flag for a long native operation, for example
 * {@link org.twisty.sq1.Square1Database#build Square1Database.build}: pass it to the operation,
 * then call {@link #cancel()} from any thread to stop it. The operation notices within about half a
 * second and throws {@link java.util.concurrent.CancellationException}.
 *
 * <p>The flag lives in native memory (the engine's cancellation token), so this class follows the
 * {@link NativeObject} contract: close it when done; a running operation keeps its own reference
 * to the flag, so closing early is harmless. {@link #cancel()} and {@link #isCancelled()} after
 * {@link #close()} throw {@link IllegalStateException}. One flag can be passed to several
 * operations; once cancelled it stays cancelled.
 */
public final class Cancellation extends NativeObject implements AutoCloseable {
    static {
        NativeLibrary.load();
    }

    /** Creates a flag that is not cancelled. */
    public Cancellation() {
        super("Cancellation", nativeNew(), Cancellation::nativeFree);
    }

    /**
     * Requests cancellation of every operation that was given this flag. Idempotent.
     *
     * @throws IllegalStateException if this object is closed
     */
    public void cancel() {
        withPointer(p -> {
            nativeCancel(p);
            return null;
        });
    }

    /**
     * Whether {@link #cancel()} has been called (by anyone, including a build whose progress
     * listener threw).
     *
     * @return true once cancelled
     * @throws IllegalStateException if this object is closed
     */
    public boolean isCancelled() {
        return withPointer(Cancellation::nativeIsCancelled);
    }

    private static native long nativeNew();

    private static native void nativeFree(long token);

    private static native void nativeCancel(long token);

    private static native boolean nativeIsCancelled(long token);
}
