package org.twisty.sq1;

/**
 * A Square-1 colouring. Each constant has a stable {@linkplain #code() code}, the number the
 * native library and every other runtime use for it.
 */
public enum Colouring {
    /** The standard puzzle: all 16 pieces distinct. Code 0. */
    SIX_COLOUR(0),
    /** The Silver edition: the 8 big pieces distinct, the 8 small ones in 4 identical pairs. Code 1. */
    SILVER(1);

    private final int code;

    Colouring(int code) {
        this.code = code;
    }

    /**
     * The stable code of this colouring, the same in every runtime (independent of declaration
     * order).
     *
     * @return the code
     */
    public int code() {
        return code;
    }

    /** The constant of a code the native library returned. */
    static Colouring fromCode(int code) {
        for (Colouring c : values()) {
            if (c.code == code) {
                return c;
            }
        }
        throw new IllegalStateException("unknown colouring code from the native library: " + code);
    }
}
