package org.twisty.cube3;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
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

    /**
     * The moves in an algorithm, both NISS parts: face and wide turns count 1, slices
     * ({@code M S E}) 2, rotations 0 ({@code R2 M Uw (Fw2 M2 y2)} has 7), as fewest-moves solving
     * counts them.
     *
     * @param moves the algorithm
     * @return its move count
     * @throws org.twisty.InvalidNotationException if {@code moves} is malformed
     * @throws NullPointerException if {@code moves} is null ("moves must not be null")
     */
    public static int count(String moves) {
        return nativeCount(moves);
    }

    /**
     * Whether two algorithms are the same up to the order of adjacent moves on one axis, each
     * NISS part on its own ({@code U D2 U} and {@code U U D2} are; {@code R U} and {@code U R}
     * are not).
     *
     * @param a one algorithm
     * @param b the other
     * @return true when they are the same sequence
     * @throws org.twisty.InvalidNotationException if either is malformed
     * @throws NullPointerException if {@code a} or {@code b} is null ("a must not be null")
     */
    public static boolean same(String a, String b) {
        return nativeSame(a, b);
    }

    /**
     * nissy's variations of an algorithm, written as nissy writes them (the longer part first,
     * the inverse part in parentheses): {@link Variation#UNNISS} gives the one plain sequence
     * ({@code R U (U' R')} gives {@code R U R U}), {@link Variation#LASTQT} every direction of
     * each part's last quarter turns ({@code R U2 F} gives {@code R U2 F} and {@code R U2 F'}).
     *
     * @param variation which variations
     * @param moves the algorithm
     * @return the variations, never empty
     * @throws org.twisty.InvalidNotationException if {@code moves} is malformed
     * @throws NullPointerException if {@code variation} or {@code moves} is null ("moves must not
     *     be null")
     */
    public static List<String> variations(Variation variation, String moves) {
        Objects.requireNonNull(variation, "variation must not be null");
        return Collections.unmodifiableList(Arrays.asList(nativeVariations(moves, variation.code())));
    }

    private static native String nativeCanonical(String moves);

    private static native String nativeInverse(String moves);

    private static native int nativeCount(String moves);

    private static native boolean nativeSame(String a, String b);

    private static native String[] nativeVariations(String moves, int variation);
}
