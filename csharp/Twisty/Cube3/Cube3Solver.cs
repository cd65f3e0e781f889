using System;
using System.Threading;
using System.Threading.Tasks;
using Twisty.Internal;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Cube3;

/// <summary>
/// The 3x3x3 two-phase solver (Kociemba's method): a solution of at most a given number of face
/// turns (half-turn metric) for any <see cref="Cube"/>, typically found in under a millisecond for 21
/// moves. It opens its tables from a table file (about 183 MB, built in about a minute and a half
/// when it is missing; the two distance tables, 177 MB, are read into native memory of its own,
/// which is its reported memory pressure, and the rest is mapped), is immutable, and is safe to
/// use from many threads at once (each search runs on the calling thread and keeps its own small
/// state).
/// </summary>
/// <remarks>
/// <para>The search is deterministic: the same cube and bound give the same solution, in every
/// runtime. A solution is move text such as <c>R U2 F' D</c> (empty for a solved cube), named in
/// space for the cube's orientation: <c>cube.Apply(solution).IsSolved</c> holds, whatever the
/// orientation.</para>
/// <para>Owns native resources: dispose it when done (a finalizer frees them otherwise).
/// <see cref="Dispose"/> twice is harmless. After <see cref="Dispose"/>, every call throws
/// <see cref="ObjectDisposedException"/> (code 8, "Cube3Solver is closed"). A
/// <see cref="Dispose"/> while another thread is inside a call does not free the solver under
/// that call: it is freed when the call returns.</para>
/// <para>Timeouts follow one rule in every runtime: <c>null</c> and <see cref="TimeSpan.Zero"/>
/// mean no limit; a positive timeout is rounded up to whole milliseconds (so it never becomes
/// "no limit"); a negative one, <see cref="Timeout.InfiniteTimeSpan"/> (-1 ms) included, throws
/// <see cref="ArgumentException"/> (code 6, <c>timeout must not be negative (got -1 ms)</c>), as
/// in the Java API. A search that reaches its timeout, or
/// whose <see cref="CancellationToken"/> is cancelled, throws
/// <see cref="OperationCanceledException"/> (code 5) with the engine's message; a token
/// already cancelled before the call stops a search before it starts, however
/// quick it would be, while a cancellation during the search is seen within a few thousand search
/// nodes, so a search that ends sooner still returns its solution.</para>
/// </remarks>
public sealed class Cube3Solver : IDisposable
{
    internal const string Name = nameof(Cube3Solver);

    private const string CancelTokenName = "solver operation";

    /// <summary>The default bound of <see cref="Solve"/>: every cube has a solution of at most 20 moves.</summary>
    public const int DefaultMaxLength = 21;

    private readonly Cube3SolverHandle _handle;

    private Cube3Solver(Cube3SolverHandle handle) => _handle = handle;

    /// <summary>
    /// The table file used when <see cref="Open"/> is given no path: <c>$TWISTY_CACHE_DIR</c>,
    /// else <c>$XDG_CACHE_HOME/twisty</c>, else <c>$HOME/.cache/twisty</c>, else the system
    /// temporary folder, then the file name of the current table format
    /// (for example <c>cube3-twophase-v4.tbl</c>). Read from the environment on each call.
    /// </summary>
    public static string DefaultTableFile => NativeCall.Unwrap(Interop.twisty_cube3_solver_default_path());

    /// <summary>
    /// Opens the solver's table file, first building the tables and saving them there
    /// (atomically; tens of seconds) when the file is missing, stale or damaged. Blocks the calling
    /// thread; see <see cref="OpenAsync"/>.
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
    /// <param name="path">The table file; null or empty means <see cref="DefaultTableFile"/>.</param>
    /// <param name="progress">Receives build reports on the calling thread (none when the file is
    /// usable). An exception it throws cancels the build and is rethrown from this method once the
    /// native build has stopped.</param>
    /// <param name="cancellationToken">Stops a build soon after it is cancelled (the file is left
    /// as it was); already cancelled, nothing is opened or created.</param>
    /// <exception cref="OperationCanceledException">The build was cancelled (code 5).</exception>
    /// <exception cref="DatabaseException">The file is of another kind, not a regular file, or
    /// cannot be written or read back (code 4).</exception>
    public static Cube3Solver Open(string? path = null, IProgress<BuildProgress>? progress = null,
        CancellationToken cancellationToken = default) =>
        OpenCore(path ?? "", progress, cancellationToken);

