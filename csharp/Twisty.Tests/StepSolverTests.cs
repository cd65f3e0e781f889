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
/// The 3x3x3 step solvers: answers checked with the library itself, threads, the handle's
/// lifetime, builds in a folder (progress, cancellation, foreign files), timeouts, errors and the
/// sequence helpers. Solves use one solver in memory (its tables are built once per process);
/// builds use fresh temporary folders.
/// </summary>
public class StepSolverTests
{
    private const string Scramble = "R' U' F D2 L2 F R2 U2 R2 B D2 L F2 L' U F' R D' F2 L' U' R' U' F";

    /// <summary>A cube in domino reduction on U/D (only U, D and half turns of the sides), 7 moves from solved.</summary>
    private const string DrScramble = "R2 U F2 U' R2 D L2";

    /// <summary>The moves of a finish from domino reduction on U/D.</summary>
    private static readonly string[] DrMoves = ["U", "U2", "U'", "D", "D2", "D'", "R2", "L2", "F2", "B2"];

    private static readonly Lazy<StepSolver> Memory = new(StepSolver.InMemory);

    /// <summary>Every solution of lengths up to <paramref name="max"/>.</summary>
    private static StepOptions All(NissMode niss, int max) => new() { Niss = niss, MaxLength = max, MaxSolutions = long.MaxValue };

    /// <summary>A search that cannot end in any reasonable time: every EO solution of up to 20 moves.</summary>
    private static StepOptions Endless => All(NissMode.Normal, 20);

    private static void AssertCode(int code, Exception e) =>
        Assert.Equal(code, Assert.IsAssignableFrom<ITwistyException>(e).Code);

    /// <summary>Whether the cube is at the step's goal: the step then has the one empty solution.</summary>
    private static bool AtGoal(string step, Cube cube) => Memory.Value.Solve(step, cube).SequenceEqual([""]);

    [Fact]
    public void solutions_reach_the_goal_shortest_first_within_the_options()
    {
        var start = StepSolver.Position(Scramble, "");
        Assert.False(AtGoal("eofb", start));
        foreach (var niss in new[] { NissMode.Normal, NissMode.Inverse, NissMode.Linear, NissMode.Mixed, NissMode.All })
        {
            var found = Memory.Value.Solve("eofb", start, All(niss, 6));
            Assert.NotEmpty(found);
            Assert.Equal(found.Count, found.Distinct().Count());
            var lengths = found.Select(Moves.Count).ToList();
            Assert.Equal(lengths.Order(), lengths); // shortest first
            Assert.All(lengths, n => Assert.InRange(n, 1, 6));
            foreach (var s in found)
            {
                Assert.True(AtGoal("eofb", StepSolver.Position(Scramble, s)), $"{niss}: {s}");
            }
            // The first solution alone, by default.
            Assert.Equal([found[0]], Memory.Value.Solve("eofb", start, new StepOptions { Niss = niss, MaxLength = 6 }));
        }
        // Normal solutions have no inverse part; inverse ones have only that.
        Assert.All(Memory.Value.Solve("eofb", start, All(NissMode.Normal, 5)), s => Assert.DoesNotContain("(", s));
        Assert.All(Memory.Value.Solve("eofb", start, All(NissMode.Inverse, 5)), s => Assert.StartsWith("(", s));

        // The next step continues from there: a finish from DR solves the cube, with DR's moves only.
        var dr = Cube.FromMoves(DrScramble);
        Assert.True(AtGoal("drud", dr));
        var finishes = Memory.Value.Solve("drudfin", dr, new StepOptions { MaxSolutions = 5, Margin = 1 });
        Assert.NotEmpty(finishes);
        foreach (var s in finishes)
        {
            Assert.True(dr.Apply(s).IsSolved, s);
            Assert.All(s.Split(' '), m => Assert.Contains(m, DrMoves));
        }
        // A margin of 0: the shortest length only.
        var shortest = Memory.Value.Solve("drudfin", dr, new StepOptions { MaxSolutions = 100, Margin = 0 });
        Assert.Single(shortest.Select(Moves.Count).Distinct());
        Assert.Equal(Moves.Count(finishes[0]), Moves.Count(shortest[0]));
        // Already at the goal: one empty solution, unless a length is asked for.
        Assert.Equal([""], Memory.Value.Solve("drud", dr));
        Assert.All(Memory.Value.Solve("drud", dr, new StepOptions { MinLength = 1, MaxLength = 4, MaxSolutions = 3 }),
            s => Assert.NotEqual("", s));
    }

