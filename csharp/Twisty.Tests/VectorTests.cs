using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Numerics;
using System.Text;
using Twisty.Cube3;
using Twisty.Ranking;
using Twisty.Square1;
using Xunit;

namespace Twisty.Tests;

/// <summary>
/// Replays every shared test vector through the public C# API: the same bytes as Rust and Java,
/// and for failures the same exception kind, code and message. That includes
/// <c>host_arguments.tsv</c> (negative counts, out-of-byte values), whose messages this library
/// writes itself, word for word as the Java API does.
/// </summary>
public class VectorTests
{
    private static readonly Lazy<Square1Tables> SharedTables = new(() => new Square1Tables());

    // Databases opened during the run, one per path (never disposed: they live as long as the run).
    private static readonly ConcurrentDictionary<string, Lazy<Square1Database>> OpenDatabases = new(StringComparer.Ordinal);

    // Solvers opened during the run, one per table file (never disposed, like the databases).
    private static readonly ConcurrentDictionary<string, Lazy<Square1Solver>> OpenSolvers = new(StringComparer.Ordinal);

    // 3x3x3 solvers opened during the run, one per table file (never disposed, like the databases).
    private static readonly ConcurrentDictionary<string, Lazy<Cube3Solver>> OpenCube3Solvers = new(StringComparer.Ordinal);

    // 3x3x3 optimal solvers (size h0) opened during the run, one per table file (never disposed, like the databases).
    private static readonly ConcurrentDictionary<string, Lazy<OptimalSolver>> OpenOptimalSolvers = new(StringComparer.Ordinal);

    // README: every cube3_step_solve row shares one step solver on $DB/steps (never disposed, like the databases).
    private static readonly Lazy<StepSolver> SharedSteps = new(() =>
    {
        Vectors.RequireDbFiles();
        return StepSolver.Open(Path.Combine(Vectors.DbDirectory, "steps"));
    });

    public static IEnumerable<object[]> AllCases() =>
        Vectors.Cases().Select(c => new object[] { c.File, c.Line, c.Text });

    [Fact]
    public void the_vector_folder_has_cases_for_every_op()
    {
        var ops = Vectors.Cases().Select(c => c.Text.Split('\t')[0]).ToHashSet();
        foreach (var op in new[] { "solved", "parse_state", "apply", "convert", "inverse", "is_solved", "is_twistable",
                     "middle_is_square", "colouring", "shape_name", "shape_index", "equal_up_to_layer_rotation",
                     "to_silver", "random_state", "count_shapes", "twists_to_cube_shape", "debug_panic",
                     "rank_count", "rank", "unrank", "db_open", "db_open_variant", "db_level_counts", "db_is_full",
                     "db_verify", "db_distance", "db_solve", "db_solutions", "solver_open", "solve", "solutions",
                     "distance", "solve_fast", "scramble", "moves_length", "svg", "cube3_solved", "cube3_parse",
                     "cube3_apply", "cube3_from_moves", "cube3_inverse", "cube3_compose", "cube3_is_solved",
                     "cube3_random", "cube3_svg", "cube3_moves_canonical", "cube3_moves_inverse", "cube3_solver_open", "cube3_solve",
                     "solver_open_or_build", "cube3_solver_open_or_build", "db_build", "file_text", "cube3_solve_timeout",
                     "cube3_optimal_open", "cube3_optimal_solve", "solve_timeout", "cube3_optimal_solve_timeout",
                     "cube3_optimal_open_size", "cube3_optimal_default_path", "solutions_timeout", "solve_fast_timeout",
                     "cube3_step_names", "cube3_step_describe", "cube3_step_position", "cube3_step_solve",
                     "cube3_step_prepare", "cube3_moves_count", "cube3_moves_same", "cube3_variations" })
        {
            Assert.Contains(op, ops);
        }
    }

