using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Twisty.Square1;
using Xunit;

namespace Twisty.Tests;

/// <summary>An <see cref="IProgress{T}"/> that reports on the calling thread (no posting, unlike Progress&lt;T&gt;).</summary>
internal sealed class SyncProgress<T>(Action<T> onReport) : IProgress<T>
{
    public void Report(T value) => onReport(value);
}

/// <summary>A temporary directory, deleted (with its sparse database files) on dispose.</summary>
internal sealed class TempDir : IDisposable
{
    public string Path { get; } = Directory.CreateTempSubdirectory("twisty-dotnet-db-").FullName;

    public string File(string name) => System.IO.Path.Combine(Path, name);

    public void Dispose()
    {
        try
        {
            Directory.Delete(Path, recursive: true);
        }
        catch (IOException)
        {
        }
    }
}

/// <summary>One partial article database (levels 1..3), built once for the whole test class with BuildAsync.</summary>
public sealed class BuiltDatabase : IDisposable
{
    private readonly TempDir _dir = new();

    public BuiltDatabase()
    {
        DbPath = _dir.File("article-3.db");
        var progress = new SyncProgress<BuildProgress>(r =>
        {
            lock (Reports)
            {
                Reports.Add((r, Environment.CurrentManagedThreadId));
            }
        });
        Square1Database.BuildAsync(DbPath, DatabaseVariant.Article, maxLevel: 3, progress: progress).GetAwaiter().GetResult();
        Database = Square1Database.Open(DbPath);
    }

    public string DbPath { get; }

    public List<(BuildProgress Report, int Thread)> Reports { get; } = [];

    public Square1Database Database { get; }

    public void Dispose()
    {
        Database.Dispose();
        _dir.Dispose();
    }
}

/// <summary>The Silver database: building (progress, cancellation, resume), queries, lifetimes, threads.</summary>
public class Square1DatabaseTests(BuiltDatabase built) : IClassFixture<BuiltDatabase>
{
    // Silver states 0..2 twists from solved (from tests/vectors/sq1_generated_db.tsv).
    private static readonly string[] States =
    [
        "AAbCCbEEfGGf|iJJiLLmNNmPP|S",
        "GGfAAbCCbEEf|JJiLLmNNmPPi|S",
        "bCCbEENNmPPi|fGGfAAJJiLLm|K",
        "mPPiJJifAALL|GGbCCbEENNmf|S",
        "LmNNbPPiJJfL|CCmEEfGGiAAb|S",
        "iLLfGGfAAiJJ|mNNmPPbCCbEE|K",
        "mNNmPPfAAbCC|bEEfGGiJJiLL|K",
        "iAAbCCiGGmPP|NfJJbEEfLLmN|S",
        "fGGmNNmPPbEE|iJJiLLfAAbCC|K",
    ];

    // Three twists: beyond a database that holds levels 1..3.
    private const string Deep = "NNfLLbCCiAAm|EiJJbPPfGGmE|K";

    private static void AssertSolves(Square1State state, DatabaseSolution solution)
    {
        if (solution.EndsUpsideDown)
        {
            Assert.EndsWith("!", solution.Article);
        }
        Assert.True(state.Apply(solution.Article, Notation.Article).IsSolvedIgnoringMiddle, $"{state} + {solution.Article} (article)");
        Assert.True(state.Apply(solution.Wca).Apply(solution.EndsUpsideDown ? "!" : "", Notation.Article).IsSolvedIgnoringMiddle,
            $"{state} + {solution.Wca}");
    }