    [Fact]
    public void the_answer_is_the_same_with_one_and_three_threads()
    {
        var start = StepSolver.Position(Scramble, "");
        foreach (var (step, cube) in new[] { ("eofb", start), ("drudfin", Cube.FromMoves(DrScramble)) })
        {
            var one = Memory.Value.Solve(step, cube, All(NissMode.Linear, 7) with { Threads = 1 });
            var three = Memory.Value.Solve(step, cube, All(NissMode.Linear, 7) with { Threads = 3 });
            Assert.NotEmpty(one);
            Assert.Equal(one, three);
        }
        var mixedOne = Memory.Value.Solve("eofb", start, All(NissMode.All, 5));
        Assert.Equal(mixedOne, Memory.Value.Solve("eofb", start, All(NissMode.All, 5) with { Threads = 3 }));
    }

    [Fact]
    public async Task async_solves_give_the_same_answer()
    {
        var start = StepSolver.Position(Scramble, "");
        Assert.Equal(Memory.Value.Solve("eofb", start, All(NissMode.Mixed, 5)),
            await Memory.Value.SolveAsync("eofb", start, All(NissMode.Mixed, 5)));
    }

    [Fact]
    public void one_solver_shared_by_many_threads_gives_the_single_threaded_answers()
    {
        using var dir = new TempDir();
        using var solver = StepSolver.Open(dir.Path); // the first solves build the files, under the engine's lock
        var cases = new[] { ("eofb", Scramble), ("eorl", Scramble), ("drudfin", DrScramble), ("eoud", "F R U' B2 L D") };
        var expected = cases.Select(c => Memory.Value.Solve(c.Item1, StepSolver.Position(c.Item2, ""), All(NissMode.Linear, 5))).ToArray();
        Parallel.For(0, 6, new ParallelOptions { MaxDegreeOfParallelism = 6 }, t =>
        {
            for (var i = 0; i < cases.Length; i++)
            {
                var k = (i + t) % cases.Length;
                var got = solver.Solve(cases[k].Item1, StepSolver.Position(cases[k].Item2, ""),
                    All(NissMode.Linear, 5) with { Threads = t % 2 == 0 ? 1 : 2 });
                Assert.Equal(expected[k], got);
            }
        });
    }

    [Fact]
    public void a_first_build_reports_progress_on_the_calling_thread_and_later_opens_do_not()
    {
        using var dir = new TempDir();
        var caller = Environment.CurrentManagedThreadId;
        var reports = new List<BuildProgress>();
        using (var solver = StepSolver.Open(dir.Path))
        {
            Assert.Equal(dir.Path, solver.Folder);
            Assert.Empty(Directory.GetFiles(dir.Path)); // nothing read or built at open
            solver.Prepare("eofb", new SyncProgress<BuildProgress>(r =>
            {
                Assert.Equal(caller, Environment.CurrentManagedThreadId);
                reports.Add(r);
            }));
            Assert.NotEmpty(reports);
            Assert.All(reports, r => Assert.Equal(reports[0].Phase, r.Phase));
            Assert.EndsWith(" step tables", reports[0].Phase);
            Assert.Equal(reports[^1].Total, reports[^1].Done);
            Assert.Equal(reports.Select(r => r.Done).Order(), reports.Select(r => r.Done));
            Assert.Single(Directory.GetFiles(dir.Path));

            // Loaded: neither a second prepare nor a solve of the family builds again; a solve
            // reports its lengths only.
            var noBuild = new SyncProgress<BuildProgress>(r => Assert.StartsWith("length ", r.Phase));
            solver.Prepare("eorl", noBuild);
            var lengths = new List<BuildProgress>();
            solver.Solve("eofb", StepSolver.Position(Scramble, ""), new StepOptions { MaxLength = 6, Progress = new SyncProgress<BuildProgress>(lengths.Add) });
            Assert.NotEmpty(lengths);
            Assert.All(lengths, r => Assert.Equal($"length {r.Level}", r.Phase));
        }
        // Another solver on the same folder opens the file, builds nothing.
        using (var again = StepSolver.Open(dir.Path))
        {
            again.Prepare("eoud", new SyncProgress<BuildProgress>(r => Assert.Fail($"a build started: {r.Phase}")));
        }
        Assert.Single(Directory.GetFiles(dir.Path));
    }

