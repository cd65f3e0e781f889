using System;
using System.Threading;
using System.Threading.Tasks;
using Twisty.Internal;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Cube3;

/// <summary>
/// The 3x3x3 optimal solver: solutions of the fewest face turns (half-turn metric) for any
/// <see cref="Cube"/>, one or all of them, by IDA* over a symmetry-reduced pruning table (nissy's
/// H48 family). It maps its table (size <c>h0</c>: a file of about 30 MB, built in under a minute
/// when it is missing) from a table file, is immutable, and is safe to use from many threads at
/// once; a solve itself may use several threads (<see cref="OptimalOptions.Threads"/>).
/// </summary>
/// <remarks>
/// <para>The search is deterministic: the same cube and options give the same solutions, in the
/// same order, in every runtime and with any number of threads. Solutions are move text such as
/// <c>R U2 F' D</c> (empty for a solved cube), named in space for the cube's orientation:
/// <c>cube.Apply(solution).IsSolved</c> holds, whatever the orientation. Short scrambles are
/// solved in milliseconds; a random cube (17 or 18 moves) may take minutes with the <c>h0</c>
/// table: give a timeout or a token to bound it.</para>
/// <para>Table sizes are numbered as in nissy (0 = <c>h0</c>, the base size, 30 MB; each size up
/// to 7 doubles the file, to 3.8 GB, and makes the search faster). Any other size is refused with
/// <see cref="ArgumentException"/> (code 6, <c>table size h8 is not available: this version builds
/// h0 to h7</c>).</para>
/// <para>Owns native resources: dispose it when done (a finalizer frees them otherwise).
/// <see cref="Dispose"/> twice is harmless. After <see cref="Dispose"/>, every call throws
/// <see cref="ObjectDisposedException"/> (code 8, "OptimalSolver is closed"). A
/// <see cref="Dispose"/> while another thread is inside a call does not free the solver under
/// that call: it is freed when the call returns.</para>
/// <para>Timeouts follow one rule in every runtime: <c>null</c> and <see cref="TimeSpan.Zero"/>
/// mean no limit; a positive timeout is rounded up to whole milliseconds (so it never becomes
/// "no limit"); a negative one, <see cref="Timeout.InfiniteTimeSpan"/> (-1 ms) included, throws
/// <see cref="ArgumentException"/> (code 6, <c>timeout must not be negative (got -1 ms)</c>), as
/// in the Java API. A search that reaches its timeout, or whose <see cref="CancellationToken"/>
/// is cancelled, throws <see cref="OperationCanceledException"/> (code 5) with the engine's
/// message; a token already cancelled (or a timeout already reached) before the call stops a
/// search before it starts, however quick it would be.</para>
/// </remarks>
public sealed class OptimalSolver : IDisposable
{
    internal const string Name = nameof(OptimalSolver);

    private const string CancelTokenName = "solver operation";

    /// <summary>The base table size, <c>h0</c> (the only one this version builds).</summary>
    public const int DefaultSize = 0;

    private readonly OptimalSolverHandle _handle;

    private OptimalSolver(OptimalSolverHandle handle) => _handle = handle;

    /// <summary>
    /// The table file used when <see cref="Open"/> is given no path: <c>$TWISTY_CACHE_DIR</c>,
    /// else <c>$XDG_CACHE_HOME/twisty</c>, else <c>$HOME/.cache/twisty</c>, else the system
    /// temporary folder, then the file name of the size and of the current table format (for
    /// example <c>cube3-optimal-h0-v2.tbl</c>). Read from the environment on each call.
    /// </summary>
    /// <param name="size">The table size (0 = <c>h0</c>).</param>
    /// <exception cref="ArgumentException">This version builds no table of <paramref name="size"/> (code 6, the
    /// engine's message, as when opening: <c>table size h8 is not available: this version builds h0 to h7</c>).</exception>
    public static string DefaultTableFile(int size = DefaultSize) =>
        NativeCall.Unwrap(Interop.twisty_cube3_optimal_default_path(size));

    /// <summary>
    /// Opens the solver's table file of a size, first building the table and saving it there
    /// (atomically; under a minute on two cores) when the file is missing, stale or damaged.
    /// Blocks the calling thread; see <see cref="OpenAsync"/>.
    /// </summary>
    /// <remarks>
    /// <para>Only a missing file, or a table file of this solver that is stale (another format
    /// version) or damaged (checksum), is (re)built. Any other file (a database, the two-phase
    /// solver's table, a text file) is refused and left byte-for-byte alone: code 4, with a
    /// message that says what the file is and ends <c>; it was left alone (remove it, or choose
    /// another path)</c>. A directory, a FIFO or other non-regular file and a path under a
    /// regular file fail at once, before any build, and no <c>.partial</c> file is left after a
    /// failure.</para>
    /// </remarks>
    /// <param name="path">The table file; null or empty means <see cref="DefaultTableFile"/> of <paramref name="size"/>.</param>
    /// <param name="size">The table size (0 = <c>h0</c>, the only one available).</param>
    /// <param name="progress">Receives build reports on the calling thread (none when the file is
    /// usable): phase <c>3x3x3 optimal table h0: distance N</c>. An exception it throws cancels the
    /// build and is rethrown from this method once the native build has stopped.</param>
    /// <param name="cancellationToken">Stops a build soon after it is cancelled (the file is left
    /// as it was); already cancelled, nothing is opened or created.</param>
    /// <exception cref="ArgumentException"><paramref name="size"/> is not an available size (code 6).</exception>
    /// <exception cref="OperationCanceledException">The build was cancelled (code 5).</exception>
    /// <exception cref="DatabaseException">The file is of another kind, not a regular file, or
    /// cannot be written or read back (code 4).</exception>
    public static OptimalSolver Open(string? path = null, int size = DefaultSize, IProgress<BuildProgress>? progress = null,
        CancellationToken cancellationToken = default) =>
        OpenCore(path ?? "", size, progress, cancellationToken);

