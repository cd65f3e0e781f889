package org.twisty.sq1;

import java.util.Objects;
import org.twisty.NativeLibrary;

/**
 * An immutable Square-1 state, held as its canonical text (the engine's ASCII format, identical in
 * every runtime). Equality and hash code are those of the canonical text.
 *
 * <p>Every method is computed by the native engine; failures are thrown as the exceptions of
 * {@link org.twisty.TwistyException}.
 */
public final class Square1State {
    static {
        NativeLibrary.load();
    }

    private final String text;

    private Square1State(String text) {
        this.text = text;
    }

    /** Wraps text the engine produced (already canonical). */
    static Square1State ofCanonical(String text) {
        return new Square1State(text);
    }

    /**
     * The solved state of a colouring.
     *
     * @param colouring six-colour or Silver
     * @return the solved state
     * @throws NullPointerException if {@code colouring} is null
     */
    public static Square1State solved(Colouring colouring) {
        Objects.requireNonNull(colouring, "colouring must not be null");
        return new Square1State(nativeSolved(colouring.code()));
    }

    /**
     * Parses a state from its text and puts it in canonical form.
     *
     * @param text a state in the engine's text format
     * @return the state
     * @throws org.twisty.InvalidNotationException if the text is malformed
     * @throws org.twisty.InvalidStateException if it describes no reachable state
     * @throws NullPointerException if {@code text} is null
     */
    public static Square1State parse(String text) {
        return new Square1State(nativeParse(text));
    }

    /**
     * Applies moves in WCA notation.
     *
     * @param wcaMoves moves such as {@code (1,0)/(-1,0)/}
     * @return the resulting state
     * @throws org.twisty.InvalidNotationException if the moves are malformed
     * @throws org.twisty.IllegalMoveException if a move cannot be made where it is applied
     * @throws NullPointerException if {@code wcaMoves} is null
     */
    public Square1State apply(String wcaMoves) {
        return apply(wcaMoves, Notation.WCA);
    }

    /**
     * Applies moves in the given notation.
     *
     * @param moves the move sequence
     * @param notation the notation {@code moves} is written in
     * @return the resulting state
     * @throws org.twisty.InvalidNotationException if the moves are malformed
     * @throws org.twisty.IllegalMoveException if a move cannot be made where it is applied
     * @throws NullPointerException if an argument is null
     */
    public Square1State apply(String moves, Notation notation) {
        Objects.requireNonNull(notation, "notation must not be null");
        return new Square1State(nativeApply(text, moves, notation.code()));
    }

    /**
     * Whether the state is solved (middle layer square included).
     *
     * @return true if solved
     */
    public boolean isSolved() {
        return nativeIsSolved(text, false);
    }

    /**
     * Whether the state is solved if the middle layer is ignored (a kite middle still counts).
     *
     * @return true if both layers are solved
     */
    public boolean isSolvedIgnoringMiddle() {
        return nativeIsSolved(text, true);
    }

    /**
     * Whether {@code /} can be applied now (no piece straddles the seam on either layer).
     *
     * @return true if twistable
     */
    public boolean isTwistable() {
        return nativeIsTwistable(text);
    }

    /**
     * Whether the middle layer is square (as when solved) rather than kite.
     *
     * @return true if square
     */
    public boolean isMiddleSquare() {
        return nativeMiddleIsSquare(text);
    }

    /**
     * The state's colouring.
     *
     * @return six-colour or Silver
     */
    public Colouring colouring() {
        return Colouring.fromCode(nativeColouring(text));
    }

    /**
     * The shape's name in the article's style ({@code CeCeCeCe/CeCeCeCe} for the cube shape).
     *
     * @return the shape name
     */
    public String shapeName() {
        return nativeShapeName(text);
    }

    /**
     * The index (0 to 169) of the state's shape up to layer rotations.
     *
     * @return the shape index
     */
    public int shapeIndex() {
        return nativeShapeIndex(text);
    }

    /**
     * Whether this state equals another up to turning the top and bottom layers.
     *
     * @param other the state to compare with
     * @return true if equal up to layer rotations
     * @throws NullPointerException if {@code other} is null
     */
    public boolean equalsUpToLayerRotation(Square1State other) {
        Objects.requireNonNull(other, "other must not be null");
        return nativeEqualUpToLayerRotation(text, other.text);
    }

    /**
     * The Silver-edition view of this state (identical small pieces merged).
     *
     * @return the Silver state
     */
    public Square1State toSilver() {
        return new Square1State(nativeToSilver(text));
    }

    /**
     * An SVG picture of the state (480 by 280 units, transparent background): the top layer seen
     * from above, the bottom layer seen from below and the middle layer seen from the front, in
     * the colours of the state's colouring (see {@code docs/square1-pictures.md}). The text is the
     * same in every runtime.
     *
     * @return a complete SVG document, starting with {@code <svg}
     */
    public String toSvg() {
        return nativeSvg(text);
    }

    /**
     * The canonical text of the state; {@link #parse(String)} reads it back.
     *
     * @return the canonical text
     */
    @Override
    public String toString() {
        return text;
    }

    /**
     * Equal if the canonical texts are equal.
     *
     * @param o another object
     * @return true for a state with the same canonical text
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Square1State && ((Square1State) o).text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    private static native String nativeSolved(int colouring);

    private static native String nativeParse(String text);

    private static native String nativeApply(String state, String moves, int notation);

    private static native boolean nativeIsSolved(String state, boolean ignoreMiddle);

    private static native boolean nativeIsTwistable(String state);

    private static native boolean nativeMiddleIsSquare(String state);

    private static native int nativeColouring(String state);

    private static native String nativeShapeName(String state);

    private static native int nativeShapeIndex(String state);

    private static native boolean nativeEqualUpToLayerRotation(String a, String b);

    private static native String nativeToSilver(String state);

    private static native String nativeSvg(String state);
}
