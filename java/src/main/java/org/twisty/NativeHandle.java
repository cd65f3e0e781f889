package org.twisty;

import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * The one owning handle of a native object: a pointer, its free function, and the rules that make
 * sharing it across threads safe.
 *
 * <ul>
 *   <li>Every native call brackets its use of the pointer with {@link #acquire()} and
 *       {@link #release()}. {@code acquire} after close throws {@link IllegalStateException}.</li>
 *   <li>{@link #close()} is idempotent. It only marks the handle closed; the native object is freed
 *       by whichever comes last, the close or the release of the last in-flight call, so a close on
 *       one thread never frees memory under a call running on another.</li>
 *   <li>If the owner is never closed, the shared {@link Cleaner} closes it once the owner is
 *       unreachable. The cleaning action ({@link Guard}) holds the pointer and the free function,
 *       never the owner.</li>
 *   <li>The native heap the object holds is accounted from creation to the free
 *       ({@link NativeMemory}), so that abandoned handles are collected under native memory
 *       pressure too.</li>
 * </ul>
 */
final class NativeHandle {
    /** One cleaner thread for every native object of the library. */
    private static final Cleaner CLEANER = Cleaner.create();

    private final String typeName;
    private final Guard guard;
    private final Cleaner.Cleanable cleanable;

    /**
     * @param owner the Java object that owns the native object (watched by the cleaner)
     * @param typeName the owner's class name, for the "is closed" message
     * @param pointer the native pointer, not 0
     * @param free frees the native object; must not capture {@code owner}
     */
    NativeHandle(Object owner, String typeName, long pointer, LongConsumer free) {
        this(owner, typeName, pointer, free, null);
    }

    /**
     * @param owner the Java object that owns the native object (watched by the cleaner)
     * @param typeName the owner's class name, for the "is closed" message
     * @param pointer the native pointer, not 0
     * @param free frees the native object; must not capture {@code owner}
     * @param nativeBytes the native heap the object holds, asked once (its size never changes),
     *     or null for an object too small to account
     */
    NativeHandle(Object owner, String typeName, long pointer, LongConsumer free, LongUnaryOperator nativeBytes) {
        if (pointer == 0) {
            throw new IllegalStateException(typeName + ": the native constructor returned no object");
        }
        this.typeName = typeName;
        this.guard = new Guard(pointer, free);
        this.cleanable = CLEANER.register(owner, guard);
        if (nativeBytes != null) {
            long bytes;
            try {
                bytes = nativeBytes.applyAsLong(pointer);
            } catch (RuntimeException | Error e) {
                close();
                throw e;
            }
            guard.account(bytes);
        }
    }

    /**
     * Starts a native call: counts it in flight and returns the pointer.
     *
     * @throws IllegalStateException if the handle is closed
     */
    long acquire() {
        if (!guard.enter()) {
            throw new IllegalStateException(typeName + " is closed");
        }
        return guard.pointer;
    }

    /** Ends a native call started by {@link #acquire()}; frees if it was the last after a close. */
    void release() {
        guard.exit();
    }

    /** Closes the handle (idempotent); the free happens now or when the last in-flight call ends. */
    void close() {
        cleanable.clean();
    }

    boolean isClosed() {
        return guard.isClosed();
    }

    /** The native bytes this handle holds in {@link NativeMemory}'s account (0 if not accounted). */
    long accountedBytes() {
        return guard.bytes;
    }

    /**
     * The state shared by the handle and the cleaner: bit 0 is "closed", the other bits count the
     * calls in flight. A static nested class, so it cannot reference the owner.
     */
    private static final class Guard implements Runnable {
        private static final int CLOSED = 1;
        private static final int ONE_CALL = 2;

        final long pointer;
        private final LongConsumer free;
        private final AtomicInteger state = new AtomicInteger();
        /** The bytes reserved in {@link NativeMemory}, given back by the free. */
        private volatile long bytes;

        Guard(long pointer, LongConsumer free) {
            this.pointer = pointer;
            this.free = free;
        }

        /** Reserves the object's native bytes (once, while the handle is being created). */
        void account(long bytes) {
            this.bytes = bytes;
            NativeMemory.reserve(bytes);
        }

        private void freeNow() {
            try {
                free.accept(pointer);
            } finally {
                NativeMemory.unreserve(bytes);
            }
        }

        boolean enter() {
            while (true) {
                int s = state.get();
                if ((s & CLOSED) != 0) {
                    return false;
                }
                if (state.compareAndSet(s, s + ONE_CALL)) {
                    return true;
                }
            }
        }

        void exit() {
            // Once closed no call can enter, so exactly one exit can bring the count to zero.
            if (state.addAndGet(-ONE_CALL) == CLOSED) {
                freeNow();
            }
        }

        boolean isClosed() {
            return (state.get() & CLOSED) != 0;
        }

        /** The cleaning action: runs at most once (close() or the owner became unreachable). */
        @Override
        public void run() {
            int s = state.getAndUpdate(v -> v | CLOSED);
            if (s == 0) {
                freeNow();
            }
        }
    }
}
