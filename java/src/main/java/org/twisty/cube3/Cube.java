package org.twisty.cube3;

import java.util.Objects;
import org.twisty.NativeLibrary;

/**
 * An immutable 3x3x3 cube, held as its text in nissy's B32 format
 * ({@code cccccccc=eeeeeeeeeeee=r}: eight corners, twelve edges and the cube's orientation; the
 * solved cube is {@code ABCDEFGH=ABCDEFGHIJKL=A}). Equality and hash code are those of the text.
 *
 * <p>A cube is the pieces relative to the centres plus the whole-cube orientation: rotations
 * ({@code x y z}) change only the orientation, and a face move turns the layer of the centre that
 * is in that place now. Every method is computed by the native engine, so Java, .NET and Rust give
 * byte-identical answers; failures are thrown as the exceptions of {@link org.twisty.TwistyException}.
 * Instances are thread-safe.
 */
public final class Cube {
    static {
        NativeLibrary.load();
    }

    private static final Cube SOLVED = new Cube(nativeSolved());

    private final String text;

    private Cube(String text) {
        this.text = text;
    }

    /**
     * The solved cube in the standard orientation, {@code ABCDEFGH=ABCDEFGHIJKL=A}.
     *
     * @return the solved cube
     */
    public static Cube solved() {
        return SOLVED;
    }

    /**
     * Reads a cube from its B32 text.
     *
     * @param text a cube such as {@code WBCVEILH=ABCDIFGLHJKE=A}
     * @return the cube
     * @throws org.twisty.InvalidNotationException if the text is malformed (wrong length, a
     *     character outside {@code A-Z a-f}, a missing {@code '='}); its position names the
     *     offending character
     * @throws org.twisty.InvalidStateException if it describes no solvable cube (a value out of
     *     range, a duplicate piece, a parity, flip or twist defect)
     * @throws NullPointerException if {@code text} is null
     */
    public static Cube parse(String text) {
        return new Cube(nativeParse(text));
    }

    /**
     * A uniformly random cube in the standard orientation: the same seed gives the same cube in
     * every runtime.
     *
     * @param seed the seed, read as an unsigned 64-bit number
     * @return the cube
     */
    public static Cube random(long seed) {
        return new Cube(nativeRandom(seed));
    }

    /**
     * The cube of an algorithm, applied to the solved cube. Moves in parentheses belong to the
     * inverse (NISS): {@code R (U) F} is the cube of {@code U' R F}.
     *
     * @param moves an algorithm such as {@code R U R' U'} or {@code Rw2 M' x (F D)}
     * @return the cube
     * @throws org.twisty.InvalidNotationException if the moves are malformed
     * @throws NullPointerException if {@code moves} is null
     */
    public static Cube fromMoves(String moves) {
        return new Cube(nativeFromMoves(moves));
    }

    /**
     * This cube after an algorithm (NISS groups included: the same as
     * {@code compose(Cube.fromMoves(moves))}).
     *
     * @param moves the algorithm
     * @return the resulting cube
     * @throws org.twisty.InvalidNotationException if the moves are malformed
     * @throws NullPointerException if {@code moves} is null
     */
    public Cube apply(String moves) {
        return new Cube(nativeApply(text, moves));
    }

    /**
     * The cube whose moves undo this one's: {@code c.compose(c.inverse())} is
     * {@link #solved()}.
     *
     * @return the inverse cube
     */
    public Cube inverse() {
        return new Cube(nativeInverse(text));
    }

    /**
     * This cube, then the moves of {@code other}.
     *
     * @param other the cube whose moves follow
     * @return the composition
     * @throws NullPointerException if {@code other} is null
     */
    public Cube compose(Cube other) {
        Objects.requireNonNull(other, "other must not be null");
        return new Cube(nativeCompose(text, other.text));
    }

    /**
     * Whether every corner and edge is in place relative to the centres, whatever the cube's
     * orientation (so the cube of {@code x} is solved; compare with {@link #solved()} to require
     * the standard orientation too).
     *
     * @return true if solved
     */
    public boolean isSolved() {
        return nativeIsSolved(text);
    }

    /**
     * An SVG picture of the cube as it is held: its unfolded net (U above F; L, F, R, B in a row;
     * D below F), nine stickers a face in the standard colours (U white, F green, R red, B blue,
     * L orange, D yellow), 288 by 216 units with a {@code viewBox}, titled with the B32 text (see
     * {@code docs/cube3.md}). The text is the same in every runtime.
     *
     * @return a complete SVG document, starting with {@code <svg}
     */
    public String toSvg() {
        return nativeSvg(text);
    }

    /**
     * The B32 text of the cube; {@link #parse(String)} reads it back.
     *
     * @return the B32 text
     */
    @Override
    public String toString() {
        return text;
    }

    /**
     * Equal if the B32 texts are equal (same pieces and same orientation).
     *
     * @param o another object
     * @return true for a cube with the same text
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Cube && ((Cube) o).text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    private static native String nativeSolved();

    private static native String nativeParse(String text);

    private static native String nativeRandom(long seed);

    private static native String nativeFromMoves(String moves);

    private static native String nativeApply(String cube, String moves);

    private static native String nativeInverse(String cube);

    private static native String nativeCompose(String a, String b);

    private static native boolean nativeIsSolved(String cube);

    private static native String nativeSvg(String cube);
}
