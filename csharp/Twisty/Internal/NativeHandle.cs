using System;
using System.Runtime.InteropServices;
using System.Threading;

namespace Twisty.Internal;

/// <summary>
/// The one handle pattern of this library: owns one native object (an interoptopus service
/// pointer). Each native type has its own sealed subclass that only says how to destroy it and
/// how many bytes of native heap it holds.
/// </summary>
/// <remarks>
/// <list type="bullet">
/// <item><see cref="ReleaseHandle"/> destroys the native object exactly once (through
/// <see cref="Destroy"/>): on <see cref="SafeHandle.Dispose()"/>, or from the finalizer when the
/// owner was never disposed.</item>
/// <item>The native heap the object holds (<see cref="NativeBytes"/>, asked once right after it
/// is created) is reported to the GC with <see cref="GC.AddMemoryPressure"/>, and taken back
/// with <see cref="GC.RemoveMemoryPressure"/> when the object is destroyed. The GC sees only a
/// small managed wrapper otherwise, so abandoned handles would pile up native memory long
/// before a collection finalizes them.</item>
/// <item>Every call goes through <see cref="Use{T}"/>, which holds a reference
/// (<see cref="SafeHandle.DangerousAddRef"/>) for the duration of the native call. A
/// <c>Dispose</c> on another thread meanwhile only marks the handle closed; the native object is
/// freed when the last running call releases its reference.</item>
/// <item>Once disposed (even while such a call is still running), <see cref="Use{T}"/> throws
/// <see cref="ObjectDisposedException"/> (code 8) before anything reaches native code.</item>
/// </list>
/// </remarks>
internal abstract class NativeHandle : SafeHandle
{
    private static long s_destroyed;

    private readonly string _ownerName;

    // SafeHandle alone lets new calls in after Dispose while an earlier call still holds a
    // reference (it only refuses them once the handle is actually released); this flag makes every
    // call that starts after Dispose throw. Memory safety still comes from the reference count.
    private volatile bool _disposed;

    // The bytes reported with GC.AddMemoryPressure for this object; taken back (once) on release.
    private long _pressure;

    protected NativeHandle(string ownerName) : base(IntPtr.Zero, ownsHandle: true) => _ownerName = ownerName;

    /// <inheritdoc/>
    public override bool IsInvalid => handle == IntPtr.Zero;

    /// <summary>Whether <see cref="SafeHandle.Dispose()"/> was called.</summary>
    internal bool IsDisposed => _disposed;

    /// <summary>The bytes this handle reported to the GC (0 when none, or once destroyed).</summary>
    internal long ReportedBytes => Interlocked.Read(ref _pressure);

    /// <summary>Native objects destroyed so far by every handle of the process (for tests).</summary>
    internal static long DestroyedCount => Interlocked.Read(ref s_destroyed);

    /// <summary>Destroys the native object (called exactly once, from <see cref="ReleaseHandle"/>).</summary>
    protected abstract void Destroy(IntPtr native);

    /// <summary>The bytes of native heap the object holds (0 for a type the engine does not measure).</summary>
    protected abstract ulong NativeBytes(IntPtr native);

    /// <summary>
    /// Gives <paramref name="h"/> the pointer that <paramref name="create"/> returns and reports
    /// its native size to the GC; if either throws, disposes <paramref name="h"/> (which then
    /// destroys what it owns, or owns nothing) and rethrows.
    /// </summary>
    protected static T Init<T>(T h, Func<IntPtr> create) where T : NativeHandle
    {
        try
        {
            h.SetHandle(create());
        }
        catch
        {
            h.SetHandleAsInvalid();
            h.Dispose();
            throw;
        }
        try
        {
            var bytes = (long)Math.Min(h.NativeBytes(h.handle), (ulong)long.MaxValue);
            if (bytes > 0)
            {
                Interlocked.Exchange(ref h._pressure, bytes);
                GC.AddMemoryPressure(bytes);
            }
            return h;
        }
        catch
        {
            h.Dispose();
            throw;
        }
    }

    /// <summary>Runs <paramref name="call"/> with the native pointer, which stays valid until it returns.</summary>
    internal T Use<T>(Func<IntPtr, T> call)
    {
        var added = false;
        try
        {
            if (_disposed || IsClosed)
            {
                throw NativeErrors.Disposed(_ownerName);
            }
            try
            {
                DangerousAddRef(ref added);
            }
            catch (ObjectDisposedException)
            {
                throw NativeErrors.Disposed(_ownerName);
            }
            return call(handle);
        }
        finally
        {
            if (added)
            {
                DangerousRelease();
            }
        }
    }

    /// <inheritdoc/>
    protected sealed override bool ReleaseHandle()
    {
        Destroy(handle);
        var bytes = Interlocked.Exchange(ref _pressure, 0);
        if (bytes > 0)
        {
            GC.RemoveMemoryPressure(bytes);
        }
        Interlocked.Increment(ref s_destroyed);
        return true;
    }

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        _disposed = true;
        base.Dispose(disposing);
    }
}