    [Fact]
    public void a_partial_build_reports_progress_on_the_building_thread_and_opens()
    {
        Assert.NotEmpty(built.Reports);
        Assert.Single(built.Reports.Select(r => r.Thread).Distinct()); // one dedicated thread
        Assert.NotEqual(Environment.CurrentManagedThreadId, built.Reports[0].Thread);
        Assert.All(built.Reports, r =>
        {
            Assert.False(string.IsNullOrEmpty(r.Report.Phase));
            Assert.InRange(r.Report.Level, 0, 3);
            Assert.True(r.Report.Done >= 0 && r.Report.Total >= 0 && r.Report.Found >= 0);
            Assert.True(r.Report.Elapsed >= TimeSpan.Zero);
        });
        Assert.Contains(built.Reports, r => r.Report.Level == 3);

        var db = built.Database;
        Assert.Equal([1L, 32L, 536L], db.LevelCounts);
        Assert.False(db.IsFull);
        Assert.Equal(DatabaseVariant.Article, db.Variant);
        db.Verify();
        Assert.True(File.Exists(built.DbPath));
        Assert.False(File.Exists(built.DbPath + ".partial"));
    }

    [Fact]
    public void solutions_solve_their_states()
    {
        var db = built.Database;
        foreach (var text in States)
        {
            var state = Square1State.Parse(text);
            var distance = db.Distance(state);
            var solution = db.Solve(state);
            Assert.Equal(distance, solution.Twists);
            Assert.Equal(solution.Wca, solution.ToString());
            AssertSolves(state, solution);

            var all = db.Solutions(state, 100).ToList();
            Assert.NotEmpty(all);
            Assert.Contains(solution, all);
            Assert.Equal(all.Count, all.Distinct().Count());
            Assert.All(all, s =>
            {
                Assert.Equal(distance, s.Twists);
                AssertSolves(state, s);
            });
            Assert.Equal(all.Take(1), db.Solutions(state, 1)); // lazily limited, and enumerable again
            Assert.Empty(db.Solutions(state, 0));
        }
        Assert.Contains(States, t => db.Solve(Square1State.Parse(t)).EndsUpsideDown);
        Assert.Equal(0, db.Distance(Square1State.Solved(Colouring.Silver)));
    }

    [Fact]
    public void engine_errors_keep_their_kind_code_and_message()
    {
        var db = built.Database;
        var deep = Square1State.Parse(Deep);
        var expected = $"{Deep} is deeper than this partial database, which holds levels 1..3 (at most 2 twists)";
        Assert.Equal(expected, Assert.Throws<DatabaseException>(() => db.Distance(deep)).Message);
        Assert.Equal(expected, Assert.Throws<DatabaseException>(() => db.Solve(deep)).Message);
        var lazy = db.Solutions(deep, 5); // the native iterator starts with the enumeration
        Assert.Equal(expected, Assert.Throws<DatabaseException>(() => lazy.First()).Message);

        var six = Square1State.Solved(Colouring.SixColour);
        var e = Assert.Throws<InvalidStateException>(() => db.Distance(six));
        Assert.Equal("the database holds Silver-edition states; convert a six-colour state with to_silver()", e.Message);
        Assert.Equal(2, e.Code);

        var missing = Path.Combine(Path.GetDirectoryName(built.DbPath)!, "missing.db");
        var open = Assert.Throws<DatabaseException>(() => Square1Database.Open(missing));
        Assert.Equal($"{missing}: cannot open: no such file or directory", open.Message);
        Assert.Equal(4, open.Code);

        var limit = Assert.ThrowsAny<ArgumentException>(() => db.Solutions(six, -1));
        Assert.Equal("limit must not be negative (got -1)", limit.Message);
        Assert.Equal(6, ((ITwistyException)limit).Code);
        var level = Assert.ThrowsAny<ArgumentException>(() => Square1Database.Build(missing, DatabaseVariant.Article, maxLevel: 16));
        Assert.Equal("max_level 16 out of range 0..=15", level.Message);
        var variant = Assert.ThrowsAny<ArgumentException>(() => Square1Database.Build(missing, (DatabaseVariant)7, maxLevel: 1));
        Assert.Equal("unknown database variant 7 (0 = article, 1 = middle)", variant.Message);
        Assert.False(File.Exists(missing));
    }