    [Fact]
    public void the_hosts_own_messages_are_replayed_too()
    {
        // Rust and C skip this file (their types cannot express its arguments); .NET must not.
        Assert.True(Vectors.Cases().Count(c => c.File == "host_arguments.tsv") >= 10);
    }

    [Theory]
    [MemberData(nameof(AllCases))]
    public void vector(string file, int line, string text)
    {
        var (op, args, expectation) = Split(WithDbDirectory(text));
        var got = Outcome(op, args, out var thrown);
        Assert.True(expectation == got, $"{file}:{line}: {op}\n  want {expectation}\n  got  {got}");
        if (thrown is InvalidNotationException notation && notation.Message.StartsWith("at position ", StringComparison.Ordinal))
        {
            var position = int.Parse(notation.Message["at position ".Length..notation.Message.IndexOf(':')], CultureInfo.InvariantCulture);
            Assert.Equal(position, notation.Position);
        }
    }

    /// <summary>
    /// Replays every row in file order and, when TWISTY_TRANSCRIPT_DIR is set, writes what it got
    /// to dotnet.txt ("file:line&lt;TAB&gt;result"), which `make cross-test` compares byte for byte
    /// with the Rust and Java transcripts.
    /// </summary>
    [Fact]
    public void transcript_of_every_row()
    {
        var transcript = new StringBuilder();
        var rows = 0;
        foreach (var (file, line, text) in Vectors.Cases())
        {
            var (op, args, _) = Split(WithDbDirectory(text));
            // Like the Rust transcript: the database directory is written back as $DB.
            var got = Outcome(op, args, out _).Replace(Vectors.DbDirectory, "$DB", StringComparison.Ordinal);
            transcript.Append(CultureInfo.InvariantCulture, $"{file}:{line}\t{got}\n");
            rows++;
        }
        Assert.True(rows > 200, $"only {rows} rows");
        if (Environment.GetEnvironmentVariable("TWISTY_TRANSCRIPT_DIR") is { Length: > 0 } dir)
        {
            Directory.CreateDirectory(dir);
            File.WriteAllText(Path.Combine(dir, "dotnet.txt"), transcript.ToString(), new UTF8Encoding(false));
        }
    }

    /// <summary>Replaces $DB (paths and expected messages) with the database directory; checks that its files exist.</summary>
    private static string WithDbDirectory(string text)
    {
        if (!text.Contains("$DB", StringComparison.Ordinal))
        {
            return text;
        }
        Vectors.RequireDbFiles();
        return text.Replace("$DB", Vectors.DbDirectory, StringComparison.Ordinal);
    }

    private static (string Op, string?[] Args, string Expectation) Split(string text)
    {
        var fields = text.Split('\t');
        return (fields[0], fields[1..^1].Select(a => a == "\\N" ? null : a).ToArray(), fields[^1]);
    }

    /// <summary>
    /// The row's outcome in the vector format: <c>ok:&lt;value&gt;</c>, or
    /// <c>err:&lt;kind&gt;:&lt;code&gt;:&lt;message&gt;</c> for an exception of this library
    /// (the kind named after the exception's type). Any other exception propagates.
    /// </summary>
    private static string Outcome(string op, string?[] args, out Exception? thrown)
    {
        thrown = null;
        try
        {
            return "ok:" + Run(op, args);
        }
        catch (Exception ex) when (ex is ITwistyException t)
        {
            thrown = ex;
            return $"err:{KindOf(ex)}:{t.Code}:{ex.Message}";
        }
    }

    /// <summary>The vector README's kind name for an exception the API threw.</summary>
    internal static string KindOf(Exception ex) => ex switch
    {
        InvalidNotationException => "invalid_notation",
        InvalidStateException => "invalid_state",
        IllegalMoveException => "illegal_move",
        DatabaseException => "database",
        NativePanicException => "panic",
        OperationCanceledException => "cancelled",
        ArgumentNullException => "null_argument",
        ArgumentException => "invalid_argument",
        ObjectDisposedException => "closed",
        _ => $"unexpected {ex.GetType().FullName}: {ex.Message}",
    };

