using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Twisty.Internal;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Square1;

/// <summary>
/// The six-colour Square-1 solver: optimal solutions in the twist, WCA and face-turn metrics
/// (<see cref="Metric"/>), short solutions found fast (<see cref="SolveFast"/>) and random-state
/// scrambles (<see cref="Scramble"/>). It maps its pruning tables from a table file, is immutable,
/// and is safe to use from many threads at once (each search keeps its own small state).
/// </summary>
/// <remarks>
/// <para>Owns native resources: dispose it when done (a finalizer frees them otherwise).
/// <see cref="Dispose"/> twice is harmless. After <see cref="Dispose"/>, every call throws
/// <see cref="ObjectDisposedException"/> (code 8). A <see cref="Dispose"/> while another thread is
/// inside a call (even a long search) does not free the solver under that call: it is freed when
/// the call returns.</para>
/// <para>States must be six-colour states (Silver states are solved by
/// <see cref="Square1Database"/>); others throw <see cref="ArgumentException"/> (code 6), as do
/// unknown <see cref="Metric"/> values. Table files that are missing, truncated, damaged, stale or
/// of another format throw <see cref="DatabaseException"/> (code 4) from <see cref="OpenExisting"/>;
/// <see cref="Open"/> rebuilds stale or damaged ones instead, and never replaces a file of
/// another kind.</para>
/// <para>Timeouts follow one rule in every runtime: <c>null</c> and <see cref="TimeSpan.Zero"/>
/// mean no limit; a positive timeout is rounded up to whole milliseconds (so it never becomes
/// "no limit"); a negative one, <see cref="Timeout.InfiniteTimeSpan"/> (-1 ms) included, throws
/// <see cref="ArgumentException"/> (code 6, <c>timeout must not be negative (got -1 ms)</c>), as
/// in the Java API. A search that reaches its timeout, or whose
/// <see cref="CancellationToken"/> is cancelled, throws <see cref="OperationCanceledException"/>
/// (code 5) with the engine's message; a token
/// already cancelled before the call stops a search before it starts, however
/// quick it would be, while a cancellation during the search is seen within a few thousand search
/// nodes, so a search that ends sooner still returns its solution.</para>
/// </remarks>
public sealed class Square1Solver : IDisposable
{
    internal const string Name = nameof(Square1Solver);

    private const string CancelTokenName = "solver operation";

    private readonly SolverHandle _handle;

    private Square1Solver(SolverHandle handle) => _handle = handle;

    /// <summary>
    /// The table file used when <see cref="Open"/> is given an empty path:
    /// <c>$TWISTY_CACHE_DIR</c>, else <c>$XDG_CACHE_HOME/twisty</c>, else
    /// <c>$HOME/.cache/twisty</c>, else the system temporary folder, then the file name
    /// <c>sq1-solver-v4.tbl</c>.
    /// </summary>
    public static string DefaultTableFile => NativeCall.Unwrap(Interop.twisty_sq1_solver_default_path());

    /// <summary>
    /// Opens the solver's table file, first building the tables and saving them there (about
    /// half a minute, several hundred MB of memory meanwhile) when the file is missing, stale or
    /// damaged. Blocks the calling thread; see <see cref="OpenAsync"/>.
    /// </summary>
    /// <remarks>
    /// <para>Only a missing file, or a table file of this solver that is stale (another format
    /// version) or damaged (checksum), is (re)built. Any other file (a database, the other
    /// solver's table, a text file) is refused and left byte-for-byte alone: code 4, with a
    /// message that says what the file is and ends <c>; it was left alone (remove it, or choose
    /// another path)</c>. A directory, a FIFO or other non-regular file and a path under a
    /// regular file fail at once, before any build, and no <c>.partial</c> file is left after a
    /// failure.</para>
    /// </remarks>
    /// <param name="path">The table file; an empty string means <see cref="DefaultTableFile"/>.
    /// A build writes <c>&lt;path&gt;.partial</c> and renames it when complete.</param>
    /// <param name="progress">Receives build reports on the calling thread (none when the file is
    /// usable). An exception it throws cancels the build and is rethrown from this method once the
    /// native build has stopped.</param>
    /// <param name="cancellationToken">Stops a build soon after it is cancelled; already
    /// cancelled, nothing is opened or created.</param>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null (code 7).</exception>
    /// <exception cref="OperationCanceledException">The build was cancelled (code 5).</exception>
    /// <exception cref="DatabaseException">The file is of another kind, not a regular file, or
    /// cannot be written or read back (code 4).</exception>
    public static Square1Solver Open(string path, IProgress<BuildProgress>? progress = null,
        CancellationToken cancellationToken = default)
    {
        NativeErrors.ThrowIfNull(path, nameof(path));
        return OpenCore(path, progress, cancellationToken);
    }

