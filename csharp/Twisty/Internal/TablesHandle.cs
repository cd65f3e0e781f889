using System;
using System.Runtime.InteropServices;
using Twisty.Native;

namespace Twisty.Internal;

/// <summary>
/// Owns one native <c>Sq1Tables</c> object. The one handle pattern of this library.
/// </summary>
/// <remarks>
/// <list type="bullet">
/// <item><see cref="ReleaseHandle"/> destroys the native object exactly once: on
/// <see cref="SafeHandle.Dispose()"/>, or from the finalizer when the owner was never disposed.</item>
/// <item>Every call goes through <see cref="Use{T}"/>, which holds a reference
/// (<see cref="SafeHandle.DangerousAddRef"/>) for the duration of the native call. A
/// <c>Dispose</c> on another thread meanwhile only marks the handle closed; the native object is
/// freed when the last running call releases its reference.</item>
/// <item>Once disposed (even while such a call is still running), <see cref="Use{T}"/> throws <see cref="ObjectDisposedException"/> (code 8)
/// before anything reaches native code.</item>
/// </list>
/// </remarks>
internal sealed class TablesHandle : SafeHandle
{
    private readonly string _ownerName;

    // SafeHandle alone lets new calls in after Dispose while an earlier call still holds a
    // reference (it only refuses them once the handle is actually released); this flag makes every
    // call that starts after Dispose throw. Memory safety still comes from the reference count.
    private volatile bool _disposed;

    private TablesHandle(string ownerName) : base(IntPtr.Zero, ownsHandle: true) => _ownerName = ownerName;

    /// <inheritdoc/>
    public override bool IsInvalid => handle == IntPtr.Zero;

    /// <summary>Builds new native tables.</summary>
    internal static TablesHandle Create(string ownerName)
    {
        var h = new TablesHandle(ownerName);
        try
        {
            h.SetHandle(NativeCall.Unwrap(Interop.sq1_tables_create()));
            return h;
        }
        catch
        {
            h.SetHandleAsInvalid();
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
    protected override void Dispose(bool disposing)
    {
        _disposed = true;
        base.Dispose(disposing);
    }

    /// <inheritdoc/>
    protected override bool ReleaseHandle()
    {
        Interop.sq1_tables_destroy(handle);
        return true;
    }
}