    // The facade's contract (a build stopped by its token leaves no file). The engine does not
    // keep it yet: a step family's build takes no token once started (Model::open_or_build ->
    // Shape::build), so it runs to the end, saves its file and the call succeeds.
    [Fact]
    public async Task a_build_cancelled_from_its_progress_leaves_no_file()
    {
        using var dir = new TempDir();
        using var solver = StepSolver.Open(dir.Path);
        using var cts = new CancellationTokenSource();
        var reports = 0;
        var e = Assert.ThrowsAny<OperationCanceledException>(() => solver.Prepare("drud", new SyncProgress<BuildProgress>(_ =>
        {
            reports++;
            cts.Cancel();
        }), cts.Token));
        AssertCode(5, e);
        Assert.Equal(cts.Token, e.CancellationToken);
        Assert.True(reports >= 1);
        Assert.Empty(Directory.GetFileSystemEntries(dir.Path, "*", SearchOption.AllDirectories));

        // The same through a solve, and through PrepareAsync (a canceled task).
        using var cts2 = new CancellationTokenSource();
        Assert.ThrowsAny<OperationCanceledException>(() => solver.Solve("drud", StepSolver.Position(Scramble, ""),
            new StepOptions { Progress = new SyncProgress<BuildProgress>(_ => cts2.Cancel()) }, cts2.Token));
        using var cts3 = new CancellationTokenSource();
        var task = solver.PrepareAsync("drud", new SyncProgress<BuildProgress>(_ => cts3.Cancel()), cts3.Token);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
        Assert.True(task.IsCanceled);
        Assert.Empty(Directory.GetFileSystemEntries(dir.Path, "*", SearchOption.AllDirectories));

        // A sink that throws: its exception, once; nothing is left.
        var calls = 0;
        var failing = new SyncProgress<BuildProgress>(_ =>
        {
            calls++;
            throw new InvalidOperationException("progress sink failed");
        });
        Assert.Equal("progress sink failed", Assert.Throws<InvalidOperationException>(() => solver.Prepare("drud", failing)).Message);
        Assert.Equal(1, calls);
        Assert.Empty(Directory.GetFileSystemEntries(dir.Path, "*", SearchOption.AllDirectories));
    }

    [Fact]
    public async Task a_token_cancelled_before_the_call_stops_it()
    {
        var start = StepSolver.Position(Scramble, "");
        Memory.Value.Solve("eofb", start); // the tables are loaded: only the search is left to stop
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        var reports = 0;
        var e = Assert.ThrowsAny<OperationCanceledException>(() => Memory.Value.Solve("eofb", start,
            new StepOptions { Progress = new SyncProgress<BuildProgress>(_ => reports++) }, cancelled.Token));
        Assert.Equal("the search was cancelled", e.Message);
        AssertCode(5, e);
        Assert.Equal(cancelled.Token, e.CancellationToken);
        Assert.Equal(0, reports);
        var task = Memory.Value.SolveAsync("eofb", start, cancellationToken: cancelled.Token);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
        Assert.True(task.IsCanceled);

        // A build does not start either.
        using var dir = new TempDir();
        using var solver = StepSolver.Open(dir.Path);
        AssertCode(5, Assert.ThrowsAny<OperationCanceledException>(() => solver.Prepare("eofb", cancellationToken: cancelled.Token)));
        Assert.Empty(Directory.GetFileSystemEntries(dir.Path));
    }

