package org.twisty.sq1;

/**
 * Which shapes {@link Square1Tables#countShapes(ShapeCount)} counts. Each constant has a stable
 * {@linkplain #code() code}, the number the native library and every other runtime use for it.
 */
public enum ShapeCount {
    /** Layer shapes up to rotation (29). Code 0. */
    LAYER_SHAPES(0),
    /** Twistable cube shapes with layer rotations distinct (3678). Code 1. */
    TWISTABLE_POSITIONS(1),
    /** Cube shapes up to layer rotation (170). Code 2. */
    UP_TO_LAYER_ROTATION(2),
    /** Cube shapes up to layer rotation and whole-puzzle flip (90). Code 3. */
    UP_TO_ROTATION_AND_FLIP(3);

    private final int code;

    ShapeCount(int code) {
        this.code = code;
    }

    /**
     * The stable code of this count, the same in every runtime (independent of declaration order).
     *
     * @return the code
     */
    public int code() {
        return code;
    }
}
