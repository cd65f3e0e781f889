using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Twisty.Internal;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Square1;

/// <summary>
/// The Silver-edition database of all shortest solutions: an open, complete database file
/// (memory-mapped by the native engine), immutable and safe to query from many threads at once.
/// </summary>
/// <remarks>
/// <para>Owns native resources: dispose it when done (a finalizer frees them otherwise).
/// <see cref="Dispose"/> twice is harmless. After <see cref="Dispose"/>, every call throws
/// <see cref="ObjectDisposedException"/> (code 8). A <see cref="Dispose"/> while another thread is
/// inside a call does not free the database under that call: it is freed when the call returns.
/// An enumeration of <see cref="Solutions"/> that has already started keeps the database alive
/// on its own and runs to its end.</para>
/// <para>States must be Silver-edition states (<see cref="Square1State.ToSilver"/>); others
/// throw <see cref="InvalidStateException"/> (code 2). Files that are missing, truncated, corrupt,
/// unfinished or of another format version throw <see cref="DatabaseException"/> (code 4), as do
/// directories, FIFOs and other non-regular files (refused at once, never read) and an empty
/// path. A data region is checked against its checksum before the first answer that reads it,
/// and a stored level the file cannot hold is corruption: such answers throw
/// <see cref="DatabaseException"/> naming the problem, never a wrong answer.</para>
/// </remarks>
public sealed class Square1Database : IDisposable
{
    internal const string Name = nameof(Square1Database);

    private const string SolutionsName = "Square1Database.Solutions";
    private const string CancelTokenName = "database build";

    private readonly DatabaseHandle _handle;

    private Square1Database(DatabaseHandle handle) => _handle = handle;

    /// <summary>Opens a complete database file (either variant).</summary>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null (code 7).</exception>
    /// <exception cref="DatabaseException">The file is missing, truncated, corrupt, unfinished, of
    /// another version, or not a regular file (code 4).</exception>
    public static Square1Database Open(string path)
    {
        NativeErrors.ThrowIfNull(path, nameof(path));
        return new(DatabaseHandle.Open(Name, path));
    }

    /// <summary>The model the file holds.</summary>
    /// <exception cref="ObjectDisposedException">The database was disposed (code 8).</exception>
    public DatabaseVariant Variant => (DatabaseVariant)_handle.Use(p => NativeCall.Unwrap(Interop.sq1_database_variant(p)));

    /// <summary>
    /// Position classes per level, up to the last level the file holds: element <c>i</c> is the
    /// count of level <c>i + 1</c>, level 1 being the solved puzzle (a new array on every call).
    /// </summary>
    /// <exception cref="ObjectDisposedException">The database was disposed (code 8).</exception>
    public long[] LevelCounts => _handle.Use(p => NativeCall.Unwrap(Interop.sq1_database_level_counts(p)));

    /// <summary>Whether the file holds every class (false for a partial database built with a maximum level).</summary>
    /// <exception cref="ObjectDisposedException">The database was disposed (code 8).</exception>
    public bool IsFull => _handle.Use(p => NativeCall.Unwrap(Interop.sq1_database_is_full(p)));

    /// <summary>Recomputes every region checksum of the file.</summary>
    /// <exception cref="DatabaseException">A checksum does not match (code 4).</exception>
    /// <exception cref="ObjectDisposedException">The database was disposed (code 8).</exception>
    public void Verify() => _handle.Use(p =>
    {
        NativeCall.Unwrap(Interop.sq1_database_verify(p));
        return 0;
    });

    /// <summary>The fewest twists (<c>/</c>) that solve a Silver state.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="state"/> is null (code 7).</exception>
    /// <exception cref="InvalidStateException">Not a Silver state (code 2).</exception>
    /// <exception cref="DatabaseException">Deeper than a partial database holds, or the file is found corrupt (code 4).</exception>
    /// <exception cref="ObjectDisposedException">The database was disposed (code 8).</exception>
    public int Distance(Square1State state)
    {
        NativeErrors.ThrowIfNull(state, nameof(state));
        return (int)_handle.Use(p =>
        {
            using var s = NativeCall.Text(state.ToString());
            return NativeCall.Unwrap(Interop.sq1_database_distance(p, s));
        });
    }

    /// <summary>One shortest solution of a Silver state.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="state"/> is null (code 7).</exception>
    /// <exception cref="InvalidStateException">Not a Silver state (code 2).</exception>
    /// <exception cref="DatabaseException">Deeper than a partial database holds, or the file is found corrupt (code 4).</exception>
    /// <exception cref="ObjectDisposedException">The database was disposed (code 8).</exception>
    public DatabaseSolution Solve(Square1State state)
    {
        NativeErrors.ThrowIfNull(state, nameof(state));
        return _handle.Use(p =>
        {
            using var s = NativeCall.Text(state.ToString());
            return NativeCall.Unwrap(Interop.sq1_database_solve(p, s));
        });
    }

