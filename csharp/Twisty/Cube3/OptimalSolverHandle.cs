using System;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Internal;

/// <summary>
/// Owns one native <c>Cube3Optimal</c> (the 3x3x3 optimal solver's mapped pruning table; see
/// <see cref="NativeHandle"/>).
/// </summary>
internal sealed class OptimalSolverHandle : NativeHandle
{
    private OptimalSolverHandle(string ownerName) : base(ownerName) { }

    /// <summary>Opens the table file of a size, building and saving the table first when it is missing, stale or damaged.</summary>
    internal static OptimalSolverHandle Open(string ownerName, string path, int size, NativeOperation op) =>
        Init(new OptimalSolverHandle(ownerName), () =>
        {
            using var p = NativeCall.Text(path);
            return NativeCall.Unwrap(op.Run(t => Interop.cube3_optimal_open(p, size, op.Callback, t)), op.CancellationToken);
        });

    /// <summary>Opens an existing, complete table file of a size.</summary>
    internal static OptimalSolverHandle OpenExisting(string ownerName, string path, int size) =>
        Init(new OptimalSolverHandle(ownerName), () =>
        {
            using var p = NativeCall.Text(path);
            return NativeCall.Unwrap(Interop.cube3_optimal_open_existing(p, size));
        });

    /// <inheritdoc/>
    protected override void Destroy(IntPtr native) => Interop.cube3_optimal_destroy(native);

    /// <inheritdoc/>
    protected override ulong NativeBytes(IntPtr native) => NativeCall.Unwrap(Interop.cube3_optimal_native_bytes(native));
}
