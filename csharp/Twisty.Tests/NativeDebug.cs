using System;
using System.Runtime.InteropServices;
using System.Text;
using Twisty.Internal;
using Twisty.Square1;

namespace Twisty.Tests;

/// <summary>
/// The test-only native entry points (crate <c>dotnet-testhooks</c>), for tests that prove the
/// boundary contracts: a panic arrives as an exception, disposing during a call does not free
/// memory under it, and log records (from this thread or from native threads) reach
/// <see cref="TwistyLogging"/>. They exist only in the hooks build of the native library, which this
/// project's output folder holds under the shipped name (see Twisty.Tests.csproj); the package
/// has neither them nor this class.
/// </summary>
internal static partial class NativeDebug
{
    // The library name of the generated layer: the process loads one libtwisty_dotnet.so, so
    // these calls share the bridge's thread-local last error with NativeErrors.
    private const string Lib = "twisty_dotnet";

    [LibraryImport(Lib, EntryPoint = "twisty_debug_panic")]
    private static unsafe partial uint twisty_debug_panic(byte* message, nuint len);

    [LibraryImport(Lib, EntryPoint = "twisty_debug_hold_tables")]
    private static partial uint twisty_debug_hold_tables(IntPtr tables, uint millis, out ulong checksum);

    [LibraryImport(Lib, EntryPoint = "twisty_debug_hold_tables_until_released")]
    private static partial uint twisty_debug_hold_tables_until_released(IntPtr tables, out ulong checksum);

    [LibraryImport(Lib, EntryPoint = "twisty_debug_await_held")]
    private static partial uint twisty_debug_await_held(uint calls);

    [LibraryImport(Lib, EntryPoint = "twisty_debug_release_held")]
    private static partial uint twisty_debug_release_held();

    [LibraryImport(Lib, EntryPoint = "twisty_debug_log")]
    private static unsafe partial uint twisty_debug_log(int level, byte* target, nuint targetLen, byte* message, nuint messageLen);

    [LibraryImport(Lib, EntryPoint = "twisty_debug_log_from_threads")]
    private static unsafe partial uint twisty_debug_log_from_threads(uint threads, uint records, int level, byte* target, nuint targetLen);

    /// <summary>
    /// Logs one record through the Rust <c>log</c> crate on this thread, as the engine does:
    /// <paramref name="level"/> 1 = error .. 5 = trace (others are code 6).
    /// </summary>
    internal static unsafe void Log(int level, string target, string message)
    {
        var t = Encoding.UTF8.GetBytes(target);
        var m = Encoding.UTF8.GetBytes(message);
        // Never null pointers, even for empty text (see Panic).
        fixed (byte* tp = &MemoryMarshal.GetArrayDataReference(t))
        fixed (byte* mp = &MemoryMarshal.GetArrayDataReference(m))
        {
            NativeCall.ThrowIfFailed(twisty_debug_log(level, tp, (nuint)t.Length, mp, (nuint)m.Length) == 0);
        }
    }

    /// <summary>
    /// Starts <paramref name="threads"/> native threads (unknown to .NET) that each log
    /// <paramref name="records"/> records at once (message <c>thread T record I</c>), and waits for them.
    /// </summary>
    internal static unsafe void LogFromThreads(int threads, int records, int level, string target)
    {
        var t = Encoding.UTF8.GetBytes(target);
        fixed (byte* tp = &MemoryMarshal.GetArrayDataReference(t))
        {
            NativeCall.ThrowIfFailed(twisty_debug_log_from_threads((uint)threads, (uint)records, level, tp, (nuint)t.Length) == 0);
        }
    }

    /// <summary>
    /// Makes the native engine panic with <c>debug panic requested: </c> + <paramref name="message"/>.
    /// Throws <see cref="NativePanicException"/> (code 9), unless the hook is broken (then it
    /// returns, and the caller's assertion fails); the library stays usable.
    /// </summary>
    internal static unsafe void Panic(string message)
    {
        NativeErrors.ThrowIfNull(message, nameof(message));
        var bytes = Encoding.UTF8.GetBytes(message);
        // Not `fixed (byte* p = bytes)`: that gives null for an empty array, and Rust's slices
        // need a non-null pointer even for no bytes.
        fixed (byte* p = &MemoryMarshal.GetArrayDataReference(bytes))
        {
            NativeCall.ThrowIfFailed(twisty_debug_panic(p, (nuint)bytes.Length) == 0);
        }
    }

    /// <summary>
    /// Holds <paramref name="tables"/> inside a native call for <paramref name="millis"/>
    /// milliseconds, then reads all of them and returns a checksum. Freeing the tables under this
    /// call would read freed memory. The call goes through the tables' handle like every other
    /// call, so it holds a reference for its whole duration.
    /// </summary>
    internal static ulong HoldTables(Square1Tables tables, int millis)
    {
        NativeErrors.ThrowIfNull(tables, nameof(tables));
        if (millis < 0)
        {
            throw NativeErrors.Create(ErrorCodes.InvalidArgument, $"millis must not be negative: {millis}", paramName: nameof(millis));
        }
        return tables.Handle.Use(p =>
        {
            NativeCall.ThrowIfFailed(twisty_debug_hold_tables(p, (uint)millis, out var checksum) == 0);
            return checksum;
        });
    }

    /// <summary>
    /// Holds <paramref name="tables"/> inside a native call until <see cref="ReleaseHeld"/>, then
    /// reads all of them and returns a checksum: with <see cref="AwaitHeld"/> a test disposes the
    /// tables while the call certainly runs, and lets it return when it chooses, with no sleep.
    /// The call holds a reference to the handle for its whole duration, like every other call.
    /// A call not released within 600 s fails (a hang guard).
    /// </summary>
    internal static ulong HoldTablesUntilReleased(Square1Tables tables)
    {
        NativeErrors.ThrowIfNull(tables, nameof(tables));
        return tables.Handle.Use(p =>
        {
            NativeCall.ThrowIfFailed(twisty_debug_hold_tables_until_released(p, out var checksum) == 0);
            return checksum;
        });
    }

    /// <summary>
    /// Returns once <paramref name="calls"/> calls of <see cref="HoldTablesUntilReleased"/> are
    /// inside native code (fails after 600 s: a hang guard).
    /// </summary>
    internal static void AwaitHeld(int calls) => NativeCall.ThrowIfFailed(twisty_debug_await_held((uint)calls) == 0);

    /// <summary>Lets every call waiting in <see cref="HoldTablesUntilReleased"/> go on.</summary>
    internal static void ReleaseHeld() => NativeCall.ThrowIfFailed(twisty_debug_release_held() == 0);
}
