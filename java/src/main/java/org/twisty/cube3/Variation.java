package org.twisty.cube3;

/**
 * nissy's variations of a move sequence ({@link Moves#variations(Variation, String)}). The codes
 * are the same in every runtime; in vector files and nissy they are written {@code unniss} and
 * {@code lastqt}.
 */
public enum Variation {
    /** The one plain sequence with the same effect: the normal part, then the inverse part undone. Code 0. */
    UNNISS(0),
    /** Every direction of each part's last quarter turns (those that commute at the end). Code 1. */
    LASTQT(1);

    private final int code;

    Variation(int code) {
        this.code = code;
    }

    /**
     * The stable code of this variation, the same in every runtime (independent of declaration
     * order).
     *
     * @return the code
     */
    public int code() {
        return code;
    }
}
