using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Twisty.Internal;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Cube3;

/// <summary>
/// The 3x3x3 step solvers of fewest-moves solving (as nissy offers them): edge orientation
/// (<c>eofb</c>, ...), domino reduction (<c>drud</c>, <c>drud-eofb</c>, ...), half-turn reduction
/// (<c>htr-drud</c>, ...), the slice and the finish from DR, and the corners, each with NISS
/// (<see cref="NissMode"/>). <see cref="StepNames"/> lists every step, <see cref="Describe"/>
/// says what one does.
/// </summary>
/// <remarks>
/// <para>A solver holds the step tables of a folder (<see cref="Open(string)"/>) or of memory
/// (<see cref="InMemory"/>). Opening reads nothing: each step family's table file is opened, or
/// built there and saved (well under a second to a few seconds each) by the first
/// <see cref="Prepare"/> or <see cref="Solve"/> that needs it, then shared by every solve and
/// thread. Any other file where a family's table file belongs is refused and left byte for byte
/// alone (<see cref="DatabaseException"/>, code 4); a cancelled build leaves no file.</para>
/// <para>The search is deterministic: the same cube, step and options give the same solutions,
/// in the same order, in every runtime and with any number of threads. Solutions are written as
/// nissy writes them: the moves on the scrambled cube, then the inverse part in parentheses,
/// such as <c>(U2 L D B) F</c>; <c>Position(scramble, solution)</c> is the cube after it.</para>
/// <para>Safe to use from many threads at once. Owns native resources: dispose it when done (a
/// finalizer frees them otherwise). <see cref="Dispose"/> twice is harmless. After
/// <see cref="Dispose"/>, every call throws <see cref="ObjectDisposedException"/> (code 8,
/// "StepSolver is closed"). A <see cref="Dispose"/> while another thread is inside a call does
/// not free the solver under that call: it is freed when the call returns.</para>
/// <para>Timeouts follow one rule in every runtime (see <see cref="StepOptions.Timeout"/>). A
/// search that reaches its timeout, or whose <see cref="CancellationToken"/> is cancelled, throws
/// <see cref="OperationCanceledException"/> (code 5) with the engine's message; a token already
/// cancelled before the call stops it before it starts.</para>
/// </remarks>
public sealed class StepSolver : IDisposable
{
    internal const string Name = nameof(StepSolver);

    private const string CancelTokenName = "step solver operation";

    private readonly StepSolverHandle _handle;

    private StepSolver(StepSolverHandle handle) => _handle = handle;

    /// <summary>
    /// A step solver whose table files live in <paramref name="folder"/> (created when a table is
    /// first built there). Nothing is read or built here.
    /// </summary>
    /// <param name="folder">The folder of the table files; empty means <see cref="DefaultFolder"/>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="folder"/> is null (code 7).</exception>
    public static StepSolver Open(string folder)
    {
        NativeErrors.ThrowIfNull(folder, nameof(folder));
        return new(StepSolverHandle.Open(Name, folder));
    }

    /// <summary>A step solver on <see cref="DefaultFolder"/>; nothing is read or built here.</summary>
    public static StepSolver Open() => new(StepSolverHandle.Open(Name, ""));

    /// <summary>
    /// A step solver without files: each family's tables are built in memory by the first solve
    /// that needs them (0.1 to 0.9 s each), once per process, and shared by every such solver.
    /// </summary>
    public static StepSolver InMemory() => new(StepSolverHandle.InMemory(Name));

    /// <summary>
    /// The default folder of the step tables, that of the other 3x3x3 table files:
    /// <c>$TWISTY_CACHE_DIR</c>, else <c>$XDG_CACHE_HOME/twisty</c>, else
    /// <c>$HOME/.cache/twisty</c>, else the system temporary folder. Read from the environment on
    /// each call.
    /// </summary>
    public static string DefaultFolder => NativeCall.Unwrap(Interop.twisty_cube3_steps_default_folder());

    /// <summary>Every step name, in the catalogue's order (<c>eofb</c>, <c>eorl</c>, ..., <c>cornersx</c>).</summary>
    public static IReadOnlyList<string> StepNames => NativeCall.Unwrap(Interop.twisty_cube3_step_names());

