package org.twisty;

import java.util.Objects;
import org.twisty.sq1.Square1Tables;

/**
 * Test-only entry points into the native library. They exist so that the test suites of every
 * runtime can prove the error and handle contracts; applications have no use for them. Neither
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

    private static native void nativePanic(String message);

    private static native long nativeHoldTables(long tables, int millis);
}
