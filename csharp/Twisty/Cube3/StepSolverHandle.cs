using System;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Internal;

/// <summary>
/// Owns one native <c>Cube3Steps</c> (the 3x3x3 step solvers' tables of a folder or of memory;
/// see <see cref="NativeHandle"/>).
/// </summary>
internal sealed class StepSolverHandle : NativeHandle
{
    private StepSolverHandle(string ownerName) : base(ownerName) { }

    /// <summary>A step solver on a folder (empty = the default folder); reads nothing yet.</summary>
    internal static StepSolverHandle Open(string ownerName, string folder) =>
        Init(new StepSolverHandle(ownerName), () =>
        {
            using var f = NativeCall.Text(folder);
            return NativeCall.Unwrap(Interop.cube3_steps_open(f));
        });

    /// <summary>A step solver whose tables are built in memory.</summary>
    internal static StepSolverHandle InMemory(string ownerName) =>
        Init(new StepSolverHandle(ownerName), () => NativeCall.Unwrap(Interop.cube3_steps_in_memory()));

    /// <inheritdoc/>
    protected override void Destroy(IntPtr native) => Interop.cube3_steps_destroy(native);

    // Nothing is loaded at open (tables come with the first solve that needs them, and the
    // in-memory ones are shared by the process), so there is no size to report.
    /// <inheritdoc/>
    protected override ulong NativeBytes(IntPtr native) => 0;
}
