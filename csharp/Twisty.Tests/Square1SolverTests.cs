using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Twisty.Square1;
using Xunit;

namespace Twisty.Tests;

/// <summary>
/// The solver of the vector files (<c>$DB/sq1-solver.tbl</c>, which the Rust suite writes), opened
/// once for the whole test class. When the file is missing (the Rust suite has not run) or stale,
/// <see cref="Square1Solver.Open"/> builds it there (about half a minute).
/// </summary>
public sealed class SharedSolver : IDisposable
{
    public SharedSolver()
    {
        Solver = Square1Solver.Open(Path);
        Scrambles = Seeds.Select(Solver.Scramble).ToArray();
    }

    /// <summary>Seeds of the random states used by the tests.</summary>
    public static readonly ulong[] Seeds = [0, 1, 7, 2026];

    public string Path { get; } = Vectors.SolverTableFile;

    public Square1Solver Solver { get; }

    /// <summary>The scrambles of <see cref="Seeds"/>: random states about 11 twists from solved.</summary>
    public IReadOnlyList<Square1Scramble> Scrambles { get; }

    public void Dispose() => Solver.Dispose();
}

/// <summary>The six-colour solver: answers, errors, cancellation, lifetimes, threads.</summary>
public class Square1SolverTests(SharedSolver shared) : IClassFixture<SharedSolver>
{
    // Six-colour states 0..4 twists from solved (from tests/vectors/sq1_generated_solver.tsv).
    private static readonly string[] Near =
    [
        "AAbCCdEEfGGh|iJJkLLmNNoPP|S",
        "hAAbCCdEEfGG|kLLmNNoPPiJJ|S",
        "AAbCCdLLmNNo|EEfGGhPPiJJk|K",
        "NNodEEhAAbCC|fGGLLmPPiJJk|S",
        "NNohAAiJJkGG|bPPLLmCCdEEf|K",
        "NNAAiokdEELL|PPbCCmfGGhJJ|S",
        "PPikLLAAbCCd|mEENNofGGhJJ|K",
        "obCCPPfGGiLL|JJkhAAmNNdEE|S",
    ];

    private const string SilverSolved = "AAbCCbEEfGGf|iJJiLLmNNmPP|S";

    private static readonly Metric[] Metrics = [Metric.Twist, Metric.Wca, Metric.FaceTurn];

    private Square1Solver Solver => shared.Solver;

    private static void AssertSolves(Square1State state, SolverSolution s, Metric metric)
    {
        Assert.True(state.Apply(s.Moves).IsSolved, $"{state} + {s.Moves}");
        Assert.Equal(metric, s.Metric);
        Assert.Equal(Square1Moves.Length(s.Moves, Notation.Wca, metric), s.Length);
        Assert.Equal(Square1Moves.Length(s.Moves, Notation.Wca, Metric.Twist), s.Twists);
        Assert.Equal(s.Moves, s.ToString());
    }

    private static void AssertCode(int code, Exception e) =>
        Assert.Equal(code, Assert.IsAssignableFrom<ITwistyException>(e).Code);

    [Fact]
    public void solve_returns_optimal_moves_that_solve_the_state_in_every_metric()
    {
        foreach (var text in Near)
        {
            var state = Square1State.Parse(text);
            var lengths = new Dictionary<Metric, SolverSolution>();
            foreach (var metric in Metrics)
            {
                var s = Solver.Solve(state, metric);
                AssertSolves(state, s, metric);
                Assert.Equal(s.Length, Solver.Distance(state, metric));
                lengths[metric] = s;
            }
            // Twists never exceed the WCA count (each / counts in both), nor WCA the face-turn count.
            Assert.True(lengths[Metric.Twist].Length <= lengths[Metric.Wca].Length, text);
            Assert.True(lengths[Metric.Wca].Length <= lengths[Metric.FaceTurn].Length, text);
            Assert.True(lengths[Metric.Twist].Length <= lengths[Metric.Wca].Twists, text);
        }
        Assert.Equal(new SolverSolution("", 0, 0, Metric.Wca), Solver.Solve(Square1State.Solved(), Metric.Wca));
    }

