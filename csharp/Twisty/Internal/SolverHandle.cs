using System;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Internal;

/// <summary>Owns one native <c>Sq1Solver</c> (the six-colour solver's mapped tables; see <see cref="NativeHandle"/>).</summary>
internal sealed class SolverHandle : NativeHandle
{
    private SolverHandle(string ownerName) : base(ownerName) { }

    /// <summary>Opens the table file, building and saving the tables first when it is missing or stale.</summary>
    internal static SolverHandle Open(string ownerName, string path, NativeOperation op) =>
        Init(new SolverHandle(ownerName), () =>
        {
            using var p = NativeCall.Text(path);
            return NativeCall.Unwrap(op.Run(t => Interop.sq1_solver_open(p, op.Callback, t)), op.CancellationToken);
        });

    /// <summary>Opens an existing, complete table file.</summary>
    internal static SolverHandle OpenExisting(string ownerName, string path) =>
        Init(new SolverHandle(ownerName), () =>
        {
            using var p = NativeCall.Text(path);
            return NativeCall.Unwrap(Interop.sq1_solver_open_existing(p));
        });

    /// <inheritdoc/>
    protected override void Destroy(IntPtr native) => Interop.sq1_solver_destroy(native);

    /// <inheritdoc/>
    protected override ulong NativeBytes(IntPtr native) => NativeCall.Unwrap(Interop.sq1_solver_native_bytes(native));
}
