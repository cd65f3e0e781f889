package org.twisty.sq1;

/**
 * Which model of the Silver-edition Square-1 a database holds. Each constant has a stable
 * {@linkplain #code() code}, the number the native library, the database file and every other
 * runtime use for it.
 */
public enum DatabaseVariant {
    /** The Cube21 article's model: the middle layer is ignored. Code 0; vector name {@code article}. */
    ARTICLE(0),
    /** The physical puzzle: the middle layer (square or kite) is part of the state. Code 1; vector name {@code middle}. */
    MIDDLE(1);

    private final int code;

    DatabaseVariant(int code) {
        this.code = code;
    }

    /**
     * The stable code of this variant, the same in every runtime (independent of declaration
     * order).
     *
     * @return the code
     */
    public int code() {
        return code;
    }

    /** The constant of a code the native library returned. */
    static DatabaseVariant fromCode(int code) {
        for (DatabaseVariant v : values()) {
            if (v.code == code) {
                return v;
            }
        }
        throw new IllegalStateException("unknown database variant code from the native library: " + code);
    }
}
