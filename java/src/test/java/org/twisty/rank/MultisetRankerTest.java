package org.twisty.rank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/** {@link MultisetRanker} beyond the vectors: full round trips, 128-bit ranks, bad inputs, value semantics. */
class MultisetRankerTest {
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);
    private static final BigInteger TWO_TO_128 = BigInteger.ONE.shiftLeft(128);

    /** All permutations of {@code sorted} in lexicographic order (standard next-permutation). */
    private static List<int[]> permutationsInOrder(int[] sorted) {
        List<int[]> out = new ArrayList<>();
        int[] p = sorted.clone();
        while (true) {
            out.add(p.clone());
            int i = p.length - 2;
            while (i >= 0 && p[i] >= p[i + 1]) {
                i--;
            }
            if (i < 0) {
                return out;
            }
            int j = p.length - 1;
            while (p[j] <= p[i]) {
                j--;
            }
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
            for (int a = i + 1, b = p.length - 1; a < b; a++, b--) {
                t = p[a];
                p[a] = p[b];
                p[b] = t;
            }
        }
    }

    private static BigInteger factorial(int n) {
        BigInteger f = BigInteger.ONE;
        for (int k = 2; k <= n; k++) {
            f = f.multiply(BigInteger.valueOf(k));
        }
        return f;
    }

    /** The rank of a permutation of 0..n-1 by the factorial number system (Lehmer code), independently of the engine. */
    private static BigInteger lehmerRank(int[] perm) {
        BigInteger rank = BigInteger.ZERO;
        int n = perm.length;
        for (int i = 0; i < n; i++) {
            int smallerLater = 0;
            for (int j = i + 1; j < n; j++) {
                if (perm[j] < perm[i]) {
                    smallerLater++;
                }
            }
            rank = rank.add(BigInteger.valueOf(smallerLater).multiply(factorial(n - 1 - i)));
        }
        return rank;
    }

    private static int[] ones(int n) {
        int[] counts = new int[n];
        Arrays.fill(counts, 1);
        return counts;
    }

    private static int[] identity(int n) {
        return IntStream.range(0, n).toArray();
    }

    private static int[] reversed(int n) {
        return IntStream.range(0, n).map(i -> n - 1 - i).toArray();
    }

    @Test
    void roundTripOverAllPermutationsOf2222IsALexicographicBijection() {
        MultisetRanker r = new MultisetRanker(2, 2, 2, 2);
        assertEquals(BigInteger.valueOf(2520), r.count());
        List<int[]> expected = permutationsInOrder(new int[] {0, 0, 1, 1, 2, 2, 3, 3});
        assertEquals(2520, expected.size());

        Set<String> seen = new HashSet<>();
        int[] previous = null;
        for (int i = 0; i < 2520; i++) {
            BigInteger rank = BigInteger.valueOf(i);
            int[] perm = r.unrank(rank);
            assertArrayEquals(expected.get(i), perm, "unrank(" + i + ")");
            assertEquals(rank, r.rank(perm), "rank(unrank(" + i + "))");
            assertTrue(seen.add(Arrays.toString(perm)), "unrank(" + i + ") repeats a permutation");
            if (previous != null) {
                assertTrue(Arrays.compare(previous, perm) < 0, "unrank(" + (i - 1) + ") < unrank(" + i + ")");
            }
            previous = perm;
        }
        assertEquals(2520, seen.size());
        // And from the permutation side: every permutation's rank is its position.
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(BigInteger.valueOf(i), r.rank(expected.get(i)));
        }
    }

    @Test
    void twentyOneDistinctSymbolsNeedMoreThan64Bits() {
        MultisetRanker r = new MultisetRanker(ones(21));
        BigInteger count = factorial(21);
        assertEquals(new BigInteger("51090942171709440000"), count);
        assertEquals(count, r.count());
        assertTrue(r.count().compareTo(TWO_TO_64) > 0);

        assertEquals(BigInteger.ZERO, r.rank(identity(21)));
        assertEquals(count.subtract(BigInteger.ONE), r.rank(reversed(21)));
        assertArrayEquals(reversed(21), r.unrank(count.subtract(BigInteger.ONE)));
        assertArrayEquals(identity(21), r.unrank(BigInteger.ZERO));

        List<BigInteger> ranks = List.of(
                BigInteger.ONE, BigInteger.valueOf(1_000_000_007L),
                TWO_TO_64.subtract(BigInteger.ONE), TWO_TO_64, TWO_TO_64.add(BigInteger.ONE),
                BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE),
                new BigInteger("12345678901234567890123").mod(count), count.shiftRight(1), count.subtract(TWO_TO_64));
        for (BigInteger rank : ranks) {
            int[] perm = r.unrank(rank);
            assertEquals(rank, lehmerRank(perm), "unrank(" + rank + ") against the factorial number system");
            assertEquals(rank, r.rank(perm), "rank(unrank(" + rank + "))");
        }
    }

    /**
     * Random ranks over the whole 21-symbol range. Regression: ranks from about 6.76e17 to
     * 8.78e17 once hit a 64-bit shortcut in the engine that truncated a count above 2^64.
     */
    @Test
    void randomRanksOfTwentyOneDistinctSymbols() {
        MultisetRanker r = new MultisetRanker(ones(21));
        List<BigInteger> ranks = new ArrayList<>(List.of(new BigInteger("700000000000000000")));
        Random random = new Random(21);
        for (int k = 0; k < 500; k++) {
            ranks.add(new BigInteger(66, random).mod(r.count()));
        }
        for (BigInteger rank : ranks) {
            int[] perm = r.unrank(rank);
            assertEquals(rank, lehmerRank(perm), "unrank(" + rank + ") against the factorial number system");
            assertEquals(rank, r.rank(perm), "rank(unrank(" + rank + "))");
        }
    }

    @Test
    void ranksWithTheTopBitSet() {
        // 34! is about 2^127.8: ranks use all 128 bits, so the high long is negative in Java.
        MultisetRanker r = new MultisetRanker(ones(34));
        BigInteger count = factorial(34);
        assertEquals(count, r.count());
        assertTrue(count.bitLength() == 128);
        BigInteger top = BigInteger.ONE.shiftLeft(127);
        for (BigInteger rank : List.of(top, top.add(BigInteger.ONE), top.add(TWO_TO_64), count.subtract(BigInteger.ONE))) {
            int[] perm = r.unrank(rank);
            assertEquals(rank, lehmerRank(perm));
            assertEquals(rank, r.rank(perm));
        }
        assertArrayEquals(reversed(34), r.unrank(count.subtract(BigInteger.ONE)));
    }

    @Test
    void zeroCountsAndSingleSymbols() {
        MultisetRanker r = new MultisetRanker(3, 0, 2);
        assertEquals(BigInteger.TEN, r.count());
        assertArrayEquals(new int[] {2, 0, 0, 2, 0}, r.unrank(BigInteger.valueOf(7)));
        assertEquals(BigInteger.valueOf(7), r.rank(2, 0, 0, 2, 0));
        MultisetRanker one = new MultisetRanker(5);
        assertEquals(BigInteger.ONE, one.count());
        assertArrayEquals(new int[] {0, 0, 0, 0, 0}, one.unrank(BigInteger.ZERO));
        MultisetRanker zero = new MultisetRanker(0);
        assertEquals(BigInteger.ONE, zero.count());
        assertArrayEquals(new int[0], zero.unrank(BigInteger.ZERO));
        assertEquals(BigInteger.ZERO, zero.rank());
    }

    private static DynamicTest throwsCase(String call, Class<? extends RuntimeException> type, String message, Executable executable) {
        return DynamicTest.dynamicTest(call + " throws " + type.getSimpleName(), () -> {
            RuntimeException e = assertThrows(type, executable);
            assertEquals(type, e.getClass());
            assertEquals(message, e.getMessage());
        });
    }

    @TestFactory
    Stream<DynamicTest> badInputs() {
        MultisetRanker r = new MultisetRanker(2, 2, 2, 2);
        Class<NullPointerException> npe = NullPointerException.class;
        Class<IllegalArgumentException> iae = IllegalArgumentException.class;
        return Stream.of(
                throwsCase("new MultisetRanker(null)", npe, "counts must not be null", () -> new MultisetRanker((int[]) null)),
                throwsCase("rank(null)", npe, "perm must not be null", () -> r.rank((int[]) null)),
                throwsCase("unrank(null)", npe, "rank must not be null", () -> r.unrank(null)),
                // Bridge conversions.
                throwsCase("new MultisetRanker(2, -1)", iae, "counts[1] must not be negative (got -1)",
                        () -> new MultisetRanker(2, -1)),
                throwsCase("rank with symbol 256", iae, "perm[7] must be between 0 and 255 (got 256)",
                        () -> r.rank(0, 0, 1, 1, 2, 2, 3, 256)),
                throwsCase("rank with symbol -1", iae, "perm[0] must be between 0 and 255 (got -1)",
                        () -> r.rank(-1, 0, 1, 1, 2, 2, 3, 3)),
                throwsCase("unrank(-1)", iae, "rank must not be negative (got -1)", () -> r.unrank(BigInteger.ONE.negate())),
                throwsCase("unrank(2^128)", iae, "rank must be below 2^128 (got " + TWO_TO_128 + ")", () -> r.unrank(TWO_TO_128)),
                // The engine's own messages.
                throwsCase("new MultisetRanker()", iae, "a multiset needs at least one symbol type", () -> new MultisetRanker()),
                throwsCase("new MultisetRanker(35 ones)", iae,
                        "the multiset has more than 340282366920938463463374607431768211455 permutations",
                        () -> new MultisetRanker(ones(35))),
                throwsCase("rank, too short", iae, "permutation has 7 symbols, the multiset 8", () -> r.rank(0, 0, 1, 1, 2, 2, 3)),
                throwsCase("rank, too long", iae, "permutation has 9 symbols, the multiset 8",
                        () -> r.rank(0, 0, 1, 1, 2, 2, 3, 3, 3)),
                throwsCase("rank, symbol used too often", iae, "symbol 0 at index 2 is not left in the multiset",
                        () -> r.rank(0, 0, 0, 1, 2, 2, 3, 3)),
                throwsCase("rank, unknown symbol", iae, "symbol 4 at index 7 is not left in the multiset",
                        () -> r.rank(0, 0, 1, 1, 2, 2, 3, 4)),
                throwsCase("unrank(count)", iae, "rank 2520 out of range 0..2520", () -> r.unrank(r.count())),
                throwsCase("unrank(2^128 - 1)", iae, "rank 340282366920938463463374607431768211455 out of range 0..2520",
                        () -> r.unrank(TWO_TO_128.subtract(BigInteger.ONE))));
    }

    @Test
    void valueSemantics() {
        int[] input = {2, 2, 2, 2};
        MultisetRanker a = new MultisetRanker(input);
        input[0] = 7; // the ranker copied its counts
        assertArrayEquals(new int[] {2, 2, 2, 2}, a.counts());
        assertEquals(BigInteger.valueOf(2520), a.count());
        assertEquals(BigInteger.valueOf(2519), a.rank(3, 3, 2, 2, 1, 1, 0, 0));

        int[] out = a.counts();
        out[1] = 9; // counts() returns a copy
        assertArrayEquals(new int[] {2, 2, 2, 2}, a.counts());

        MultisetRanker b = new MultisetRanker(2, 2, 2, 2);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, new MultisetRanker(2, 2, 2));
        assertNotEquals(new MultisetRanker(1), new MultisetRanker(1, 0));
        assertFalse(a.equals(null));
        assertFalse(a.equals("2,2,2,2"));
        assertEquals("MultisetRanker[counts=[2, 2, 2, 2], count=2520]", a.toString());
        assertTrue(a.count() == a.count(), "count() is cached");
    }
}
