package org.twisty.sq1;

/**
 * How the length of a six-colour Square-1 solution is counted ({@link Square1Solver},
 * {@link Square1Moves#length}). The native code of each constant is its ordinal.
 *
 * <p>For example {@code (1,0)/ (-1,3)/} has length 2 in {@link #TWIST}, 4 in {@link #WCA} and 5 in
 * {@link #FACE_TURN}. A turn {@code (0,0)} counts nothing in any metric; a whole-puzzle flip
 * ({@code !}, article notation) has no length in any of them.
 */
public enum Metric {
    /** Only twists count: each {@code /} counts 1, layer turns are free. Code 0; vector name {@code twist}. */
    TWIST,
    /**
     * The WCA's count: each {@code /} counts 1 and each turn {@code (x,y)} counts 1, whether it
     * turns one layer or both. Code 1; vector name {@code wca}.
     */
    WCA,
    /**
     * Face turns: {@code /}, {@code (x,0)} and {@code (0,y)} count 1 each, a turn {@code (x,y)} of
     * both layers counts 2. Code 2; vector name {@code face}.
     */
    FACE_TURN;

    static Metric fromCode(int code) {
        Metric[] all = values();
        if (code < 0 || code >= all.length) {
            throw new IllegalStateException("unknown metric code from the native library: " + code);
        }
        return all[code];
    }
}