    /// <summary>Dispatches one op of the README's table to the public API; returns the printed result.</summary>
    private static string Run(string op, string?[] a) => op switch
    {
        "solved" => Square1State.Solved(ColouringOf(a[0])).ToString(),
        "parse_state" => Square1State.Parse(a[0]!).ToString(),
        "apply" => State(a[0]).Apply(a[2]!, NotationOf(a[1])).ToString(),
        "convert" => Square1Moves.Convert(a[0]!, NotationOf(a[1]), NotationOf(a[2])),
        "inverse" => Square1Moves.Inverse(a[0]!, NotationOf(a[1])),
        "is_solved" => Bool(bool.Parse(a[1]!) ? State(a[0]).IsSolvedIgnoringMiddle : State(a[0]).IsSolved),
        "is_twistable" => Bool(State(a[0]).IsTwistable),
        "middle_is_square" => Bool(State(a[0]).IsMiddleSquare),
        "colouring" => State(a[0]).Colouring switch
        {
            Colouring.SixColour => "six",
            Colouring.Silver => "silver",
            var c => c.ToString(),
        },
        "shape_name" => State(a[0]).ShapeName,
        "shape_index" => State(a[0]).ShapeIndex.ToString(CultureInfo.InvariantCulture),
        "equal_up_to_layer_rotation" => Bool(State(a[0]).EqualsUpToLayerRotation(State(a[1]))),
        "to_silver" => State(a[0]).ToSilver().ToString(),
        "random_state" => SharedTables.Value.RandomState(ulong.Parse(a[0]!, CultureInfo.InvariantCulture), ColouringOf(a[1])).ToString(),
        "count_shapes" => SharedTables.Value.CountShapes(ShapeCountOf(a[0])).ToString(CultureInfo.InvariantCulture),
        "twists_to_cube_shape" => SharedTables.Value.TwistsToCubeShape(State(a[0])).ToString(CultureInfo.InvariantCulture),
        "debug_panic" => Panic(a[0]!),
        "rank_count" => new MultisetRanker(Ints(a[0])!).Count.ToString(CultureInfo.InvariantCulture),
        "rank" => new MultisetRanker(Ints(a[0])!).Rank(Ints(a[1])!).ToString(CultureInfo.InvariantCulture),
        // host_arguments.tsv has a negative rank: the BigInteger overload takes it (as Java's does).
        "unrank" => Join(new MultisetRanker(Ints(a[0])!).Unrank(BigInteger.Parse(a[1]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture))),
        "db_open" => VariantName(Db(a[0]).Variant),
        "db_open_variant" => OpenVariant(a[0]!, VariantOf(a[1])),
        "db_level_counts" => string.Join(",", Db(a[0]).LevelCounts.Select(c => c.ToString(CultureInfo.InvariantCulture))),
        "db_is_full" => Bool(Db(a[0]).IsFull),
        "db_verify" => Verify(Db(a[0])),
        "db_distance" => Db(a[0]).Distance(State(a[1])).ToString(CultureInfo.InvariantCulture),
        "db_solve" => SolutionText(Db(a[0]).Solve(State(a[1]))),
        "db_solutions" => string.Join(";", Db(a[0]).Solutions(State(a[1]), long.Parse(a[2]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture)).Select(s => s.Wca)),
        "solver_open" => SolverOpen(a[0]),
        "solve" => SolveText(Solver(a[0]).Solve(State(a[1]), MetricOf(a[2]))),
        "solve_timeout" => SolveText(Solver(a[0]).Solve(State(a[1]), MetricOf(a[2]), Millis(a[3]))),
        "solutions" => string.Join(";", Solver(a[0]).Solutions(State(a[1]), MetricOf(a[2]), int.Parse(a[3]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture)).Select(s => s.Moves)),
        "solutions_timeout" => string.Join(";", Solver(a[0]).Solutions(State(a[1]), MetricOf(a[2]), Int(a[3]), Millis(a[4])).Select(s => s.Moves)),
        "distance" => Solver(a[0]).Distance(State(a[1]), MetricOf(a[2])).ToString(CultureInfo.InvariantCulture),
        "solve_fast" => SolveText(Solver(a[0]).SolveFast(State(a[1]), new FastSolveOptions
        {
            Metric = MetricOf(a[2]),
            MaxLength = int.Parse(a[3]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture),
            NodeLimit = long.Parse(a[4]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture),
        })),
        "solve_fast_timeout" => SolveText(Solver(a[0]).SolveFast(State(a[1]), new FastSolveOptions
        {
            Metric = MetricOf(a[2]),
            MaxLength = Int(a[3]),
            NodeLimit = long.Parse(a[4]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture),
            Timeout = Millis(a[5]),
        })),
        "scramble" => ScrambleText(Solver(a[0]).Scramble(ulong.Parse(a[1]!, NumberStyles.None, CultureInfo.InvariantCulture))),
        "moves_length" => Square1Moves.Length(a[0]!, NotationOf(a[1]), MetricOf(a[2])).ToString(CultureInfo.InvariantCulture),
        // README: the SVG text with every newline written as the two characters \n.
        "svg" => State(a[0]).ToSvg().Replace("\n", "\\n", StringComparison.Ordinal),
        "cube3_solved" => Cube.Solved.ToString(),
        "cube3_parse" => Cube.Parse(a[0]!).ToString(),
        "cube3_apply" => CubeOf(a[0]).Apply(a[1]!).ToString(),
        "cube3_from_moves" => Cube.FromMoves(a[0]!).ToString(),
        "cube3_inverse" => CubeOf(a[0]).Inverse().ToString(),
        "cube3_compose" => CubeOf(a[0]).Compose(CubeOf(a[1])).ToString(),
        "cube3_is_solved" => Bool(CubeOf(a[0]).IsSolved),
        "cube3_random" => Cube.Random(ulong.Parse(a[0]!, NumberStyles.None, CultureInfo.InvariantCulture)).ToString(),
        "cube3_svg" => CubeOf(a[0]).ToSvg().Replace("\n", "\\n", StringComparison.Ordinal),
        "cube3_moves_canonical" => Moves.Canonical(a[0]!),
        "cube3_moves_inverse" => Moves.Inverse(a[0]!),
        "cube3_solver_open" => Cube3SolverOpen(a[0]),
        // The cube is parsed first (its errors come before the solver's), as in Rust and Java.
        "cube3_solve" => Cube3Solve(CubeOf(a[0]), int.Parse(a[1]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture)),
        "cube3_solve_timeout" => Cube3Solve(CubeOf(a[0]), int.Parse(a[1]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture),
            TimeSpan.FromMilliseconds(long.Parse(a[2]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture))),
        "cube3_optimal_open" => OptimalOpen(a[0]),
        // The cube is parsed first (its errors come before the solver's), as in Rust and Java.
        "cube3_optimal_solve" => OptimalSolve(CubeOf(a[0]), Int(a[1]), Int(a[2]),
            long.Parse(a[3]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture), Int(a[4])),
        "cube3_optimal_solve_timeout" => OptimalSolve(CubeOf(a[0]), Int(a[1]), Int(a[2]),
            long.Parse(a[3]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture), Int(a[4]), Millis(a[5])),
        "cube3_optimal_open_size" => OptimalOpenSize(a[0], Int(a[1])),
        "cube3_optimal_default_path" => OptimalSolver.DefaultTableFile(Int(a[0])),
        "cube3_step_names" => string.Join(",", StepSolver.StepNames),
        "cube3_step_describe" => StepSolver.Describe(a[0]!),
        "cube3_step_position" => StepSolver.Position(a[0]!, a[1]!).ToString(),
        // The cube is parsed first (its errors come before the solver's), as in Rust and Java.
        "cube3_step_solve" => StepSolve(a[0], CubeOf(a[1]), NissOf(a[2]), Int(a[3]), Int(a[4]),
            long.Parse(a[5]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture), Int(a[6]), Int(a[7])),
        "cube3_step_prepare" => StepPrepare(a[0], a[1]),
        "cube3_moves_count" => Moves.Count(a[0]!).ToString(CultureInfo.InvariantCulture),
        "cube3_moves_same" => Bool(Moves.Same(a[0]!, a[1]!)),
        "cube3_variations" => Listed(Moves.Variations(VariationOf(a[0]), a[1]!)),
        // Open with a build when needed (these rows never reach a build: each is refused first).
        "solver_open_or_build" => OpenOrBuild(() => Square1Solver.Open(a[0]!)),
        "cube3_solver_open_or_build" => OpenOrBuild(() => Cube3Solver.Open(a[0])),
        "db_build" => DbBuild(a[0]!, VariantOf(a[1]), int.Parse(a[2]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture),
            int.Parse(a[3]!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture)),
        // README: the file's text with every newline written as the two characters \n.
        "file_text" => File.ReadAllText(a[0]!).Replace("\n", "\\n", StringComparison.Ordinal),
        _ => throw new InvalidOperationException($"unknown op {op}"),
    };

