using System;

namespace Twisty.Cube3;

/// <summary>
/// Options of <see cref="OptimalSolver.Solve"/>: which lengths to search, how many solutions to
/// return, how many threads to use, when to give up, and where to report each finished depth.
/// The defaults (<c>new OptimalOptions()</c>, or <c>null</c>) ask for one optimal solution of at
/// most 20 moves (every cube has one), one thread per core, no time limit.
/// </summary>
/// <remarks>
/// The engine checks every value (negative ones included) and refuses one out of range with
/// <see cref="ArgumentException"/> (code 6) and its own message, the same in every runtime:
/// <c>min_length must not be negative (got -1)</c>, <c>max_length 41 is out of range 0..=40</c>,
/// <c>min_length 9 is greater than max_length 8</c>, <c>max_solutions must be at least 1</c>,
/// <c>max_solutions 1000001 out of range 1..=1000000</c>, <c>threads 100000 out of range 0..=256</c>.
/// </remarks>
public sealed record OptimalOptions
{
    /// <summary>The default <see cref="MaxLength"/>, 20: every cube has a solution of at most 20 moves.</summary>
    public const int DefaultMaxLength = 20;

    /// <summary>The longest bound the engine accepts, 40.</summary>
    public const int MaxMaxLength = 40;

    /// <summary>The most solutions one solve may return, 1,000,000 (<see cref="MaxSolutions"/>'s upper bound).</summary>
    public const long SolutionsLimit = 1_000_000;

    /// <summary>The most threads one solve may use, 256.</summary>
    public const int MaxThreads = 256;

    /// <summary>Shortest solution wanted (default 0): lengths below it are not searched, so a cube
    /// that has a shorter solution gets solutions of exactly this length (when it has any).</summary>
    public int MinLength { get; init; }

    /// <summary>Longest solution wanted, 0 to 40 (default <see cref="DefaultMaxLength"/>). When
    /// the cube has no solution this short, <see cref="OptimalSolver.Solve"/> throws
    /// <see cref="ArgumentException"/> (code 6, <c>no solution of at most 2 moves exists for this
    /// cube: it needs at least 3</c>), at once when the table's lower bound already exceeds it.</summary>
    public int MaxLength { get; init; } = DefaultMaxLength;

    /// <summary>How many solutions of the shortest length to return (default 1): 1 to
    /// <see cref="SolutionsLimit"/> (which asks for all of them, up to a million).</summary>
    public long MaxSolutions { get; init; } = 1;

    /// <summary>Threads for this solve: 0 (the default) = one per core, at most <see cref="MaxThreads"/>.
    /// The answer is the same for any number of threads.</summary>
    public int Threads { get; init; }

    /// <summary>
    /// Give up after this long (code 5; rounded up to whole milliseconds); null (the default) or
    /// <see cref="TimeSpan.Zero"/> = no limit. A negative timeout, including
    /// <see cref="System.Threading.Timeout.InfiniteTimeSpan"/> (-1 ms), is refused with
    /// <see cref="ArgumentException"/> (code 6, <c>timeout must not be negative (got -1 ms)</c>),
    /// the same rule as in every other runtime.
    /// </summary>
    public TimeSpan? Timeout { get; init; }

    /// <summary>
    /// Receives one report, on the calling thread, after each finished search depth (lengths are
    /// searched one by one, from the larger of <see cref="MinLength"/> and the table's lower bound):
    /// <see cref="BuildProgress.Phase"/> <c>depth N</c>, <see cref="BuildProgress.Level"/> N (the
    /// last report's is the solutions' length), <see cref="BuildProgress.Done"/> the search nodes
    /// so far, <see cref="BuildProgress.Found"/> the solutions found at that depth (0 until the
    /// last one), <see cref="BuildProgress.Total"/> 0 and no <see cref="BuildProgress.Eta"/>.
    /// An exception it throws stops the search and is rethrown from
    /// <see cref="OptimalSolver.Solve"/>. Null (the default) for none.
    /// </summary>
    public IProgress<BuildProgress>? Progress { get; init; }
}
