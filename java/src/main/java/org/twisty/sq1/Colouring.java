package org.twisty.sq1;

/** A Square-1 colouring. The native code of each constant is its ordinal. */
public enum Colouring {
    /** The standard puzzle: all 16 pieces distinct. Code 0. */
    SIX_COLOUR,
    /** The Silver edition: the 8 big pieces distinct, the 8 small ones in 4 identical pairs. Code 1. */
    SILVER;

    static Colouring fromCode(int code) {
        Colouring[] all = values();
        if (code < 0 || code >= all.length) {
            throw new IllegalStateException("unknown colouring code from the native library: " + code);
        }
        return all[code];
    }
}
