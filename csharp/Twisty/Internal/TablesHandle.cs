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
    protected override bool ReleaseHandle()
    {
        Interop.sq1_tables_destroy(handle);
        return true;
    }
}