    /// <summary>
    /// What a step does, in one line: its goal, what it needs of the cube, its moves and its NISS
    /// modes (for example <c>domino reduction on the U/D axis from edges oriented on the F/B axis;
    /// moves ...; every NISS mode</c>).
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="step"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException">An unknown step (code 6; the message lists the names).</exception>
    public static string Describe(string step)
    {
        NativeErrors.ThrowIfNull(step, nameof(step));
        using var s = NativeCall.Text(step);
        return NativeCall.Unwrap(Interop.twisty_cube3_step_describe(s));
    }

    /// <summary>
    /// The cube a step continues from: <paramref name="scramble"/>, then the moves found so far in
    /// NISS form (the inverse part in parentheses), as the solvers write them.
    /// </summary>
    /// <param name="scramble">The scramble, such as <c>R' U' F D2 ...</c>.</param>
    /// <param name="moves">The moves found so far (the steps' solutions), such as <c>(U2 L D B) F</c>; empty for none.</param>
    /// <exception cref="ArgumentNullException">An argument is null (code 7).</exception>
    /// <exception cref="InvalidNotationException">Malformed moves (code 1).</exception>
    public static Cube Position(string scramble, string moves)
    {
        NativeErrors.ThrowIfNull(scramble, nameof(scramble));
        NativeErrors.ThrowIfNull(moves, nameof(moves));
        using var s = NativeCall.Text(scramble);
        using var m = NativeCall.Text(moves);
        return Cube.FromCanonical(NativeCall.Unwrap(Interop.twisty_cube3_step_position(s, m)));
    }

    /// <summary>The folder of the table files, or null for a solver in memory.</summary>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8).</exception>
    public string? Folder => _handle.Use(p => NativeCall.Unwrap(Interop.cube3_steps_folder(p))) is { Length: > 0 } f ? f : null;

    /// <summary>
    /// Opens the tables <paramref name="step"/> needs now, building and saving them first when
    /// their file is missing, rather than on the first solve. Blocks the calling thread; see
    /// <see cref="PrepareAsync"/>.
    /// </summary>
    /// <param name="step">A step name (see <see cref="StepNames"/>).</param>
    /// <param name="progress">Receives build reports on the calling thread (none when the tables are
    /// loaded already): phase such as <c>dr step tables</c>, one per table. An exception it throws
    /// cancels the build and is rethrown from this method once the native build has stopped.</param>
    /// <param name="cancellationToken">Stops a build soon after it is cancelled (no file is left).</param>
    /// <exception cref="ArgumentNullException"><paramref name="step"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException">An unknown step (code 6).</exception>
    /// <exception cref="OperationCanceledException">The build was cancelled (code 5).</exception>
    /// <exception cref="DatabaseException">Another kind of file where the family's table file belongs
    /// (left as it is), or a folder that cannot be written (code 4).</exception>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8).</exception>
    public void Prepare(string step, IProgress<BuildProgress>? progress = null, CancellationToken cancellationToken = default)
    {
        NativeErrors.ThrowIfNull(step, nameof(step));
        _handle.Use(p =>
        {
            using var op = NativeOperation.Start(CancelTokenName, cancellationToken, progress);
            using var s = NativeCall.Text(step);
            var result = op.Run(t => Interop.cube3_steps_prepare(p, s, op.Callback, t));
            op.ThrowIfCallbackFailed(); // the sink's exception, not the cancellation it caused
            NativeCall.Unwrap(result, cancellationToken);
            return true;
        });
    }

    /// <summary>Runs <see cref="Prepare"/> on a dedicated thread.</summary>
    /// <returns>A task that is canceled (with an <see cref="OperationCanceledException"/>, code 5)
    /// when <paramref name="cancellationToken"/> stops the build, and faults with
    /// <see cref="Prepare"/>'s other exceptions or the one <paramref name="progress"/> threw.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="step"/> is null (code 7), thrown at once.</exception>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8), thrown at once.</exception>
    public Task PrepareAsync(string step, IProgress<BuildProgress>? progress = null, CancellationToken cancellationToken = default)
    {
        NativeErrors.ThrowIfNull(step, nameof(step));
        ThrowIfDisposed();
        return Task.Factory.StartNew(() => Prepare(step, progress, cancellationToken),
            cancellationToken, TaskCreationOptions.LongRunning | TaskCreationOptions.DenyChildAttach, TaskScheduler.Default);
    }

