package org.twisty;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The future of a long native operation run on a thread of its own
 * ({@code Square1Database.buildAsync}, {@code Square1Solver.openAsync},
 * {@code Cube3Solver.openAsync}): cancelling the future cancels the native operation through a
 * {@link Cancellation} of its own. Public for the library's packages; not meant to be used
 * directly.
 *
 * @param <T> the operation's result
 */
public final class AsyncOperation<T> extends CompletableFuture<T> {
    private final Cancellation cancellation;
    /** Whether {@link #cancellation} is this future's own (closed when the operation returns). */
    private final boolean owned;
    private boolean finished;

    private AsyncOperation(Cancellation given) {
        this.owned = given == null;
        this.cancellation = owned ? new Cancellation() : given;
    }

    /**
     * Starts {@code operation} on a new non-daemon thread (so the JVM waits for a running
     * operation unless it is cancelled).
     *
     * @param threadName the thread's name
     * @param operation the blocking operation, given the flag that cancelling the future sets
     * @param discard what to do with a result that arrives after the future was cancelled (for
     *     example close it), or null
     * @param <T> the operation's result
     * @return a future that completes with the operation's result or exception
     */
    public static <T> CompletableFuture<T> start(String threadName, Function<Cancellation, T> operation,
            Consumer<? super T> discard) {
        return start(threadName, null, operation, discard);
    }

    /**
     * {@link #start(String, Function, Consumer)} with the caller's flag in place of one of the
     * future's own: the operation watches {@code cancellation} (so a flag cancelled before the
     * call stops it before it starts), and cancelling the future cancels that flag too. The
     * flag stays the caller's to close.
     *
     * @param threadName the thread's name
     * @param cancellation the caller's flag, or null for one of the future's own
     * @param operation the blocking operation, given the flag
     * @param discard what to do with a result that arrives after the future was cancelled, or null
     * @param <T> the operation's result
     * @return a future that completes with the operation's result or exception
     */
    public static <T> CompletableFuture<T> start(String threadName, Cancellation cancellation,
            Function<Cancellation, T> operation, Consumer<? super T> discard) {
        AsyncOperation<T> future = new AsyncOperation<>(cancellation);
        Thread thread = new Thread(() -> {
            try {
                T result = operation.apply(future.cancellation);
                if (!future.complete(result) && discard != null) {
                    discard.accept(result);
                }
            } catch (Throwable e) {
                future.completeExceptionally(e);
            } finally {
                future.finished();
            }
        }, threadName);
        thread.start();
        return future;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        synchronized (this) {
            if (!finished) {
                try {
                    cancellation.cancel();
                } catch (IllegalStateException closed) {
                    // The caller closed its own flag: the operation holds its own copy of the
                    // token, which can no longer be reached; the future is cancelled regardless.
                }
            }
        }
        return cancelled;
    }

    /** The operation returned: the flag is no longer needed (the caller's stays open). */
    private synchronized void finished() {
        finished = true;
        if (owned) {
            cancellation.close();
        }
    }
}
