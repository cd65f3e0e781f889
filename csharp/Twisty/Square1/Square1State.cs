using System;
using Twisty.Internal;
using Twisty.Native;

namespace Twisty.Square1;

/// <summary>
/// An immutable Square-1 position (six-colour or Silver), held as the engine's canonical text.
/// </summary>
/// <remarks>
/// Two states are <see cref="Equals(Square1State?)">equal</see> when their canonical texts are
/// equal. Every query asks the native engine, so .NET, Java and Rust give byte-identical answers.
/// Instances are thread-safe.
/// </remarks>
public sealed class Square1State : IEquatable<Square1State>
{
    private readonly string _text;

    private Square1State(string canonicalText) => _text = canonicalText;

    /// <summary>The solved state of a colouring.</summary>
    /// <exception cref="ArgumentException">Unknown colouring value (code 6).</exception>
    public static Square1State Solved(Colouring colouring = Colouring.SixColour) =>
        new(NativeCall.Unwrap(Interop.twisty_sq1_solved((int)colouring)));

    /// <summary>Parses a state text (any accepted form) into its canonical form.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="text"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed text (code 1).</exception>
    /// <exception cref="InvalidStateException">Well-formed text of an impossible state (code 2).</exception>
    public static Square1State Parse(string text)
    {
        NativeErrors.ThrowIfNull(text, nameof(text));
        using var t = NativeCall.Text(text);
        return new(NativeCall.Unwrap(Interop.twisty_sq1_parse_state(t)));
    }

    /// <summary>This state after a move sequence.</summary>
    /// <param name="moves">The moves, for example <c>(1,0)/(-1,0)/</c>.</param>
    /// <param name="notation">The notation <paramref name="moves"/> is written in.</param>
    /// <exception cref="ArgumentNullException"><paramref name="moves"/> is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    /// <exception cref="IllegalMoveException">A move that cannot be made where it is applied (code 3).</exception>
    public Square1State Apply(string moves, Notation notation = Notation.Wca)
    {
        NativeErrors.ThrowIfNull(moves, nameof(moves));
        using var s = NativeCall.Text(_text);
        using var m = NativeCall.Text(moves);
        return new(NativeCall.Unwrap(Interop.twisty_sq1_apply(s, m, (int)notation)));
    }

    /// <summary>Whether the state is solved, middle layer included.</summary>
    public bool IsSolved => Query(s => NativeCall.Unwrap(Interop.twisty_sq1_is_solved(s, false)));

    /// <summary>Whether the state is solved when a kite middle layer also counts as solved.</summary>
    public bool IsSolvedIgnoringMiddle => Query(s => NativeCall.Unwrap(Interop.twisty_sq1_is_solved(s, true)));

    /// <summary>Whether <c>/</c> can be applied now (no piece straddles the seam on either layer).</summary>
    public bool IsTwistable => Query(s => NativeCall.Unwrap(Interop.twisty_sq1_is_twistable(s)));

    /// <summary>Whether the middle layer is square (as when solved) rather than kite.</summary>
    public bool IsMiddleSquare => Query(s => NativeCall.Unwrap(Interop.twisty_sq1_middle_is_square(s)));

    /// <summary>The colouring of this state.</summary>
    public Colouring Colouring => (Colouring)Query(s => NativeCall.Unwrap(Interop.twisty_sq1_colouring(s)));

    /// <summary>The shape's name in the article's style (<c>CeCeCeCe/CeCeCeCe</c> for the cube).</summary>
    public string ShapeName => Query(s => NativeCall.Unwrap(Interop.twisty_sq1_shape_name(s)));

    /// <summary>The index (0..169) of the shape up to layer rotations.</summary>
    public int ShapeIndex => (int)Query(s => NativeCall.Unwrap(Interop.twisty_sq1_shape_index(s)));

    /// <summary>Whether the two states are equal up to turning the top and bottom layers.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is null (code 7).</exception>
    public bool EqualsUpToLayerRotation(Square1State other)
    {
        NativeErrors.ThrowIfNull(other, nameof(other));
        using var a = NativeCall.Text(_text);
        using var b = NativeCall.Text(other._text);
        return NativeCall.Unwrap(Interop.twisty_sq1_equal_up_to_layer_rotation(a, b));
    }

    /// <summary>The Silver-edition view of this state (identical small pieces merged).</summary>
    public Square1State ToSilver() => new(Query(s => NativeCall.Unwrap(Interop.twisty_sq1_to_silver(s))));

    /// <summary>
    /// An SVG picture of this state: the top layer seen from above, the bottom layer seen from
    /// below and the middle layer from the front, in the colours of the state's colouring (see
    /// the repository's <c>docs/square1-pictures.md</c>). The same text in every runtime.
    /// </summary>
    public string ToSvg() => Query(s => NativeCall.Unwrap(Interop.twisty_sq1_svg(s)));

    /// <summary>The canonical text of this state.</summary>
    public override string ToString() => _text;

    /// <inheritdoc/>
    public bool Equals(Square1State? other) => other is not null && string.Equals(_text, other._text, StringComparison.Ordinal);

    /// <inheritdoc/>
    public override bool Equals(object? obj) => Equals(obj as Square1State);

    /// <inheritdoc/>
    public override int GetHashCode() => StringComparer.Ordinal.GetHashCode(_text);

    /// <summary>Equality of canonical texts.</summary>
    public static bool operator ==(Square1State? a, Square1State? b) => a is null ? b is null : a.Equals(b);

    /// <summary>Inequality of canonical texts.</summary>
    public static bool operator !=(Square1State? a, Square1State? b) => !(a == b);

    /// <summary>Wraps text that the engine produced (already canonical).</summary>
    internal static Square1State FromCanonical(string text) => new(text);

    private T Query<T>(Func<Utf8String, T> call)
    {
        using var s = NativeCall.Text(_text);
        return call(s);
    }
}