    /// <summary>Opens the solver's table file (building it when needed) on a dedicated thread; see <see cref="Open"/>.</summary>
    /// <returns>
    /// A task that completes with the open solver; it is canceled (with an
    /// <see cref="OperationCanceledException"/>, code 5) when <paramref name="cancellationToken"/>
    /// stops the build, and faults with the exception a <paramref name="progress"/> callback threw.
    /// </returns>
    public static Task<OptimalSolver> OpenAsync(string? path = null, int size = DefaultSize, IProgress<BuildProgress>? progress = null,
        CancellationToken cancellationToken = default)
    {
        var file = path ?? "";
        return Task.Factory.StartNew(() => OpenCore(file, size, progress, cancellationToken),
            cancellationToken, TaskCreationOptions.LongRunning | TaskCreationOptions.DenyChildAttach, TaskScheduler.Default);
    }

    private static OptimalSolver OpenCore(string path, int size, IProgress<BuildProgress>? progress, CancellationToken cancellationToken)
    {
        using var op = NativeOperation.Start(CancelTokenName, cancellationToken, progress);
        OptimalSolverHandle handle;
        try
        {
            handle = OptimalSolverHandle.Open(Name, path, size, op);
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

    /// <summary>Opens an existing, complete table file of a size (written by <see cref="Open"/>); never builds.</summary>
    /// <param name="path">The table file.</param>
    /// <param name="size">The table size (0 = <c>h0</c>, the only one available).</param>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException"><paramref name="size"/> is not an available size (code 6).</exception>
    /// <exception cref="DatabaseException">The file is missing, truncated, damaged, stale or not an
    /// optimal-solver table file (code 4); the message names the file and the reason.</exception>
    public static OptimalSolver OpenExisting(string path, int size = DefaultSize)
    {
        NativeErrors.ThrowIfNull(path, nameof(path));
        return new(OptimalSolverHandle.OpenExisting(Name, path, size));
    }

    /// <summary>
    /// Solutions of the fewest face turns (half-turn metric) of at least
    /// <see cref="OptimalOptions.MinLength"/> moves: lengths are searched one by one, and the first
    /// length with a solution is the answer, with up to <see cref="OptimalOptions.MaxSolutions"/> of
    /// its solutions in the engine's order. Runs on the calling thread (and, with
    /// <see cref="OptimalOptions.Threads"/> other than 1, on native worker threads it waits for);
    /// see <see cref="SolveAsync"/>.
    /// </summary>
    /// <param name="cube">The cube to solve, in any orientation.</param>
    /// <param name="options">Lengths, limits, threads, timeout and progress; null for the defaults.</param>
    /// <param name="cancellationToken">Stops the search soon after it is cancelled (code 5).</param>
    /// <exception cref="ArgumentNullException"><paramref name="cube"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException">An option out of range (see <see cref="OptimalOptions"/>),
    /// no solution of at most <see cref="OptimalOptions.MaxLength"/> moves (<c>no solution of at
    /// most N moves exists for this cube: it needs at least M</c>, when the table's bound already
    /// says so), or a negative timeout (code 6).</exception>
    /// <exception cref="OperationCanceledException">Cancelled (<c>the search was cancelled</c>), or
    /// the timeout was reached (<c>the search reached its deadline before finding a solution of at
    /// most N moves</c>) (code 5).</exception>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8).</exception>
    public OptimalSolutions Solve(Cube cube, OptimalOptions? options = null, CancellationToken cancellationToken = default)
    {
        NativeErrors.ThrowIfNull(cube, nameof(cube));
        var o = options ?? new OptimalOptions();
        var ms = Timeouts.Millis(o.Timeout);
        return _handle.Use(p =>
        {
            using var op = NativeOperation.Start(CancelTokenName, cancellationToken, o.Progress);
            using var c = NativeCall.Text(cube.ToString());
            using var result = op.Run(t =>
                Interop.cube3_optimal_solve(p, c, o.MinLength, o.MaxLength, o.MaxSolutions, o.Threads, ms, op.Callback, t));
            op.ThrowIfCallbackFailed();
            return NativeCall.Unwrap(result, cancellationToken);
        });
    }

    /// <summary>Runs <see cref="Solve"/> on a dedicated thread.</summary>
    /// <returns>
    /// A task that completes with the solutions; it is canceled (with an
    /// <see cref="OperationCanceledException"/>, code 5) when <paramref name="cancellationToken"/>
    /// stops the search (a reached timeout faults it with the same exception type), and faults
    /// with <see cref="Solve"/>'s other exceptions or the one a progress callback threw.
    /// </returns>
    /// <exception cref="ArgumentNullException"><paramref name="cube"/> is null (code 7), thrown at once.</exception>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8), thrown at once.</exception>
    public Task<OptimalSolutions> SolveAsync(Cube cube, OptimalOptions? options = null, CancellationToken cancellationToken = default)
    {
        NativeErrors.ThrowIfNull(cube, nameof(cube));
        if (_handle.IsDisposed)
        {
            throw NativeErrors.Disposed(Name);
        }
        return Task.Factory.StartNew(() => Solve(cube, options, cancellationToken),
            cancellationToken, TaskCreationOptions.LongRunning | TaskCreationOptions.DenyChildAttach, TaskScheduler.Default);
    }

    /// <summary>Frees the native solver (once no call is using it). Calling it again does nothing.</summary>
    public void Dispose() => _handle.Dispose();

    /// <summary>The native handle (for tests of the handle contract).</summary>
    internal NativeHandle Handle => _handle;
}
