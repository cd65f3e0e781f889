using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using Twisty.Ranking;
using Twisty.Square1;
using Twisty.Testing;
using Xunit;

namespace Twisty.Tests;

/// <summary>
/// Replays every shared test vector through the public C# API: the same bytes as Rust and Java,
/// and for failures the same exception kind, code and message.
/// </summary>
public class VectorTests
{
    private static readonly Lazy<Square1Tables> SharedTables = new(() => new Square1Tables());

    public static IEnumerable<object[]> AllCases() =>
        Vectors.Cases().Select(c => new object[] { c.File, c.Line, c.Text });

    [Fact]
    public void the_vector_folder_has_cases_for_every_op()
    {
        var ops = Vectors.Cases().Select(c => c.Text.Split('\t')[0]).ToHashSet();
        foreach (var op in new[] { "solved", "parse_state", "apply", "convert", "inverse", "is_solved", "is_twistable",
                     "middle_is_square", "colouring", "shape_name", "shape_index", "equal_up_to_layer_rotation",
                     "to_silver", "random_state", "count_shapes", "twists_to_cube_shape", "debug_panic",
                     "rank_count", "rank", "unrank" })
        {
            Assert.Contains(op, ops);
        }
    }

    [Theory]
    [MemberData(nameof(AllCases))]
    public void vector(string file, int line, string text)
    {
        var (op, args, expectation) = Split(text);
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
            var (op, args, _) = Split(text);
            transcript.Append(CultureInfo.InvariantCulture, $"{file}:{line}\t{Outcome(op, args, out _)}\n");
            rows++;
        }
        Assert.True(rows > 200, $"only {rows} rows");
        if (Environment.GetEnvironmentVariable("TWISTY_TRANSCRIPT_DIR") is { Length: > 0 } dir)
        {
            Directory.CreateDirectory(dir);
            File.WriteAllText(Path.Combine(dir, "dotnet.txt"), transcript.ToString(), new UTF8Encoding(false));
        }
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
        "unrank" => Join(new MultisetRanker(Ints(a[0])!).Unrank(UInt128.Parse(a[1]!, NumberStyles.None, CultureInfo.InvariantCulture))),
        _ => throw new InvalidOperationException($"unknown op {op}"),
    };

    // README: "states go through parse(text)".
    private static Square1State State(string? text) => Square1State.Parse(text!);

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
