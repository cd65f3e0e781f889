using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Twisty.Cube3;
using Xunit;

namespace Twisty.Tests;

/// <summary>
/// The 3x3x3 optimal solver of the vector files (<c>$DB/cube3-optimal-h0.tbl</c>, which the Rust
/// suite writes), opened once for the whole test class with <see cref="OptimalSolver.OpenExisting"/>.
/// </summary>
public sealed class SharedOptimalSolver : IDisposable
{
    public SharedOptimalSolver()
    {
        Vectors.RequireDbFiles();
        Solver = OptimalSolver.OpenExisting(Path);
    }

    public string Path { get; } = Vectors.OptimalTableFile;

    public OptimalSolver Solver { get; }

    public void Dispose() => Solver.Dispose();
}

/// <summary>The 3x3x3 optimal solver: answers, all solutions, errors, cancellation, progress, lifetimes, threads.</summary>
public class Cube3OptimalSolverTests(SharedOptimalSolver shared) : IClassFixture<SharedOptimalSolver>
{
    /// <summary>
    /// The superflip: it needs 20 moves, so every depth below 20 is searched in full first (hours on
    /// any machine) and only a limit can end its search, whatever the machine's speed.
    /// </summary>
    private static readonly Cube Hard = Cube.FromMoves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");

    private const string LeftAlone = "; it was left alone (remove it, or choose another path)";

    private OptimalSolver Solver => shared.Solver;

    private static int Length(string solution) => solution.Length == 0 ? 0 : solution.Split(' ').Length;

    /// <summary>Checks a solution: it solves the cube, has the given length, and is canonical plain face turns.</summary>
    private static void AssertSolves(Cube cube, string solution, int length)
    {
        Assert.True(cube.Apply(solution).IsSolved, $"{cube} + {solution}");
        Assert.Equal(length, Length(solution));
        Assert.Equal(Moves.Canonical(solution), solution);
        Assert.True(solution.All(c => "UDRLFB2' ".Contains(c)), solution);
    }

    private static void AssertCode(int code, Exception e) =>
        Assert.Equal(code, Assert.IsAssignableFrom<ITwistyException>(e).Code);

    private static OptimalOptions OneThread => new() { Threads = 1 };

    [Fact]
    public void short_scrambles_are_solved_optimally()
    {
        var solved = Solver.Solve(Cube.Solved, OneThread);
        Assert.Equal(0, solved.Length);
        Assert.Equal([""], solved.Solutions);
        Assert.Equal("", solved.First);

        foreach (var moves in new[] { "R", "R U", "R U F", "R U R' U'", "R U F' L2 D B'", "F R U' R' U' R U R' F'", "U2 D2 R L' F B2" })
        {
            var cube = Cube.FromMoves(moves);
            var found = Solver.Solve(cube, OneThread);
            Assert.Single(found.Solutions);
            Assert.InRange(found.Length, 1, Length(moves));
            AssertSolves(cube, found.First, found.Length);
            Assert.True(found.Nodes > 0);
            // Optimal: one move less is refused.
            var e = Assert.ThrowsAny<ArgumentException>(() => Solver.Solve(cube, new OptimalOptions { MaxLength = found.Length - 1 }));
            Assert.StartsWith($"no solution of at most {found.Length - 1} moves exists for this cube", e.Message);
            AssertCode(6, e);
            Assert.Equal(found, Solver.Solve(cube, OneThread)); // deterministic, nodes included
        }
        foreach (var (moves, optimal) in new[] { ("R", 1), ("R U", 2), ("R U F", 3), ("R U F' L2 D B'", 6) })
        {
            Assert.Equal(optimal, Solver.Solve(Cube.FromMoves(moves)).Length);
        }
        Assert.Equal("2|U' R'", Solver.Solve(Cube.FromMoves("R U")).ToString());
    }

    [Fact]
    public void cubes_in_any_orientation_are_solved_in_space()
    {
        foreach (var moves in new[] { "x R U' y F2", "Rw U M'", "y2 (R U R') F", "z' Fw2 Lw'" })
        {
            var cube = Cube.FromMoves(moves);
            var found = Solver.Solve(cube);
            AssertSolves(cube, found.First, found.Length);
        }
        Assert.Equal("0|", Solver.Solve(Cube.FromMoves("x y")).ToString()); // a rotation alone: nothing to do
    }