    /// <summary>
    /// The solutions of a step for a cube, shortest first, each once, at most
    /// <see cref="StepOptions.MaxSolutions"/>, written as nissy writes them (one empty solution when
    /// the cube is at the step's goal already and <see cref="StepOptions.MinLength"/> is 0; none
    /// when no solution is short enough). Builds the step's tables first when they are not loaded
    /// yet (see <see cref="Prepare"/>). Runs on the calling thread (and, with
    /// <see cref="StepOptions.Threads"/> above 1, on native worker threads it waits for); see
    /// <see cref="SolveAsync"/>.
    /// </summary>
    /// <param name="step">A step name (see <see cref="StepNames"/>).</param>
    /// <param name="cube">The cube, in any orientation (see <see cref="Position"/>).</param>
    /// <param name="options">NISS, lengths, limits, threads, timeout and progress; null for the defaults.</param>
    /// <param name="cancellationToken">Stops a build or the search soon after it is cancelled (code 5).</param>
    /// <exception cref="ArgumentNullException"><paramref name="step"/> or <paramref name="cube"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException">Checked before any build or search (code 6): an unknown
    /// step (the message lists the names), a NISS mode the step cannot use, a cube without what the
    /// step needs (<c>step drud-eofb needs edges oriented on the F/B axis (eofb), which this cube
    /// does not have</c>), an option out of range, a negative timeout.</exception>
    /// <exception cref="OperationCanceledException">Cancelled, or the timeout was reached (code 5).</exception>
    /// <exception cref="DatabaseException">The step's table file cannot be used (see <see cref="Prepare"/>; code 4).</exception>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8).</exception>
    public IReadOnlyList<string> Solve(string step, Cube cube, StepOptions? options = null, CancellationToken cancellationToken = default)
    {
        NativeErrors.ThrowIfNull(step, nameof(step));
        NativeErrors.ThrowIfNull(cube, nameof(cube));
        var o = options ?? new StepOptions();
        var ms = Timeouts.Millis(o.Timeout);
        return _handle.Use(p =>
        {
            using var op = NativeOperation.Start(CancelTokenName, cancellationToken, o.Progress);
            using var s = NativeCall.Text(step);
            using var c = NativeCall.Text(cube.ToString());
            var result = op.Run(t => Interop.cube3_steps_solve(p, s, c, (int)o.Niss, o.MinLength, o.MaxLength,
                o.MaxSolutions, o.Margin ?? -1, o.Threads, ms, op.Callback, t));
            op.ThrowIfCallbackFailed();
            return NativeCall.Unwrap(result, cancellationToken);
        });
    }

    /// <summary>Runs <see cref="Solve"/> on a dedicated thread.</summary>
    /// <returns>
    /// A task that completes with the solutions; it is canceled (with an
    /// <see cref="OperationCanceledException"/>, code 5) when <paramref name="cancellationToken"/>
    /// stops the solve (a reached timeout faults it with the same exception type), and faults
    /// with <see cref="Solve"/>'s other exceptions or the one a progress callback threw.
    /// </returns>
    /// <exception cref="ArgumentNullException"><paramref name="step"/> or <paramref name="cube"/> is null (code 7), thrown at once.</exception>
    /// <exception cref="ObjectDisposedException">The solver was disposed (code 8), thrown at once.</exception>
    public Task<IReadOnlyList<string>> SolveAsync(string step, Cube cube, StepOptions? options = null,
        CancellationToken cancellationToken = default)
    {
        NativeErrors.ThrowIfNull(step, nameof(step));
        NativeErrors.ThrowIfNull(cube, nameof(cube));
        ThrowIfDisposed();
        return Task.Factory.StartNew(() => Solve(step, cube, options, cancellationToken),
            cancellationToken, TaskCreationOptions.LongRunning | TaskCreationOptions.DenyChildAttach, TaskScheduler.Default);
    }

    /// <summary>Frees the native solver (once no call is using it). Calling it again does nothing.</summary>
    public void Dispose() => _handle.Dispose();

    /// <summary>The native handle (for tests of the handle contract).</summary>
    internal NativeHandle Handle => _handle;

    private void ThrowIfDisposed()
    {
        if (_handle.IsDisposed)
        {
            throw NativeErrors.Disposed(Name);
        }
    }
}