    [Fact]
    public void random_states_are_solved_optimally_in_the_twist_metric()
    {
        foreach (var scramble in shared.Scrambles)
        {
            var s = Solver.Solve(scramble.State, Metric.Twist);
            AssertSolves(scramble.State, s, Metric.Twist);
            Assert.Equal(s.Length, s.Twists);
            // The scramble is an optimal twist-metric solution, inverted.
            Assert.Equal(Square1Moves.Length(scramble.Text, Notation.Wca, Metric.Twist), s.Length);
        }
    }

    [Fact]
    public void solutions_are_at_most_limit_distinct_optimal_and_all_solve()
    {
        foreach (var text in Near.Skip(1))
        {
            var state = Square1State.Parse(text);
            foreach (var metric in Metrics)
            {
                var distance = Solver.Distance(state, metric);
                foreach (var limit in new[] { 1, 3, 20 })
                {
                    var all = Solver.Solutions(state, metric, limit);
                    Assert.InRange(all.Count, 1, limit);
                    Assert.Equal(all.Count, all.Select(s => s.Moves).Distinct().Count());
                    Assert.All(all, s =>
                    {
                        Assert.Equal(distance, s.Length);
                        AssertSolves(state, s, metric);
                    });
                }
                // Search order: a smaller limit gives a prefix of a larger one.
                Assert.Equal(Solver.Solutions(state, metric, 3), Solver.Solutions(state, metric, 20).Take(3));
            }
        }
        Assert.Contains(Near, t => Solver.Solutions(Square1State.Parse(t), Metric.Twist, 20).Count > 1);
    }

    [Fact]
    public void solve_fast_solves_random_states_within_its_limits()
    {
        foreach (var scramble in shared.Scrambles)
        {
            var state = scramble.State;
            var optimal = Solver.Solve(state, Metric.Twist).Length;
            foreach (var metric in Metrics)
            {
                var first = Solver.SolveFast(state, new FastSolveOptions { Metric = metric, NodeLimit = 0 });
                AssertSolves(state, first, metric);

                // A node limit and no timeout: the same answer every time, and no longer than the first.
                var limited = new FastSolveOptions { Metric = metric, NodeLimit = 20_000 };
                var best = Solver.SolveFast(state, limited);
                AssertSolves(state, best, metric);
                Assert.Equal(best, Solver.SolveFast(state, limited));
                Assert.True(best.Length <= first.Length);
                Assert.True(best.Twists >= optimal);

                var bounded = Solver.SolveFast(state, new FastSolveOptions { Metric = metric, MaxLength = first.Length });
                Assert.True(bounded.Length <= first.Length);
                AssertSolves(state, bounded, metric);
            }
            Assert.Equal(Metric.FaceTurn, Solver.SolveFast(state).Metric); // the default
            Assert.Equal(Solver.SolveFast(state, new FastSolveOptions { NodeLimit = FastSolveOptions.DefaultNodeLimit }),
                         Solver.SolveFast(state));
        }
    }

    [Fact]
    public void scrambles_are_deterministic_and_lead_to_their_state()
    {
        var solved = Square1State.Solved();
        for (var i = 0; i < SharedSolver.Seeds.Length; i++)
        {
            var scramble = shared.Scrambles[i];
            Assert.Equal(scramble, Solver.Scramble(SharedSolver.Seeds[i]));
            Assert.Equal(scramble.State, solved.Apply(scramble.Text));
            Assert.Equal(Colouring.SixColour, scramble.State.Colouring);
            Assert.True(scramble.State.IsTwistable);
            Assert.Equal(scramble.Text, scramble.ToString());
            Assert.True(Square1Moves.Length(scramble.Text, Notation.Wca, Metric.Wca) > 10);
        }
        Assert.Equal(shared.Scrambles.Count, shared.Scrambles.Select(s => s.State).Distinct().Count());
        // The vector file's row for seed 1.
        Assert.Equal("AANNGGiPPhCC|LLfkmoJJbEEd|K", shared.Scrambles[1].State.ToString());
    }

