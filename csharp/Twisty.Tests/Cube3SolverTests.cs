using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Twisty.Cube3;
using Twisty.Square1;
using Xunit;

namespace Twisty.Tests;

/// <summary>
/// The 3x3x3 solver of the vector files (<c>$DB/cube3-twophase.tbl</c>, which the Rust suite
/// writes), opened once for the whole test class with <see cref="Cube3Solver.OpenExisting"/>.
/// </summary>
public sealed class SharedCube3Solver : IDisposable
{
    public SharedCube3Solver()
    {
        Vectors.RequireDbFiles();
        Solver = Cube3Solver.OpenExisting(Path);
    }

    public string Path { get; } = Vectors.Cube3TableFile;

    public Cube3Solver Solver { get; }

    public void Dispose() => Solver.Dispose();
}

/// <summary>The 3x3x3 two-phase solver: answers, bounds, errors, cancellation, lifetimes, threads.</summary>
public class Cube3SolverTests(SharedCube3Solver shared) : IClassFixture<SharedCube3Solver>
{
    /// <summary>
    /// The superflip with a bound of 17: it needs 20 moves, so no solution that short exists and the
    /// search can end only at a limit (or after exhausting every phase-1 path of up to 17 moves:
    /// hours), whatever the machine's speed.
    /// </summary>
    private static readonly Cube Hard = Cube.FromMoves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");

    private const int HardBound = 17;

    private Cube3Solver Solver => shared.Solver;

    private static int Length(string solution) => solution.Length == 0 ? 0 : solution.Split(' ').Length;

    /// <summary>Checks a solution: it solves the cube, is canonical plain face turns, and is within the bound.</summary>
    private static void AssertSolves(Cube cube, string solution, int maxLength)
    {
        Assert.True(cube.Apply(solution).IsSolved, $"{cube} + {solution}");
        Assert.True(Length(solution) <= maxLength, $"{solution} is longer than {maxLength}");
        Assert.Equal(Moves.Canonical(solution), solution);
        Assert.True(solution.All(c => "UDRLFB2' ".Contains(c)), solution);
    }

    private static void AssertCode(int code, Exception e) =>
        Assert.Equal(code, Assert.IsAssignableFrom<ITwistyException>(e).Code);

    [Fact]
    public void random_cubes_are_solved_within_the_bound()
    {
        for (ulong seed = 0; seed < 30; seed++)
        {
            var cube = Cube.Random(seed);
            var bound = seed < 10 ? 20 : 21;
            var s = Solver.Solve(cube, bound);
            AssertSolves(cube, s, bound);
            Assert.Equal(s, Solver.Solve(cube, bound)); // deterministic
        }
        var c = Cube.Random(99);
        Assert.Equal(Solver.Solve(c, 21), Solver.Solve(c)); // the default bound is 21
        Assert.Equal(21, Cube3Solver.DefaultMaxLength);
    }

    [Fact]
    public void cubes_in_any_orientation_are_solved_in_space()
    {
        foreach (var moves in new[]
                 {
                     "x R U' y F2", "Rw U M' E2 S", "y2 (R U R') F", "z' Fw2 Lw' x2",
                     "x y2 U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2 z",
                 })
        {
            var cube = Cube.FromMoves(moves);
            Assert.False(cube.IsSolved);
            AssertSolves(cube, Solver.Solve(cube), 21);
        }
        var rotated = Cube.Random(5).Apply("x y2");
        AssertSolves(rotated, Solver.Solve(rotated, 20), 20);
        Assert.Equal("", Solver.Solve(Cube.FromMoves("x y"), 0)); // a rotation alone: nothing to do
    }

