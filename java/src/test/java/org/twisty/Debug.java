package org.twisty;

import java.util.Objects;
import org.twisty.sq1.Square1Tables;

/**
 * Test-only entry points into the native library. They exist so that the test suites of every
 * runtime can prove the error, handle and logging contracts; applications have no use for them. Neither
 * this class (a test source) nor its natives ship: the natives are in the test build of the
 * library ({@code twisty-jni-testhooks}), which the tests load in place of the shipped one.
 */
public final class Debug {
    static {
        NativeLibrary.load();
    }

    private Debug() {}

    /**
     * Makes the native library panic with {@code "debug panic requested: " + message}.
     *
     * @param message text to include in the panic message
     * @throws NativePanicException always, with the panic's message
     * @throws NullPointerException if {@code message} is null
     */
    public static void panic(String message) {
        nativePanic(message);
    }

    /**
     * Holds the tables inside a native call for {@code millis} milliseconds, then reads all of them
     * and returns a checksum; used to test that closing the tables on another thread meanwhile
     * does not free them under this call.
     *
     * @param tables the tables to hold
     * @param millis how long to hold them, not negative
     * @return a checksum of the tables' contents
     * @throws IllegalStateException if {@code tables} is closed when the call starts
     */
    public static long holdTables(Square1Tables tables, int millis) {
        Objects.requireNonNull(tables, "tables must not be null");
        // Cast: withPointerAsLong is visible here through NativeObject's package.
        return ((NativeObject) tables).withPointerAsLong(p -> nativeHoldTables(p, millis));
    }

    /**
     * Holds the tables inside a native call until {@link #releaseHeld()}, then reads all of them
     * and returns a checksum: with {@link #awaitHeld(int)} a test closes the tables while the call
     * certainly runs, and lets it return when it chooses, with no sleep.
     *
     * @param tables the tables to hold
     * @return a checksum of the tables' contents
     * @throws IllegalStateException if {@code tables} is closed when the call starts
     * @throws IllegalArgumentException if the call is not released within 600 s (a hang guard)
     */
    public static long holdTablesUntilReleased(Square1Tables tables) {
        Objects.requireNonNull(tables, "tables must not be null");
        return ((NativeObject) tables).withPointerAsLong(Debug::nativeHoldTablesUntilReleased);
    }

    /**
     * Returns once {@code calls} calls of {@link #holdTablesUntilReleased} are inside native code.
     *
     * @param calls how many, not negative
     * @throws IllegalArgumentException if they do not arrive within 600 s (a hang guard)
     */
    public static void awaitHeld(int calls) {
        nativeAwaitHeld(calls);
    }

    /** Lets every call waiting in {@link #holdTablesUntilReleased} go on. */
    public static void releaseHeld() {
        nativeReleaseHeld();
    }

    /**
     * Returns once {@code thread} is inside the native method {@code method} (the top frame of its
     * stack): a test that stops or closes something "while the call runs" waits for this
     * instead of sleeping and assuming. The call must be one that cannot return on its own
     * meanwhile (a search that cannot finish), or the wait ends with a failure at the hang guard.
     *
     * @param thread the thread making the call
     * @param method the native method's name, for example {@code "nativeSolve"}
     * @throws IllegalStateException if the thread is not seen there within 600 s (a hang guard)
     * @throws InterruptedException if interrupted while waiting
     */
    public static void awaitInNative(Thread thread, String method) throws InterruptedException {
        long patience = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(600);
        while (true) {
            StackTraceElement[] stack = thread.getStackTrace();
            if (stack.length > 0 && stack[0].isNativeMethod() && stack[0].getMethodName().equals(method)) {
                return;
            }
            if (System.nanoTime() - patience > 0) {
                throw new IllegalStateException(thread.getName() + " did not enter " + method + " within 600 s");
            }
            Thread.sleep(1);
        }
    }

    /**
     * Logs one record through the native library's {@code log} crate, exactly as the engine's
     * own modules do (so it goes through the same level filter and delivery).
     *
     * @param target the Rust module path, for example {@code "twisty::sq1::db::build"}
     * @param level 1 error, 2 warn, 3 info, 4 debug, 5 trace
     * @param message the record's text
     * @throws NullPointerException if {@code target} or {@code message} is null
     * @throws IllegalArgumentException if {@code level} is not 1..5
     */
    public static void log(String target, int level, String message) {
        nativeLog(target, level, message);
    }

    /**
     * Starts {@code threads} native threads (threads the JVM did not create, as a database
     * build's workers are), each logging {@code records} records
     * {@code "native thread <t> record <i>"} at info to {@code target}, and returns when all of
     * them have ended.
     *
     * @param target the Rust module path
     * @param threads how many threads, not negative
     * @param records records per thread, not negative
     */
    public static void logFromNativeThreads(String target, int threads, int records) {
        nativeLogFromNativeThreads(target, threads, records);
    }

    private static native void nativePanic(String message);

    private static native void nativeLogFromNativeThreads(String target, int threads, int records);

    private static native void nativeLog(String target, int level, String message);

    private static native long nativeHoldTables(long tables, int millis);

    private static native long nativeHoldTablesUntilReleased(long tables);

    private static native void nativeAwaitHeld(int calls);

    private static native void nativeReleaseHeld();
}
