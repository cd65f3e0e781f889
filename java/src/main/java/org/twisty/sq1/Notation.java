package org.twisty.sq1;

/** A Square-1 move notation. The native code of each constant is its ordinal. */
public enum Notation {
    /** WCA / TNoodle notation: {@code (x,y)/}, turns in twelfths of a turn. Code 0. */
    WCA,
    /** The Cube21 article's notation: {@code (top,bottom)/}, with {@code !} for a whole-puzzle flip. Code 1. */
    ARTICLE
}
