package org.twisty.cube3;

/**
 * How a step search may use NISS (normal-inverse scramble switch): solve the cube itself, its
 * inverse, or both, switching once or freely. The codes are the same in every runtime; in vector
 * files and nissy the modes are written {@code normal}, {@code inverse}, {@code linear},
 * {@code mixed} and {@code all}. Not every step can use every mode (see
 * {@link StepSolver#describe(String)}): a step that cannot switch sides takes only
 * {@link #NORMAL}, {@link #INVERSE} and {@link #LINEAR}.
 */
public enum NissMode {
    /** Solutions on the cube itself (no inverse part). Code 0. */
    NORMAL(0),
    /** Solutions on the inverse cube, written in parentheses. Code 1. */
    INVERSE(1),
    /** Normal and inverse solutions, neither switching sides. Code 2. */
    LINEAR(2),
    /** Solutions with a normal part then an inverse part (one switch). Code 3. */
    MIXED(3),
    /** Every solution of the moves on either side. Code 4. */
    ALL(4);

    private final int code;

    NissMode(int code) {
        this.code = code;
    }

    /**
     * The stable code of this mode, the same in every runtime (independent of declaration order).
     *
     * @return the code
     */
    public int code() {
        return code;
    }
}
