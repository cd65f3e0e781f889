using System;

namespace Twisty;

/// <summary>
/// One progress report of a long operation of either puzzle: a database build
/// (<see cref="Square1.Square1Database.BuildAsync"/>), building a solver's tables
/// (<see cref="Square1.Square1Solver.Open"/>, <see cref="Cube3.Cube3Solver.Open"/>,
/// <see cref="Cube3.OptimalSolver.Open"/>), or an optimal search
/// (<see cref="Square1.Square1Solver.Solve"/>, <see cref="Cube3.OptimalOptions.Progress"/> of
/// <see cref="Cube3.OptimalSolver.Solve"/>; one report per finished depth:
/// <see cref="Level"/> the length searched, <see cref="Done"/> the search nodes so far,
/// <see cref="Found"/> the solutions found). The fields are named after a database build.
/// </summary>
/// <param name="Phase">What is being done, for example <c>level 7 (forward sweep)</c>.</param>
/// <param name="Level">The level being computed.</param>
/// <param name="Done">Work done in the current phase, in the phase's own units.</param>
/// <param name="Total">Total work of the current phase, in the same units.</param>
/// <param name="Found">Position classes found so far in the whole build.</param>
/// <param name="Elapsed">Time since the build started.</param>
/// <param name="Eta">Estimated time left in the current phase, when it can be estimated.</param>
public sealed record BuildProgress(string Phase, int Level, long Done, long Total, long Found, TimeSpan Elapsed, TimeSpan? Eta);