    [Fact]
    public void states_draw_themselves_as_svg_and_moves_have_lengths()
    {
        var svg = Square1State.Solved().ToSvg();
        Assert.StartsWith("<svg", svg);
        Assert.Contains("<title>Square-1 AAbCCdEEfGGh|iJJkLLmNNoPP|S</title>", svg);
        Assert.EndsWith("</svg>\n", svg);
        Assert.StartsWith("<svg", Square1State.Parse(SilverSolved).ToSvg());
        Assert.NotEqual(svg, Square1State.Parse(Near[4]).ToSvg());

        const string moves = "(1,0)/ (-1,3)/ (0,3)";
        Assert.Equal(2, Square1Moves.Length(moves, Notation.Wca, Metric.Twist));
        Assert.Equal(5, Square1Moves.Length(moves, Notation.Wca, Metric.Wca));
        Assert.Equal(6, Square1Moves.Length(moves, Notation.Wca, Metric.FaceTurn));
        Assert.Equal(5, Square1Moves.Length(Square1Moves.Convert(moves, Notation.Wca, Notation.Article), Notation.Article, Metric.Wca));
        Assert.Equal(0, Square1Moves.Length("", Notation.Wca, Metric.FaceTurn));

        var flip = Assert.ThrowsAny<ArgumentException>(() => Square1Moves.Length("/!", Notation.Article, Metric.Wca));
        Assert.Equal("a whole-puzzle flip '!' has no length in the solver metrics", flip.Message);
        AssertCode(6, flip);
        var metric = Assert.ThrowsAny<ArgumentException>(() => Square1Moves.Length(moves, Notation.Wca, (Metric)7));
        Assert.Equal("unknown metric 7 (0 = twist, 1 = WCA, 2 = face-turn)", metric.Message);
        Assert.Throws<InvalidNotationException>(() => Square1Moves.Length("(7,0)", Notation.Wca, Metric.Twist));
    }