    /// <summary>
    /// The solver of a table file, opened once per run with <see cref="Square1Solver.OpenExisting"/>
    /// (never builds; a failed open is not kept). A null path goes to the API, which rejects it.
    /// </summary>
    private static Square1Solver Solver(string? path)
    {
        if (path is null)
        {
            return Square1Solver.OpenExisting(null!); // "path must not be null"
        }
        var lazy = OpenSolvers.GetOrAdd(path, p => new Lazy<Square1Solver>(() => Square1Solver.OpenExisting(p)));
        try
        {
            return lazy.Value;
        }
        catch
        {
            OpenSolvers.TryRemove(new KeyValuePair<string, Lazy<Square1Solver>>(path, lazy));
            throw;
        }
    }

    /// <summary>
    /// The 3x3x3 solver of a table file, opened once per run with <see cref="Cube3Solver.OpenExisting"/>
    /// (never builds; a failed open is not kept). A null path goes to the API, which rejects it.
    /// </summary>
    private static Cube3Solver Cube3SolverAt(string? path)
    {
        if (path is null)
        {
            return Cube3Solver.OpenExisting(null!); // "path must not be null"
        }
        var lazy = OpenCube3Solvers.GetOrAdd(path, p => new Lazy<Cube3Solver>(() => Cube3Solver.OpenExisting(p)));
        try
        {
            return lazy.Value;
        }
        catch
        {
            OpenCube3Solvers.TryRemove(new KeyValuePair<string, Lazy<Cube3Solver>>(path, lazy));
            throw;
        }
    }