    [Fact]
    public async Task a_search_cancelled_from_its_progress_stops_with_code_5()
    {
        // The search lists every EO solution up to 20 moves (it cannot end by itself); the token
        // is cancelled in the report of the first length.
        var start = StepSolver.Position(Scramble, "");
        using var cts = new CancellationTokenSource();
        var reports = 0;
        var e = Assert.ThrowsAny<OperationCanceledException>(() => Memory.Value.Solve("eofb", start, Endless with
        {
            Progress = new SyncProgress<BuildProgress>(_ =>
            {
                reports++;
                cts.Cancel();
            }),
        }, cts.Token));
        Assert.Equal("the search was cancelled", e.Message);
        AssertCode(5, e);
        Assert.Equal(cts.Token, e.CancellationToken);
        Assert.True(reports >= 1); // short lengths may end between two polls of the token

        using var cts2 = new CancellationTokenSource();
        var task = Memory.Value.SolveAsync("eofb", start, Endless with { Threads = 2, Progress = new SyncProgress<BuildProgress>(_ => cts2.Cancel()) },
            cts2.Token);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
        Assert.True(task.IsCanceled);
    }

    [Fact]
    public void timeouts_zero_is_none_negative_is_refused_and_a_reached_one_is_code_5()
    {
        var start = StepSolver.Position(Scramble, "");
        var none = Memory.Value.Solve("eofb", start, All(NissMode.Normal, 5));
        Assert.Equal(none, Memory.Value.Solve("eofb", start, All(NissMode.Normal, 5) with { Timeout = TimeSpan.Zero }));
        Assert.Equal(none, Memory.Value.Solve("eofb", start, All(NissMode.Normal, 5) with { Timeout = TimeSpan.FromHours(1) }));
        foreach (var (timeout, ms) in new[] { (TimeSpan.FromMilliseconds(-1), -1L), (Timeout.InfiniteTimeSpan, -1L), (TimeSpan.FromMilliseconds(-1.5), -2L) })
        {
            var e = Assert.ThrowsAny<ArgumentException>(() => Memory.Value.Solve("eofb", start, new StepOptions { Timeout = timeout }));
            Assert.Equal($"timeout must not be negative (got {ms} ms)", e.Message);
            AssertCode(6, e);
        }
        // A search that cannot end by itself reaches its deadline.
        var timedOut = Assert.ThrowsAny<OperationCanceledException>(() =>
            Memory.Value.Solve("eofb", start, Endless with { Timeout = TimeSpan.FromMilliseconds(50) }));
        Assert.Equal("the step search reached its deadline", timedOut.Message);
        AssertCode(5, timedOut);
    }

    [Fact]
    public void a_foreign_file_is_refused_and_left_unchanged()
    {
        // The EO family's file name, as a build writes it.
        string name;
        using (var built = new TempDir())
        {
            using var s = StepSolver.Open(built.Path);
            s.Prepare("eofb");
            name = Path.GetFileName(Assert.Single(Directory.GetFiles(built.Path)));
        }
        using var dir = new TempDir();
        var file = dir.File(name);
        File.WriteAllText(file, "a user's notes, not a table\n");
        using var solver = StepSolver.Open(dir.Path);
        foreach (var call in new Action[]
                 {
                     () => solver.Prepare("eorl"),
                     () => solver.Solve("eofb", StepSolver.Position(Scramble, "")),
                 })
        {
            var e = Assert.Throws<DatabaseException>(call);
            AssertCode(4, e);
            Assert.Equal($"3x3x3 step table file (eo) {file}: not a twisty 3x3x3 step table file (eo) (bad magic); " +
                         "it was left alone (remove it, or choose another path)", e.Message);
            Assert.Equal("a user's notes, not a table\n", File.ReadAllText(file));
        }
        Assert.Single(Directory.GetFiles(dir.Path));

        // A folder that is a file.
        var notFolder = Assert.Throws<DatabaseException>(() => StepSolver.Open(file).Prepare("drud"));
        AssertCode(4, notFolder);
        Assert.Contains($"{file} is not a folder", notFolder.Message);
    }

