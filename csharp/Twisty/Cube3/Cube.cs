using System;
using Twisty.Internal;
using Twisty.Native;

namespace Twisty.Cube3;

/// <summary>
/// An immutable 3x3x3 cube, held as its text in nissy's B32 format
/// (<c>cccccccc=eeeeeeeeeeee=r</c>: eight corners, twelve edges and the cube's orientation; the
/// solved cube is <c>ABCDEFGH=ABCDEFGHIJKL=A</c>).
/// </summary>
/// <remarks>
/// A cube is the pieces relative to the centres plus the whole-cube orientation: rotations
/// (<c>x y z</c>) change only the orientation, and a face move turns the layer of the centre that
/// is in that place now. Two cubes are <see cref="Equals(Cube?)">equal</see> when their texts are
/// equal. Every operation asks the native engine, so .NET, Java and Rust give byte-identical
/// answers. Instances are thread-safe.
/// </remarks>
public sealed class Cube : IEquatable<Cube>
{
    private readonly string _text;

    private Cube(string text) => _text = text;

    /// <summary>A cube from text the engine has just written (already canonical; not parsed again).</summary>
    internal static Cube FromCanonical(string text) => new(text);

    /// <summary>The solved cube in the standard orientation, <c>ABCDEFGH=ABCDEFGHIJKL=A</c>.</summary>
    public static Cube Solved => LazySolved.Value;

    // Lazy: a type initializer that calls native code would hide a loading failure behind a
    // TypeInitializationException on the first use of any member.
    private static readonly Lazy<Cube> LazySolved = new(() => new(NativeCall.Unwrap(Interop.twisty_cube3_solved())));

    /// <summary>Reads a cube from its B32 text.</summary>
    /// <param name="text">A cube such as <c>WBCVEILH=ABCDIFGLHJKE=A</c>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="text"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed text: wrong length, a character outside
    /// <c>A-Z a-f</c>, a missing <c>=</c> (code 1; <see cref="InvalidNotationException.Position"/>
    /// names the offending character).</exception>
    /// <exception cref="InvalidStateException">No solvable cube: a value out of range, a duplicate
    /// piece, a parity, flip or twist defect (code 2).</exception>
    public static Cube Parse(string text)
    {
        NativeErrors.ThrowIfNull(text, nameof(text));
        using var t = NativeCall.Text(text);
        return new(NativeCall.Unwrap(Interop.twisty_cube3_parse(t)));
    }

    /// <summary>
    /// A uniformly random cube in the standard orientation: the same seed gives the same cube in
    /// every runtime.
    /// </summary>
    public static Cube Random(ulong seed) => new(NativeCall.Unwrap(Interop.twisty_cube3_random(seed)));

    /// <summary>
    /// The cube of an algorithm, applied to the solved cube. Moves in parentheses belong to the
    /// inverse (NISS): <c>R (U) F</c> is the cube of <c>U' R F</c>.
    /// </summary>
    /// <param name="moves">An algorithm such as <c>R U R' U'</c> or <c>Rw2 M' x (F D)</c>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="moves"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    public static Cube FromMoves(string moves)
    {
        NativeErrors.ThrowIfNull(moves, nameof(moves));
        using var m = NativeCall.Text(moves);
        return new(NativeCall.Unwrap(Interop.twisty_cube3_from_moves(m)));
    }

    /// <summary>
    /// This cube after an algorithm (NISS groups included: the same as
    /// <c>Compose(Cube.FromMoves(moves))</c>).
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="moves"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    public Cube Apply(string moves)
    {
        NativeErrors.ThrowIfNull(moves, nameof(moves));
        using var c = NativeCall.Text(_text);
        using var m = NativeCall.Text(moves);
        return new(NativeCall.Unwrap(Interop.twisty_cube3_apply(c, m)));
    }

    /// <summary>The cube whose moves undo this one's: <c>c.Compose(c.Inverse())</c> is <see cref="Solved"/>.</summary>
    public Cube Inverse()
    {
        using var c = NativeCall.Text(_text);
        return new(NativeCall.Unwrap(Interop.twisty_cube3_inverse(c)));
    }

    /// <summary>This cube, then the moves of <paramref name="other"/>.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is null (code 7).</exception>
    public Cube Compose(Cube other)
    {
        NativeErrors.ThrowIfNull(other, nameof(other));
        using var a = NativeCall.Text(_text);
        using var b = NativeCall.Text(other._text);
        return new(NativeCall.Unwrap(Interop.twisty_cube3_compose(a, b)));
    }

    /// <summary>
    /// Whether every corner and edge is in place relative to the centres, whatever the cube's
    /// orientation (so the cube of <c>x</c> is solved; compare with <see cref="Solved"/> to require
    /// the standard orientation too).
    /// </summary>
    public bool IsSolved
    {
        get
        {
            using var c = NativeCall.Text(_text);
            return NativeCall.Unwrap(Interop.twisty_cube3_is_solved(c));
        }
    }

    /// <summary>
    /// An SVG picture of this cube as it is held: its unfolded net (U above F; L, F, R, B in a row;
    /// D below F), nine stickers a face in the standard colours (U white, F green, R red, B blue,
    /// L orange, D yellow), 288 by 216 units with a <c>viewBox</c>, titled with the B32 text (see
    /// the repository's <c>docs/cube3.md</c>). The same text in every runtime.
    /// </summary>
    public string ToSvg()
    {
        using var c = NativeCall.Text(_text);
        return NativeCall.Unwrap(Interop.twisty_cube3_svg(c));
    }

    /// <summary>The B32 text of this cube; <see cref="Parse"/> reads it back.</summary>
    public override string ToString() => _text;

    /// <inheritdoc/>
    public bool Equals(Cube? other) => other is not null && string.Equals(_text, other._text, StringComparison.Ordinal);

    /// <inheritdoc/>
    public override bool Equals(object? obj) => Equals(obj as Cube);

    /// <inheritdoc/>
    public override int GetHashCode() => StringComparer.Ordinal.GetHashCode(_text);

    /// <summary>Equality of texts.</summary>
    public static bool operator ==(Cube? a, Cube? b) => a is null ? b is null : a.Equals(b);

    /// <summary>Inequality of texts.</summary>
    public static bool operator !=(Cube? a, Cube? b) => !(a == b);
}