    [Fact]
    public void all_solutions_of_a_symmetric_cube()
    {
        var cube = Cube.FromMoves("R2 L2 U2 D2 F2 B2");
        var all = Solver.Solve(cube, new OptimalOptions { MaxSolutions = OptimalOptions.SolutionsLimit });
        Assert.Equal(6, all.Length);
        Assert.Equal(6, all.Solutions.Count);
        Assert.Equal(6, all.Solutions.Distinct().Count());
        foreach (var s in all.Solutions)
        {
            AssertSolves(cube, s, 6);
        }
        Assert.Equal("U2 D2 R2 L2 F2 B2", all.First);
        Assert.Equal(all.Solutions, Solver.Solve(cube, new OptimalOptions { MaxSolutions = 1000, Threads = 1 }).Solutions);
        // A limit: the first ones, in the same order.
        Assert.Equal(all.Solutions.Take(4), Solver.Solve(cube, new OptimalOptions { MaxSolutions = 4 }).Solutions);
        Assert.Equal([all.First], Solver.Solve(cube).Solutions);
    }

    [Fact]
    public void min_length_skips_shorter_solutions()
    {
        var cube = Cube.FromMoves("R U F");
        var found = Solver.Solve(cube, new OptimalOptions { MinLength = 4, MaxSolutions = 3, Threads = 1 });
        Assert.True(found.Length >= 4);
        Assert.InRange(found.Solutions.Count, 1, 3);
        foreach (var s in found.Solutions)
        {
            AssertSolves(cube, s, found.Length);
        }
        Assert.Equal(3, Solver.Solve(cube, new OptimalOptions { MinLength = 3 }).Length);
    }

    [Fact]
    public void the_answer_is_the_same_with_any_number_of_threads()
    {
        var cube = Cube.FromMoves("R U F' L2 D B' R2");
        var options = new OptimalOptions { MaxSolutions = 50 };
        var one = Solver.Solve(cube, options with { Threads = 1 });
        foreach (var threads in new[] { 0, 2, 3 })
        {
            var got = Solver.Solve(cube, options with { Threads = threads });
            Assert.Equal(one.Length, got.Length);
            Assert.Equal(one.Solutions, got.Solutions);
        }
    }

    [Fact]
    public void options_out_of_range_are_the_engines_ArgumentException()
    {
        var cube = Cube.FromMoves("R U F");
        void AssertArgument(string message, OptimalOptions options)
        {
            var e = Assert.ThrowsAny<ArgumentException>(() => Solver.Solve(cube, options));
            Assert.Equal(message, e.Message);
            AssertCode(6, e);
        }
        AssertArgument("no solution of at most 2 moves exists for this cube: it needs at least 3", new() { MaxLength = 2 });
        AssertArgument("threads 100000 out of range 0..=256", new() { Threads = 100000 });
        AssertArgument("max_solutions must be at least 1", new() { MaxSolutions = 0 });
        AssertArgument("max_solutions must not be negative (got -1)", new() { MaxSolutions = -1 });
        AssertArgument("max_solutions 1000001 out of range 1..=1000000", new() { MaxSolutions = OptimalOptions.SolutionsLimit + 1 });
        AssertArgument("max_solutions 9223372036854775807 out of range 1..=1000000", new() { MaxSolutions = long.MaxValue });
        AssertArgument("max_length 41 is out of range 0..=40", new() { MaxLength = 41 });
        AssertArgument("min_length 9 is greater than max_length 8", new() { MinLength = 9, MaxLength = 8 });
        AssertArgument("min_length must not be negative (got -1)", new() { MinLength = -1 });
        AssertArgument("max_length must not be negative (got -1)", new() { MaxLength = -1 });
        AssertArgument("threads must not be negative (got -1)", new() { Threads = -1 });
        AssertArgument("timeout must not be negative (got -1 ms)", new() { Timeout = Timeout.InfiniteTimeSpan });
        AssertArgument("timeout must not be negative (got -1000 ms)", new() { Timeout = TimeSpan.FromSeconds(-1) });
        // No limit: a zero timeout; a long one changes nothing.
        Assert.Equal(3, Solver.Solve(cube, new() { Timeout = TimeSpan.Zero }).Length);
        Assert.Equal(3, Solver.Solve(cube, new() { Timeout = TimeSpan.FromMinutes(5) }).Length);
        Assert.Equal(OptimalOptions.DefaultMaxLength, new OptimalOptions().MaxLength);
        Assert.Equal(1, new OptimalOptions().MaxSolutions);
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
        AssertNull("path", () => OptimalSolver.OpenExisting(null!));
        AssertNull("cube", () => Solver.Solve(null!));
        AssertNull("cube", () => Solver.Solve(null!, new OptimalOptions()));
        AssertNull("cube", () => Solver.SolveAsync(null!));
        AssertNull("text", () => Solver.Solve(Cube.Parse(null!))); // the vector rows' cube argument
    }