    [Fact]
    public void bad_steps_modes_requirements_and_options_are_the_engines_ArgumentException()
    {
        var start = StepSolver.Position(Scramble, "");
        void AssertArgument(string message, Action call)
        {
            var e = Assert.ThrowsAny<ArgumentException>(call);
            Assert.IsNotType<ArgumentNullException>(e);
            Assert.Equal(message, e.Message);
            AssertCode(6, e);
        }
        var names = string.Join(", ", StepSolver.StepNames);
        AssertArgument($"unknown step 'dr' (expected one of: {names})", () => Memory.Value.Solve("dr", start));
        AssertArgument($"unknown step 'EOFB' (expected one of: {names})", () => StepSolver.Describe("EOFB"));
        AssertArgument($"unknown step 'eo' (expected one of: {names})", () => Memory.Value.Prepare("eo"));
        // A missing requirement, checked before any table is loaded.
        AssertArgument("step htr-drud needs domino reduction on the U/D axis (drud), which this cube does not have",
            () => Memory.Value.Solve("htr-drud", start));
        AssertArgument("step drud-eofb needs edges oriented on the F/B axis (eofb), which this cube does not have",
            () => Memory.Value.Solve("drud-eofb", start));
        AssertArgument("step corners cannot switch NISS sides: niss mode all is not available for it",
            () => Memory.Value.Solve("corners", start, new StepOptions { Niss = NissMode.All }));
        AssertArgument("unknown NISS mode 5 (0 = normal, 1 = inverse, 2 = linear, 3 = mixed, 4 = all)",
            () => Memory.Value.Solve("eofb", start, new StepOptions { Niss = (NissMode)5 }));
        AssertArgument("maximum length 21 is above 20", () => Memory.Value.Solve("eofb", start, new StepOptions { MaxLength = 21 }));
        AssertArgument("minimum length must not be negative (got -1)", () => Memory.Value.Solve("eofb", start, new StepOptions { MinLength = -1 }));
        AssertArgument("the solution limit must be at least 1", () => Memory.Value.Solve("eofb", start, new StepOptions { MaxSolutions = 0 }));
        AssertArgument("thread count 0 is out of range 1..=256", () => Memory.Value.Solve("eofb", start, new StepOptions { Threads = 0 }));
        AssertArgument("unknown variation 2 (0 = unniss, 1 = lastqt)", () => Moves.Variations((Variation)2, "R U"));
    }

    [Fact]
    public void every_public_method_rejects_null_with_ArgumentNullException()
    {
        static void AssertNull(string param, Action call)
        {
            var e = Assert.ThrowsAny<ArgumentNullException>(call);
            Assert.Equal($"{param} must not be null", e.Message);
            Assert.Equal(param, e.ParamName);
            AssertCode(7, e);
        }
        var cube = Cube.Solved;
        AssertNull("folder", () => StepSolver.Open(null!));
        AssertNull("step", () => StepSolver.Describe(null!));
        AssertNull("scramble", () => StepSolver.Position(null!, ""));
        AssertNull("moves", () => StepSolver.Position("", null!));
        AssertNull("step", () => Memory.Value.Solve(null!, cube));
        AssertNull("cube", () => Memory.Value.Solve("eofb", null!));
        AssertNull("step", () => Memory.Value.SolveAsync(null!, cube));
        AssertNull("cube", () => Memory.Value.SolveAsync("eofb", null!));
        AssertNull("step", () => Memory.Value.Prepare(null!));
        AssertNull("step", () => Memory.Value.PrepareAsync(null!));
        AssertNull("moves", () => Moves.Count(null!));
        AssertNull("a", () => Moves.Same(null!, "R"));
        AssertNull("b", () => Moves.Same("R", null!));
        AssertNull("moves", () => Moves.Variations(Variation.Unniss, null!));
    }

