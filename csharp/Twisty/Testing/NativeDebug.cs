using Twisty.Internal;
using Twisty.Native;
using Twisty.Square1;

namespace Twisty.Testing;

/// <summary>
/// Test-only entry points into the native engine, for tests that prove the boundary contracts
/// (a panic arrives as an exception; disposing during a call does not free memory under it).
/// Not for production use.
/// </summary>
public static class NativeDebug
{
    /// <summary>
    /// Makes the native engine panic with a message that contains <paramref name="message"/>.
    /// Always throws <see cref="NativePanicException"/> (code 9); the library stays usable.
    /// </summary>
    /// <exception cref="System.ArgumentNullException"><paramref name="message"/> is null (code 7).</exception>
    public static void Panic(string message)
    {
        NativeErrors.ThrowIfNull(message, nameof(message));
        using var m = NativeCall.Text(message);
        NativeCall.Unwrap(Interop.twisty_debug_panic(m));
    }

    /// <summary>
    /// Holds <paramref name="tables"/> inside a native call for <paramref name="millis"/>
    /// milliseconds, then reads all of them and returns a checksum. Freeing the tables under this
    /// call would read freed memory.
    /// </summary>
    /// <exception cref="System.ArgumentNullException"><paramref name="tables"/> is null (code 7).</exception>
    /// <exception cref="System.ArgumentException"><paramref name="millis"/> is negative (code 6).</exception>
    /// <exception cref="System.ObjectDisposedException">The tables were disposed (code 8).</exception>
    public static ulong HoldTables(Square1Tables tables, int millis)
    {
        NativeErrors.ThrowIfNull(tables, nameof(tables));
        if (millis < 0)
        {
            throw NativeErrors.Create(NativeErrors.InvalidArgument, $"millis must not be negative: {millis}", paramName: nameof(millis));
        }
        return tables.DebugHold((uint)millis);
    }
}
