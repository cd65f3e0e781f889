using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;
using Twisty.Cube3;
using Twisty.Internal;
using Twisty.Square1;
using Xunit;

namespace Twisty.Tests;

/// <summary>
/// The hostile-input findings of issue 11 as .NET reaches them: files that are not what an
/// operation expects (never overwritten, never blocking, refused before any work), corrupt
/// databases, unknown enum values, the one timeout rule and searches that cannot succeed.
/// </summary>
public class HostileInputTests(SharedSolver shared, SharedCube3Solver cube3) : IClassFixture<SharedSolver>, IClassFixture<SharedCube3Solver>
{
    // A generous anti-hang limit: every call below answers in well under a second; a regression
    // blocks forever (a FIFO), builds for half a minute or searches for minutes.
    private static readonly TimeSpan Prompt = TimeSpan.FromSeconds(20);

    private const string LeftAlone = "; it was left alone (remove it, or choose another path)";

    private static void AssertCode(int code, Exception e) =>
        Assert.Equal(code, Assert.IsAssignableFrom<ITwistyException>(e).Code);

    /// <summary>Runs <paramref name="call"/> on a thread of its own and fails (instead of hanging) when it takes longer than <see cref="Prompt"/>.</summary>
    private static Exception? Promptly(Action call, Action? unblock = null)
    {
        var task = Task.Factory.StartNew(call, TaskCreationOptions.LongRunning);
        // WaitOne, not Wait: Wait would rethrow the exception the call is expected to end with.
        if (!((IAsyncResult)task).AsyncWaitHandle.WaitOne(Prompt))
        {
            unblock?.Invoke();
            Assert.Fail($"the call did not return within {Prompt}");
        }
        return task.Exception?.InnerException;
    }

    private static string Sha256(string path)
    {
        using var s = File.OpenRead(path);
        return Convert.ToHexString(SHA256.HashData(s));
    }

    private static void MakeFifo(string path)
    {
        using var p = Process.Start(new ProcessStartInfo("mkfifo", [path]) { UseShellExecute = false })!;
        p.WaitForExit();
        Assert.Equal(0, p.ExitCode);
    }

    private static void AssertNoPartial(string dir) =>
        Assert.Empty(Directory.GetFiles(dir, "*.partial", SearchOption.AllDirectories));

    // ---- item 1: open-or-build never replaces a file of another kind ---------------------------

    [Fact]
    public void open_refuses_files_of_another_kind_and_leaves_them_byte_for_byte_alone()
    {
        using var dir = new TempDir();
        var text = dir.File("notes.txt");
        File.WriteAllText(text, "a user's notes, not a table\n");
        var cube3Table = dir.File("cube3.tbl");
        File.Copy(Vectors.Cube3TableFile, cube3Table);
        var sq1Table = dir.File("sq1.tbl");
        File.Copy(Vectors.SolverTableFile, sq1Table);
        var cases = new (string Path, string Sq1, string Cube3)[]
        {
            (text, "not a twisty solver table file (bad magic)", "not a twisty 3x3x3 table file (bad magic)"),
            (cube3Table, "not a twisty solver table file (it is a twisty 3x3x3 two-phase solver table file)", null!),
            (sq1Table, null!, "not a twisty 3x3x3 table file (it is a twisty Square-1 solver table file)"),
        };
        foreach (var (path, sq1, c3) in cases)
        {
            var before = Sha256(path);
            var reports = new SyncProgress<BuildProgress>(r => Assert.Fail($"a build started: {r.Phase}"));
            if (sq1 is not null)
            {
                var e = Assert.Throws<DatabaseException>(() => Square1Solver.Open(path, reports));
                Assert.Equal($"solver table file {path}: {sq1}{LeftAlone}", e.Message);
            }
            if (c3 is not null)
            {
                var e = Assert.Throws<DatabaseException>(() => Cube3Solver.Open(path, reports));
                Assert.Equal($"3x3x3 table file {path}: {c3}{LeftAlone}", e.Message);
            }
            Assert.Equal(before, Sha256(path));
        }
        AssertNoPartial(dir.Path);
    }

