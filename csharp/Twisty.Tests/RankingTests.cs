using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Twisty.Ranking;
using Xunit;

namespace Twisty.Tests;

/// <summary><see cref="MultisetRanker"/>: bijection, order, 128-bit ranks, bad input.</summary>
public class RankingTests
{
    private static void AssertNull(string param, Action call)
    {
        var ex = Assert.ThrowsAny<ArgumentNullException>(call);
        Assert.Equal(param, ex.ParamName);
        Assert.Equal($"{param} must not be null", ex.Message);
        Assert.Equal(7, Assert.IsAssignableFrom<ITwistyException>(ex).Code);
    }

    private static ArgumentException AssertInvalid(string message, Action call)
    {
        var ex = Assert.ThrowsAny<ArgumentException>(call);
        Assert.IsNotType<ArgumentNullException>(ex);
        Assert.Equal(message, ex.Message);
        Assert.Equal(6, Assert.IsAssignableFrom<ITwistyException>(ex).Code);
        return ex;
    }

    /// <summary>Lexicographic comparison of two equally long permutations.</summary>
    private static int Compare(int[] a, int[] b)
    {
        for (var i = 0; i < a.Length; i++)
        {
            if (a[i] != b[i])
            {
                return a[i].CompareTo(b[i]);
            }
        }
        return 0;
    }

    [Fact]
    public void all_2520_permutations_of_2_2_2_2_are_a_bijection_in_lexicographic_order()
    {
        var r = new MultisetRanker(2, 2, 2, 2);
        Assert.Equal((UInt128)2520, r.Count);
        Assert.Equal(8, r.Length);

        var seen = new HashSet<string>();
        int[]? previous = null;
        for (var i = 0; i < 2520; i++)
        {
            var perm = r.Unrank((UInt128)i);
            Assert.Equal(8, perm.Length);
            for (var s = 0; s < 4; s++)
            {
                Assert.Equal(2, perm.Count(x => x == s));
            }
            Assert.True(seen.Add(string.Join(",", perm)), $"rank {i} repeats {string.Join(",", perm)}");
            Assert.Equal((UInt128)i, r.Rank(perm));
            if (previous is not null)
            {
                Assert.True(Compare(previous, perm) < 0, $"rank {i} is not after rank {i - 1}");
            }
            previous = perm;
        }
        Assert.Equal(2520, seen.Count);
        Assert.Equal([0, 0, 1, 1, 2, 2, 3, 3], r.Unrank(0));
        Assert.Equal([3, 3, 2, 2, 1, 1, 0, 0], r.Unrank(2519));
    }

    [Fact]
    public void twenty_one_distinct_symbols_need_more_than_64_bits()
    {
        var r = new MultisetRanker(Enumerable.Repeat(1, 21).ToArray());
        var count = UInt128.Parse("51090942171709440000");
        Assert.Equal(count, r.Count);
        Assert.True(r.Count > ulong.MaxValue);

        var descending = Enumerable.Range(0, 21).Reverse().ToArray();
        Assert.Equal(count - 1, r.Rank(descending));
        Assert.Equal(descending, r.Unrank(count - 1));
        Assert.Equal(Enumerable.Range(0, 21).ToArray(), r.Unrank(0));

        // Ranks around the 64-bit boundary survive the trip both ways.
        foreach (var rank in new[] { (UInt128)ulong.MaxValue - 1, ulong.MaxValue, (UInt128)ulong.MaxValue + 1, (UInt128)ulong.MaxValue * 2 + 7, count / 3 })
        {
            Assert.Equal(rank, r.Rank(r.Unrank(rank)));
        }
    }

    [Fact]
    public void bad_inputs_throw_with_code_and_message()
    {
        AssertNull("counts", () => new MultisetRanker(null!));
        var r = new MultisetRanker(1, 1, 1);
        AssertNull("perm", () => r.Rank(null!));

        var neg = AssertInvalid("counts[1] must not be negative (got -2)", () => new MultisetRanker(1, -2, 3));
        Assert.Equal("counts", neg.ParamName);
        AssertInvalid("a multiset needs at least one symbol type", () => new MultisetRanker());
        AssertInvalid("the multiset has more than 340282366920938463463374607431768211455 permutations",
            () => new MultisetRanker(Enumerable.Repeat(1, 35).ToArray()));

        AssertInvalid("rank 6 out of range 0..6", () => r.Unrank(6));
        AssertInvalid("rank 340282366920938463463374607431768211455 out of range 0..6", () => r.Unrank(UInt128.MaxValue));
        AssertInvalid("permutation has 2 symbols, the multiset 3", () => r.Rank(0, 1));
        AssertInvalid("permutation has 4 symbols, the multiset 3", () => r.Rank(0, 1, 2, 0));
        AssertInvalid("permutation has 0 symbols, the multiset 3", () => r.Rank());
        AssertInvalid("symbol 1 at index 1 is not left in the multiset", () => r.Rank(1, 1, 0));
        AssertInvalid("symbol 3 at index 2 is not left in the multiset", () => r.Rank(0, 1, 3));
        var range = AssertInvalid("perm[2] must be between 0 and 255 (got 256)", () => r.Rank(0, 1, 256));
        Assert.Equal("perm", range.ParamName);
        AssertInvalid("perm[0] must be between 0 and 255 (got -1)", () => r.Rank(-1, 1, 2));

        // The ranker still works after all that.
        Assert.Equal((UInt128)2, r.Rank(1, 0, 2));
    }

    [Fact]
    public void zero_counts_and_a_single_symbol_type()
    {
        var r = new MultisetRanker(3, 0, 2);
        Assert.Equal((UInt128)10, r.Count);
        Assert.Equal((UInt128)7, r.Rank(2, 0, 0, 2, 0));
        Assert.Equal([2, 0, 0, 2, 0], r.Unrank(7));

        var one = new MultisetRanker(5);
        Assert.Equal(UInt128.One, one.Count);
        Assert.Equal([0, 0, 0, 0, 0], one.Unrank(0));

        var nothing = new MultisetRanker(0);
        Assert.Equal(UInt128.One, nothing.Count);
        Assert.Equal(0, nothing.Length);
        Assert.Empty(nothing.Unrank(0));
        Assert.Equal(UInt128.Zero, nothing.Rank());
    }

    [Fact]
    public void rankers_are_values()
    {
        var counts = new[] { 2, 1, 3 };
        var a = new MultisetRanker(counts);
        counts[0] = 9; // the ranker copied its counts
        var b = new MultisetRanker(2, 1, 3);
        Assert.Equal(a, b);
        Assert.True(a == b);
        Assert.False(a != b);
        Assert.Equal(a.GetHashCode(), b.GetHashCode());
        Assert.Equal("MultisetRanker(2,1,3)", a.ToString());
        Assert.NotEqual(a, new MultisetRanker(2, 1, 3, 0));
        Assert.NotEqual(a, new MultisetRanker(1, 2, 3));
        Assert.False(a.Equals(null));
        Assert.False(a == null);

        var copy = a.Counts;
        Assert.Equal([2, 1, 3], copy);
        copy[0] = 7;
        Assert.Equal([2, 1, 3], a.Counts);
        Assert.Equal((UInt128)60, a.Count);
    }

    [Fact]
    public void many_threads_rank_and_unrank_at_once()
    {
        var r = new MultisetRanker(2, 2, 2, 2);
        Parallel.For(0, 2520, i =>
        {
            Assert.Equal((UInt128)i, r.Rank(r.Unrank((UInt128)i)));
            Assert.ThrowsAny<ArgumentException>(() => r.Unrank(2520 + (UInt128)i));
        });
    }
}
