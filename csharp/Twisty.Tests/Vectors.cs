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
