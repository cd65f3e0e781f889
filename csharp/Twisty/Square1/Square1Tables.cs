using System;
using Twisty.Internal;
using Twisty.Native;

namespace Twisty.Square1;

/// <summary>
/// Shared Square-1 tables (shapes, random states): built once, immutable, and safe to use from
/// many threads at once.
/// </summary>
/// <remarks>
/// Owns native memory (about 26 KB, reported to the GC): dispose it when done (a finalizer frees
/// it otherwise). <see cref="Dispose"/>
/// twice is harmless. After <see cref="Dispose"/>, every call throws
/// <see cref="ObjectDisposedException"/> (code 8). A <see cref="Dispose"/> while another thread is
/// inside a call does not free the tables under that call: they are freed when it returns.
/// </remarks>
public sealed class Square1Tables : IDisposable
{
    internal const string Name = nameof(Square1Tables);

    private readonly TablesHandle _handle;

    /// <summary>Builds the tables.</summary>
    public Square1Tables() => _handle = TablesHandle.Create(Name);

    /// <summary>A uniformly random twistable state from a seed: the same seed gives the same state in every runtime.</summary>
    /// <exception cref="ArgumentException">Unknown colouring value (code 6).</exception>
    /// <exception cref="ObjectDisposedException">The tables were disposed (code 8).</exception>
    public Square1State RandomState(ulong seed, Colouring colouring = Colouring.SixColour) =>
        Square1State.FromCanonical(_handle.Use(p => NativeCall.Unwrap(Interop.sq1_tables_random_state(p, seed, (int)colouring))));

    /// <summary>Counts shapes (see <see cref="ShapeCount"/>).</summary>
    /// <exception cref="ArgumentException">Unknown kind value (code 6).</exception>
    /// <exception cref="ObjectDisposedException">The tables were disposed (code 8).</exception>
    public long CountShapes(ShapeCount kind) =>
        (long)_handle.Use(p => NativeCall.Unwrap(Interop.sq1_tables_count_shapes(p, (int)kind)));

    /// <summary>The fewest twists (<c>/</c>) that bring the state's shape to the cube shape.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="state"/> is null (code 7).</exception>
    /// <exception cref="ObjectDisposedException">The tables were disposed (code 8).</exception>
    public int TwistsToCubeShape(Square1State state)
    {
        NativeErrors.ThrowIfNull(state, nameof(state));
        return (int)_handle.Use(p =>
        {
            using var s = NativeCall.Text(state.ToString());
            return NativeCall.Unwrap(Interop.sq1_tables_twists_to_cube_shape(p, s));
        });
    }

    /// <summary>Frees the native tables (once no call is using them). Calling it again does nothing.</summary>
    public void Dispose() => _handle.Dispose();

    /// <summary>The native handle (for the test suite's own native hooks).</summary>
    internal TablesHandle Handle => _handle;
}
