package org.twisty.sq1;

/**
 * How the length of a six-colour Square-1 solution is counted ({@link Square1Solver},
 * {@link Square1Moves#length}). Each constant has a stable {@linkplain #code() code}, the number
 * the native library and every other runtime use for it.
 *
 * <p>For example {@code (1,0)/ (-1,3)/} has length 2 in {@link #TWIST}, 4 in {@link #WCA} and 5 in
 * {@link #FACE_TURN}. A turn {@code (0,0)} counts nothing in any metric; a whole-puzzle flip
 * ({@code !}, article notation) has no length in any of them.
 */
public enum Metric {
    /** Only twists count: each {@code /} counts 1, layer turns are free. Code 0; vector name {@code twist}. */
    TWIST(0),
    /**
     * The WCA's count: each {@code /} counts 1 and each turn {@code (x,y)} counts 1, whether it
     * turns one layer or both. Code 1; vector name {@code wca}.
     */
    WCA(1),
    /**
     * Face turns: {@code /}, {@code (x,0)} and {@code (0,y)} count 1 each, a turn {@code (x,y)} of
     * both layers counts 2. Code 2; vector name {@code face}.
     */
    FACE_TURN(2);

    private final int code;

    Metric(int code) {
        this.code = code;
    }

    /**
     * The stable code of this metric, the same in every runtime (independent of declaration order).
     *
     * @return the code
     */
    public int code() {
        return code;
    }

    /** The constant of a code the native library returned. */
    static Metric fromCode(int code) {
        for (Metric m : values()) {
            if (m.code == code) {
                return m;
            }
        }
        throw new IllegalStateException("unknown metric code from the native library: " + code);
    }
}