    [Fact]
    public void every_public_method_rejects_null_with_ArgumentNullException()
    {
        static void AssertNull(string param, Action call)
        {
            var ex = Assert.ThrowsAny<ArgumentNullException>(call);
            Assert.Equal(param, ex.ParamName);
            Assert.Equal($"{param} must not be null", ex.Message);
            Assert.Equal(7, Assert.IsAssignableFrom<ITwistyException>(ex).Code);
        }
        var db = built.Database;
        AssertNull("path", () => Square1Database.Open(null!));
        AssertNull("state", () => db.Distance(null!));
        AssertNull("state", () => db.Solve(null!));
        AssertNull("state", () => db.Solutions(null!, 1));
        AssertNull("path", () => Square1Database.Build(null!, DatabaseVariant.Article));
        AssertNull("path", () => Square1Database.BuildAsync(null!, DatabaseVariant.Article));
    }

    [Fact]
    public void a_disposed_database_throws_ObjectDisposedException_and_dispose_twice_is_harmless()
    {
        var db = Square1Database.Open(built.DbPath);
        var state = Square1State.Parse(States[3]);
        var pending = db.Solutions(state, 5); // checked again when the enumeration starts
        db.Dispose();
        db.Dispose();
        foreach (var call in new Action[]
                 {
                     () => _ = db.Variant,
                     () => _ = db.LevelCounts,
                     () => _ = db.IsFull,
                     db.Verify,
                     () => db.Distance(state),
                     () => db.Solve(state),
                     () => db.Solutions(state, 5),
                     () => pending.ToList(),
                 })
        {
            var ex = Assert.ThrowsAny<ObjectDisposedException>(call);
            Assert.Equal("Square1Database is closed", ex.Message);
            Assert.Equal(8, Assert.IsAssignableFrom<ITwistyException>(ex).Code);
        }
    }

    [Fact]
    public void an_enumeration_outlives_its_database_and_its_enumerator_can_be_disposed_early()
    {
        var db = Square1Database.Open(built.DbPath);
        var state = Square1State.Parse(States[4]);
        var expected = built.Database.Solutions(state, 100).ToList();
        Assert.True(expected.Count > 1);

        using var started = db.Solutions(state, 100).GetEnumerator();
        Assert.True(started.MoveNext());
        db.Dispose(); // the native iterator keeps the database alive
        var rest = new List<DatabaseSolution> { started.Current };
        while (started.MoveNext())
        {
            rest.Add(started.Current);
        }
        Assert.Equal(expected, rest);

        using var early = built.Database.Solutions(state, 100).GetEnumerator();
        Assert.True(early.MoveNext());
        early.Dispose(); // frees the native iterator
        early.Dispose();
        Assert.False(early.MoveNext());
    }

    [Fact]
    public async Task dispose_while_other_threads_enumerate_never_crashes()
    {
        var db = Square1Database.Open(built.DbPath);
        var states = States.Select(Square1State.Parse).ToArray();
        var expected = states.Select(s => built.Database.Solutions(s, 100).ToList()).ToArray();
        // No clock: every worker completes an enumeration before the Dispose, and goes on until refused.
        using var go = new ManualResetEventSlim();
        using var eachCompletedOne = new CountdownEvent(8);
        var workers = Enumerable.Range(0, 8).Select(w => Task.Factory.StartNew(() =>
        {
            var (completed, refused) = (0, 0);
            go.Wait();
            for (var i = w; refused == 0; i++)
            {
                try
                {
                    var k = i % states.Length;
                    Assert.Equal(expected[k], db.Solutions(states[k], 100).ToList()); // whole or not at all
                    if (++completed == 1)
                    {
                        eachCompletedOne.Signal();
                    }
                }
                catch (ObjectDisposedException e)
                {
                    Assert.Equal("Square1Database is closed", e.Message);
                    refused++;
                }
            }
            return (completed, refused);
        }, TaskCreationOptions.LongRunning)).ToArray();
        go.Set();
        Assert.True(eachCompletedOne.Wait(TimeSpan.FromMinutes(10)), "a hang guard only");
        db.Dispose();
        var results = await Task.WhenAll(workers);
        Assert.True(results.Sum(r => r.completed) > 0);
        Assert.True(results.Sum(r => r.refused) > 0);
    }

