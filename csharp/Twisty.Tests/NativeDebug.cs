using System;
using System.Runtime.InteropServices;
using System.Text;
using Twisty.Internal;
using Twisty.Square1;

namespace Twisty.Tests;

/// <summary>
/// The test-only native entry points (crate <c>dotnet-testhooks</c>), for tests that prove the
/// boundary contracts: a panic arrives as an exception, and disposing during a call does not
/// free memory under it. They exist only in the hooks build of the native library, which this
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
            if (twisty_debug_panic(p, (nuint)bytes.Length) != 0)
            {
                throw NativeErrors.FromLastError();
            }
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
            throw NativeErrors.Create(NativeErrors.InvalidArgument, $"millis must not be negative: {millis}", paramName: nameof(millis));
        }
        return tables.Handle.Use(p =>
            twisty_debug_hold_tables(p, (uint)millis, out var checksum) == 0 ? checksum : throw NativeErrors.FromLastError());
    }
}