    private static string Cube3SolverOpen(string? path)
    {
        Cube3SolverAt(path);
        return "true";
    }

    /// <summary>README: <c>cube3_solve</c> rows share the solver of <c>$DB/cube3-twophase.tbl</c>.</summary>
    private static string Cube3Solve(Cube cube, int maxLength, TimeSpan? timeout = null)
    {
        Vectors.RequireDbFiles();
        return Cube3SolverAt(Vectors.Cube3TableFile).Solve(cube, maxLength, timeout);
    }

    /// <summary>
    /// The optimal solver (size h0) of a table file, opened once per run with
    /// <see cref="OptimalSolver.OpenExisting"/> (never builds; a failed open is not kept). A null
    /// path goes to the API, which rejects it.
    /// </summary>
    private static OptimalSolver OptimalSolverAt(string? path)
    {
        if (path is null)
        {
            return OptimalSolver.OpenExisting(null!, 0); // "path must not be null"
        }
        var lazy = OpenOptimalSolvers.GetOrAdd(path, p => new Lazy<OptimalSolver>(() => OptimalSolver.OpenExisting(p, 0)));
        try
        {
            return lazy.Value;
        }
        catch
        {
            OpenOptimalSolvers.TryRemove(new KeyValuePair<string, Lazy<OptimalSolver>>(path, lazy));
            throw;
        }
    }

