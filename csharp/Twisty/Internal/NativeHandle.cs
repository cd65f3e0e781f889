using System;
using System.Runtime.InteropServices;

namespace Twisty.Internal;

/// <summary>
/// The one handle pattern of this library: owns one native object (an interoptopus service
/// pointer). Each native type has its own sealed subclass that only says how to destroy it.
/// </summary>
/// <remarks>
/// <list type="bullet">
/// <item><see cref="SafeHandle.ReleaseHandle"/> (in each subclass) destroys the native object exactly once: on
/// <see cref="SafeHandle.Dispose()"/>, or from the finalizer when the owner was never disposed.</item>
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
    private readonly string _ownerName;

    // SafeHandle alone lets new calls in after Dispose while an earlier call still holds a
    // reference (it only refuses them once the handle is actually released); this flag makes every
    // call that starts after Dispose throw. Memory safety still comes from the reference count.
    private volatile bool _disposed;

    protected NativeHandle(string ownerName) : base(IntPtr.Zero, ownsHandle: true) => _ownerName = ownerName;

    /// <inheritdoc/>
    public override bool IsInvalid => handle == IntPtr.Zero;

    /// <summary>Whether <see cref="SafeHandle.Dispose()"/> was called.</summary>
    internal bool IsDisposed => _disposed;

    /// <summary>
    /// Gives <paramref name="h"/> the pointer that <paramref name="create"/> returns; if it throws,
    /// disposes <paramref name="h"/> (which then owns nothing) and rethrows.
    /// </summary>
    protected static T Init<T>(T h, Func<IntPtr> create) where T : NativeHandle
    {
        try
        {
            h.SetHandle(create());
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
}
