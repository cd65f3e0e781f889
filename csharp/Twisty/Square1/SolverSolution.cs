namespace Twisty.Square1;

/// <summary>
/// A solution from the six-colour <see cref="Square1Solver"/>: moves that take the given state to
/// the solved puzzle (middle layer included). An immutable value.
/// </summary>
/// <param name="Moves">The moves in WCA notation (<see cref="Notation.Wca"/>), for example
/// <c>(1,0)/ (-1,3)/</c>; empty for a solved state.</param>
/// <param name="Length">The length of <paramref name="Moves"/> in <paramref name="Metric"/>.</param>
/// <param name="Twists">The number of twists (<c>/</c>).</param>
/// <param name="Metric">The metric the solver was asked to minimise (or, for
/// <see cref="Square1Solver.SolveFast"/>, to count in).</param>
public sealed record SolverSolution(string Moves, int Length, int Twists, Metric Metric)
{
    /// <summary>The moves (<see cref="Moves"/>).</summary>
    public override string ToString() => Moves;
}

/// <summary>
/// A random-state scramble (<see cref="Square1Solver.Scramble"/>): moves that take the solved
/// puzzle to a uniformly random state, and that state. An immutable value.
/// </summary>
/// <param name="Text">The scramble in WCA notation, <c>(x,y) / (x,y) / ...</c>.</param>
/// <param name="State">The state <paramref name="Text"/> leads to from the solved puzzle.</param>
public sealed record Square1Scramble(string Text, Square1State State)
{
    /// <summary>The scramble (<see cref="Text"/>).</summary>
    public override string ToString() => Text;
}
