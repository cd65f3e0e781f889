package org.twisty.sq1;

import java.util.Objects;
import org.twisty.NativeLibrary;

/** Operations on Square-1 move sequences written as text. */
public final class Square1Moves {
    static {
        NativeLibrary.load();
    }

    private Square1Moves() {}

    /**
     * Rewrites a move sequence from one notation into another (or into the canonical form of the
     * same notation).
     *
     * @param moves the move sequence
     * @param from the notation {@code moves} is written in
     * @param to the notation to write
     * @return the moves in {@code to}
     * @throws org.twisty.InvalidNotationException if {@code moves} is malformed
     * @throws NullPointerException if an argument is null
     */
    public static String convert(String moves, Notation from, Notation to) {
        Objects.requireNonNull(from, "from must not be null");
        Objects.requireNonNull(to, "to must not be null");
        return nativeConvert(moves, from.code(), to.code());
    }

    /**
     * The inverse of a move sequence, in the same notation.
     *
     * @param moves the move sequence
     * @param notation the notation {@code moves} is written in
     * @return the inverse sequence
     * @throws org.twisty.InvalidNotationException if {@code moves} is malformed
     * @throws NullPointerException if an argument is null
     */
    public static String inverse(String moves, Notation notation) {
        Objects.requireNonNull(notation, "notation must not be null");
        return nativeInverse(moves, notation.code());
    }

    /**
     * The length of a move sequence in a metric; for example {@code (1,0)/ (-1,3)/} has length 2
     * in {@link Metric#TWIST}, 4 in {@link Metric#WCA} and 5 in {@link Metric#FACE_TURN}.
     *
     * @param moves the move sequence
     * @param notation the notation {@code moves} is written in
     * @param metric how moves are counted
     * @return the length
     * @throws org.twisty.InvalidNotationException if {@code moves} is malformed
     * @throws IllegalArgumentException if {@code moves} contains a whole-puzzle flip ({@code !}),
     *     which has no length in these metrics
     * @throws NullPointerException if an argument is null
     */
    public static int length(String moves, Notation notation, Metric metric) {
        Objects.requireNonNull(notation, "notation must not be null");
        Objects.requireNonNull(metric, "metric must not be null");
        return nativeLength(moves, notation.code(), metric.code());
    }

    private static native String nativeConvert(String moves, int from, int to);

    private static native String nativeInverse(String moves, int notation);

    private static native int nativeLength(String moves, int notation, int metric);
}
