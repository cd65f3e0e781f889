package org.twisty.rank;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;
import org.twisty.NativeLibrary;

/**
 * Lexicographic ranking of the distinct permutations of a multiset.
 *
 * <p>The multiset is given by its counts: {@code counts[s]} copies of symbol {@code s}, so
 * {@code new MultisetRanker(2, 1)} describes {@code {0, 0, 1}}, whose permutations
 * {@code [0,0,1]}, {@code [0,1,0]}, {@code [1,0,0]} have ranks 0, 1, 2. A permutation is an
 * {@code int[]} of symbols (each in {@code 0..255}) whose length is the sum of the counts.
 *
 * <p>An immutable value (no native resources, nothing to close): equality and hash code are those
 * of the counts. Instances are thread-safe. Every computation is done by the native engine; its
 * errors arrive as {@link IllegalArgumentException} with the engine's message.
 */
public final class MultisetRanker {
    static {
        NativeLibrary.load();
    }

    /** 2<sup>128</sup>: ranks cross to the engine as unsigned 128-bit integers. */
    private static final BigInteger TWO_TO_128 = BigInteger.ONE.shiftLeft(128);

    private final int[] counts;
    private final BigInteger count;

    /**
     * A ranker for the multiset with {@code counts[s]} copies of symbol {@code s}.
     *
     * @param counts the number of copies of each symbol (copied; zero counts are allowed)
     * @throws NullPointerException if {@code counts} is null
     * @throws IllegalArgumentException if a count is negative, if {@code counts} is empty, or if
     *     the multiset has more than 2<sup>128</sup>&nbsp;&minus;&nbsp;1 permutations
     */
    public MultisetRanker(int... counts) {
        // Copy first so that the array the engine validates is the one this value keeps; a null
        // goes to the engine, which answers "counts must not be null".
        int[] copy = counts == null ? null : counts.clone();
        this.count = unsigned(nativeCount(copy));
        this.counts = copy;
    }

    /**
     * The number of distinct permutations of the multiset (the multinomial coefficient).
     *
     * @return the count, at least 1
     */
    public BigInteger count() {
        return count;
    }

    /**
     * The counts of the multiset.
     *
     * @return a copy of the counts this ranker was created with
     */
    public int[] counts() {
        return counts.clone();
    }

    /**
     * The lexicographic rank of a permutation of the multiset.
     *
     * @param perm a permutation: every symbol {@code s} exactly {@code counts()[s]} times
     * @return its rank, in {@code 0 .. count()-1}
     * @throws NullPointerException if {@code perm} is null
     * @throws IllegalArgumentException if a symbol is outside {@code 0..255}, or {@code perm} is
     *     not a permutation of the multiset (wrong length, or a symbol used too often)
     */
    public BigInteger rank(int... perm) {
        return unsigned(nativeRank(counts, perm));
    }

    /**
     * The permutation of the multiset with the given lexicographic rank.
     *
     * @param rank a rank in {@code 0 .. count()-1}
     * @return the permutation (a new array of symbols)
     * @throws NullPointerException if {@code rank} is null
     * @throws IllegalArgumentException if {@code rank} is negative or not below {@link #count()}
     */
    public int[] unrank(BigInteger rank) {
        Objects.requireNonNull(rank, "rank must not be null");
        if (rank.signum() < 0) {
            throw new IllegalArgumentException("rank must not be negative (got " + rank + ")");
        }
        if (rank.compareTo(TWO_TO_128) >= 0) {
            throw new IllegalArgumentException("rank must be below 2^128 (got " + rank + ")");
        }
        return nativeUnrank(counts, rank.shiftRight(64).longValue(), rank.longValue());
    }

    /** Equal when the counts are equal (element by element, so {@code (1, 0)} is not {@code (1)}). */
    @Override
    public boolean equals(Object other) {
        return other instanceof MultisetRanker && Arrays.equals(counts, ((MultisetRanker) other).counts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(counts);
    }

    /** For example {@code MultisetRanker[counts=[2, 2, 2, 2], count=2520]}. */
    @Override
    public String toString() {
        return "MultisetRanker[counts=" + Arrays.toString(counts) + ", count=" + count + "]";
    }

    /** An engine result: an unsigned 128-bit integer, big-endian. */
    private static BigInteger unsigned(byte[] bigEndian) {
        return new BigInteger(1, bigEndian);
    }

    /** The number of permutations as a big-endian {@code byte[16]}; validates {@code counts}. */
    private static native byte[] nativeCount(int[] counts);

    /** The rank of {@code perm} as a big-endian {@code byte[16]}. */
    private static native byte[] nativeRank(int[] counts, int[] perm);

    /** The permutation of rank {@code high * 2^64 + low} (both read as unsigned). */
    private static native int[] nativeUnrank(int[] counts, long high, long low);
}