    [Fact]
    public void a_disposed_solver_throws_ObjectDisposedException_and_dispose_twice_is_harmless()
    {
        var solver = StepSolver.InMemory();
        Assert.Null(solver.Folder);
        Assert.Equal([""], solver.Solve("eofb", Cube.Solved));
        solver.Dispose();
        solver.Dispose();
        Assert.True(solver.Handle.IsDisposed);
        foreach (var call in new Action[]
                 {
                     () => solver.Solve("eofb", Cube.Solved),
                     () => solver.SolveAsync("eofb", Cube.Solved),
                     () => solver.Prepare("eofb"),
                     () => solver.PrepareAsync("eofb"),
                     () => _ = solver.Folder,
                 })
        {
            var ex = Assert.ThrowsAny<ObjectDisposedException>(call);
            Assert.Equal("StepSolver is closed", ex.Message);
            AssertCode(8, ex);
        }
        using var other = StepSolver.InMemory(); // the shared in-memory tables outlive a disposed solver
        Assert.Equal([""], other.Solve("eofb", Cube.Solved));
    }

    [Fact]
    public void folders_names_descriptions_and_positions()
    {
        using (var byDefault = StepSolver.Open())
        {
            Assert.Equal(StepSolver.DefaultFolder, byDefault.Folder);
        }
        using (var empty = StepSolver.Open(""))
        {
            Assert.Equal(StepSolver.DefaultFolder, empty.Folder);
        }
        var names = StepSolver.StepNames;
        Assert.Contains("eofb", names);
        Assert.Contains("htr-drud", names);
        Assert.Equal(names.Count, names.Distinct().Count());
        Assert.All(names, n => Assert.False(string.IsNullOrEmpty(StepSolver.Describe(n))));
        // The position after moves so far is the scramble's cube, then those moves (NISS: the
        // inverse part goes before the scramble).
        Assert.Equal(Cube.FromMoves(Scramble).Apply("D2 L F' R2 B"), StepSolver.Position(Scramble, "D2 L F' R2 B"));
        Assert.Equal(Cube.FromMoves("U2 L D B").Inverse().Compose(Cube.FromMoves(Scramble)).Apply("F"),
            StepSolver.Position(Scramble, "(U2 L D B) F"));
        Assert.Throws<InvalidNotationException>(() => StepSolver.Position("R Q", ""));
    }

    [Fact]
    public void sequence_helpers()
    {
        Assert.Equal(0, Moves.Count(""));
        Assert.Equal(4, Moves.Count("R U R' U'"));
        Assert.Equal(7, Moves.Count("R2 M Uw (Fw2 M2 y2)"));
        Assert.True(Moves.Same("U D2 U", "U U D2"));
        Assert.False(Moves.Same("R U", "U R"));
        Assert.False(Moves.Same("R", "R (R)"));
        var plain = Assert.Single(Moves.Variations(Variation.Unniss, "R U (U' R')"));
        Assert.Equal(Cube.FromMoves("R U (U' R')"), Cube.FromMoves(plain));
        Assert.DoesNotContain("(", plain);
        var lastQt = Moves.Variations(Variation.LastQt, "F R L (B)");
        Assert.Equal(8, lastQt.Count);
        Assert.Equal(8, lastQt.Distinct().Count());
        Assert.All(lastQt, v => Assert.Equal(4, Moves.Count(v)));
        Assert.Throws<InvalidNotationException>(() => Moves.Count("R Q"));
    }
}
