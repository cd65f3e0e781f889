using System;
using System.Text;
using System.Threading;
using Twisty.Native;
using Twisty.Square1;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Internal;

/// <summary>
/// Glue between the generated raw layer (<c>Twisty.Native</c>) and the public API: turns .NET
/// strings into Rust-owned UTF-8 strings and unwraps results, sending every failure through
/// <see cref="NativeErrors.FromLastError"/>.
/// </summary>
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

    internal static string Unwrap(ResultUtf8StringNativeError r) =>
        r.IsOk ? r.AsOk().IntoString() : throw NativeErrors.FromLastError();

    internal static bool Unwrap(ResultBoolNativeError r) =>
        r.IsOk ? r.AsOk().Is : throw NativeErrors.FromLastError();

    internal static uint Unwrap(ResultUintNativeError r) =>
        r.IsOk ? r.AsOk() : throw NativeErrors.FromLastError();

    internal static ulong Unwrap(ResultUlongNativeError r) =>
        r.IsOk ? r.AsOk() : throw NativeErrors.FromLastError();

    internal static UInt128 Unwrap(ResultU128NativeError r)
    {
        if (!r.IsOk)
        {
            throw NativeErrors.FromLastError();
        }
        var v = r.AsOk();
        return new UInt128(v.high, v.low);
    }

    /// <summary>Copies a Rust-owned byte vector out and frees it.</summary>
    internal static unsafe byte[] Unwrap(ResultVecByteNativeError r)
    {
        using (r)
        {
            if (!r.IsOk)
            {
                throw NativeErrors.FromLastError();
            }
            var v = r.AsOk();
            return v._len == 0 ? [] : new ReadOnlySpan<byte>((void*)v._ptr, checked((int)v._len)).ToArray();
        }
    }

    internal static IntPtr Unwrap(ResultSq1TablesNativeError r) =>
        r.IsOk ? r.AsOk() : throw NativeErrors.FromLastError();

    internal static IntPtr Unwrap(ResultSq1DatabaseNativeError r) =>
        r.IsOk ? r.AsOk() : throw NativeErrors.FromLastError();

    internal static IntPtr Unwrap(ResultSq1SolutionsNativeError r) =>
        r.IsOk ? r.AsOk() : throw NativeErrors.FromLastError();

    internal static IntPtr Unwrap(ResultCancelTokenNativeError r) =>
        r.IsOk ? r.AsOk() : throw NativeErrors.FromLastError();

    /// <summary>
    /// Unwraps a result without a value; a cancellation (code 5) becomes an
    /// <see cref="OperationCanceledException"/> for <paramref name="cancellationToken"/>.
    /// </summary>
    internal static void Unwrap(ResultVoidNativeError r, CancellationToken cancellationToken = default)
    {
        if (!r.IsOk)
        {
            throw NativeErrors.FromLastError(cancellationToken);
        }
    }

    /// <summary>Copies a Rust-owned <c>u64</c> vector out (as <c>long</c>s) and frees it.</summary>
    internal static unsafe long[] Unwrap(ResultVecUlongNativeError r)
    {
        using (r)
        {
            if (!r.IsOk)
            {
                throw NativeErrors.FromLastError();
            }
            var v = r.AsOk();
            var values = v._len == 0 ? [] : new ReadOnlySpan<ulong>((void*)v._ptr, checked((int)v._len)).ToArray();
            return Array.ConvertAll(values, x => checked((long)x));
        }
    }

    /// <summary>Copies a Rust-owned solution out and frees it.</summary>
    internal static Square1Solution Unwrap(ResultSq1SolutionTextNativeError r)
    {
        using (r)
        {
            return r.IsOk ? Solution(r.AsOk()) : throw NativeErrors.FromLastError();
        }
    }

    /// <summary>Copies a Rust-owned optional solution out and frees it; null for none.</summary>
    internal static Square1Solution? Unwrap(ResultOptionSq1SolutionTextNativeError r)
    {
        using (r)
        {
            if (!r.IsOk)
            {
                throw NativeErrors.FromLastError();
            }
            var o = r.AsOk();
            return o.IsSome ? Solution(o.AsSome()) : null;
        }
    }

    /// <summary>Unwraps a result that may be a cancellation (code 5), carried by <paramref name="cancellationToken"/>.</summary>
    internal static IntPtr Unwrap(ResultSq1SolverNativeError r, CancellationToken cancellationToken = default) =>
        r.IsOk ? r.AsOk() : throw NativeErrors.FromLastError(cancellationToken);

    /// <summary>Copies a Rust-owned solver answer out and frees it; a cancellation (code 5) carries <paramref name="cancellationToken"/>.</summary>
    internal static SolverSolution Unwrap(ResultSq1SolveTextNativeError r, Metric metric, CancellationToken cancellationToken)
    {
        using (r)
        {
            if (!r.IsOk)
            {
                throw NativeErrors.FromLastError(cancellationToken);
            }
            var t = r.AsOk();
            return new(t.wca.IntoString(), checked((int)t.length), checked((int)t.twists), metric);
        }
    }

    /// <summary>
    /// Copies a Rust-owned vector of solver answers out and frees it; a cancellation (code 5)
    /// carries <paramref name="cancellationToken"/>.
    /// </summary>
    /// <remarks>The generated indexer returns elements whose strings still belong to the vector:
    /// they are only read here (never disposed), and disposing the vector frees them once.</remarks>
    internal static SolverSolution[] Unwrap(ResultVecSq1SolveTextNativeError r, Metric metric, CancellationToken cancellationToken)
    {
        using (r)
        {
            if (!r.IsOk)
            {
                throw NativeErrors.FromLastError(cancellationToken);
            }
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
    internal static Square1Scramble Unwrap(ResultSq1ScrambleTextNativeError r)
    {
        using (r)
        {
            if (!r.IsOk)
            {
                throw NativeErrors.FromLastError();
            }
            var t = r.AsOk();
            return new(t.scramble.IntoString(), Square1State.FromCanonical(t.state.IntoString()));
        }
    }

    private static Square1Solution Solution(Sq1SolutionText t) =>
        new(t.wca.IntoString(), t.article.IntoString(), checked((int)t.twists), t.flipped.Is);
}
