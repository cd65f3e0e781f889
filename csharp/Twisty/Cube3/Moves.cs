using System.Collections.Generic;
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

    /// <summary>
    /// The moves of an algorithm, both NISS parts, as fewest-moves solving counts them: face and
    /// wide turns count 1, slices 2, rotations 0 (<c>R2 M Uw (Fw2 M2 y2)</c> counts 7).
    /// </summary>
    /// <exception cref="System.ArgumentNullException"><paramref name="moves"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    public static int Count(string moves)
    {
        NativeErrors.ThrowIfNull(moves, nameof(moves));
        using var m = NativeCall.Text(moves);
        return checked((int)NativeCall.Unwrap(Interop.twisty_cube3_moves_count(m)));
    }

    /// <summary>
    /// Whether two algorithms are the same up to the order of adjacent moves on one axis, each
    /// NISS part on its own (<c>U D2 U</c> and <c>U U D2</c> are; <c>R</c> and <c>R (R)</c> are not).
    /// </summary>
    /// <exception cref="System.ArgumentNullException"><paramref name="a"/> or <paramref name="b"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    public static bool Same(string a, string b)
    {
        NativeErrors.ThrowIfNull(a, nameof(a));
        NativeErrors.ThrowIfNull(b, nameof(b));
        using var x = NativeCall.Text(a);
        using var y = NativeCall.Text(b);
        return NativeCall.Unwrap(Interop.twisty_cube3_moves_same(x, y));
    }

    /// <summary>
    /// nissy's variations of an algorithm, written as the step solvers write solutions:
    /// <see cref="Variation.Unniss"/> gives the one plain sequence (<c>R U (U' R')</c> gives
    /// <c>R U R U</c>), <see cref="Variation.LastQt"/> every direction of each part's last quarter
    /// turns (<c>R U2 F</c> gives <c>R U2 F</c> and <c>R U2 F'</c>).
    /// </summary>
    /// <exception cref="System.ArgumentNullException"><paramref name="moves"/> is null (code 7).</exception>
    /// <exception cref="System.ArgumentException"><paramref name="variation"/> is not a defined value (code 6).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    public static IReadOnlyList<string> Variations(Variation variation, string moves)
    {
        NativeErrors.ThrowIfNull(moves, nameof(moves));
        using var m = NativeCall.Text(moves);
        return NativeCall.Unwrap(Interop.twisty_cube3_variations(m, (int)variation));
    }
}
