package org.twisty.sq1;

import java.util.Objects;
import org.twisty.NativeLibrary;
import org.twisty.NativeObject;

/**
 * The engine's Square-1 tables (shapes, their distances, the random-state sampler), built once in
 * native memory. Thread-safe: one instance serves any number of threads at once.
 *
 * <p>Close it when done (try-with-resources). A call after {@link #close()} throws
 * {@link IllegalStateException}; a close while other threads are inside calls lets those calls
 * finish and frees the tables after the last one (see {@link NativeObject}).
 */
public final class Square1Tables extends NativeObject implements AutoCloseable {
    static {
        NativeLibrary.load();
    }

    /** Builds the tables. */
    public Square1Tables() {
        super("Square1Tables", nativeNew(), Square1Tables::nativeFree, Square1Tables::nativeBytes);
    }

    /**
     * A uniformly random twistable state; the same seed gives the same state in every runtime.
     *
     * @param seed the seed; its 64 bits are read as an unsigned number
     * @param colouring the colouring of the state
     * @return the random state
     * @throws NullPointerException if {@code colouring} is null
     * @throws IllegalStateException if the tables are closed
     */
    public Square1State randomState(long seed, Colouring colouring) {
        Objects.requireNonNull(colouring, "colouring must not be null");
        return withPointer(p -> Square1State.ofCanonical(nativeRandomState(p, seed, colouring.code())));
    }

    /**
     * Counts Square-1 shapes of one kind.
     *
     * @param kind what to count
     * @return the number of shapes
     * @throws NullPointerException if {@code kind} is null
     * @throws IllegalStateException if the tables are closed
     */
    public long countShapes(ShapeCount kind) {
        Objects.requireNonNull(kind, "kind must not be null");
        return withPointerAsLong(p -> nativeCountShapes(p, kind.code()));
    }

    /**
     * The fewest twists ({@code /}) that bring the state's shape to the cube shape.
     *
     * @param state the state
     * @return the number of twists
     * @throws NullPointerException if {@code state} is null
     * @throws IllegalStateException if the tables are closed
     */
    public int twistsToCubeShape(Square1State state) {
        Objects.requireNonNull(state, "state must not be null");
        return withPointerAsInt(p -> nativeTwistsToCubeShape(p, state.toString()));
    }

    private static native long nativeNew();

    private static native void nativeFree(long tables);

    /** The native heap the object holds (accounted by {@link NativeObject}). */
    private static native long nativeBytes(long tables);

    private static native String nativeRandomState(long tables, long seed, int colouring);

    private static native long nativeCountShapes(long tables, int kind);

    private static native int nativeTwistsToCubeShape(long tables, String state);
}
