using System;
using System.Threading;

namespace Twisty.Square1;

/// <summary>
/// Options of <see cref="Square1Solver.SolveFast"/>, the two-phase solver for short (not
/// necessarily optimal) solutions. The defaults search <see cref="DefaultNodeLimit"/> nodes
/// (about 1 ms) and count lengths in the face-turn metric.
/// </summary>
/// <remarks>
/// The search stops at the first solution of at most <see cref="MaxLength"/> moves; otherwise it
/// keeps shortening its best solution until <see cref="NodeLimit"/> nodes, a two-hundredth of them
/// without a shorter solution, or the <see cref="Timeout"/>, and returns the best one found (with a node limit and no timeout the
/// result is the same on every machine). With none of the three, it returns the first solution
/// it finds. When a limit is reached before any solution is found, it fails with
/// <see cref="OperationCanceledException"/> (code 5). A <see cref="MaxLength"/> below a lower
/// bound of the state's distance fails at once with <see cref="ArgumentException"/> (code 6,
/// <c>no solution of at most 1 moves (face) exists for this state: it needs at least N</c>).
/// <para>A <see cref="NodeLimit"/> of <see cref="long.MaxValue"/> without a <see cref="Timeout"/>
/// (or no node limit with a <see cref="MaxLength"/> that is hard to reach) searches until no
/// shorter two-phase solution exists, which may take hours: give a <see cref="Timeout"/> or a
/// <see cref="CancellationToken"/> to bound it.</para>
/// </remarks>
public sealed record FastSolveOptions
{
    /// <summary>The metric lengths are counted in (default <see cref="Square1.Metric.FaceTurn"/>).</summary>
    public Metric Metric { get; init; } = Metric.FaceTurn;

    /// <summary>Stop at the first solution at most this long; 0 (the default) = no bound. Must not be negative.</summary>
    public int MaxLength { get; init; }

    /// <summary>
    /// The default node limit, 200,000: about 0.8 ms and 28.0 face turns on average for random
    /// states, most searches stopping well before it (a two-hundredth of it without a shorter
    /// solution); the same default as the Rust and Java libraries.
    /// </summary>
    public const long DefaultNodeLimit = 200_000;

    /// <summary>Stop after this many search nodes; default <see cref="DefaultNodeLimit"/>, 0 = no limit. Must not be negative.</summary>
    public long NodeLimit { get; init; } = DefaultNodeLimit;

    /// <summary>
    /// Stop after this long (rounded up to whole milliseconds); null (the default) or
    /// <see cref="TimeSpan.Zero"/> = no limit. A negative timeout, including
    /// <see cref="System.Threading.Timeout.InfiniteTimeSpan"/> (-1 ms), is refused with
    /// <see cref="ArgumentException"/> (code 6, <c>timeout must not be negative (got -1 ms)</c>),
    /// the same rule as in every other runtime.
    /// </summary>
    public TimeSpan? Timeout { get; init; }

    /// <summary>Stops the search soon after it is cancelled (code 5).</summary>
    public CancellationToken CancellationToken { get; init; }
}
