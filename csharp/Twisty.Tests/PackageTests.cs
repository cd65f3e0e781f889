using System;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Reflection;
using Twisty.Square1;
using Xunit;

namespace Twisty.Tests;

/// <summary>
/// Nothing test-only ships (item 15 of issue 11): the native library that the package carries has
/// no test hooks, and the Twisty assembly no test-only types. This suite itself runs on the hooks
/// build, staged under the shipped name (Twisty.Tests.csproj).
/// </summary>
public class PackageTests
{
    private static readonly byte[] HookName = "twisty_debug"u8.ToArray();

    private static string Metadata(string key) =>
        typeof(PackageTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value
        ?? throw new InvalidOperationException($"no {key} metadata");

    private static bool Contains(byte[] haystack, byte[] needle) => haystack.AsSpan().IndexOf(needle) >= 0;

    private static readonly Assembly Library = typeof(Square1State).Assembly;

    private static readonly string[] NativeFiles = ["libtwisty_dotnet.so", "libtwisty_dotnet.dylib", "twisty_dotnet.dll"];

    /// <summary>The platforms staged for packing: each folder of TwistyNativeRoot holding the bridge.</summary>
    private static (string Rid, string File)[] StagedPlatforms() =>
        Directory.GetDirectories(Metadata("TwistyNativeRoot"))
            .SelectMany(dir => NativeFiles.Where(f => File.Exists(Path.Combine(dir, f))).Select(f => (Path.GetFileName(dir), f)))
            .ToArray();

    [Fact]
    public void the_library_that_packing_uses_has_no_test_hooks_and_this_suite_runs_on_the_hooks_build()
    {
        var shipped = File.ReadAllBytes(Metadata("TwistyShippedNativeLib"));
        Assert.False(Contains(shipped, HookName), "the shipped libtwisty_dotnet.so exports test hooks");
        Assert.True(Contains(shipped, "sq1_tables_create"u8.ToArray())); // it is the bridge

        // The copy beside this suite is the hooks build (the search above can find them).
        var staged = File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "libtwisty_dotnet.so"));
        Assert.True(Contains(staged, HookName), "the test output folder holds the shipped library, not the hooks build");
    }

    [Fact]
    public void the_Twisty_assembly_has_no_test_only_types()
    {
        Assert.Null(Library.GetType("Twisty.Testing.NativeDebug"));
        Assert.DoesNotContain(Library.GetTypes(), t => t.Name == "NativeDebug" || t.Namespace == "Twisty.Testing");
        Assert.False(Contains(File.ReadAllBytes(Library.Location), HookName));
        // The suite's own NativeDebug is where the hooks are declared.
        Assert.Equal(typeof(PackageTests).Assembly, typeof(NativeDebug).Assembly);
    }

    /// <summary>
    /// The packed .nupkg, when it is at least as new as the library it packs: it holds every staged
    /// platform's native library (runtimes/&lt;rid&gt;/native/), each clean, and its assembly is clean. `make ... dotnet-test` packs first and sets
    /// TWISTY_REQUIRE_PACKAGE=1, so there a missing or stale package fails.
    /// </summary>
    [Fact]
    public void the_packed_package_has_no_test_hooks()
    {
        var dir = Metadata("TwistyPackagesDir");
        var shippedAt = File.GetLastWriteTimeUtc(Metadata("TwistyShippedNativeLib"));
        var package = Directory.Exists(dir)
            ? Directory.GetFiles(dir, "Twisty.*.nupkg").Select(p => new FileInfo(p)).OrderByDescending(f => f.LastWriteTimeUtc).FirstOrDefault()
            : null;
        var fresh = package is not null && package.LastWriteTimeUtc >= shippedAt;
        if (Environment.GetEnvironmentVariable("TWISTY_REQUIRE_PACKAGE") == "1")
        {
            Assert.True(fresh, $"no Twisty package in {dir} packed after {shippedAt:O}");
        }
        if (!fresh)
        {
            return; // run by hand without packing: the test above checks what packing would use
        }
        using var zip = ZipFile.OpenRead(package!.FullName);
        static byte[] Read(ZipArchiveEntry e)
        {
            using var s = e.Open();
            using var m = new MemoryStream();
            s.CopyTo(m);
            return m.ToArray();
        }
        // Every staged platform's library, each the bridge and clean, and no other native library.
        var staged = StagedPlatforms();
        Assert.NotEmpty(staged);
        // `make package-test` names the platforms a release must have.
        var required = Environment.GetEnvironmentVariable("TWISTY_PACKAGE_RIDS");
        if (!string.IsNullOrWhiteSpace(required))
        {
            Assert.Equal(required.Split(' ', StringSplitOptions.RemoveEmptyEntries).Order(StringComparer.Ordinal),
                staged.Select(p => p.Rid).Order(StringComparer.Ordinal));
        }
        var packed = zip.Entries.Where(e => e.FullName.StartsWith("runtimes/", StringComparison.Ordinal))
            .Select(e => e.FullName).OrderBy(n => n, StringComparer.Ordinal).ToList();
        Assert.Equal(staged.Select(p => $"runtimes/{p.Rid}/native/{p.File}").OrderBy(n => n, StringComparer.Ordinal), packed);
        foreach (var name in packed)
        {
            var bytes = Read(zip.GetEntry(name)!);
            Assert.True(Contains(bytes, "sq1_tables_create"u8.ToArray()), $"{name} is not the bridge");
            Assert.False(Contains(bytes, HookName), $"{package.Name} ships test hooks in {name}");
        }
        var assemblies = zip.Entries.Where(e => e.FullName.StartsWith("lib/", StringComparison.Ordinal) && e.Name == "Twisty.dll").ToList();
        Assert.NotEmpty(assemblies);
        Assert.All(assemblies, e => Assert.False(Contains(Read(e), "NativeDebug"u8.ToArray()), $"{e.FullName} has NativeDebug"));
        Assert.DoesNotContain(zip.Entries, e => e.FullName.Contains("testhooks", StringComparison.Ordinal));
    }
}
