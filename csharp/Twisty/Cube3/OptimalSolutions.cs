using System;
using System.Collections.Generic;
using System.Linq;

namespace Twisty.Cube3;

/// <summary>
/// What <see cref="OptimalSolver.Solve"/> found: solutions of the fewest face turns (half-turn
/// metric; at least <see cref="OptimalOptions.MinLength"/>), all of <see cref="Length"/> moves,
/// and how much searching they took. An immutable value; two values are equal when their
/// solutions (in order), lengths and node counts are.
/// </summary>
/// <param name="Solutions">The solutions as canonical move text, such as <c>R U2 F'</c>, in the
/// engine's order (its task order, the same in every runtime and with any number of threads), each
/// once, at most <see cref="OptimalOptions.MaxSolutions"/>; one empty string for a solved cube.
/// Each is named in space for the cube's orientation: <c>cube.Apply(solution).IsSolved</c> holds.</param>
/// <param name="Length">The length of every solution (the length searched last).</param>
/// <param name="Nodes">Search nodes visited over all depths.</param>
public sealed record OptimalSolutions(IReadOnlyList<string> Solutions, int Length, long Nodes)
{
    /// <summary>The first solution.</summary>
    public string First => Solutions[0];

    /// <inheritdoc/>
    public bool Equals(OptimalSolutions? other) =>
        other is not null && Length == other.Length && Nodes == other.Nodes && Solutions.SequenceEqual(other.Solutions);

    /// <inheritdoc/>
    public override int GetHashCode()
    {
        var h = new HashCode();
        h.Add(Length);
        h.Add(Nodes);
        foreach (var s in Solutions)
        {
            h.Add(s);
        }
        return h.ToHashCode();
    }

    /// <summary><c>&lt;length&gt;|&lt;solutions joined by ;&gt;</c>, for example <c>2|U' R'</c>.</summary>
    public override string ToString() => $"{Length}|{string.Join(";", Solutions)}";
}