    [Fact]
    public void bad_arguments_are_ArgumentException_code_6()
    {
        var silver = Square1State.Parse(SilverSolved);
        var six = Square1State.Parse(Near[3]);
        const string notSix = "the solver takes six-colour states (Silver states are solved by the database)";
        foreach (var call in new Action[]
                 {
                     () => Solver.Solve(silver, Metric.Twist),
                     () => Solver.Solutions(silver, Metric.Wca, 2),
                     () => Solver.Distance(silver, Metric.FaceTurn),
                     () => Solver.SolveFast(silver),
                 })
        {
            var e = Assert.ThrowsAny<ArgumentException>(call);
            Assert.Equal(notSix, e.Message);
            AssertCode(6, e);
            Assert.IsNotType<ArgumentNullException>(e);
        }

        // 0 is the engine's to refuse; a negative limit, which Rust's unsigned type cannot hold,
        // this library's, in the Java API's words (tests/vectors/host_arguments.tsv).
        foreach (var (limit, message) in new[]
                 {
                     (0, "the solution limit must be at least 1"),
                     (-1, "limit must not be negative (got -1)"),
                     (int.MinValue, $"limit must not be negative (got {int.MinValue})"),
                 })
        {
            var e = Assert.ThrowsAny<ArgumentException>(() => Solver.Solutions(six, Metric.Twist, limit));
            Assert.Equal(message, e.Message);
            AssertCode(6, e);
        }

        foreach (var call in new Action[]
                 {
                     () => Solver.Solve(six, (Metric)3),
                     () => Solver.Solutions(six, (Metric)3, 1),
                     () => Solver.Distance(six, (Metric)3),
                     () => Solver.SolveFast(six, new FastSolveOptions { Metric = (Metric)3 }),
                 })
        {
            var e = Assert.ThrowsAny<ArgumentException>(call);
            Assert.Equal("unknown metric 3 (0 = twist, 1 = WCA, 2 = face-turn)", e.Message);
            AssertCode(6, e);
        }

        var timeout = Assert.ThrowsAny<ArgumentException>(() => Solver.Solve(six, Metric.Twist, TimeSpan.FromSeconds(-1)));
        Assert.Equal("timeout must not be negative (got -1000 ms)", timeout.Message);
        AssertCode(6, timeout);
        Assert.ThrowsAny<ArgumentException>(() => Solver.Solutions(six, Metric.Twist, 1, TimeSpan.FromTicks(-1)));
        var maxLength = Assert.ThrowsAny<ArgumentException>(() => Solver.SolveFast(six, new FastSolveOptions { MaxLength = -1 }));
        Assert.Equal("maxLength must not be negative (got -1)", maxLength.Message);
        var nodeLimit = Assert.ThrowsAny<ArgumentException>(() => Solver.SolveFast(six, new FastSolveOptions { NodeLimit = -5 }));
        Assert.Equal("nodeLimit must not be negative (got -5)", nodeLimit.Message);
        Assert.ThrowsAny<ArgumentException>(() => Solver.SolveFast(six, new FastSolveOptions { Timeout = TimeSpan.FromMilliseconds(-3) }));

        // No limit: a zero timeout.
        Assert.Equal(2, Solver.Solve(six, Metric.Twist, TimeSpan.Zero).Length);
        Assert.Equal(Solver.Solutions(six, Metric.Twist, 5), Solver.Solutions(six, Metric.Twist, 5, TimeSpan.Zero));
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
        AssertNull("path", () => Square1Solver.Open(null!));
        AssertNull("path", () => Square1Solver.OpenAsync(null!));
        AssertNull("path", () => Square1Solver.OpenExisting(null!));
        AssertNull("state", () => Solver.Solve(null!, Metric.Twist));
        AssertNull("state", () => Solver.Solutions(null!, Metric.Twist, 1));
        AssertNull("state", () => Solver.Distance(null!, Metric.Twist));
        AssertNull("state", () => Solver.SolveFast(null!));
        AssertNull("moves", () => Square1Moves.Length(null!, Notation.Wca, Metric.Twist));
    }

    [Fact]
    public void open_existing_refuses_missing_truncated_and_foreign_files_with_DatabaseException()
    {
        using var dir = new TempDir();
        var missing = dir.File("missing.tbl");
        var e = Assert.Throws<DatabaseException>(() => Square1Solver.OpenExisting(missing));
        Assert.Equal($"solver table file {missing}: cannot open: no such file or directory", e.Message);
        Assert.Equal(4, e.Code);
        Assert.False(File.Exists(missing)); // OpenExisting never builds

        var good = File.ReadAllBytes(shared.Path);
        var truncated = dir.File("truncated.tbl");
        File.WriteAllBytes(truncated, good.AsSpan(0, good.Length - 1).ToArray());
        e = Assert.Throws<DatabaseException>(() => Square1Solver.OpenExisting(truncated));
        Assert.Equal($"solver table file {truncated}: size {good.Length - 1} bytes, expected {good.Length} (truncated or damaged)", e.Message);

        var badMagic = dir.File("bad-magic.tbl");
        var copy = (byte[])good.Clone();
        copy[0] ^= 0xff;
        File.WriteAllBytes(badMagic, copy);
        e = Assert.Throws<DatabaseException>(() => Square1Solver.OpenExisting(badMagic));
        Assert.Equal($"solver table file {badMagic}: not a twisty solver table file (bad magic)", e.Message);

        var empty = dir.File("empty.tbl");
        File.WriteAllBytes(empty, []);
        Assert.Equal(4, Assert.Throws<DatabaseException>(() => Square1Solver.OpenExisting(empty)).Code);

        // A copy of the good file opens and answers like the shared solver.
        var copied = dir.File("copy.tbl");
        File.WriteAllBytes(copied, good);
        using var other = Square1Solver.OpenExisting(copied);
        var state = Square1State.Parse(Near[5]);
        Assert.Equal(Solver.Solve(state, Metric.Wca), other.Solve(state, Metric.Wca));
    }

