using System;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Internal;

/// <summary>Owns one native <c>Sq1Database</c> (an open database file; see <see cref="NativeHandle"/>).</summary>
internal sealed class DatabaseHandle : NativeHandle
{
    private DatabaseHandle(string ownerName) : base(ownerName) { }

    /// <summary>Opens a complete database file.</summary>
    internal static DatabaseHandle Open(string ownerName, string path) =>
        Init(new DatabaseHandle(ownerName), () =>
        {
            using var p = NativeCall.Text(path);
            return NativeCall.Unwrap(Interop.sq1_database_open(p));
        });

    /// <inheritdoc/>
    protected override void Destroy(IntPtr native) => Interop.sq1_database_destroy(native);

    /// <inheritdoc/>
    protected override ulong NativeBytes(IntPtr native) => NativeCall.Unwrap(Interop.sq1_database_native_bytes(native));
}

/// <summary>
/// Owns one native <c>Sq1Solutions</c> iterator (see <see cref="NativeHandle"/>). The native
/// iterator keeps its own reference to the database, so it stays valid after the database's
/// handle is disposed.
/// </summary>
internal sealed class SolutionsHandle : NativeHandle
{
    private SolutionsHandle(string ownerName) : base(ownerName) { }

    /// <summary>Starts iterating the shortest solutions of <paramref name="state"/> in the database <paramref name="db"/>.</summary>
    internal static SolutionsHandle Create(string ownerName, IntPtr db, string state, ulong limit) =>
        Init(new SolutionsHandle(ownerName), () =>
        {
            using var s = NativeCall.Text(state);
            return NativeCall.Unwrap(Interop.sq1_solutions_create(db, s, limit));
        });

    /// <inheritdoc/>
    protected override void Destroy(IntPtr native) => Interop.sq1_solutions_destroy(native);

    /// <inheritdoc/>
    /// <remarks>The engine does not measure an iterator (a few hundred bytes of search state).</remarks>
    protected override ulong NativeBytes(IntPtr native) => 0;
}

/// <summary>Owns one native <c>CancelToken</c> (see <see cref="NativeHandle"/>).</summary>
internal sealed class CancelTokenHandle : NativeHandle
{
    private CancelTokenHandle(string ownerName) : base(ownerName) { }

    /// <summary>A new, not cancelled token.</summary>
    internal static CancelTokenHandle Create(string ownerName) =>
        Init(new CancelTokenHandle(ownerName), () => NativeCall.Unwrap(Interop.cancel_token_create()));

    /// <summary>Cancels the token; does nothing once the handle is disposed.</summary>
    internal void Cancel()
    {
        try
        {
            Use(p =>
            {
                NativeCall.Unwrap(Interop.cancel_token_cancel(p));
                return 0;
            });
        }
        catch (ObjectDisposedException)
        {
            // The operation it guarded is over: nothing left to cancel.
        }
    }

    /// <inheritdoc/>
    protected override void Destroy(IntPtr native) => Interop.cancel_token_destroy(native);

    /// <inheritdoc/>
    /// <remarks>A token is one flag; it is always disposed by the call that created it.</remarks>
    protected override ulong NativeBytes(IntPtr native) => 0;
}
