package org.twisty;

import java.lang.ref.Reference;
import java.time.Duration;
import java.util.function.LongFunction;
import java.util.function.LongToIntFunction;
import java.util.function.LongUnaryOperator;
import java.util.function.LongConsumer;

/**
 * The base of every Java object that owns a native engine object (for example
 * {@link org.twisty.sq1.Square1Tables}).
 *
 * <p>The contract, the same for every subclass:
 * <ul>
 *   <li>{@link #close()} frees the native object; calling it again does nothing.</li>
 *   <li>Any other method called after {@code close()} throws {@link IllegalStateException}
 *       ("Square1Tables is closed").</li>
 *   <li>Instances may be shared by many threads. A {@code close()} while another thread is inside
 *       a call on the same object never frees memory under that call: the call finishes normally
 *       and the native object is freed when it returns.</li>
 *   <li>An object that is never closed is freed by a shared {@link java.lang.ref.Cleaner} once
 *       it is unreachable; closing explicitly (try-with-resources) frees it promptly. The native
 *       memory such objects hold is accounted: when it grows past a threshold, the library asks
 *       for a collection, so abandoned objects do not pile up in native memory while the Java
 *       heap has room.</li>
 * </ul>
 *
 * <p>Not meant to be extended outside this library: subclasses are the library's own classes.
 */
public abstract class NativeObject implements AutoCloseable {
    private final NativeHandle handle;

    /**
     * Takes ownership of a native object.
     *
     * @param typeName the class name used in the "is closed" message
     * @param pointer the native pointer, not 0
     * @param free the native free function; must not capture this object
     */
    protected NativeObject(String typeName, long pointer, LongConsumer free) {
        this.handle = new NativeHandle(this, typeName, pointer, free);
    }

    /**
     * Takes ownership of a native object that holds native heap of its own (tables, solvers,
     * databases): its size counts towards the native memory whose growth makes the library ask
     * for a collection of objects nobody closed.
     *
     * @param typeName the class name used in the "is closed" message
     * @param pointer the native pointer, not 0
     * @param free the native free function; must not capture this object
     * @param nativeBytes the native heap behind a pointer (the class's {@code nativeBytes}); must
     *     not capture this object
     */
    protected NativeObject(String typeName, long pointer, LongConsumer free, LongUnaryOperator nativeBytes) {
        this.handle = new NativeHandle(this, typeName, pointer, free, nativeBytes);
    }

    /**
     * Runs a native call with the pointer, which stays valid for the whole call even if another
     * thread closes this object meanwhile.
     *
     * @throws IllegalStateException if this object is closed
     */
    protected final <R> R withPointer(LongFunction<R> call) {
        long pointer = handle.acquire();
        try {
            return call.apply(pointer);
        } finally {
            handle.release();
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Milliseconds for the native side, which applies the one timeout rule of every runtime
     * (0 = no limit, positive = a deadline, negative = refused with
     * {@link IllegalArgumentException}, "timeout must not be negative (got -1 ms)"): 0 for null or
     * zero; a positive duration rounded up to whole milliseconds (so that it never becomes "no
     * limit"), saturating at {@code Long.MAX_VALUE}; a negative one rounded down, away from zero
     * (so that it never becomes "no limit" either: {@code Duration.ofNanos(-1)} is -1),
     * saturating at {@code Long.MIN_VALUE}. Never throws: the engine refuses negatives, with the
     * same message in every runtime.
     *
     * @param timeout the timeout, or null
     * @return milliseconds, 0 meaning none, negative for a negative timeout
     */
    public static long timeoutMillis(Duration timeout) {
        if (timeout == null || timeout.isZero()) {
            return 0;
        }
        // Duration is seconds (any sign) plus nanos in 0..999,999,999, so floor and ceiling
        // come from the seconds and the nanos without overflow in between.
        long seconds = timeout.getSeconds();
        int nanos = timeout.getNano();
        long floorMillis = nanos / 1_000_000;
        boolean exact = nanos % 1_000_000 == 0;
        try {
            long floor = Math.addExact(Math.multiplyExact(seconds, 1000L), floorMillis);
            return timeout.isNegative() || exact ? floor : Math.addExact(floor, 1);
        } catch (ArithmeticException tooLong) {
            return timeout.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    /**
     * Runs a native call with the pointer of a cancellation flag, or 0 when there is none: the one
     * way a class of the library (in any package) passes a {@link Cancellation} to its native
     * call. The flag stays alive and unfreed for the whole call.
     *
     * @param <R> the call's result type
     * @param cancellation the flag, or null
     * @param call the native call, given the flag's pointer or 0
     * @return what {@code call} returns
     * @throws IllegalStateException if {@code cancellation} is closed
     */
    protected static <R> R withCancellation(Cancellation cancellation, LongFunction<R> call) {
        return cancellation == null ? call.apply(0) : cancellation.withPointer(call);
    }

    /** {@link #withPointer} for a {@code long} result. */
    protected final long withPointerAsLong(LongUnaryOperator call) {
        long pointer = handle.acquire();
        try {
            return call.applyAsLong(pointer);
        } finally {
            handle.release();
            Reference.reachabilityFence(this);
        }
    }

    /** {@link #withPointer} for an {@code int} result. */
    protected final int withPointerAsInt(LongToIntFunction call) {
        long pointer = handle.acquire();
        try {
            return call.applyAsInt(pointer);
        } finally {
            handle.release();
            Reference.reachabilityFence(this);
        }
    }

    /** The native bytes this object counts in the library's account of native memory. */
    final long accountedBytes() {
        return handle.accountedBytes();
    }

    /**
     * Whether {@link #close()} has been called (or the cleaner has run).
     *
     * @return true once closed
     */
    public final boolean isClosed() {
        return handle.isClosed();
    }

    /**
     * Frees the native object, now or, if calls are running on other threads, when the last of
     * them returns. Idempotent.
     */
    @Override
    public final void close() {
        handle.close();
    }
}