    [Fact]
    public void short_cubes_and_the_bound()
    {
        Assert.Equal("", Solver.Solve(Cube.Solved, 0));
        Assert.Equal("", Solver.Solve(Cube.Solved, 40));
        foreach (var moves in new[] { "R", "R U", "R U F", "R U F' L2 D B'" })
        {
            var cube = Cube.FromMoves(moves);
            var n = Length(moves);
            AssertSolves(cube, Solver.Solve(cube, n), n);
            var e = Assert.ThrowsAny<ArgumentException>(() => Solver.Solve(cube, n - 1));
            Assert.Equal($"no solution of at most {n - 1} moves exists for this cube", e.Message);
            AssertCode(6, e);
        }
        var tooLong = Assert.ThrowsAny<ArgumentException>(() => Solver.Solve(Cube.Solved, 41));
        Assert.Equal("max_length 41 is out of range 0..=40", tooLong.Message);
        AssertCode(6, tooLong);
        Assert.Equal("max_length 2147483647 is out of range 0..=40",
            Assert.ThrowsAny<ArgumentException>(() => Solver.Solve(Cube.Solved, int.MaxValue)).Message);
        var negative = Assert.ThrowsAny<ArgumentException>(() => Solver.Solve(Cube.Solved, -1));
        Assert.Equal("maxLength must not be negative (got -1)", negative.Message);
        Assert.Equal("maxLength", negative.ParamName);
        AssertCode(6, negative);
        var timeout = Assert.ThrowsAny<ArgumentException>(() => Solver.Solve(Cube.Solved, 21, TimeSpan.FromSeconds(-1)));
        Assert.Equal("timeout must not be negative (got -1000 ms)", timeout.Message);
        AssertCode(6, timeout);
        // No limit: a zero timeout.
        var cube2 = Cube.Random(13);
        var expected = Solver.Solve(cube2);
        Assert.Equal(expected, Solver.Solve(cube2, 21, TimeSpan.Zero));
        Assert.Equal(expected, Solver.Solve(cube2, 21, TimeSpan.FromMinutes(5)));
    }

    [Fact]
    public void the_default_table_file_is_a_per_user_cache_file()
    {
        var path = Cube3Solver.DefaultTableFile;
        Assert.Matches(@"cube3-twophase-v\d+\.tbl$", path);
        Assert.True(Path.IsPathRooted(path));
    }

    [Fact]
    public void every_public_method_rejects_null_with_ArgumentNullException()
    {
        static void AssertNull(string param, Action call)
        {
            var ex = Assert.ThrowsAny<ArgumentNullException>(call);
            Assert.Equal(param, ex.ParamName);
            Assert.Equal($"{param} must not be null", ex.Message);
            AssertCode(7, ex);
        }
        AssertNull("path", () => Cube3Solver.OpenExisting(null!));
        AssertNull("cube", () => Solver.Solve(null!));
        AssertNull("cube", () => Solver.Solve(null!, 21, TimeSpan.FromSeconds(1)));
    }

    // ---- table files ----------------------------------------------------------------------------

    [Fact]
    public async Task open_builds_a_missing_file_reports_progress_and_stops_when_cancelled_or_when_its_sink_throws()
    {
        using var dir = new TempDir();
        var fresh = Path.Combine(dir.Path, "sub", "fresh.tbl");

        // Already cancelled: stops before anything is opened (code 5), writes nothing.
        using (var before = new CancellationTokenSource())
        {
            before.Cancel();
            var early = Assert.ThrowsAny<OperationCanceledException>(() => Cube3Solver.Open(fresh, cancellationToken: before.Token));
            Assert.Equal("opening the 3x3x3 table file was cancelled before it started", early.Message);
            AssertCode(5, early);
            Assert.Equal(before.Token, early.CancellationToken);
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => Cube3Solver.OpenAsync(fresh, cancellationToken: before.Token));
        }
        Assert.False(File.Exists(fresh));

