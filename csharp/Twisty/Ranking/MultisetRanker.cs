using System;
using System.Globalization;
using System.Linq;
using System.Numerics;
using Twisty.Internal;
using Twisty.Native;

namespace Twisty.Ranking;

/// <summary>
/// Lexicographic ranking of the permutations of a multiset: a bijection between the distinct
/// arrangements of the multiset and the integers <c>0 .. Count - 1</c>.
/// </summary>
/// <remarks>
/// <para>
/// The multiset holds <c>counts[s]</c> copies of symbol <c>s</c> (symbols <c>0 .. counts.Length - 1</c>;
/// a count may be 0). For <c>new MultisetRanker(2, 2, 2, 2)</c> the permutations are the 2520
/// arrangements of <c>0,0,1,1,2,2,3,3</c>; rank 0 is <c>0,0,1,1,2,2,3,3</c>, rank 2519 is
/// <c>3,3,2,2,1,1,0,0</c>.
/// </para>
/// <para>
/// An instance is an immutable value (its counts), not a native handle: nothing to dispose.
/// Every call asks the native engine, so .NET, Java and Rust give the same answers and the same
/// error messages. Two rankers are <see cref="Equals(MultisetRanker?)">equal</see> when their
/// counts are equal element by element. Instances are thread-safe.
/// </para>
/// </remarks>
public sealed class MultisetRanker : IEquatable<MultisetRanker>
{
    private readonly uint[] _counts;

    /// <summary>A ranker for the multiset with <c>counts[s]</c> copies of symbol <c>s</c>.</summary>
    /// <param name="counts">How often each symbol occurs; copied.</param>
    /// <exception cref="ArgumentNullException"><paramref name="counts"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException">A count is negative, <paramref name="counts"/> is empty,
    /// or the multiset has more than <see cref="UInt128.MaxValue"/> permutations (code 6).</exception>
    public MultisetRanker(params int[] counts)
    {
        NativeErrors.ThrowIfNull(counts, nameof(counts));
        var native = new uint[counts.Length];
        long length = 0;
        for (var i = 0; i < counts.Length; i++)
        {
            if (counts[i] < 0)
            {
                throw NativeErrors.Create(ErrorCodes.InvalidArgument,
                    $"counts[{i}] must not be negative (got {counts[i]})", paramName: nameof(counts));
            }
            native[i] = (uint)counts[i];
            length += counts[i];
        }
        _counts = native;
        Length = length;
        using var c = _counts.Slice();
        Count = NativeCall.Unwrap(Interop.twisty_rank_count(c));
    }

    /// <summary>The number of distinct permutations of the multiset (the multinomial coefficient).</summary>
    public UInt128 Count { get; }

    /// <summary>The length of each permutation: the sum of the counts.</summary>
    public long Length { get; }

    /// <summary>A copy of the counts: element <c>s</c> is how often symbol <c>s</c> occurs.</summary>
    public int[] Counts => _counts.Select(c => (int)c).ToArray();

    /// <summary>The lexicographic rank of a permutation of the multiset.</summary>
    /// <param name="perm">A permutation: each symbol <c>s</c> exactly <c>Counts[s]</c> times.</param>
    /// <returns>The rank, in <c>0 .. Count - 1</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="perm"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException">A symbol outside <c>0..255</c>, a length other than
    /// <see cref="Length"/>, or a symbol used more often than the multiset holds it (code 6).</exception>
    public UInt128 Rank(params int[] perm)
    {
        NativeErrors.ThrowIfNull(perm, nameof(perm));
        var symbols = new byte[perm.Length];
        for (var i = 0; i < perm.Length; i++)
        {
            if (perm[i] is < 0 or > byte.MaxValue)
            {
                throw NativeErrors.Create(ErrorCodes.InvalidArgument,
                    $"perm[{i}] must be between 0 and 255 (got {perm[i]})", paramName: nameof(perm));
            }
            symbols[i] = (byte)perm[i];
        }
        using var c = _counts.Slice();
        using var p = symbols.Slice();
        return NativeCall.Unwrap(Interop.twisty_rank_rank(c, p));
    }

    /// <summary>The permutation of the multiset with a given lexicographic rank.</summary>
    /// <param name="rank">The rank, in <c>0 .. Count - 1</c>.</param>
    /// <returns>A new array of <see cref="Length"/> symbols.</returns>
    /// <exception cref="ArgumentException"><paramref name="rank"/> is not below <see cref="Count"/>,
    /// or the permutation is longer than a .NET array can be (code 6).</exception>
    public int[] Unrank(UInt128 rank)
    {
        if (Length > Array.MaxLength)
        {
            throw NativeErrors.Create(ErrorCodes.InvalidArgument,
                $"{Length} elements do not fit a .NET array");
        }
        using var c = _counts.Slice();
        var symbols = NativeCall.Unwrap(Interop.twisty_rank_unrank(c, new U128 { high = (ulong)(rank >> 64), low = (ulong)rank }));
        var perm = new int[symbols.Length];
        for (var i = 0; i < symbols.Length; i++)
        {
            perm[i] = symbols[i];
        }
        return perm;
    }

    /// <summary>
    /// The permutation of the multiset with a given lexicographic rank, for a rank of any integer
    /// type (an <see cref="int"/> or <see cref="long"/> converts to it implicitly); as
    /// <see cref="Unrank(UInt128)"/> otherwise.
    /// </summary>
    /// <param name="rank">The rank, in <c>0 .. Count - 1</c>.</param>
    /// <exception cref="ArgumentException"><paramref name="rank"/> is negative (<c>rank must not be
    /// negative (got -1)</c>), not below 2^128, or not below <see cref="Count"/> (code 6).</exception>
    public int[] Unrank(BigInteger rank)
    {
        // The messages are the Java API's (its rank is a BigInteger too).
        if (rank.Sign < 0)
        {
            throw NativeErrors.Create(ErrorCodes.InvalidArgument,
                $"rank must not be negative (got {rank.ToString(CultureInfo.InvariantCulture)})", paramName: nameof(rank));
        }
        if (rank > UInt128.MaxValue)
        {
            throw NativeErrors.Create(ErrorCodes.InvalidArgument,
                $"rank must be below 2^128 (got {rank.ToString(CultureInfo.InvariantCulture)})", paramName: nameof(rank));
        }
        return Unrank((UInt128)rank);
    }

    /// <summary>The counts, for example <c>MultisetRanker(2,2,2,2)</c>.</summary>
    public override string ToString() =>
        $"MultisetRanker({string.Join(",", _counts.Select(c => c.ToString(CultureInfo.InvariantCulture)))})";

    /// <inheritdoc/>
    public bool Equals(MultisetRanker? other) => other is not null && _counts.AsSpan().SequenceEqual(other._counts);

    /// <inheritdoc/>
    public override bool Equals(object? obj) => Equals(obj as MultisetRanker);

    /// <inheritdoc/>
    public override int GetHashCode()
    {
        var hash = new HashCode();
        foreach (var c in _counts)
        {
            hash.Add(c);
        }
        return hash.ToHashCode();
    }

    /// <summary>Equality of counts.</summary>
    public static bool operator ==(MultisetRanker? a, MultisetRanker? b) => a is null ? b is null : a.Equals(b);

    /// <summary>Inequality of counts.</summary>
    public static bool operator !=(MultisetRanker? a, MultisetRanker? b) => !(a == b);
}