    private static string OptimalOpen(string? path)
    {
        OptimalSolverAt(path);
        return "true";
    }

    /// <summary>README: <c>cube3_optimal_solve</c> rows share the solver of <c>$DB/cube3-optimal-h0.tbl</c>;
    /// the result is <c>length|solutions joined by ;</c>.</summary>
    private static string OptimalSolve(Cube cube, int minLength, int maxLength, long maxSolutions, int threads,
        TimeSpan? timeout = null)
    {
        Vectors.RequireDbFiles();
        var found = OptimalSolverAt(Vectors.OptimalTableFile).Solve(cube, new OptimalOptions
        {
            MinLength = minLength,
            MaxLength = maxLength,
            MaxSolutions = maxSolutions,
            Threads = threads,
            Timeout = timeout,
        });
        return $"{found.Length.ToString(CultureInfo.InvariantCulture)}|{string.Join(";", found.Solutions)}";
    }

    /// <summary>README: <c>cube3_step_solve</c> rows share one step solver on <c>$DB/steps</c>.</summary>
    private static string StepSolve(string? step, Cube cube, NissMode niss, int minLength, int maxLength, long maxSolutions,
        int margin, int threads) =>
        Listed(SharedSteps.Value.Solve(step!, cube, new StepOptions
        {
            Niss = niss,
            MinLength = minLength,
            MaxLength = maxLength,
            MaxSolutions = maxSolutions,
            Margin = margin < 0 ? null : margin,
            Threads = threads,
        }));

    /// <summary>README: a step solver of the row's own on the folder, disposed again; the result is empty.</summary>
    private static string StepPrepare(string? folder, string? step)
    {
        using var solver = StepSolver.Open(folder!);
        solver.Prepare(step!);
        return "";
    }

    // README: a list of solutions is count|s1;s2;...
    private static string Listed(IReadOnlyList<string> items) =>
        $"{items.Count.ToString(CultureInfo.InvariantCulture)}|{string.Join(";", items)}";

    private static NissMode NissOf(string? name) => name switch
    {
        "normal" => NissMode.Normal,
        "inverse" => NissMode.Inverse,
        "linear" => NissMode.Linear,
        "mixed" => NissMode.Mixed,
        "all" => NissMode.All,
        _ => throw new InvalidOperationException($"unknown NISS mode {name}"),
    };

    private static Variation VariationOf(string? name) => name switch
    {
        "unniss" => Variation.Unniss,
        "lastqt" => Variation.LastQt,
        _ => throw new InvalidOperationException($"unknown variation {name}"),
    };