    /// <summary>
    /// All shortest solutions of a Silver state, at most <paramref name="limit"/>, computed lazily
    /// in lexicographic order of their turns.
    /// </summary>
    /// <remarks>
    /// Arguments and <see cref="Dispose"/> are checked at once; each enumeration then starts its
    /// own native iterator (so engine errors, <see cref="InvalidStateException"/> for a state that
    /// is not Silver or <see cref="DatabaseException"/> for one deeper than a partial database holds,
    /// come from the first <c>MoveNext</c>), which is freed when the enumeration ends or its
    /// enumerator is disposed. A corrupt file found part-way through (a region that fails its
    /// checksum, a level the file cannot hold) throws <see cref="DatabaseException"/> (code 4)
    /// from that <c>MoveNext</c> and ends the enumeration. An enumerator is not thread-safe, but using one from several
    /// threads (or disposing it, or the database, meanwhile) never touches freed memory.
    /// </remarks>
    /// <exception cref="ArgumentNullException"><paramref name="state"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException"><paramref name="limit"/> is negative (code 6).</exception>
    /// <exception cref="ObjectDisposedException">The database was disposed (code 8), checked again when an enumeration starts.</exception>
    public IEnumerable<DatabaseSolution> Solutions(Square1State state, long limit)
    {
        NativeErrors.ThrowIfNull(state, nameof(state));
        NativeErrors.ThrowIfNegative(limit, nameof(limit));
        if (_handle.IsDisposed)
        {
            throw NativeErrors.Disposed(Name);
        }
        return Enumerate(state.ToString(), (ulong)limit);
    }

    private IEnumerable<DatabaseSolution> Enumerate(string state, ulong limit)
    {
        using var it = _handle.Use(p => SolutionsHandle.Create(SolutionsName, p, state, limit));
        while (it.Use(p => NativeCall.Unwrap(Interop.sq1_solutions_next(p))) is { } solution)
        {
            yield return solution;
        }
    }

    /// <summary>Closes the file (once no call is using it). Calling it again does nothing.</summary>
    public void Dispose() => _handle.Dispose();

    /// <summary>The native handle (for tests of the handle contract).</summary>
    internal NativeHandle Handle => _handle;

    /// <summary>
    /// Builds (or resumes) a database file on a dedicated thread; see <see cref="Build"/>.
    /// </summary>
    /// <returns>
    /// A task that completes when the file is written; it is canceled (with an
    /// <see cref="OperationCanceledException"/>, code 5) when <paramref name="cancellationToken"/>
    /// stops the build, and faults with the exception a <paramref name="progress"/> callback threw.
    /// </returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null (code 7), thrown at once.</exception>
    /// <exception cref="ArgumentException"><paramref name="maxLevel"/> or <paramref name="threads"/> is negative (code 6), thrown at once.</exception>
    public static Task BuildAsync(string path, DatabaseVariant variant, int maxLevel = 0, int threads = 0,
        IProgress<BuildProgress>? progress = null, CancellationToken cancellationToken = default)
    {
        CheckBuildArguments(path, maxLevel, threads);
        return Task.Factory.StartNew(() => BuildCore(path, variant, maxLevel, threads, progress, cancellationToken),
            cancellationToken, TaskCreationOptions.LongRunning | TaskCreationOptions.DenyChildAttach, TaskScheduler.Default);
    }

    /// <summary>
    /// Builds (or resumes) a database file on the calling thread. The file appears at
    /// <paramref name="path"/> when complete; until then the work is in <c>&lt;path&gt;.partial</c>,
    /// from which a later build with the same arguments resumes.
    /// </summary>
    /// <param name="path">The database file to write.</param>
    /// <param name="variant">The model to build.</param>
    /// <param name="maxLevel">Stop after this level (a partial database, 1..15); 0 builds every level.</param>
    /// <param name="threads">Worker threads, at most 256; 0 uses one per core.</param>
    /// <param name="progress">Receives reports, on the calling thread, several times a second. An
    /// exception it throws cancels the build and is rethrown from this method once the native
    /// build has stopped.</param>
    /// <param name="cancellationToken">Stops the build soon after it is cancelled, leaving
    /// <c>&lt;path&gt;.partial</c> to resume from; already cancelled, nothing is created.</param>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null (code 7).</exception>
    /// <exception cref="ArgumentException">A negative argument, an unknown variant, a maximum
    /// level above 15 or more than 256 threads (code 6).</exception>
    /// <exception cref="OperationCanceledException">The build was cancelled (code 5).</exception>
    /// <exception cref="DatabaseException">The file cannot be written, is not a regular file, or
    /// holds a different database (code 4).</exception>
    public static void Build(string path, DatabaseVariant variant, int maxLevel = 0, int threads = 0,
        IProgress<BuildProgress>? progress = null, CancellationToken cancellationToken = default)
    {
        CheckBuildArguments(path, maxLevel, threads);
        BuildCore(path, variant, maxLevel, threads, progress, cancellationToken);
    }

    private static void CheckBuildArguments(string path, int maxLevel, int threads)
    {
        NativeErrors.ThrowIfNull(path, nameof(path));
        NativeErrors.ThrowIfNegative(maxLevel, nameof(maxLevel));
        NativeErrors.ThrowIfNegative(threads, nameof(threads));
    }

    private static void BuildCore(string path, DatabaseVariant variant, int maxLevel, int threads,
        IProgress<BuildProgress>? progress, CancellationToken cancellationToken)
    {
        // Progress runs on this thread (the engine reports only on the thread that called the
        // build); an exception in it cancels the build and is rethrown here (see NativeOperation).
        using var op = NativeOperation.Start(CancelTokenName, cancellationToken, progress);
        ResultVoidNativeError result;
        using (var p = NativeCall.Text(path))
        {
            result = op.Run(t => Interop.twisty_db_build(p, (int)variant, (uint)maxLevel, (uint)threads, op.Callback, t));
        }
        op.ThrowIfCallbackFailed();
        NativeCall.Unwrap(result, cancellationToken);
    }
}