    // ---- table files --------------------------------------------------------------------------

    [Fact]
    public void the_default_path_is_a_per_user_cache_file_of_the_size()
    {
        var path = OptimalSolver.DefaultTableFile();
        Assert.Matches(@"cube3-optimal-h0-v\d+\.tbl$", path);
        Assert.True(Path.IsPathRooted(path));
        Assert.Equal(path, OptimalSolver.DefaultTableFile(0));
        var e = Assert.ThrowsAny<ArgumentException>(() => OptimalSolver.DefaultTableFile(-1));
        Assert.Equal("table size -1 is out of range (0 = h0, 1 = h1, ...)", e.Message);
        AssertCode(6, e);
    }

    [Fact]
    public void sizes_other_than_h0_are_refused_before_any_file_is_touched()
    {
        using var dir = new TempDir();
        var fresh = dir.File("fresh.tbl");
        foreach (var call in new Func<OptimalSolver>[]
                 {
                     () => OptimalSolver.OpenExisting(shared.Path, 8),
                     () => OptimalSolver.Open(fresh, 8),
                     () => OptimalSolver.OpenAsync(fresh, 9).GetAwaiter().GetResult(),
                 })
        {
            var e = Assert.ThrowsAny<ArgumentException>(call);
            Assert.StartsWith("table size h", e.Message);
            Assert.EndsWith(" is not available: this version builds h0 to h7", e.Message);
            AssertCode(6, e);
        }
        Assert.Equal("table size h8 is not available: this version builds h0 to h7",
            Assert.ThrowsAny<ArgumentException>(() => OptimalSolver.OpenExisting(shared.Path, 8)).Message);
        Assert.Equal("table size 256 is out of range (0 = h0, 1 = h1, ...)",
            Assert.ThrowsAny<ArgumentException>(() => OptimalSolver.OpenExisting(shared.Path, 256)).Message);
        Assert.False(File.Exists(fresh));
    }

    [Fact]
    public void open_existing_refuses_missing_damaged_and_foreign_files_with_DatabaseException()
    {
        using var dir = new TempDir();
        var missing = dir.File("missing.tbl");
        var e = Assert.Throws<DatabaseException>(() => OptimalSolver.OpenExisting(missing));
        Assert.Equal($"3x3x3 optimal-solver table file {missing}: cannot open: no such file or directory", e.Message);
        Assert.Equal(4, e.Code);
        Assert.False(File.Exists(missing)); // OpenExisting never builds

        var good = File.ReadAllBytes(shared.Path);
        var corrupt = dir.File("corrupt.tbl");
        var copy = (byte[])good.Clone();
        copy[^1] ^= 1;
        File.WriteAllBytes(corrupt, copy);
        Assert.EndsWith("fails its checksum (damaged)", Assert.Throws<DatabaseException>(() => OptimalSolver.OpenExisting(corrupt)).Message);

        // The two-phase solver's table is not an optimal-solver table file.
        e = Assert.Throws<DatabaseException>(() => OptimalSolver.OpenExisting(Vectors.Cube3TableFile));
        Assert.Equal($"3x3x3 optimal-solver table file {Vectors.Cube3TableFile}: not a twisty 3x3x3 optimal-solver table file (it is a twisty 3x3x3 two-phase solver table file)", e.Message);
        foreach (var name in new[] { "cube3-optimal-truncated.tbl", "cube3-optimal-bad-magic.tbl", "cube3-optimal-bad-version.tbl" })
        {
            Assert.Equal(4, Assert.Throws<DatabaseException>(() => OptimalSolver.OpenExisting(Path.Combine(Vectors.DbDirectory, name))).Code);
        }
    }

