using System;

namespace Twisty.Cube3;

/// <summary>
/// Options of <see cref="StepSolver.Solve"/>: where moves may go (NISS), which lengths to list,
/// how many solutions, a margin above the shortest, threads, when to give up, and where to report.
/// The defaults (<c>new StepOptions()</c>, or <c>null</c>) ask for one shortest solution of at
/// most 20 moves, on the normal side, with one thread and no time limit.
/// </summary>
/// <remarks>
/// The engine checks every value (negative ones included) and refuses one out of range with
/// <see cref="ArgumentException"/> (code 6) and its own message, the same in every runtime:
/// <c>minimum length must not be negative (got -1)</c>, <c>maximum length 21 is above 20</c>,
/// <c>minimum length 6 is above the maximum length 5</c>, <c>the solution limit must be at least
/// 1</c>, <c>thread count 0 is out of range 1..=256</c>.
/// </remarks>
public sealed record StepOptions
{
    /// <summary>The longest length the engine lists, 20 (the default <see cref="MaxLength"/>).</summary>
    public const int MaxMaxLength = 20;

    /// <summary>The most threads one solve may use, 256.</summary>
    public const int MaxThreads = 256;

    /// <summary>Where moves may go (default <see cref="NissMode.Normal"/>).</summary>
    public NissMode Niss { get; init; } = NissMode.Normal;

    /// <summary>Shortest solution listed (default 0, which lists the one empty solution of a cube
    /// already at the step's goal).</summary>
    public int MinLength { get; init; }

    /// <summary>Longest solution listed, at most <see cref="MaxMaxLength"/> (the default).</summary>
    public int MaxLength { get; init; } = MaxMaxLength;

    /// <summary>Most solutions listed, shortest first (default 1; <see cref="long.MaxValue"/> for all).</summary>
    public long MaxSolutions { get; init; } = 1;

    /// <summary>
    /// Null (the default) for no margin; otherwise stop after the lengths up to the shortest found
    /// plus this many moves (0 = the shortest length only). A negative margin means none.
    /// </summary>
    public int? Margin { get; init; }

    /// <summary>Threads for this solve: 1 (the default) to <see cref="MaxThreads"/>. The answer is
    /// the same for any number of threads.</summary>
    public int Threads { get; init; } = 1;

    /// <summary>
    /// Give up after this long (code 5; rounded up to whole milliseconds), counted from the start
    /// of the search (a first build of the step's tables is not counted); null (the default) or
    /// <see cref="TimeSpan.Zero"/> = no limit. A negative timeout, including
    /// <see cref="System.Threading.Timeout.InfiniteTimeSpan"/> (-1 ms), is refused with
    /// <see cref="ArgumentException"/> (code 6, <c>timeout must not be negative (got -1 ms)</c>),
    /// the same rule as in every other runtime.
    /// </summary>
    public TimeSpan? Timeout { get; init; }

    /// <summary>
    /// Receives reports on the calling thread: those of a first build of the step's tables (when
    /// the solver has not loaded them yet; <see cref="BuildProgress.Phase"/> such as
    /// <c>eo step tables</c>, one report per table), then one after each length searched
    /// (<see cref="BuildProgress.Phase"/> <c>length N</c>, <see cref="BuildProgress.Level"/> N,
    /// <see cref="BuildProgress.Found"/> the solutions so far). An exception it
    /// throws stops the solve and is rethrown from <see cref="StepSolver.Solve"/>. Null (the
    /// default) for none.
    /// </summary>
    public IProgress<BuildProgress>? Progress { get; init; }
}