    [Fact]
    public void open_refuses_a_Silver_database_and_leaves_it_intact()
    {
        // A sparse copy (the file is 4.5 GB, almost all holes), as in the reproduction.
        using var dir = new TempDir();
        var victim = dir.File("victim.db");
        using (var cp = Process.Start(new ProcessStartInfo("cp", ["--sparse=always", Path.Combine(Vectors.DbDirectory, "article-2.db"), victim]) { UseShellExecute = false })!)
        {
            cp.WaitForExit();
            Assert.Equal(0, cp.ExitCode);
        }
        var length = new FileInfo(victim).Length;
        var header = ReadHeader(victim);
        var written = File.GetLastWriteTimeUtc(victim);

        var e = Assert.Throws<DatabaseException>(() => Square1Solver.Open(victim));
        Assert.Equal($"solver table file {victim}: not a twisty solver table file (it is a twisty Silver database){LeftAlone}", e.Message);
        var e3 = Assert.Throws<DatabaseException>(() => Cube3Solver.Open(victim));
        Assert.Equal($"3x3x3 table file {victim}: not a twisty 3x3x3 table file (it is a twisty Silver database){LeftAlone}", e3.Message);

        // Unchanged: length, header and write time, and every data region still matches its checksum.
        Assert.Equal(length, new FileInfo(victim).Length);
        Assert.Equal(header, ReadHeader(victim));
        Assert.Equal(written, File.GetLastWriteTimeUtc(victim));
        using (var db = Square1Database.Open(victim))
        {
            db.Verify();
            Assert.Equal([1L, 32L], db.LevelCounts);
        }
        AssertNoPartial(dir.Path);
    }

    private static byte[] ReadHeader(string path)
    {
        using var s = File.OpenRead(path);
        var b = new byte[4096];
        s.ReadExactly(b);
        return b;
    }

    // ---- items 4 and 6: FIFOs, directories, paths under files, empty paths ----------------------

    [Fact]
    public void a_fifo_is_refused_at_once_even_with_a_cancellation_token()
    {
        using var dir = new TempDir();
        var fifo = dir.File("fifo");
        MakeFifo(fifo);
        // On a regression the opener blocks in open(2) until a writer comes: be that writer.
        void Unblock()
        {
            using var w = new FileStream(fifo, FileMode.Open, FileAccess.Write);
        }
        using var cts = new CancellationTokenSource();
        var notRegular = $"{fifo}: is not a regular file (it is a FIFO)";

        var e = Promptly(() => Cube3Solver.Open(fifo, null, cts.Token).Dispose(), Unblock);
        Assert.Equal($"3x3x3 table file {notRegular}", Assert.IsType<DatabaseException>(e).Message);
        e = Promptly(() => Square1Solver.Open(fifo, null, cts.Token).Dispose(), Unblock);
        Assert.Equal($"solver table file {notRegular}", Assert.IsType<DatabaseException>(e).Message);
        e = Promptly(() => Square1Database.Open(fifo).Dispose(), Unblock);
        Assert.Equal(notRegular, Assert.IsType<DatabaseException>(e).Message);
        e = Promptly(() => Cube3Solver.OpenExisting(fifo).Dispose(), Unblock);
        Assert.Equal($"3x3x3 table file {notRegular}", Assert.IsType<DatabaseException>(e).Message);
        AssertNoPartial(dir.Path);
    }