        // Cancelled from the first progress report, on the opening thread of OpenAsync (a new
        // thread: not this one, read before the await, whose continuation may run anywhere).
        var caller = Environment.CurrentManagedThreadId;
        using var cts = new CancellationTokenSource();
        var threads = new List<int>();
        var reports = new List<BuildProgress>();
        var task = Cube3Solver.OpenAsync(fresh, new SyncProgress<BuildProgress>(r =>
        {
            reports.Add(r);
            threads.Add(Environment.CurrentManagedThreadId);
            cts.Cancel();
        }), cts.Token);
        var ex = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
        Assert.True(task.IsCanceled);
        AssertCode(5, ex);
        Assert.Equal("table generation was cancelled", ex.Message);
        Assert.Equal(cts.Token, ex.CancellationToken);
        Assert.Single(reports); // nothing after the cancellation
        Assert.StartsWith("3x3x3 tables: ", reports[0].Phase);
        Assert.NotEqual(caller, threads[0]);
        Assert.False(File.Exists(fresh));

        // A sink that throws: its exception, once.
        var calls = 0;
        var failing = new SyncProgress<BuildProgress>(_ =>
        {
            calls++;
            throw new InvalidOperationException("progress sink failed");
        });
        Assert.Equal("progress sink failed", Assert.Throws<InvalidOperationException>(() => Cube3Solver.Open(fresh, failing)).Message);
        Assert.Equal(1, calls);
        Assert.False(File.Exists(fresh));

