package org.twisty.sq1;

/**
 * Which model of the Silver-edition Square-1 a database holds. The native code of each constant
 * is its ordinal.
 */
public enum DatabaseVariant {
    /** The Cube21 article's model: the middle layer is ignored. Code 0; vector name {@code article}. */
    ARTICLE,
    /** The physical puzzle: the middle layer (square or kite) is part of the state. Code 1; vector name {@code middle}. */
    MIDDLE;

    static DatabaseVariant fromCode(int code) {
        DatabaseVariant[] all = values();
        if (code < 0 || code >= all.length) {
            throw new IllegalStateException("unknown database variant code from the native library: " + code);
        }
        return all[code];
    }
}
