// A small program against the packed Twisty package: prints a few results and exits non-zero
// when one of them is wrong. With a solver table file as argument (`dotnet run -- build/vector-dbs/sq1-solver.tbl`;
// a missing file is built there first, about half a minute) it also solves a scramble.
using System;
using System.Diagnostics;
using System.IO;
using Twisty;
using Twisty.Ranking;
using Twisty.Square1;

var failures = 0;

void Check<T>(string what, T actual, T expected)
{
    var ok = Equals(actual, expected);
    Console.WriteLine($"{(ok ? "ok  " : "FAIL")} {what}: {actual}{(ok ? "" : $" (expected {expected})")}");
    if (!ok)
    {
        failures++;
    }
}

var solved = Square1State.Solved();
Check("solved six-colour state", solved.ToString(), "AAbCCdEEfGGh|iJJkLLmNNoPP|S");
Check("shape of the solved state", solved.ShapeName, "CeCeCeCe/CeCeCeCe");

var moves = "(1,0)/ (-1,3)/ (0,3)";
var scrambled = solved.Apply(moves);
Console.WriteLine($"     after {moves}: {scrambled}");
Check("undo with the inverse", scrambled.Apply(Square1Moves.Inverse(moves)), solved);
Check("the same moves in the article's notation", Square1Moves.Convert(moves, Notation.Wca, Notation.Article), "(-1,0)/(1,-3)/(0,-3)");
Check("its length in the twist, WCA and face-turn metrics",
    $"{Square1Moves.Length(moves, Notation.Wca, Metric.Twist)} {Square1Moves.Length(moves, Notation.Wca, Metric.Wca)} {Square1Moves.Length(moves, Notation.Wca, Metric.FaceTurn)}",
    "2 5 6");
Check("a picture of it is an SVG document", scrambled.ToSvg().StartsWith("<svg", StringComparison.Ordinal), true);

if (args.Length > 0)
{
    using var solver = Square1Solver.Open(args[0]);
    var scramble = solver.Scramble(2026);
    Console.WriteLine($"     scramble (seed 2026): {scramble}");
    var optimal = solver.Solve(scramble.State, Metric.Twist);
    Console.WriteLine($"     twist-optimal solution: {optimal} ({optimal.Length} twists)");
    Check("it solves the scramble", scramble.State.Apply(optimal.Moves).IsSolved, true);
    var fast = solver.SolveFast(scramble.State, new FastSolveOptions { NodeLimit = 200_000 });
    Console.WriteLine($"     fast solution: {fast} ({fast.Length} face turns)");
    Check("so does the fast one", scramble.State.Apply(fast.Moves).IsSolved, true);
}
else
{
    Console.WriteLine("     (pass a solver table file to try the solver: dotnet run -- <file>)");
}

using (var tables = new Square1Tables())
{
    Check("cube shapes up to layer rotation", tables.CountShapes(ShapeCount.UpToLayerRotation), 170L);
    Check("cube shapes up to rotation and flip", tables.CountShapes(ShapeCount.UpToRotationAndFlip), 90L);
    var random = tables.RandomState(2024, Colouring.Silver);
    Console.WriteLine($"     random Silver state (seed 2024): {random}, {tables.TwistsToCubeShape(random)} twists from a cube shape");
    Check("a random state is twistable", random.IsTwistable, true);
}

var ranker = new MultisetRanker(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
var last = ranker.Count - 1; // 21! - 1: more than 64 bits
Check("21 distinct symbols: permutations", ranker.Count, UInt128.Parse("51090942171709440000"));
Check("the last permutation ranks back to 21! - 1", ranker.Rank(ranker.Unrank(last)), last);
Check("rank of 3,3,2,2,1,1,0,0 among the permutations of {2,2,2,2}", new MultisetRanker(2, 2, 2, 2).Rank(3, 3, 2, 2, 1, 1, 0, 0), (UInt128)2519);

try
{
    solved.Apply("(7,0)");
    Check("bad notation throws", "no exception", "InvalidNotationException");
}
catch (InvalidNotationException e)
{
    Check("bad notation throws", $"{e.GetType().Name} code {e.Code} at {e.Position}: {e.Message}",
        "InvalidNotationException code 1 at 1: at position 1: turn 7 is out of range -5..=6");
}

// A tiny Silver database (levels 1..2: at most one twist), built in a temporary folder. The file is
// sparse: about 4.5 GB long, a few MB on disk.
var dbDir = Directory.CreateTempSubdirectory("twisty-sample-");
try
{
    var path = Path.Combine(dbDir.FullName, "article-2.db");
    var watch = Stopwatch.StartNew();
    var reports = new CountingProgress();
    await Square1Database.BuildAsync(path, DatabaseVariant.Article, maxLevel: 2, progress: reports);
    Console.WriteLine($"     built a partial database in {watch.Elapsed.TotalSeconds:F1} s ({reports.Count} progress reports)");
    using var db = Square1Database.Open(path);
    Check("classes per level of the partial database", string.Join(",", db.LevelCounts), "1,32");
    var oneTwist = Square1State.Parse("bCCbEENNmPPi|fGGfAAJJiLLm|K");
    var solution = db.Solve(oneTwist);
    Check("a shortest solution (WCA)", solution.Wca, "/ (2,-5)");
    Check("the same in the article's notation", solution.Article, "/(-2,5)");
    Check("it solves the state", oneTwist.Apply(solution.Article, Notation.Article).IsSolvedIgnoringMiddle, true);
}
finally
{
    dbDir.Delete(recursive: true);
}

Console.WriteLine(failures == 0 ? "sample: all results correct" : $"sample: {failures} wrong result(s)");
return failures == 0 ? 0 : 1;

/// <summary>Counts build progress reports (reported on the building thread).</summary>
sealed class CountingProgress : IProgress<BuildProgress>
{
    public int Count { get; private set; }

    public void Report(BuildProgress value) => Count++;
}
