using System;
using System.Collections.Generic;
using System.Text;
using System.Threading;
using Twisty.Native;
using Twisty.Square1;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Internal;

/// <summary>
/// Glue between the generated raw layer (<c>Twisty.Native</c>) and the public API: turns .NET
/// strings into Rust-owned UTF-8 strings and unwraps results. Every native result goes through
/// one <c>Unwrap</c> overload per result type, and every failure through
/// <see cref="ThrowIfFailed"/>, the one place that reads the last error
/// (<see cref="NativeErrors.FromLastError"/>).
/// </summary>
/// <remarks>Each <c>Unwrap</c> takes the caller's <see cref="CancellationToken"/>, so that a
/// cancellation (code 5) from any call is an <see cref="OperationCanceledException"/> carrying
/// it, and a task that ends with it counts as canceled.</remarks>
internal static class NativeCall
{
    /// <summary>
    /// A Rust-owned copy of <paramref name="s"/>. Passing it to a native call moves it to Rust;
    /// disposing it afterwards is a harmless no-op (and frees it if the call never happened).
    /// Unlike <c>Utf8String.From</c>, it encodes on the heap, so long strings cannot overflow the stack.
    /// </summary>
    internal static unsafe Utf8String Text(string s)
    {
        var bytes = Encoding.UTF8.GetBytes(s);
        fixed (byte* p = bytes)
        {
            Utf8String.InteropHelper.interoptopus_string_create((IntPtr)p, (ulong)bytes.Length, out var native);
            return native.IntoManaged();
        }
    }

    /// <summary>
    /// Throws the exception for the native call that just failed on this thread, unless
    /// <paramref name="ok"/>. Also the failure path of the test hooks' plain status codes.
    /// </summary>
    internal static void ThrowIfFailed(bool ok, CancellationToken cancellationToken = default)
    {
        if (!ok)
        {
            throw NativeErrors.FromLastError(cancellationToken);
        }
    }

    internal static void Unwrap(ResultVoidNativeError r, CancellationToken cancellationToken = default) =>
        ThrowIfFailed(r.IsOk, cancellationToken);

    internal static string Unwrap(ResultUtf8StringNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk().IntoString();
    }

    internal static bool Unwrap(ResultBoolNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk().Is;
    }

    internal static uint Unwrap(ResultUintNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk();
    }

    internal static ulong Unwrap(ResultUlongNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk();
    }

    internal static UInt128 Unwrap(ResultU128NativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        var v = r.AsOk();
        return new UInt128(v.high, v.low);
    }

    /// <summary>Copies a Rust-owned byte vector out and frees it.</summary>
    internal static unsafe byte[] Unwrap(ResultVecByteNativeError r, CancellationToken cancellationToken = default)
    {
        using (r)
        {
            ThrowIfFailed(r.IsOk, cancellationToken);
            var v = r.AsOk();
            return v._len == 0 ? [] : new ReadOnlySpan<byte>((void*)v._ptr, checked((int)v._len)).ToArray();
        }
    }

    /// <summary>Copies a Rust-owned <c>u64</c> vector out (as <c>long</c>s) and frees it.</summary>
    internal static unsafe long[] Unwrap(ResultVecUlongNativeError r, CancellationToken cancellationToken = default)
    {
        using (r)
        {
            ThrowIfFailed(r.IsOk, cancellationToken);
            var v = r.AsOk();
            var values = v._len == 0 ? [] : new ReadOnlySpan<ulong>((void*)v._ptr, checked((int)v._len)).ToArray();
            return Array.ConvertAll(values, x => checked((long)x));
        }
    }

    // Service constructors: the new object's pointer, owned by a NativeHandle from here on.

    internal static IntPtr Unwrap(ResultSq1TablesNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk();
    }

    internal static IntPtr Unwrap(ResultSq1DatabaseNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk();
    }

    internal static IntPtr Unwrap(ResultSq1SolutionsNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk();
    }

    internal static IntPtr Unwrap(ResultCancelTokenNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk();
    }

    internal static IntPtr Unwrap(ResultSq1SolverNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk();
    }

    internal static IntPtr Unwrap(ResultCube3TwoPhaseNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk();
    }

    internal static IntPtr Unwrap(ResultCube3OptimalNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk();
    }