    [Fact]
    public void a_directory_or_a_path_under_a_file_fails_before_any_build_and_leaves_no_partial()
    {
        using var dir = new TempDir();
        var file = dir.File("empty");
        File.WriteAllBytes(file, []);
        var under = Path.Combine(file, "sub.tbl");
        // A build would report progress first: any report means the check came too late.
        var noBuild = new SyncProgress<BuildProgress>(r => throw new InvalidOperationException($"a build started: {r.Phase}"));

        var e = Assert.Throws<DatabaseException>(() => Square1Solver.Open(dir.Path, noBuild));
        Assert.Equal($"solver table file {dir.Path}: is a directory", e.Message);
        e = Assert.Throws<DatabaseException>(() => Cube3Solver.Open(dir.Path, noBuild));
        Assert.Equal($"3x3x3 table file {dir.Path}: is a directory", e.Message);
        e = Assert.Throws<DatabaseException>(() => Square1Solver.Open(under, noBuild));
        Assert.Equal($"solver table file {under}: cannot open: {file} is not a folder", e.Message);
        e = Assert.Throws<DatabaseException>(() => Cube3Solver.Open(under, noBuild));
        Assert.Equal($"3x3x3 table file {under}: cannot open: {file} is not a folder", e.Message);
        e = Assert.Throws<DatabaseException>(() => Square1Database.Build(dir.Path, DatabaseVariant.Article, 2, progress: noBuild));
        Assert.Equal($"{dir.Path}: is a directory", e.Message);
        e = Assert.Throws<DatabaseException>(() => Square1Database.Build(Path.Combine(file, "sub.db"), DatabaseVariant.Article, 2, progress: noBuild));
        Assert.Equal($"{file}/sub.db.partial: cannot create: {file} is not a folder", e.Message);

        // An empty path names the problem (for the solvers it means the default file instead).
        e = Assert.Throws<DatabaseException>(() => Square1Database.Open(""));
        Assert.Equal("Silver database: the path is empty", e.Message);
        e = Assert.Throws<DatabaseException>(() => Square1Solver.OpenExisting(""));
        Assert.Equal("solver table file: the path is empty", e.Message);

        AssertCode(4, e);
        Assert.Equal(0, new FileInfo(file).Length);
        AssertNoPartial(dir.Path);
    }

    // ---- item 7: a token cancelled before the call --------------------------------------------

    [Fact]
    public async Task an_already_cancelled_token_stops_builds_and_opens_before_any_file_is_created()
    {
        using var dir = new TempDir();
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        var db = dir.File("never.db");

        var e = Assert.ThrowsAny<OperationCanceledException>(
            () => Square1Database.Build(db, DatabaseVariant.Article, maxLevel: 3, cancellationToken: cancelled.Token));
        AssertCode(5, e);
        Assert.Equal(cancelled.Token, e.CancellationToken);
        Assert.Equal("database build cancelled before it started", e.Message);
        var task = Square1Database.BuildAsync(db, DatabaseVariant.Article, maxLevel: 3, cancellationToken: cancelled.Token);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
        Assert.True(task.IsCanceled);

        var sq1 = dir.File("never-sq1.tbl");
        AssertCode(5, Assert.ThrowsAny<OperationCanceledException>(() => Square1Solver.Open(sq1, cancellationToken: cancelled.Token)));
        var c3 = dir.File("never-cube3.tbl");
        AssertCode(5, Assert.ThrowsAny<OperationCanceledException>(() => Cube3Solver.Open(c3, cancellationToken: cancelled.Token)));

        Assert.Empty(Directory.GetFileSystemEntries(dir.Path)); // no file, no .partial
    }

    // ---- item 3: thread counts ----------------------------------------------------------------

    [Fact]
    public void a_build_refuses_more_than_256_threads_and_negative_ones_before_any_work()
    {
        using var dir = new TempDir();
        var path = dir.File("x.db");
        var e = Assert.ThrowsAny<ArgumentException>(() => Square1Database.Build(path, DatabaseVariant.Article, 2, 100_000));
        Assert.Equal("threads 100000 out of range 0..=256", e.Message);
        AssertCode(6, e);
        Assert.Equal("threads 257 out of range 0..=256",
            Assert.ThrowsAny<ArgumentException>(() => Square1Database.BuildAsync(path, DatabaseVariant.Article, 2, 257).GetAwaiter().GetResult()).Message);
        Assert.Equal("threads must not be negative (got -1)",
            Assert.ThrowsAny<ArgumentException>(() => Square1Database.Build(path, DatabaseVariant.Article, 2, -1)).Message);
        Assert.Empty(Directory.GetFileSystemEntries(dir.Path));
    }

    // ---- item 2: corruption found while answering ----------------------------------------------

