package org.twisty.cube3;

import org.twisty.NativeLibrary;

/**
 * Operations on 3x3x3 algorithms written as text: faces {@code U D R L F B}, wide turns
 * {@code Uw ... Bw}, slices {@code M S E} and rotations {@code x y z}, each followed by nothing,
 * {@code 2} or {@code '} ({@code 3} and {@code 2'} are read too). Moves in parentheses form the
 * inverse part (NISS).
 */
public final class Moves {
    static {
        NativeLibrary.load();
    }

    private Moves() {}

    /**
     * The canonical text of an algorithm: moves separated by one space, the inverse part last in
     * one group; for example {@code R(B'D)UF} gives {@code R U F (B' D)}.
     *
     * @param moves the algorithm
     * @return its canonical text (empty for no moves)
     * @throws org.twisty.InvalidNotationException if {@code moves} is malformed
     * @throws NullPointerException if {@code moves} is null
     */
    public static String canonical(String moves) {
        return nativeCanonical(moves);
    }

    /**
     * The plain algorithm (no inverse part) whose cube is the inverse of this one's: the normal
     * moves reversed and inverted, then the inverse part as written ({@code R U (F D)} gives
     * {@code U' R' F D}).
     *
     * @param moves the algorithm
     * @return the inverse algorithm, in canonical text
     * @throws org.twisty.InvalidNotationException if {@code moves} is malformed
     * @throws NullPointerException if {@code moves} is null
     */
    public static String inverse(String moves) {
        return nativeInverse(moves);
    }

    private static native String nativeCanonical(String moves);

    private static native String nativeInverse(String moves);
}