    [Fact]
    public void many_threads_query_one_database()
    {
        var db = built.Database;
        var states = States.Select(Square1State.Parse).ToArray();
        var distances = states.Select(db.Distance).ToArray();
        var solutions = states.Select(db.Solve).ToArray();
        var all = states.Select(s => db.Solutions(s, 100).ToList()).ToArray();
        Parallel.For(0, 16, new ParallelOptions { MaxDegreeOfParallelism = 16 }, t =>
        {
            for (var round = 0; round < 20; round++)
            {
                for (var i = 0; i < states.Length; i++)
                {
                    var k = (i + t) % states.Length;
                    Assert.Equal(distances[k], db.Distance(states[k]));
                    Assert.Equal(solutions[k], db.Solve(states[k]));
                    Assert.Equal(all[k], db.Solutions(states[k], 100));
                }
                Assert.Equal([1L, 32L, 536L], db.LevelCounts);
            }
        });
    }

    [Fact]
    public async Task an_exception_in_the_progress_callback_cancels_the_build_and_surfaces()
    {
        using var dir = new TempDir();
        var path = dir.File("failing.db");
        var calls = 0;
        var progress = new SyncProgress<BuildProgress>(_ =>
        {
            calls++;
            throw new InvalidOperationException("progress sink failed");
        });
        var ex = await Assert.ThrowsAsync<InvalidOperationException>(
            () => Square1Database.BuildAsync(path, DatabaseVariant.Article, maxLevel: 3, progress: progress));
        Assert.Equal("progress sink failed", ex.Message);
        Assert.Equal(1, calls); // no further reports once it threw
        Assert.False(File.Exists(path));

        // The same from the synchronous Build.
        var sync = Assert.Throws<InvalidOperationException>(
            () => Square1Database.Build(path, DatabaseVariant.Article, maxLevel: 3, progress: progress));
        Assert.Equal("progress sink failed", sync.Message);
        Assert.False(File.Exists(path));
    }

    [Fact]
    public async Task a_cancelled_build_is_a_canceled_task_and_a_rebuild_resumes_it()
    {
        using var dir = new TempDir();
        var path = dir.File("resumed.db");

        // Already cancelled: the synchronous Build stops at once with the engine's cancellation (code 5).
        using (var before = new CancellationTokenSource())
        {
            before.Cancel();
            var early = Assert.ThrowsAny<OperationCanceledException>(
                () => Square1Database.Build(path, DatabaseVariant.Article, maxLevel: 3, cancellationToken: before.Token));
            Assert.Equal(5, Assert.IsAssignableFrom<ITwistyException>(early).Code);
            Assert.Equal(before.Token, early.CancellationToken);
        }

        // Cancelled from the progress callback once level 2 is under way.
        using var cts = new CancellationTokenSource();
        var reports = new List<BuildProgress>();
        var progress = new SyncProgress<BuildProgress>(r =>
        {
            reports.Add(r);
            if (r.Level >= 2)
            {
                cts.Cancel();
            }
        });
        var task = Square1Database.BuildAsync(path, DatabaseVariant.Article, maxLevel: 3, progress: progress, cancellationToken: cts.Token);
        var ex = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
        Assert.True(task.IsCanceled);
        Assert.Equal(5, Assert.IsAssignableFrom<ITwistyException>(ex).Code);
        Assert.StartsWith("database build cancelled", ex.Message);
        Assert.Equal(cts.Token, ex.CancellationToken);
        Assert.True(File.Exists(path + ".partial"));
        Assert.False(File.Exists(path));

        // Run again: it resumes from the .partial file and completes.
        var resumed = new List<BuildProgress>();
        await Square1Database.BuildAsync(path, DatabaseVariant.Article, maxLevel: 3, progress: new SyncProgress<BuildProgress>(resumed.Add));
        Assert.True(File.Exists(path));
        Assert.False(File.Exists(path + ".partial"));
        Assert.NotEmpty(resumed);
        Assert.DoesNotContain(resumed, r => r.Level == 1);
        using var db = Square1Database.Open(path);
        Assert.Equal([1L, 32L, 536L], db.LevelCounts);
        Assert.Equal(built.Database.Solve(Square1State.Parse(States[7])), db.Solve(Square1State.Parse(States[7])));
    }
}