    [Fact]
    public void a_corrupt_database_fails_every_answer_and_enumeration_that_reads_the_damage()
    {
        var deadEnd = Path.Combine(Vectors.DbDirectory, "corrupt-dead-end.db");
        var state = Square1State.Parse("LLfAAmbCCiJJ|PPbEEifGGmNN|K");
        var expected = $"{deadEnd}: level 2 stored for {state}, but no state one twist away has level 1: the file is corrupt";
        using (var db = Square1Database.Open(deadEnd))
        {
            var e = Assert.Throws<DatabaseException>(() => db.Solutions(state, 5).ToList());
            Assert.Equal(expected, e.Message);
            Assert.Equal(expected, Assert.Throws<DatabaseException>(() => db.Solve(state)).Message);
        }

        var region = Path.Combine(Vectors.DbDirectory, "corrupt-region.db");
        var solved = Square1State.Solved(Colouring.Silver);
        using (var db = Square1Database.Open(region))
        {
            var e = Assert.Throws<DatabaseException>(() => db.Solutions(solved, 5).ToList());
            Assert.StartsWith($"{region}: checksum mismatch in data region ", e.Message);
            // Every time, not only the first: the region stays refused.
            Assert.Equal(e.Message, Assert.Throws<DatabaseException>(() => db.Distance(solved)).Message);
            Assert.Equal(e.Message, Assert.Throws<DatabaseException>(() => db.Solutions(solved, 1).First()).Message);
        }
    }

    // ---- item 11: unknown enum values ---------------------------------------------------------

    private static void AssertUnknown(string message, Action call)
    {
        var e = Assert.ThrowsAny<ArgumentException>(call);
        Assert.Equal(message, e.Message);
        AssertCode(6, e);
        Assert.IsNotType<ArgumentNullException>(e);
    }

    [Fact]
    public void negative_enum_values_are_the_engine_s_ArgumentException_everywhere()
    {
        const string metric = "unknown metric -1 (0 = twist, 1 = WCA, 2 = face-turn)";
        var solver = shared.Solver;
        var state = Square1State.Parse("NNodEEhAAbCC|fGGLLmPPiJJk|S");
        var bad = (Metric)(-1);
        AssertUnknown(metric, () => solver.Distance(state, bad));
        AssertUnknown(metric, () => solver.Solve(state, bad));
        AssertUnknown(metric, () => solver.Solutions(state, bad, 3));
        AssertUnknown(metric, () => solver.SolveFast(state, new FastSolveOptions { Metric = bad }));
        AssertUnknown(metric, () => Square1Moves.Length("/", Notation.Wca, bad));
        AssertUnknown("unknown metric -2147483648 (0 = twist, 1 = WCA, 2 = face-turn)",
            () => solver.Distance(state, (Metric)int.MinValue));

        const string notation = "unknown notation -1 (0 = WCA, 1 = article)";
        var n = (Notation)(-1);
        AssertUnknown(notation, () => Square1Moves.Length("/", n, Metric.Twist));
        AssertUnknown(notation, () => Square1Moves.Inverse("/", n));
        AssertUnknown(notation, () => Square1Moves.Convert("/", n, Notation.Wca));
        AssertUnknown(notation, () => Square1Moves.Convert("/", Notation.Wca, n));
        AssertUnknown(notation, () => Square1State.Solved().Apply("/", n));

        const string colouring = "unknown colouring -1 (0 = six-colour, 1 = Silver)";
        using var tables = new Square1Tables();
        AssertUnknown(colouring, () => Square1State.Solved((Colouring)(-1)));
        AssertUnknown(colouring, () => tables.RandomState(1, (Colouring)(-1)));
        AssertUnknown("unknown shape count kind -1 (0 = layer shapes, 1 = twistable positions, 2 = up to layer rotation, 3 = up to rotation and flip)",
            () => tables.CountShapes((ShapeCount)(-1)));

        using var dir = new TempDir();
        var path = dir.File("never.db");
        AssertUnknown("unknown database variant -1 (0 = article, 1 = middle)",
            () => Square1Database.Build(path, (DatabaseVariant)(-1), maxLevel: 1));
        Assert.Empty(Directory.GetFileSystemEntries(dir.Path));
    }

    // ---- item 16: the one timeout rule ---------------------------------------------------------