    /// <summary>Opens the solver's table file (building it when needed) on a dedicated thread; see <see cref="Open"/>.</summary>
    /// <returns>
    /// A task that completes with the open solver; it is canceled (with an
    /// <see cref="OperationCanceledException"/>, code 5) when <paramref name="cancellationToken"/>
    /// stops the build, and faults with the exception a <paramref name="progress"/> callback threw.
    /// </returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null (code 7), thrown at once.</exception>
    public static Task<Square1Solver> OpenAsync(string path, IProgress<BuildProgress>? progress = null,
        CancellationToken cancellationToken = default)
    {
        NativeErrors.ThrowIfNull(path, nameof(path));
        return Task.Factory.StartNew(() => OpenCore(path, progress, cancellationToken),
            cancellationToken, TaskCreationOptions.LongRunning | TaskCreationOptions.DenyChildAttach, TaskScheduler.Default);
    }

    /// <summary>Opens an existing, complete table file (written by <see cref="Open"/>); never builds.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null (code 7).</exception>
    /// <exception cref="DatabaseException">The file is missing, truncated, damaged, stale or not a solver table file (code 4).</exception>
    public static Square1Solver OpenExisting(string path)
    {
        NativeErrors.ThrowIfNull(path, nameof(path));
        return new(SolverHandle.OpenExisting(Name, path));
    }

    private static Square1Solver OpenCore(string path, IProgress<BuildProgress>? progress, CancellationToken cancellationToken)
    {
        using var op = NativeOperation.Start(CancelTokenName, cancellationToken, progress);
        SolverHandle handle;
        try
        {
            handle = SolverHandle.Open(Name, path, op);
        }
        catch
        {
            op.ThrowIfCallbackFailed(); // the sink's exception, not the cancellation it caused
            throw;
        }
        try
        {
            op.ThrowIfCallbackFailed(); // the sink threw, yet the build had already completed
        }
        catch
        {
            handle.Dispose();
            throw;
        }
        return new(handle);
    }

    /// <summary>One optimal solution of a six-colour state: the fewest moves in <paramref name="metric"/>.</summary>
    /// <param name="state">A six-colour state.</param>
    /// <param name="metric">The metric to minimise.</param>
    /// <param name="timeout">Give up after this long (code 5; rounded up to whole milliseconds);
    /// null or zero = no limit; negative (<see cref="Timeout.InfiniteTimeSpan"/> included) = code 6.</param>
    /// <param name="progress">Receives one report, on the calling thread, after each finished
    /// search depth (the search deepens one length at a time): <see cref="BuildProgress.Phase"/>
    /// such as <c>no solution of length 11 (face)</c> (the last one <c>solution of length 12
    /// (face)</c>), <see cref="BuildProgress.Level"/> the length searched,
    /// <see cref="BuildProgress.Done"/> the search nodes so far, <see cref="BuildProgress.Found"/>
    /// the solutions found (0 until the last depth), <see cref="BuildProgress.Total"/> 0 and no
    /// <see cref="BuildProgress.Eta"/>. An exception it throws stops the search and is rethrown
    /// from this method.</param>
    /// <param name="cancellationToken">Stops the search soon after it is cancelled (code 5).</param>
    /// <exception cref="ArgumentNullException"><paramref name="state"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException">A Silver state, an unknown metric or a negative timeout (code 6).</exception>
    /// <exception cref="OperationCanceledException">Cancelled, or the timeout was reached (code 5).</exception>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8).</exception>
    public SolverSolution Solve(Square1State state, Metric metric, TimeSpan? timeout = null,
        IProgress<BuildProgress>? progress = null, CancellationToken cancellationToken = default)
    {
        NativeErrors.ThrowIfNull(state, nameof(state));
        var ms = Timeouts.Millis(timeout);
        return _handle.Use(p =>
        {
            using var op = NativeOperation.Start(CancelTokenName, cancellationToken, progress);
            using var s = NativeCall.Text(state.ToString());
            using var result = op.Run(t => Interop.sq1_solver_solve(p, s, (int)metric, ms, op.Callback, t));
            op.ThrowIfCallbackFailed();
            return NativeCall.Unwrap(result, metric, cancellationToken);
        });
    }