    [Fact]
    public void open_uses_a_usable_file_without_building()
    {
        var reports = new List<BuildProgress>();
        using var again = Square1Solver.Open(shared.Path, new SyncProgress<BuildProgress>(reports.Add));
        Assert.Empty(reports);
        Assert.Equal(shared.Scrambles[0], again.Scramble(SharedSolver.Seeds[0]));
        Assert.EndsWith(".tbl", Square1Solver.DefaultTableFile);
        Assert.True(Path.IsPathRooted(Square1Solver.DefaultTableFile));
    }

    [Fact]
    public async Task a_table_build_reports_progress_and_stops_when_cancelled_or_when_its_sink_throws()
    {
        using var dir = new TempDir();
        var path = dir.File("sq1-solver.tbl");

        // Already cancelled: stops at once (code 5), writes nothing.
        using (var before = new CancellationTokenSource())
        {
            before.Cancel();
            var early = Assert.ThrowsAny<OperationCanceledException>(() => Square1Solver.Open(path, cancellationToken: before.Token));
            AssertCode(5, early);
            Assert.Equal(before.Token, early.CancellationToken);
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => Square1Solver.OpenAsync(path, cancellationToken: before.Token));
        }

        // Cancelled from the first progress report, on the opening thread of OpenAsync.
        using var cts = new CancellationTokenSource();
        var threads = new List<int>();
        var reports = new List<BuildProgress>();
        // Read before awaiting: the continuation after an await may run on any thread.
        var caller = Environment.CurrentManagedThreadId;
        var task = Square1Solver.OpenAsync(path, new SyncProgress<BuildProgress>(r =>
        {
            reports.Add(r);
            threads.Add(Environment.CurrentManagedThreadId);
            cts.Cancel();
        }), cts.Token);
        var ex = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
        Assert.True(task.IsCanceled);
        AssertCode(5, ex);
        Assert.Equal("building the solver tables was cancelled", ex.Message);
        Assert.Equal(cts.Token, ex.CancellationToken);
        Assert.NotEmpty(reports);
        Assert.StartsWith("solver table: ", reports[0].Phase);
        Assert.Single(threads.Distinct());
        Assert.NotEqual(caller, threads[0]);
        Assert.False(File.Exists(path));

