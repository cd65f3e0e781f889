using System;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Internal;

/// <summary>
/// Owns one native <c>Cube3TwoPhase</c> (the 3x3x3 two-phase solver's mapped tables; see
/// <see cref="NativeHandle"/>).
/// </summary>
internal sealed class Cube3SolverHandle : NativeHandle
{
    private Cube3SolverHandle(string ownerName) : base(ownerName) { }

    /// <summary>Opens the table file, building and saving the tables first when it is missing or stale.</summary>
    internal static Cube3SolverHandle Open(string ownerName, string path, NativeOperation op) =>
        Init(new Cube3SolverHandle(ownerName), () =>
        {
            using var p = NativeCall.Text(path);
            return NativeCall.Unwrap(op.Run(t => Interop.cube3_two_phase_open(p, op.Callback, t)), op.CancellationToken);
        });

    /// <summary>Opens an existing, complete table file.</summary>
    internal static Cube3SolverHandle OpenExisting(string ownerName, string path) =>
        Init(new Cube3SolverHandle(ownerName), () =>
        {
            using var p = NativeCall.Text(path);
            return NativeCall.Unwrap(Interop.cube3_two_phase_open_existing(p));
        });

    /// <inheritdoc/>
    protected override void Destroy(IntPtr native) => Interop.cube3_two_phase_destroy(native);

    /// <inheritdoc/>
    protected override ulong NativeBytes(IntPtr native) => NativeCall.Unwrap(Interop.cube3_two_phase_native_bytes(native));
}