    /// <summary>Copies a Rust-owned database solution out and frees it.</summary>
    internal static DatabaseSolution Unwrap(ResultDatabaseSolutionTextNativeError r, CancellationToken cancellationToken = default)
    {
        using (r)
        {
            ThrowIfFailed(r.IsOk, cancellationToken);
            return Solution(r.AsOk());
        }
    }

    /// <summary>Copies a Rust-owned optional database solution out and frees it; null for none.</summary>
    internal static DatabaseSolution? Unwrap(ResultOptionDatabaseSolutionTextNativeError r, CancellationToken cancellationToken = default)
    {
        using (r)
        {
            ThrowIfFailed(r.IsOk, cancellationToken);
            var o = r.AsOk();
            return o.IsSome ? Solution(o.AsSome()) : null;
        }
    }

    /// <summary>Copies a Rust-owned solver answer out and frees it.</summary>
    internal static SolverSolution Unwrap(ResultSolverSolutionTextNativeError r, Metric metric, CancellationToken cancellationToken = default)
    {
        using (r)
        {
            ThrowIfFailed(r.IsOk, cancellationToken);
            var t = r.AsOk();
            return new(t.wca.IntoString(), checked((int)t.length), checked((int)t.twists), metric);
        }
    }

    /// <summary>Copies a Rust-owned vector of solver answers out and frees it.</summary>
    /// <remarks>The generated indexer returns elements whose strings still belong to the vector:
    /// they are only read here (never disposed), and disposing the vector frees them once.</remarks>
    internal static SolverSolution[] Unwrap(ResultVecSolverSolutionTextNativeError r, Metric metric, CancellationToken cancellationToken = default)
    {
        using (r)
        {
            ThrowIfFailed(r.IsOk, cancellationToken);
            var v = r.AsOk();
            var solutions = new SolverSolution[v._ptr == IntPtr.Zero ? 0 : checked((int)v._len)];
            for (var i = 0; i < solutions.Length; i++)
            {
                var t = v[i];
                solutions[i] = new(t.wca.String, checked((int)t.length), checked((int)t.twists), metric);
            }
            return solutions;
        }
    }

    /// <summary>Copies a Rust-owned scramble out and frees it.</summary>
    internal static Square1Scramble Unwrap(ResultSq1ScrambleTextNativeError r, CancellationToken cancellationToken = default)
    {
        using (r)
        {
            ThrowIfFailed(r.IsOk, cancellationToken);
            var t = r.AsOk();
            return new(t.scramble.IntoString(), Square1State.FromCanonical(t.state.IntoString()));
        }
    }

    /// <summary>Copies a Rust-owned optimal answer (a vector of strings, a length, a node count) out and frees it.</summary>
    /// <remarks>The generated indexer returns strings that still belong to the vector: they are
    /// only read here (never disposed), and disposing the result frees them once.</remarks>
    internal static Cube3.OptimalSolutions Unwrap(ResultCube3OptimalSolutionsTextNativeError r, CancellationToken cancellationToken = default)
    {
        using (r)
        {
            ThrowIfFailed(r.IsOk, cancellationToken);
            var t = r.AsOk();
            return new(Strings(t.solutions), checked((int)t.length), checked((long)t.nodes));
        }
    }

    internal static IntPtr Unwrap(ResultCube3StepsNativeError r, CancellationToken cancellationToken = default)
    {
        ThrowIfFailed(r.IsOk, cancellationToken);
        return r.AsOk();
    }

    /// <summary>Copies a Rust-owned vector of strings out and frees it.</summary>
    internal static IReadOnlyList<string> Unwrap(ResultVecUtf8StringNativeError r, CancellationToken cancellationToken = default)
    {
        using (r)
        {
            ThrowIfFailed(r.IsOk, cancellationToken);
            return Strings(r.AsOk());
        }
    }

    /// <summary>The strings of a Rust-owned vector, copied (the vector is freed by its owner).</summary>
    /// <remarks>The generated indexer returns strings that still belong to the vector: they are
    /// only read here (never disposed), and disposing the owning result frees them once.</remarks>
    private static IReadOnlyList<string> Strings(VecUtf8String v)
    {
        var strings = new string[v._ptr == IntPtr.Zero ? 0 : checked((int)v._len)];
        for (var i = 0; i < strings.Length; i++)
        {
            strings[i] = v[i].String;
        }
        return Array.AsReadOnly(strings);
    }

    private static DatabaseSolution Solution(DatabaseSolutionText t) =>
        new(t.wca.IntoString(), t.article.IntoString(), checked((int)t.twists), t.flipped.Is);
}