        // A sink that throws: its exception, once, from Open and from OpenAsync.
        var calls = 0;
        var failing = new SyncProgress<BuildProgress>(_ =>
        {
            calls++;
            throw new InvalidOperationException("progress sink failed");
        });
        Assert.Equal("progress sink failed", Assert.Throws<InvalidOperationException>(() => Square1Solver.Open(path, failing)).Message);
        Assert.Equal(1, calls);
        var async = await Assert.ThrowsAsync<InvalidOperationException>(() => Square1Solver.OpenAsync(path, failing));
        Assert.Equal("progress sink failed", async.Message);
        Assert.Equal(2, calls);
        Assert.False(File.Exists(path));
    }

    [Fact]
    public void a_search_reports_each_depth_on_the_calling_thread_and_a_throwing_sink_stops_it()
    {
        var state = shared.Scrambles[2].State;
        var reports = new List<(BuildProgress Report, int Thread)>();
        var s = Solver.Solve(state, Metric.Twist,
            progress: new SyncProgress<BuildProgress>(r => reports.Add((r, Environment.CurrentManagedThreadId))));
        Assert.NotEmpty(reports);
        Assert.All(reports, r => Assert.Equal(Environment.CurrentManagedThreadId, r.Thread));
        var levels = reports.Select(r => r.Report.Level).ToList();
        Assert.Equal(Enumerable.Range(levels[0], levels.Count), levels); // one report per depth
        var last = reports[^1].Report;
        Assert.Equal(s.Length, last.Level);
        Assert.Equal($"solution of length {s.Length} (twist)", last.Phase);
        Assert.True(last.Found >= 1);
        Assert.All(reports.SkipLast(1), r =>
        {
            Assert.Equal($"no solution of length {r.Report.Level} (twist)", r.Report.Phase);
            Assert.Equal(0, r.Report.Found);
        });
        Assert.Equal(reports.Select(r => r.Report.Done).Order(), reports.Select(r => r.Report.Done)); // nodes so far

        var calls = 0;
        var ex = Assert.Throws<InvalidOperationException>(() => Solver.Solve(state, Metric.Twist,
            progress: new SyncProgress<BuildProgress>(_ =>
            {
                calls++;
                throw new InvalidOperationException("sink failed");
            })));
        Assert.Equal("sink failed", ex.Message);
        Assert.Equal(1, calls);
        Assert.Equal(s, Solver.Solve(state, Metric.Twist)); // the solver is unharmed
    }

    [Fact]
    public void cancellation_and_timeouts_stop_searches_with_code_5()
    {
        var hard = shared.Scrambles[0].State; // optimal WCA search: seconds
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        foreach (var call in new Func<object>[]
                 {
                     () => Solver.Solve(hard, Metric.Wca, cancellationToken: cancelled.Token),
                     () => Solver.Solutions(hard, Metric.Wca, 3, cancellationToken: cancelled.Token),
                     () => Solver.SolveFast(hard, new FastSolveOptions { NodeLimit = 1_000_000, CancellationToken = cancelled.Token }),
                 })
        {
            var e = Assert.ThrowsAny<OperationCanceledException>(call);
            Assert.Equal("the search was cancelled", e.Message);
            AssertCode(5, e);
            Assert.Equal(cancelled.Token, e.CancellationToken);
        }

        // The deadline passes inside the work, whatever the machine's speed: the first report (a
        // depth without a solution) lasts longer than the timeout, and the search looks at its
        // limits before the next depth.
        var first = new List<string>();
        var timedOut = Assert.ThrowsAny<OperationCanceledException>(() => Solver.Solve(hard, Metric.Wca, TimeSpan.FromMilliseconds(1),
            new SyncProgress<BuildProgress>(r =>
            {
                if (first.Count == 0)
                {
                    first.Add(r.Phase);
                    Thread.Sleep(2); // > 1 ms: the deadline was set before this report
                }
            })));
        Assert.StartsWith("the search reached its deadline before finding a solution of length ", timedOut.Message);
        AssertCode(5, timedOut);
        Assert.All(first, phase => Assert.StartsWith("no solution of length ", phase));
        // Solutions takes its timeout to the same search (it has no progress to outlast it with):
        // the engine's one timeout rule refuses a negative one there, so it does reach the search.
        Assert.Equal("timeout must not be negative (got -1 ms)",
            Assert.ThrowsAny<ArgumentException>(() => Solver.Solutions(hard, Metric.FaceTurn, 2, TimeSpan.FromTicks(-1))).Message);

        // Cancelled from another thread while the search runs: the first report (a depth without a
        // solution) holds the search until the cancel is done, so it cannot finish before it.
        using var later = new CancellationTokenSource();
        var reported = new List<string>();
        var stopped = Assert.ThrowsAny<OperationCanceledException>(() => Solver.Solve(hard, Metric.FaceTurn,
            progress: new SyncProgress<BuildProgress>(r =>
            {
                reported.Add(r.Phase);
                Task.Run(later.Cancel).Wait();
            }),
            cancellationToken: later.Token));
        Assert.Equal("the search was cancelled", stopped.Message);
        Assert.Equal(later.Token, stopped.CancellationToken);
        Assert.Single(reported);
        Assert.StartsWith("no solution of length ", reported[0]);

        // Nothing sticks: the next search succeeds.
        Assert.Equal(4, Solver.Solve(Square1State.Parse(Near[5]), Metric.Twist, TimeSpan.FromMinutes(1)).Length);
    }

    [Fact]
    public void a_disposed_solver_throws_ObjectDisposedException_and_dispose_twice_is_harmless()
    {
        var solver = Square1Solver.OpenExisting(shared.Path);
        var state = Square1State.Parse(Near[2]);
        Assert.Equal(1, solver.Distance(state, Metric.Twist));
        solver.Dispose();
        solver.Dispose();
        foreach (var call in new Action[]
                 {
                     () => solver.Solve(state, Metric.Twist),
                     () => solver.Solutions(state, Metric.Twist, 1),
                     () => solver.Distance(state, Metric.Twist),
                     () => solver.SolveFast(state),
                     () => solver.Scramble(1),
                 })
        {
            var ex = Assert.ThrowsAny<ObjectDisposedException>(call);
            Assert.Equal("Square1Solver is closed", ex.Message);
            AssertCode(8, ex);
        }
    }

    [Fact]
    public async Task dispose_while_other_threads_solve_never_crashes()
    {
        var solver = Square1Solver.OpenExisting(shared.Path);
        var states = Near.Skip(3).Select(Square1State.Parse).Concat(shared.Scrambles.Select(s => s.State)).ToArray();
        var expected = states.Select(s => shared.Solver.Solve(s, Metric.Twist)).ToArray();
        // No clock: every worker completes a round before the Dispose, and goes on until refused.
        using var go = new ManualResetEventSlim();
        using var eachCompletedOne = new CountdownEvent(8);
        var workers = Enumerable.Range(0, 8).Select(w => Task.Factory.StartNew(() =>
        {
            var (completed, refused) = (0, 0);
            go.Wait();
            for (var i = w; refused == 0; i++)
            {
                var k = i % states.Length;
                try
                {
                    Assert.Equal(expected[k], solver.Solve(states[k], Metric.Twist));
                    Assert.Equal(expected[k].Length, solver.Distance(states[k], Metric.Twist));
                    Assert.NotEmpty(solver.Solutions(states[k], Metric.Twist, 2));
                    AssertSolves(states[k], solver.SolveFast(states[k], new FastSolveOptions()), Metric.FaceTurn);
                    if (k == 0)
                    {
                        Assert.Equal(shared.Scrambles[w % shared.Scrambles.Count], solver.Scramble(SharedSolver.Seeds[w % shared.Scrambles.Count]));
                    }
                    if (++completed == 1)
                    {
                        eachCompletedOne.Signal();
                    }
                }
                catch (ObjectDisposedException e)
                {
                    Assert.Equal("Square1Solver is closed", e.Message);
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
        Assert.Equal(expected[0], shared.Solver.Solve(states[0], Metric.Twist));
    }

    [Fact]
    public void many_threads_share_one_solver()
    {
        var states = Near.Select(Square1State.Parse).Concat(shared.Scrambles.Select(s => s.State)).ToArray();
        var expected = states.Select(s => Solver.Solve(s, Metric.Twist)).ToArray();
        var fast = states.Select(s => Solver.SolveFast(s, new FastSolveOptions())).ToArray();
        Parallel.For(0, 8, new ParallelOptions { MaxDegreeOfParallelism = 8 }, t =>
        {
            for (var round = 0; round < 2; round++)
            {
                for (var i = 0; i < states.Length; i++)
                {
                    var k = (i + t) % states.Length;
                    Assert.Equal(expected[k], Solver.Solve(states[k], Metric.Twist));
                    Assert.Equal(fast[k], Solver.SolveFast(states[k], new FastSolveOptions()));
                }
                Assert.Equal(shared.Scrambles[t % shared.Scrambles.Count], Solver.Scramble(SharedSolver.Seeds[t % shared.Scrambles.Count]));
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
                _ = Square1Solver.OpenExisting(shared.Path).Distance(Square1State.Parse(Near[1]), Metric.Wca);
            }
        }
        Leak();
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        Assert.Equal(1, Solver.Distance(Square1State.Parse(Near[1]), Metric.Wca));
    }
}