    /// <summary>
    /// Up to <paramref name="limit"/> optimal solutions of a six-colour state (all of them when
    /// there are fewer), distinct and all of the same length, in search order.
    /// </summary>
    /// <param name="state">A six-colour state.</param>
    /// <param name="metric">The metric to minimise.</param>
    /// <param name="limit">The most solutions to return; at least 1.</param>
    /// <param name="timeout">Give up after this long (code 5; rounded up to whole milliseconds);
    /// null or zero = no limit; negative (<see cref="Timeout.InfiniteTimeSpan"/> included) = code 6.</param>
    /// <param name="cancellationToken">Stops the search soon after it is cancelled (code 5).</param>
    /// <exception cref="ArgumentNullException"><paramref name="state"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException"><paramref name="limit"/> below 1 (negative: <c>limit must not be negative (got -1)</c>), a Silver state, an unknown metric or a negative timeout (code 6).</exception>
    /// <exception cref="OperationCanceledException">Cancelled, or the timeout was reached (code 5).</exception>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8).</exception>
    public IReadOnlyList<SolverSolution> Solutions(Square1State state, Metric metric, int limit,
        TimeSpan? timeout = null, CancellationToken cancellationToken = default)
    {
        NativeErrors.ThrowIfNull(state, nameof(state));
        // Named as in the Java API, so that the messages are the same; 0 goes to the engine,
        // which refuses it with its own message.
        NativeErrors.ThrowIfNegative(limit, nameof(limit));
        var ms = Timeouts.Millis(timeout);
        var count = (uint)limit;
        return _handle.Use(p =>
        {
            using var op = NativeOperation.Start(CancelTokenName, cancellationToken);
            using var s = NativeCall.Text(state.ToString());
            return NativeCall.Unwrap(op.Run(t => Interop.sq1_solver_solutions(p, s, (int)metric, count, ms, t)), metric, cancellationToken);
        });
    }

    /// <summary>The optimal length of a six-colour state in a metric (an optimal search, without a time limit).</summary>
    /// <exception cref="ArgumentNullException"><paramref name="state"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException">A Silver state or an unknown metric (code 6).</exception>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8).</exception>
    public int Distance(Square1State state, Metric metric)
    {
        NativeErrors.ThrowIfNull(state, nameof(state));
        // Not checked((int)...): a checked context covers the lambda's enum cast too, and turned
        // an unknown metric into an OverflowException. A distance is small.
        return (int)_handle.Use(p =>
        {
            using var s = NativeCall.Text(state.ToString());
            return NativeCall.Unwrap(Interop.sq1_solver_distance(p, s, (int)metric));
        });
    }

    /// <summary>
    /// A short solution of a six-colour state found fast by the two-phase solver (not necessarily
    /// optimal; see <see cref="FastSolveOptions"/> for when it stops).
    /// </summary>
    /// <param name="state">A six-colour state.</param>
    /// <param name="options">Metric, limits and cancellation; null for the defaults.</param>
    /// <exception cref="ArgumentNullException"><paramref name="state"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException">A Silver state, an unknown metric, or a negative <see cref="FastSolveOptions.MaxLength"/>, <see cref="FastSolveOptions.NodeLimit"/> or <see cref="FastSolveOptions.Timeout"/> (code 6).</exception>
    /// <exception cref="OperationCanceledException">Cancelled, or a limit was reached before any solution was found (code 5).</exception>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8).</exception>
    public SolverSolution SolveFast(Square1State state, FastSolveOptions? options = null)
    {
        NativeErrors.ThrowIfNull(state, nameof(state));
        var o = options ?? new FastSolveOptions();
        // Named as in the Java API's FastSolveOptions, so that the messages are the same.
        NativeErrors.ThrowIfNegative(o.MaxLength, "maxLength");
        NativeErrors.ThrowIfNegative(o.NodeLimit, "nodeLimit");
        var ms = Timeouts.Millis(o.Timeout);
        return _handle.Use(p =>
        {
            using var op = NativeOperation.Start(CancelTokenName, o.CancellationToken);
            using var s = NativeCall.Text(state.ToString());
            return NativeCall.Unwrap(
                op.Run(t => Interop.sq1_solver_solve_fast(p, s, (int)o.Metric, (uint)o.MaxLength, (ulong)o.NodeLimit, ms, t)),
                o.Metric, o.CancellationToken);
        });
    }

    /// <summary>
    /// The random-state scramble of a seed: a uniformly random six-colour state and a short
    /// sequence that reaches it from solved. The same seed gives the same scramble in every
    /// runtime.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8).</exception>
    public Square1Scramble Scramble(ulong seed) =>
        _handle.Use(p => NativeCall.Unwrap(Interop.sq1_solver_scramble(p, seed)));

    /// <summary>Frees the native solver (once no call is using it). Calling it again does nothing.</summary>
    public void Dispose() => _handle.Dispose();

    /// <summary>The native handle (for tests of the handle contract).</summary>
    internal NativeHandle Handle => _handle;
}