    private static int Int(string? field) => int.Parse(field!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    /// <summary>A timeout field in milliseconds as the host's type.</summary>
    private static TimeSpan Millis(string? field) =>
        TimeSpan.FromMilliseconds(long.Parse(field!, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture));

    /// <summary>Opens a table file of a size with a handle of its own, closed again.</summary>
    private static string OptimalOpenSize(string? path, int size)
    {
        using var solver = OptimalSolver.OpenExisting(path!, size);
        return "true";
    }

    /// <summary>Opens (building when needed) and closes at once; the result is empty.</summary>
    private static string OpenOrBuild(Func<IDisposable> open)
    {
        open().Dispose();
        return "";
    }

    /// <summary>A blocking build without progress; the result is empty.</summary>
    private static string DbBuild(string path, DatabaseVariant variant, int maxLevel, int threads)
    {
        Square1Database.Build(path, variant, maxLevel, threads);
        return "";
    }

    private static string SolverOpen(string? path)
    {
        Solver(path);
        return "";
    }

    // README: a solver's answer is wca|length|twists, a scramble scramble|state.
    private static string SolveText(SolverSolution s) =>
        $"{s.Moves}|{s.Length.ToString(CultureInfo.InvariantCulture)}|{s.Twists.ToString(CultureInfo.InvariantCulture)}";

    private static string ScrambleText(Square1Scramble s) => $"{s.Text}|{s.State}";

    /// <summary>The database at <paramref name="path"/>, opened once per run (a failed open is not kept).</summary>
    private static Square1Database Db(string? path)
    {
        var lazy = OpenDatabases.GetOrAdd(path!, p => new Lazy<Square1Database>(() => Square1Database.Open(p)));
        try
        {
            return lazy.Value;
        }
        catch
        {
            OpenDatabases.TryRemove(new KeyValuePair<string, Lazy<Square1Database>>(path!, lazy));
            throw;
        }
    }

    /// <summary>Open, then compare the variant; a mismatch is the engine's open_variant error (code 4), word for word.</summary>
    private static string OpenVariant(string path, DatabaseVariant wanted)
    {
        var held = Db(path).Variant;
        if (held != wanted)
        {
            throw new DatabaseException($"{path}: holds the {VariantName(held)} variant, {VariantName(wanted)} was asked for");
        }
        return VariantName(held);
    }

    private static string Verify(Square1Database db)
    {
        db.Verify();
        return "";
    }

    private static string SolutionText(DatabaseSolution s) =>
        $"{s.Wca}|{s.Article}|{s.Twists.ToString(CultureInfo.InvariantCulture)}|{Bool(s.EndsUpsideDown)}";

    private static string VariantName(DatabaseVariant v) => v switch
    {
        DatabaseVariant.Article => "article",
        DatabaseVariant.Middle => "middle",
        _ => v.ToString(),
    };

    private static DatabaseVariant VariantOf(string? name) => name switch
    {
        "article" => DatabaseVariant.Article,
        "middle" => DatabaseVariant.Middle,
        _ => throw new InvalidOperationException($"unknown database variant {name}"),
    };

    // README: "states go through parse(text)".
    private static Square1State State(string? text) => Square1State.Parse(text!);

    // README: cube arguments go through Cube.Parse(text).
    private static Cube CubeOf(string? text) => Cube.Parse(text!);

    private static string Panic(string message)
    {
        NativeDebug.Panic(message);
        return "(returned)";
    }

    // README: counts and permutations are comma-separated, an empty field is the empty list; \N is null.
    private static int[]? Ints(string? field) =>
        field is null ? null
        : field.Length == 0 ? []
        : field.Split(',').Select(x => int.Parse(x, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture)).ToArray();

    private static string Join(int[] values) =>
        string.Join(",", values.Select(v => v.ToString(CultureInfo.InvariantCulture)));

    private static string Bool(bool b) => b ? "true" : "false";

    private static Notation NotationOf(string? name) => name switch
    {
        "wca" => Notation.Wca,
        "article" => Notation.Article,
        _ => throw new InvalidOperationException($"unknown notation {name}"),
    };

    private static Metric MetricOf(string? name) => name switch
    {
        "twist" => Metric.Twist,
        "wca" => Metric.Wca,
        "face" => Metric.FaceTurn,
        _ => throw new InvalidOperationException($"unknown metric {name}"),
    };

    private static Colouring ColouringOf(string? name) => name switch
    {
        "six" => Colouring.SixColour,
        "silver" => Colouring.Silver,
        _ => throw new InvalidOperationException($"unknown colouring {name}"),
    };

    private static ShapeCount ShapeCountOf(string? name) => name switch
    {
        "layer" => ShapeCount.LayerShapes,
        "twistable" => ShapeCount.TwistablePositions,
        "rotation" => ShapeCount.UpToLayerRotation,
        "rotation_flip" => ShapeCount.UpToRotationAndFlip,
        _ => throw new InvalidOperationException($"unknown shape count {name}"),
    };
}
