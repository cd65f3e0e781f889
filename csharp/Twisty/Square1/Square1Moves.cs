using Twisty.Internal;
using Twisty.Native;

namespace Twisty.Square1;

/// <summary>Operations on Square-1 move sequences written as text.</summary>
public static class Square1Moves
{
    /// <summary>
    /// Re-writes a move sequence from one notation into another (or into the canonical form of the same).
    /// </summary>
    /// <exception cref="System.ArgumentNullException"><paramref name="moves"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    public static string Convert(string moves, Notation from, Notation to)
    {
        NativeErrors.ThrowIfNull(moves, nameof(moves));
        using var m = NativeCall.Text(moves);
        return NativeCall.Unwrap(Interop.twisty_sq1_moves_convert(m, (int)from, (int)to));
    }

    /// <summary>The inverse of a move sequence, in the same notation.</summary>
    /// <exception cref="System.ArgumentNullException"><paramref name="moves"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    public static string Inverse(string moves, Notation notation = Notation.Wca)
    {
        NativeErrors.ThrowIfNull(moves, nameof(moves));
        using var m = NativeCall.Text(moves);
        return NativeCall.Unwrap(Interop.twisty_sq1_moves_inverse(m, (int)notation));
    }

    /// <summary>The length of a move sequence in a metric (see <see cref="Metric"/> for how each counts).</summary>
    /// <exception cref="System.ArgumentNullException"><paramref name="moves"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    /// <exception cref="System.ArgumentException">A whole-puzzle flip <c>!</c> (it has no length), or an unknown notation or metric (code 6).</exception>
    public static int Length(string moves, Notation notation, Metric metric)
    {
        NativeErrors.ThrowIfNull(moves, nameof(moves));
        using var m = NativeCall.Text(moves);
        // Unchecked on purpose: a checked context would reach the enum casts too; a length is small.
        return (int)NativeCall.Unwrap(Interop.twisty_sq1_moves_length(m, (int)notation, (int)metric));
    }
}