    [Fact]
    public void negative_timeouts_are_refused_with_the_engine_s_message_and_tiny_positive_ones_are_kept()
    {
        var solver = shared.Solver;
        var six = Square1State.Parse("NNodEEhAAbCC|fGGLLmPPiJJk|S");
        foreach (var (timeout, ms) in new[]
                 {
                     (Timeout.InfiniteTimeSpan, -1L),
                     (TimeSpan.FromMilliseconds(-1), -1L),
                     (TimeSpan.FromTicks(-1), -1L),
                     (TimeSpan.FromTicks(-10_001), -2L),
                     (TimeSpan.FromSeconds(-1.5), -1500L),
                     (TimeSpan.MinValue, -922337203685478L),
                 })
        {
            var message = $"timeout must not be negative (got {ms} ms)";
            AssertUnknown(message, () => solver.Solve(six, Metric.Twist, timeout));
            AssertUnknown(message, () => solver.Solutions(six, Metric.Twist, 2, timeout));
            AssertUnknown(message, () => solver.SolveFast(six, new FastSolveOptions { Timeout = timeout }));
            AssertUnknown(message, () => cube3.Solver.Solve(Cube.Solved, 21, timeout));
        }

        // One tick is a deadline of 1 ms, never "no limit" (0): quick answers still arrive.
        Assert.Equal("", cube3.Solver.Solve(Cube.Solved, 21, TimeSpan.FromTicks(1)));
        Assert.Equal(0, solver.Solve(Square1State.Solved(), Metric.Twist, TimeSpan.FromTicks(1)).Length);
        // TimeSpan.MaxValue is a deadline too far to matter.
        Assert.Equal(2, solver.Solve(six, Metric.Twist, TimeSpan.MaxValue).Length);
    }

    [Fact]
    public void timeouts_become_whole_milliseconds_away_from_zero_and_never_throw()
    {
        Assert.Equal(0, Timeouts.Millis(null));
        Assert.Equal(0, Timeouts.Millis(TimeSpan.Zero));
        Assert.Equal(1, Timeouts.Millis(TimeSpan.FromTicks(1)));
        Assert.Equal(1, Timeouts.Millis(TimeSpan.FromMilliseconds(1)));
        Assert.Equal(2, Timeouts.Millis(TimeSpan.FromTicks(10_001)));
        Assert.Equal(-1, Timeouts.Millis(TimeSpan.FromTicks(-1)));
        Assert.Equal(-1, Timeouts.Millis(Timeout.InfiniteTimeSpan));
        Assert.Equal(-2, Timeouts.Millis(TimeSpan.FromTicks(-10_001)));
        Assert.Equal(TimeSpan.MaxValue.Ticks / TimeSpan.TicksPerMillisecond + 1, Timeouts.Millis(TimeSpan.MaxValue));
        Assert.Equal(TimeSpan.MinValue.Ticks / TimeSpan.TicksPerMillisecond - 1, Timeouts.Millis(TimeSpan.MinValue));
    }

    // ---- item 5: two-phase searches that cannot succeed, or would not end -----------------------

    [Fact]
    public void solve_fast_with_an_impossible_bound_fails_at_once()
    {
        var state = shared.Solver.Scramble(7).State;
        using var stop = new CancellationTokenSource();
        var e = Promptly(() => shared.Solver.SolveFast(state,
            new FastSolveOptions { MaxLength = 1, NodeLimit = 0, CancellationToken = stop.Token }), stop.Cancel);
        var argument = Assert.IsAssignableFrom<ArgumentException>(e);
        Assert.StartsWith("no solution of at most 1 moves (face) exists for this state: it needs at least ", argument.Message);
        AssertCode(6, argument);
        var needed = int.Parse(argument.Message[(argument.Message.LastIndexOf(' ') + 1)..]);
        // The bound is a true lower bound: the solution found with that bound is no shorter.
        var found = shared.Solver.SolveFast(state, new FastSolveOptions { MaxLength = needed + 30 });
        Assert.True(found.Length >= needed, $"{found.Length} < {needed}");
        AssertCode(6, Assert.ThrowsAny<ArgumentException>(() =>
            shared.Solver.SolveFast(state, new FastSolveOptions { MaxLength = needed - 1, Metric = Metric.FaceTurn })));
    }

    [Fact]
    public void an_unlimited_node_budget_without_a_timeout_runs_until_cancelled()
    {
        var state = shared.Solver.Scramble(7).State;
        using var later = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));
        var e = Promptly(() => shared.Solver.SolveFast(state,
            new FastSolveOptions { NodeLimit = long.MaxValue, CancellationToken = later.Token }));
        var cancelled = Assert.IsAssignableFrom<OperationCanceledException>(e);
        AssertCode(5, cancelled);
        Assert.Equal(later.Token, cancelled.CancellationToken);
    }
}