    [Fact]
    public async Task open_refuses_foreign_files_opens_good_ones_without_building_and_stops_when_cancelled()
    {
        using var dir = new TempDir();
        var noBuild = new SyncProgress<BuildProgress>(r => Assert.Fail($"a build started: {r.Phase}"));

        // A file of another kind: refused and left alone.
        var text = dir.File("notes.txt");
        File.WriteAllText(text, "a user's notes, not a table\n");
        var e = Assert.Throws<DatabaseException>(() => OptimalSolver.Open(text, 0, noBuild));
        Assert.Equal($"3x3x3 optimal-solver table file {text}: not a twisty 3x3x3 optimal-solver table file (bad magic){LeftAlone}", e.Message);
        Assert.Equal("a user's notes, not a table\n", File.ReadAllText(text));

        // A good file: opened, nothing built.
        using (var s = OptimalSolver.Open(shared.Path, 0, noBuild))
        {
            Assert.Equal("2|U' R'", s.Solve(Cube.FromMoves("R U")).ToString());
        }
        using (var s = await OptimalSolver.OpenAsync(shared.Path, progress: noBuild))
        {
            Assert.Equal("1|R'", s.Solve(Cube.FromMoves("R")).ToString());
        }

        // Already cancelled: stops before anything is opened or created (code 5).
        var fresh = Path.Combine(dir.Path, "sub", "fresh.tbl");
        using (var before = new CancellationTokenSource())
        {
            before.Cancel();
            var early = Assert.ThrowsAny<OperationCanceledException>(() => OptimalSolver.Open(fresh, cancellationToken: before.Token));
            Assert.Equal("opening the 3x3x3 optimal-solver table file was cancelled before it started", early.Message);
            AssertCode(5, early);
            Assert.Equal(before.Token, early.CancellationToken);
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => OptimalSolver.OpenAsync(fresh, cancellationToken: before.Token));
        }
        Assert.False(File.Exists(fresh));

        // A build cancelled from its first progress report, on the opening thread of OpenAsync.
        var caller = Environment.CurrentManagedThreadId;
        using var cts = new CancellationTokenSource();
        var reports = new List<(BuildProgress Report, int Thread)>();
        var task = OptimalSolver.OpenAsync(fresh, 0, new SyncProgress<BuildProgress>(r =>
        {
            reports.Add((r, Environment.CurrentManagedThreadId));
            cts.Cancel();
        }), cts.Token);
        var ex = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
        Assert.True(task.IsCanceled);
        AssertCode(5, ex);
        Assert.Equal("table generation was cancelled", ex.Message);
        Assert.Equal(cts.Token, ex.CancellationToken);
        Assert.Single(reports); // nothing after the cancellation
        Assert.StartsWith("3x3x3 optimal table h0: distance ", reports[0].Report.Phase);
        Assert.NotEqual(caller, reports[0].Thread);
        Assert.False(File.Exists(fresh));

