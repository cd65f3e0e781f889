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
    private final Cancellation cancellation = new Cancellation();
    private boolean finished;

    private AsyncOperation() {}

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
        AsyncOperation<T> future = new AsyncOperation<>();
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
                cancellation.cancel();
            }
        }
        return cancelled;
    }

    /** The operation returned: the flag is no longer needed. */
    private synchronized void finished() {
        finished = true;
        cancellation.close();
    }
}