        // Built and saved: the same file as the Rust suite's, the same answers; then opened without building.
        var cube = Cube.Random(11);
        var built = new List<BuildProgress>();
        using (var s = Cube3Solver.Open(fresh, new SyncProgress<BuildProgress>(built.Add)))
        {
            Assert.Equal(Solver.Solve(cube), s.Solve(cube));
        }
        Assert.NotEmpty(built);
        Assert.Equal(new FileInfo(shared.Path).Length, new FileInfo(fresh).Length);
        var again = new List<BuildProgress>();
        using (var s = await Cube3Solver.OpenAsync(fresh, new SyncProgress<BuildProgress>(again.Add)))
        {
            Assert.Equal(Solver.Solve(cube, 20), s.Solve(cube, 20));
        }
        Assert.Empty(again);
    }

    [Fact]
    public void open_existing_refuses_missing_truncated_and_foreign_files_with_DatabaseException()
    {
        using var dir = new TempDir();
        var missing = dir.File("missing.tbl");
        var e = Assert.Throws<DatabaseException>(() => Cube3Solver.OpenExisting(missing));
        Assert.Equal($"3x3x3 table file {missing}: cannot open: no such file or directory", e.Message);
        Assert.Equal(4, e.Code);
        Assert.False(File.Exists(missing)); // OpenExisting never builds

        var good = File.ReadAllBytes(shared.Path);
        var truncated = dir.File("truncated.tbl");
        File.WriteAllBytes(truncated, good.AsSpan(0, good.Length - 1).ToArray());
        e = Assert.Throws<DatabaseException>(() => Cube3Solver.OpenExisting(truncated));
        Assert.Equal($"3x3x3 table file {truncated}: size {good.Length - 1} bytes, expected {good.Length} (truncated or damaged)", e.Message);

        var badMagic = dir.File("bad-magic.tbl");
        var copy = (byte[])good.Clone();
        copy[0] ^= 0xff;
        File.WriteAllBytes(badMagic, copy);
        e = Assert.Throws<DatabaseException>(() => Cube3Solver.OpenExisting(badMagic));
        Assert.Equal($"3x3x3 table file {badMagic}: not a twisty 3x3x3 table file (bad magic)", e.Message);

        var corrupt = dir.File("corrupt.tbl");
        copy = (byte[])good.Clone();
        copy[^1] ^= 1;
        File.WriteAllBytes(corrupt, copy);
        Assert.EndsWith("fails its checksum (damaged)", Assert.Throws<DatabaseException>(() => Cube3Solver.OpenExisting(corrupt)).Message);

        var empty = dir.File("empty.tbl");
        File.WriteAllBytes(empty, []);
        Assert.Equal(4, Assert.Throws<DatabaseException>(() => Cube3Solver.OpenExisting(empty)).Code);
        // The Square-1 solver's file is not a 3x3x3 table file.
        Assert.Equal(4, Assert.Throws<DatabaseException>(() => Cube3Solver.OpenExisting(Vectors.SolverTableFile)).Code);
        foreach (var name in new[] { "cube3-twophase-truncated.tbl", "cube3-twophase-bad-magic.tbl", "cube3-twophase-bad-version.tbl" })
        {
            Assert.Equal(4, Assert.Throws<DatabaseException>(() => Cube3Solver.OpenExisting(Path.Combine(Vectors.DbDirectory, name))).Code);
        }
    }

    // ---- cancellation and timeouts ----------------------------------------------------------------

    [Fact]
    public void cancellation_and_timeouts_stop_searches_with_code_5()
    {
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        var e = Assert.ThrowsAny<OperationCanceledException>(() => Solver.Solve(Hard, HardBound, cancellationToken: cancelled.Token));
        Assert.Equal("the search was cancelled", e.Message);
        AssertCode(5, e);
        Assert.Equal(cancelled.Token, e.CancellationToken);
        // Stopped before any search, however quick it would be (even a solved cube).
        var quick = Assert.ThrowsAny<OperationCanceledException>(() => Solver.Solve(Cube.Solved, 21, cancellationToken: cancelled.Token));
        Assert.Equal("the search was cancelled", quick.Message);
        Assert.Equal(cancelled.Token, quick.CancellationToken);

        var timedOut = Assert.ThrowsAny<OperationCanceledException>(() => Solver.Solve(Hard, HardBound, TimeSpan.FromMilliseconds(50)));
        Assert.Equal("the search reached its deadline before finding a solution of at most 17 moves", timedOut.Message);
        AssertCode(5, timedOut);

        // Cancelled from another thread while the search runs. The search cannot end otherwise (see
        // Hard), so the outcome does not depend on when the timer fires.
        using var later = new CancellationTokenSource(TimeSpan.FromMilliseconds(100));
        var stopped = Assert.ThrowsAny<OperationCanceledException>(() => Solver.Solve(Hard, HardBound, cancellationToken: later.Token));
        Assert.Equal("the search was cancelled", stopped.Message);
        Assert.Equal(later.Token, stopped.CancellationToken);

        // Nothing sticks: the next search succeeds.
        var cube = Cube.Random(12);
        AssertSolves(cube, Solver.Solve(cube), 21);
    }

    // ---- the handle contract and threads --------------------------------------------------------

    [Fact]
    public void a_disposed_solver_throws_ObjectDisposedException_and_dispose_twice_is_harmless()
    {
        var solver = Cube3Solver.OpenExisting(shared.Path);
        Assert.Equal("R'", solver.Solve(Cube.FromMoves("R"), 1));
        solver.Dispose();
        solver.Dispose();
        foreach (var call in new Action[]
                 {
                     () => solver.Solve(Cube.Solved),
                     () => solver.Solve(Cube.Random(1), 21, TimeSpan.FromSeconds(1)),
                 })
        {
            var ex = Assert.ThrowsAny<ObjectDisposedException>(call);
            Assert.Equal("Cube3Solver is closed", ex.Message);
            AssertCode(8, ex);
        }
    }

    [Fact]
    public void dispose_during_a_search_lets_it_finish_on_intact_tables()
    {
        // This solve reports no progress, so nothing says when it is inside native code. The search
        // cannot end but by its token (see Hard): a Dispose that came before the call started
        // shows as ObjectDisposedException, and the round is tried again with the pause doubled,
        // until the Dispose lands during the search. No outcome depends on the machine's speed.
        for (var pause = 50; ; pause *= 2)
        {
            Assert.True(pause < 600_000, "a hang guard only");
            var solver = Cube3Solver.OpenExisting(shared.Path);
            using var cts = new CancellationTokenSource();
            var search = Task.Factory.StartNew(() => solver.Solve(Hard, HardBound, cancellationToken: cts.Token),
                TaskCreationOptions.LongRunning);
            Thread.Sleep(pause);
            solver.Dispose(); // the search keeps running on its tables
            Assert.Equal("Cube3Solver is closed", Assert.ThrowsAny<ObjectDisposedException>(() => solver.Solve(Cube.Solved)).Message);
            cts.Cancel();
            var e = Record.Exception(() => search.GetAwaiter().GetResult());
            if (e is ObjectDisposedException)
            {
                continue; // disposed before the search began
            }
            Assert.Equal("the search was cancelled", Assert.IsAssignableFrom<OperationCanceledException>(e).Message);
            break;
        }
    }

    [Fact]
    public async Task dispose_while_other_threads_solve_never_crashes()
    {
        var solver = Cube3Solver.OpenExisting(shared.Path);
        var cubes = Enumerable.Range(40, 6).Select(i => Cube.Random((ulong)i)).ToArray();
        var expected = cubes.Select(c => shared.Solver.Solve(c)).ToArray();
        // No clock: every worker completes a solve before the Dispose, and goes on until refused.
        using var go = new ManualResetEventSlim();
        using var eachCompletedOne = new CountdownEvent(6);
        var workers = Enumerable.Range(0, 6).Select(w => Task.Factory.StartNew(() =>
        {
            var (completed, refused) = (0, 0);
            go.Wait();
            for (var i = w; refused == 0; i++)
            {
                var k = i % cubes.Length;
                try
                {
                    Assert.Equal(expected[k], solver.Solve(cubes[k]));
                    if (++completed == 1)
                    {
                        eachCompletedOne.Signal();
                    }
                }
                catch (ObjectDisposedException e)
                {
                    Assert.Equal("Cube3Solver is closed", e.Message);
                    AssertCode(8, e);
                    refused++;
                }
            }
            return (completed, refused);
        }, TaskCreationOptions.LongRunning)).ToArray();
        go.Set();
        Assert.True(eachCompletedOne.Wait(TimeSpan.FromMinutes(10)), "a hang guard only");
        solver.Dispose(); // returns at once; the native solver is freed when the last running call returns
        var results = await Task.WhenAll(workers);
        Assert.True(results.Sum(r => r.completed) > 0);
        Assert.True(results.Sum(r => r.refused) > 0);
        Assert.Equal(expected[0], shared.Solver.Solve(cubes[0]));
    }

    [Fact]
    public void one_solver_shared_by_many_threads_gives_the_single_threaded_answers()
    {
        var cubes = Enumerable.Range(100, 12).Select(i => Cube.Random((ulong)i)).ToArray();
        var expected21 = cubes.Select(c => Solver.Solve(c, 21)).ToArray();
        var expected20 = cubes.Select(c => Solver.Solve(c.Apply("z"), 20)).ToArray();
        Parallel.For(0, 8, new ParallelOptions { MaxDegreeOfParallelism = 8 }, t =>
        {
            for (var i = 0; i < cubes.Length; i++)
            {
                var k = (i + t) % cubes.Length;
                Assert.Equal(expected21[k], Solver.Solve(cubes[k], 21));
                Assert.Equal(expected20[k], Solver.Solve(cubes[k].Apply("z"), 20));
            }
        });
    }

    [Fact]
    public void undisposed_solvers_are_freed_by_the_finalizer()
    {
        void Leak()
        {
            for (var i = 0; i < 3; i++)
            {
                _ = Cube3Solver.OpenExisting(shared.Path).Solve(Cube.FromMoves("R U"), 2);
            }
        }
        Leak();
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        Assert.Equal("U' R'", Solver.Solve(Cube.FromMoves("R U"), 2));
    }
}
