package org.twisty.sq1;

/** Which shapes {@link Square1Tables#countShapes(ShapeCount)} counts. The native code is the ordinal. */
public enum ShapeCount {
    /** Layer shapes up to rotation (29). Code 0. */
    LAYER_SHAPES,
    /** Twistable cube shapes with layer rotations distinct (3678). Code 1. */
    TWISTABLE_POSITIONS,
    /** Cube shapes up to layer rotation (170). Code 2. */
    UP_TO_LAYER_ROTATION,
    /** Cube shapes up to layer rotation and whole-puzzle flip (90). Code 3. */
    UP_TO_ROTATION_AND_FLIP
}
