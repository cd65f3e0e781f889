package org.twisty.sq1;

/**
 * A Square-1 move notation. Each constant has a stable {@linkplain #code() code}, the number the
 * native library and every other runtime use for it.
 */
public enum Notation {
    /** WCA / TNoodle notation: {@code (x,y)/}, turns in twelfths of a turn. Code 0. */
    WCA(0),
    /** The Cube21 article's notation: {@code (top,bottom)/}, with {@code !} for a whole-puzzle flip. Code 1. */
    ARTICLE(1);

    private final int code;

    Notation(int code) {
        this.code = code;
    }

    /**
     * The stable code of this notation, the same in every runtime (independent of declaration
     * order).
     *
     * @return the code
     */
    public int code() {
        return code;
    }
}
