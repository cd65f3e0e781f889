using System;
using Twisty.Native;

namespace Twisty.Internal;

/// <summary>Owns one native <c>Sq1Tables</c> object (see <see cref="NativeHandle"/>).</summary>
internal sealed class TablesHandle : NativeHandle
{
    private TablesHandle(string ownerName) : base(ownerName) { }

    /// <summary>Builds new native tables.</summary>
    internal static TablesHandle Create(string ownerName) =>
        Init(new TablesHandle(ownerName), () => NativeCall.Unwrap(Interop.sq1_tables_create()));

    /// <inheritdoc/>
    protected override void Destroy(IntPtr native) => Interop.sq1_tables_destroy(native);

    /// <inheritdoc/>
    protected override ulong NativeBytes(IntPtr native) => NativeCall.Unwrap(Interop.sq1_tables_native_bytes(native));
}
