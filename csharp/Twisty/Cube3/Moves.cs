using Twisty.Internal;
using Twisty.Native;

namespace Twisty.Cube3;

/// <summary>
/// Operations on 3x3x3 algorithms written as text: faces <c>U D R L F B</c>, wide turns
/// <c>Uw ... Bw</c>, slices <c>M S E</c> and rotations <c>x y z</c>, each followed by nothing,
/// <c>2</c> or <c>'</c> (<c>3</c> and <c>2'</c> are read too). Moves in parentheses form the
/// inverse part (NISS).
/// </summary>
public static class Moves
{
    /// <summary>
    /// The canonical text of an algorithm: moves separated by one space, the inverse part last in
    /// one group; for example <c>R(B'D)UF</c> gives <c>R U F (B' D)</c>.
    /// </summary>
    /// <exception cref="System.ArgumentNullException"><paramref name="moves"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    public static string Canonical(string moves)
    {
        NativeErrors.ThrowIfNull(moves, nameof(moves));
        using var m = NativeCall.Text(moves);
        return NativeCall.Unwrap(Interop.twisty_cube3_moves_canonical(m));
    }

    /// <summary>
    /// The plain algorithm (no inverse part) whose cube is the inverse of this one's: the normal
    /// moves reversed and inverted, then the inverse part as written (<c>R U (F D)</c> gives
    /// <c>U' R' F D</c>).
    /// </summary>
    /// <exception cref="System.ArgumentNullException"><paramref name="moves"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    public static string Inverse(string moves)
    {
        NativeErrors.ThrowIfNull(moves, nameof(moves));
        using var m = NativeCall.Text(moves);
        return NativeCall.Unwrap(Interop.twisty_cube3_moves_inverse(m));
    }
}