    /// <summary>Opens the solver's table file (building it when needed) on a dedicated thread; see <see cref="Open"/>.</summary>
    /// <returns>
    /// A task that completes with the open solver; it is canceled (with an
    /// <see cref="OperationCanceledException"/>, code 5) when <paramref name="cancellationToken"/>
    /// stops the build, and faults with the exception a <paramref name="progress"/> callback threw.
    /// </returns>
    public static Task<Cube3Solver> OpenAsync(string? path = null, IProgress<BuildProgress>? progress = null,
        CancellationToken cancellationToken = default)
    {
        var file = path ?? "";
        return Task.Factory.StartNew(() => OpenCore(file, progress, cancellationToken),
            cancellationToken, TaskCreationOptions.LongRunning | TaskCreationOptions.DenyChildAttach, TaskScheduler.Default);
    }

    private static Cube3Solver OpenCore(string path, IProgress<BuildProgress>? progress, CancellationToken cancellationToken)
    {
        using var op = NativeOperation.Start(CancelTokenName, cancellationToken, progress);
        Cube3SolverHandle handle;
        try
        {
            handle = Cube3SolverHandle.Open(Name, path, op);
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

    /// <summary>Opens an existing, complete table file (written by <see cref="Open"/>); never builds.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null (code 7).</exception>
    /// <exception cref="DatabaseException">The file is missing, truncated, damaged, stale or not a
    /// 3x3x3 table file (code 4); the message names the file and the reason.</exception>
    public static Cube3Solver OpenExisting(string path)
    {
        NativeErrors.ThrowIfNull(path, nameof(path));
        return new(Cube3SolverHandle.OpenExisting(Name, path));
    }

    /// <summary>
    /// A solution of at most <paramref name="maxLength"/> face turns: the first one the search
    /// finds (not necessarily the shortest).
    /// </summary>
    /// <param name="cube">The cube to solve, in any orientation.</param>
    /// <param name="maxLength">The longest solution accepted, 0 to 40.</param>
    /// <param name="timeout">Give up after this long (code 5; rounded up to whole milliseconds);
    /// null or zero = no limit; negative (<see cref="Timeout.InfiniteTimeSpan"/> included) = code 6.</param>
    /// <param name="cancellationToken">Stops the search soon after it is cancelled (code 5).</param>
    /// <returns>The solution's canonical move text, empty for a solved cube.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="cube"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException"><paramref name="maxLength"/> is negative or above 40, no
    /// solution of at most <paramref name="maxLength"/> moves exists ("no solution of at most N
    /// moves exists for this cube"), or <paramref name="timeout"/> is negative (code 6).</exception>
    /// <exception cref="OperationCanceledException">Cancelled, or the timeout was reached (code 5).</exception>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8).</exception>
    public string Solve(Cube cube, int maxLength = DefaultMaxLength, TimeSpan? timeout = null,
        CancellationToken cancellationToken = default)
    {
        NativeErrors.ThrowIfNull(cube, nameof(cube));
        // Named as in the Java API, so that the messages are the same.
        NativeErrors.ThrowIfNegative(maxLength, nameof(maxLength));
        var ms = Timeouts.Millis(timeout);
        return _handle.Use(p =>
        {
            using var op = NativeOperation.Start(CancelTokenName, cancellationToken);
            using var c = NativeCall.Text(cube.ToString());
            return NativeCall.Unwrap(op.Run(t => Interop.cube3_two_phase_solve(p, c, (uint)maxLength, ms, t)), cancellationToken);
        });
    }

    /// <summary>Frees the native solver (once no call is using it). Calling it again does nothing.</summary>
    public void Dispose() => _handle.Dispose();

    /// <summary>The native handle (for tests of the handle contract).</summary>
    internal NativeHandle Handle => _handle;
}
