using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;
using System.Runtime.CompilerServices;
using Twisty.Cube3;
using Twisty.Internal;
using Twisty.Square1;
using Xunit;
using Xunit.Abstractions;

namespace Twisty.Tests;

/// <summary>
/// Tests that watch process-wide state (the GC's collections, the process's stderr): they run
/// alone, after the parallel tests, so that other tests' allocations and output cannot make them
/// pass or fail.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class ProcessWideCollection
{
    public const string Name = "process-wide";
}

/// <summary>Native memory is reported to the GC, so abandoned handles are collected in proportion to it.</summary>
[Collection(ProcessWideCollection.Name)]
public class NativeMemoryTests(ITestOutputHelper output)
{
    [Fact]
    public void every_handle_reports_its_native_size_and_takes_it_back_once_destroyed()
    {
        var tables = new Square1Tables();
        // About 27 KB of tables on the native heap (the figure the XML docs give).
        output.WriteLine($"Square1Tables: {tables.Handle.ReportedBytes} bytes");
        Assert.InRange(tables.Handle.ReportedBytes, 20_000, 1_000_000);
        tables.Dispose();
        Assert.Equal(0, tables.Handle.ReportedBytes);

        Vectors.RequireDbFiles();
        using var solver = Square1Solver.OpenExisting(Vectors.SolverTableFile);
        using var cube3 = Cube3Solver.OpenExisting(Vectors.Cube3TableFile);
        using var optimal = OptimalSolver.OpenExisting(Vectors.OptimalTableFile);
        using var db = Square1Database.Open(System.IO.Path.Combine(Vectors.DbDirectory, "article-2.db"));
        // A resident copy counts, a file mapping does not: the two-phase 3x3x3 solver keeps its
        // two distance tables (177 MB) in memory of its own.
        Assert.InRange(cube3.Handle.ReportedBytes, 150_000_000, 200_000_000);
        foreach (var h in new[] { solver.Handle, optimal.Handle, db.Handle })
        {
            // Positive, and far below the mapped table files.
            output.WriteLine($"{h.GetType().Name}: {h.ReportedBytes} bytes");
            Assert.InRange(h.ReportedBytes, 1, 100_000_000);
        }
    }

    /// <summary>Creates tables and drops them at once; not inlined, so nothing keeps them reachable.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Abandon(int count)
    {
        for (var i = 0; i < count; i++)
        {
            _ = new Square1Tables();
        }
    }

    [Fact]
    public void abandoned_tables_are_finalized_while_more_are_created()
    {
        // 10,000 tables hold about 270 MB natively but little managed memory: without memory
        // pressure the GC collects only for the managed garbage, and about 17% were destroyed
        // before the loop ended (measured, run alone); with it, about 98%.
        const int count = 10_000;
        var before = NativeHandle.DestroyedCount;
        Abandon(count);
        var destroyed = NativeHandle.DestroyedCount - before;
        output.WriteLine($"{destroyed} of {count} destroyed before the loop ended");
        Assert.True(destroyed >= count / 2, $"only {destroyed} of {count} abandoned tables were destroyed while the loop ran");
    }
}

/// <summary>A panic inside a native call writes nothing to the host's stderr (item 13 of issue 11).</summary>
[Collection(ProcessWideCollection.Name)]
public partial class QuietPanicTests
{
    [LibraryImport("libc", SetLastError = true)]
    private static partial int dup(int fd);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int dup2(int from, int to);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int close(int fd);

    [LibraryImport("libc", SetLastError = true)]
    private static partial nint write(int fd, byte[] bytes, nint count);

    private const int Stderr = 2;

    [Fact]
    public void a_native_panic_prints_nothing_to_stderr_and_keeps_its_message()
    {
        var file = Path.GetTempFileName();
        try
        {
            NativePanicException? caught;
            var marker = "marker written through fd 2\n"u8.ToArray();
            using (var capture = new FileStream(file, FileMode.Truncate, FileAccess.Write))
            {
                var saved = dup(Stderr);
                Assert.True(saved >= 0, $"dup failed: {Marshal.GetLastPInvokeError()}");
                Assert.Equal(Stderr, dup2((int)capture.SafeFileHandle.DangerousGetHandle(), Stderr));
                try
                {
                    caught = Assert.Throws<NativePanicException>(() => NativeDebug.Panic("quiet please"));
                    // Proves the capture works: this arrives, and must be all that did.
                    Assert.Equal(marker.Length, write(Stderr, marker, marker.Length));
                }
                finally
                {
                    dup2(saved, Stderr);
                    close(saved);
                }
            }
            Assert.Equal("debug panic requested: quiet please", caught.Message);
            Assert.Equal(Encoding.UTF8.GetString(marker), File.ReadAllText(file));
        }
        finally
        {
            File.Delete(file);
        }
    }
}
