using System;

namespace Twisty.Square1;

/// <summary>
/// One shortest solution from a <see cref="Square1Database"/>: the same moves in WCA notation
/// and in the Cube21 article's notation. An immutable value.
/// </summary>
/// <remarks>
/// The database counts a puzzle as solved when it is solved or solved upside down (the article's
/// whole-puzzle flip). <see cref="EndsUpsideDown"/> says which; the article notation then ends
/// with <c>!</c>, so applying <see cref="Article"/> (with <see cref="Notation.Article"/>) always
/// gives a solved puzzle, while <see cref="Wca"/> may leave it upside down.
/// </remarks>
public sealed class DatabaseSolution : IEquatable<DatabaseSolution>
{
    internal DatabaseSolution(string wca, string article, int twists, bool endsUpsideDown)
    {
        Wca = wca;
        Article = article;
        Twists = twists;
        EndsUpsideDown = endsUpsideDown;
    }

    /// <summary>The moves in WCA notation (<see cref="Notation.Wca"/>).</summary>
    public string Wca { get; }

    /// <summary>The moves in the article's notation (<see cref="Notation.Article"/>), ending with <c>!</c> when <see cref="EndsUpsideDown"/>.</summary>
    public string Article { get; }

    /// <summary>The number of twists (<c>/</c>).</summary>
    public int Twists { get; }

    /// <summary>Whether <see cref="Wca"/> leaves the puzzle solved but upside down.</summary>
    public bool EndsUpsideDown { get; }

    /// <summary>The WCA form (<see cref="Wca"/>).</summary>
    public override string ToString() => Wca;

    /// <inheritdoc/>
    public bool Equals(DatabaseSolution? other) =>
        other is not null
        && string.Equals(Wca, other.Wca, StringComparison.Ordinal)
        && string.Equals(Article, other.Article, StringComparison.Ordinal)
        && Twists == other.Twists
        && EndsUpsideDown == other.EndsUpsideDown;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => Equals(obj as DatabaseSolution);

    /// <inheritdoc/>
    public override int GetHashCode() =>
        HashCode.Combine(StringComparer.Ordinal.GetHashCode(Wca), StringComparer.Ordinal.GetHashCode(Article), Twists, EndsUpsideDown);

    /// <summary>Equality of all four parts.</summary>
    public static bool operator ==(DatabaseSolution? a, DatabaseSolution? b) => a is null ? b is null : a.Equals(b);

    /// <summary>Inequality.</summary>
    public static bool operator !=(DatabaseSolution? a, DatabaseSolution? b) => !(a == b);
}
