using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Twisty.Tests;

/// <summary>Finds and reads the shared test vectors (tests/vectors/*.tsv, format in its README.md).</summary>
internal static class Vectors
{
    /// <summary>tests/vectors, found by walking up from the test assembly's folder.</summary>
    internal static string Directory { get; } = Find();

    private static string Find()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            var candidate = Path.Combine(dir.FullName, "tests", "vectors");
            if (System.IO.Directory.Exists(candidate))
            {
                return candidate;
            }
        }
        throw new DirectoryNotFoundException($"no tests/vectors above {AppContext.BaseDirectory}");
    }

    /// <summary>
    /// The directory of the database files (<c>$DB</c> in the vector files): TWISTY_DB_DIR when set,
    /// else build/vector-dbs at the repository root (the folder above tests/vectors). The Rust suite
    /// (core/tests/vectors.rs) writes them.
    /// </summary>
    internal static string DbDirectory { get; } =
        Path.GetFullPath(Environment.GetEnvironmentVariable("TWISTY_DB_DIR") is { Length: > 0 } dir
            ? dir
            : Path.Combine(Directory, "..", "..", "build", "vector-dbs"));

    /// <summary>The solver's table file among them (<c>$DB/sq1-solver.tbl</c>), also written by the Rust suite.</summary>
    internal static string SolverTableFile => Path.Combine(DbDirectory, "sq1-solver.tbl");

    /// <summary>The 3x3x3 solver's table file among them (<c>$DB/cube3-twophase.tbl</c>), also written by the Rust suite.</summary>
    internal static string Cube3TableFile => Path.Combine(DbDirectory, "cube3-twophase.tbl");

    /// <summary>The 3x3x3 optimal solver's table file among them (<c>$DB/cube3-optimal-h0.tbl</c>, size h0), also written by the Rust suite.</summary>
    internal static string OptimalTableFile => Path.Combine(DbDirectory, "cube3-optimal-h0.tbl");

    /// <summary>Fails (not as a vector outcome) when the Rust suite has not written the database files yet.</summary>
    internal static void RequireDbFiles()
    {
        if (!File.Exists(Path.Combine(DbDirectory, "article-4.db")) || !File.Exists(SolverTableFile) || !File.Exists(Cube3TableFile)
            || !File.Exists(OptimalTableFile))
        {
            throw new InvalidOperationException(
                $"the vector databases are missing in {DbDirectory}; run `cargo test --release -p twisty --test vectors` first " +
                "(it writes them; `make test` runs the Rust suite before .NET), or set TWISTY_DB_DIR to where they are");
        }
    }

    /// <summary>Every case of every *.tsv file: file name, 1-based line number, line text.</summary>
    internal static IEnumerable<(string File, int Line, string Text)> Cases()
    {
        foreach (var path in System.IO.Directory.GetFiles(Directory, "*.tsv").OrderBy(p => p, StringComparer.Ordinal))
        {
            var lines = File.ReadAllLines(path);
            for (var i = 0; i < lines.Length; i++)
            {
                var line = lines[i];
                if (line.Length == 0 || line.StartsWith('#')) // exactly the rows the Rust suite replays
                {
                    continue;
                }
                yield return (Path.GetFileName(path), i + 1, line);
            }
        }
    }
}