        // A sink that throws: its exception, once; nothing is left.
        var calls = 0;
        var failing = new SyncProgress<BuildProgress>(_ =>
        {
            calls++;
            throw new InvalidOperationException("progress sink failed");
        });
        Assert.Equal("progress sink failed", Assert.Throws<InvalidOperationException>(() => OptimalSolver.Open(fresh, 0, failing)).Message);
        Assert.Equal(1, calls);
        Assert.False(File.Exists(fresh));
        Assert.Empty(Directory.GetFiles(dir.Path, "*.partial", SearchOption.AllDirectories));
    }

    // ---- progress, cancellation and timeouts ------------------------------------------------------

    [Fact]
    public void progress_arrives_once_per_depth_in_order_on_the_calling_thread()
    {
        var cube = Cube.FromMoves("R U F' L2 D B' R2");
        var caller = Environment.CurrentManagedThreadId;
        var reports = new List<BuildProgress>();
        var found = Solver.Solve(cube, new OptimalOptions
        {
            Threads = 2,
            Progress = new SyncProgress<BuildProgress>(r =>
            {
                Assert.Equal(caller, Environment.CurrentManagedThreadId);
                reports.Add(r);
            }),
        });
        Assert.NotEmpty(reports);
        for (var i = 0; i < reports.Count; i++)
        {
            var r = reports[i];
            Assert.Equal($"depth {r.Level}", r.Phase);
            Assert.Equal(0, r.Total);
            Assert.Null(r.Eta);
            if (i > 0)
            {
                Assert.Equal(reports[i - 1].Level + 1, r.Level);
                Assert.True(r.Done >= reports[i - 1].Done);
                Assert.True(r.Elapsed >= reports[i - 1].Elapsed);
            }
            Assert.Equal(i == reports.Count - 1 ? found.Solutions.Count : 0, r.Found);
        }
        Assert.Equal(found.Length, reports[^1].Level);
        Assert.Equal(found.Nodes, reports[^1].Done);

        // MinLength: the first depth reported is MinLength.
        var deeper = new List<BuildProgress>();
        Solver.Solve(Cube.FromMoves("R U"), new OptimalOptions { MinLength = 5, Progress = new SyncProgress<BuildProgress>(deeper.Add) });
        Assert.Equal(5, deeper[0].Level);

        // A sink that throws stops the search; its exception comes out, once.
        var calls = 0;
        var failing = new SyncProgress<BuildProgress>(_ =>
        {
            calls++;
            throw new InvalidOperationException("progress sink failed");
        });
        Assert.Equal("progress sink failed",
            Assert.Throws<InvalidOperationException>(() => Solver.Solve(cube, new OptimalOptions { Progress = failing, Threads = 1 })).Message);
        Assert.Equal(1, calls);
    }

    [Fact]
    public async Task a_token_cancelled_before_the_call_stops_at_once()
    {
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        foreach (var cube in new[] { Hard, Cube.Solved })
        {
            var reports = 0;
            var e = Assert.ThrowsAny<OperationCanceledException>(() => Solver.Solve(cube,
                new OptimalOptions { Progress = new SyncProgress<BuildProgress>(_ => reports++) }, cancelled.Token));
            Assert.Equal("the search was cancelled", e.Message);
            AssertCode(5, e);
            Assert.Equal(cancelled.Token, e.CancellationToken);
            Assert.Equal(0, reports); // stopped before any depth was searched
        }
        var task = Solver.SolveAsync(Hard, cancellationToken: cancelled.Token);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
        Assert.True(task.IsCanceled);
    }

    [Fact]
    public async Task cancellation_and_timeouts_stop_a_long_search_with_code_5()
    {
        // Cancelled from another thread while two native threads search: after the first depth's
        // report the search goes on into deeper ones (it cannot end otherwise, see Hard).
        using var later = new CancellationTokenSource();
        var stopped = Assert.ThrowsAny<OperationCanceledException>(() => Solver.Solve(Hard, new OptimalOptions
        {
            Threads = 2,
            Progress = new SyncProgress<BuildProgress>(_ => Task.Run(later.Cancel)),
        }, later.Token));
        Assert.Equal("the search was cancelled", stopped.Message);
        AssertCode(5, stopped);
        Assert.Equal(later.Token, stopped.CancellationToken);

        // The timeout.
        var timedOut = Assert.ThrowsAny<OperationCanceledException>(() =>
            Solver.Solve(Hard, new OptimalOptions { Threads = 2, Timeout = TimeSpan.FromMilliseconds(100) }));
        Assert.Equal("the search reached its deadline before finding a solution of at most 20 moves", timedOut.Message);
        AssertCode(5, timedOut);

        // SolveAsync: a canceled task, cancelled once a first depth was searched.
        using var cts = new CancellationTokenSource();
        using var searching = new ManualResetEventSlim();
        var task = Solver.SolveAsync(Hard, new OptimalOptions { Threads = 1, Progress = new SyncProgress<BuildProgress>(_ => searching.Set()) }, cts.Token);
        Assert.True(searching.Wait(TimeSpan.FromMinutes(10)), "a hang guard only");
        cts.Cancel();
        var e = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
        Assert.Equal("the search was cancelled", e.Message);
        Assert.True(task.IsCanceled);

        // Nothing sticks: the next searches succeed, async too.
        Assert.Equal("2|U' R'", (await Solver.SolveAsync(Cube.FromMoves("R U"))).ToString());
    }

    // ---- the handle contract and threads --------------------------------------------------------

    [Fact]
    public void a_disposed_solver_throws_ObjectDisposedException_and_dispose_twice_is_harmless()
    {
        var solver = OptimalSolver.OpenExisting(shared.Path);
        Assert.Equal("1|R'", solver.Solve(Cube.FromMoves("R")).ToString());
        solver.Dispose();
        solver.Dispose();
        foreach (var call in new Action[]
                 {
                     () => solver.Solve(Cube.Solved),
                     () => solver.Solve(Cube.Random(1), new OptimalOptions { Timeout = TimeSpan.FromSeconds(1) }),
                     () => solver.SolveAsync(Cube.Solved),
                 })
        {
            var ex = Assert.ThrowsAny<ObjectDisposedException>(call);
            Assert.Equal("OptimalSolver is closed", ex.Message);
            AssertCode(8, ex);
        }
    }

    [Fact]
    public void dispose_during_a_search_lets_it_finish_on_an_intact_table()
    {
        var solver = OptimalSolver.OpenExisting(shared.Path);
        using var cts = new CancellationTokenSource();
        using var searching = new ManualResetEventSlim();
        // A report comes from inside the call, which cannot end but by the token (see Hard).
        var search = Task.Factory.StartNew(() => solver.Solve(Hard,
                new OptimalOptions { Threads = 1, Progress = new SyncProgress<BuildProgress>(_ => searching.Set()) }, cts.Token),
            TaskCreationOptions.LongRunning);
        Assert.True(searching.Wait(TimeSpan.FromMinutes(10)), "a hang guard only");
        solver.Dispose(); // the search keeps running on its table
        Assert.Equal("OptimalSolver is closed", Assert.ThrowsAny<ObjectDisposedException>(() => solver.Solve(Cube.Solved)).Message);
        Assert.False(search.IsCompleted, "the search runs on after the Dispose");
        cts.Cancel();
        var e = Assert.ThrowsAny<OperationCanceledException>(() => search.GetAwaiter().GetResult());
        Assert.Equal("the search was cancelled", e.Message);
    }

    [Fact]
    public void one_solver_shared_by_many_threads_gives_the_single_threaded_answers()
    {
        var cubes = new[] { "R U F' L2", "R U F' L2 D B'", "F2 U R' D", "R2 L2 U2 D2 F2 B2", "B L2 D' F2 U R U' R'", "U D' F B' U D' B' D'" }
            .Select(Cube.FromMoves).ToArray();
        var options = new OptimalOptions { MaxSolutions = 10, Threads = 1 };
        var expected = cubes.Select(c => Solver.Solve(c, options)).ToArray();
        Parallel.For(0, 6, new ParallelOptions { MaxDegreeOfParallelism = 6 }, t =>
        {
            for (var i = 0; i < cubes.Length; i++)
            {
                var k = (i + t) % cubes.Length;
                var got = Solver.Solve(cubes[k], options with { Threads = t % 2 == 0 ? 1 : 2 });
                Assert.Equal(expected[k].Length, got.Length);
                Assert.Equal(expected[k].Solutions, got.Solutions);
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
                _ = OptimalSolver.OpenExisting(shared.Path).Solve(Cube.FromMoves("R U"));
            }
        }
        Leak();
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        Assert.Equal("2|U' R'", Solver.Solve(Cube.FromMoves("R U")).ToString());
    }
}
