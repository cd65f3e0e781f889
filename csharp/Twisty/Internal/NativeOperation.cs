using System;
using System.Runtime.ExceptionServices;
using System.Text;
using System.Threading;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty.Internal;

/// <summary>
/// The one pattern of long native operations of both puzzles (a database build, opening either
/// solver, which may build its tables, a search): a native cancel token that
/// <see cref="CancellationToken"/> cancels, and a progress delegate that turns native reports into
/// <see cref="IProgress{T}.Report"/> calls.
/// </summary>
/// <remarks>
/// <list type="bullet">
/// <item>The engine calls the delegate only on the thread that made the native call, so
/// <see cref="IProgress{T}.Report"/> runs there.</item>
/// <item>The delegate never lets an exception reach native code: it keeps the first one, cancels
/// the operation through the native token and reports nothing more;
/// <see cref="ThrowIfCallbackFailed"/> rethrows it (original stack kept) once the native call
/// has returned, before the call's own error, which is then only the cancellation it caused.</item>
/// <item><see cref="Dispose"/> first unregisters from the <see cref="CancellationToken"/> (which
/// waits for a cancel running on another thread), then frees the native token.</item>
/// </list>
/// </remarks>
internal sealed class NativeOperation : IDisposable
{
    private readonly CancelTokenHandle _token;
    private readonly CancellationTokenRegistration _registration;
    private readonly IProgress<BuildProgress>? _progress;
    private Exception? _callbackError;

    private NativeOperation(string tokenName, CancellationToken cancellationToken, IProgress<BuildProgress>? progress)
    {
        _token = CancelTokenHandle.Create(tokenName);
        _registration = cancellationToken.Register(_token.Cancel);
        _progress = progress;
        CancellationToken = cancellationToken;
        Callback = new BuildProgressCallback(OnProgress);
    }

    /// <summary>
    /// Starts an operation whose native reports become <see cref="BuildProgress"/> values for
    /// <paramref name="progress"/> (nothing is converted when it is null).
    /// </summary>
    internal static NativeOperation Start(string tokenName, CancellationToken cancellationToken,
        IProgress<BuildProgress>? progress = null) =>
        new(tokenName, cancellationToken, progress);

    /// <summary>The token the caller passed (carried by a resulting <see cref="OperationCanceledException"/>).</summary>
    internal CancellationToken CancellationToken { get; }

    /// <summary>The progress delegate to pass to the native call (kept alive by <see cref="Run{T}"/>).</summary>
    internal BuildProgressCallback Callback { get; }

    /// <summary>Runs <paramref name="call"/> with the native token's pointer, valid until it returns.</summary>
    internal T Run<T>(Func<IntPtr, T> call)
    {
        var result = _token.Use(call);
        GC.KeepAlive(Callback);
        return result;
    }

    /// <summary>Rethrows the exception that the progress sink threw, if any.</summary>
    internal void ThrowIfCallbackFailed()
    {
        if (_callbackError is not null)
        {
            ExceptionDispatchInfo.Throw(_callbackError);
        }
    }

    private void OnProgress(SliceByte phase, BuildProgressInfo info)
    {
        if (_callbackError is not null || _progress is null)
        {
            return;
        }
        try
        {
            _progress.Report(ToBuildProgress(phase, info));
        }
        catch (Exception e)
        {
            _callbackError = e;
            _token.Cancel();
        }
    }

    /// <summary>A native report as a <see cref="BuildProgress"/> (the phase text is a borrowed
    /// UTF-8 slice, valid during the callback only; durations crossed as nanoseconds).</summary>
    private static BuildProgress ToBuildProgress(SliceByte phase, BuildProgressInfo info) => new(
        Encoding.UTF8.GetString(phase.ReadOnlySpan),
        (int)info.level,
        (long)info.done,
        (long)info.total,
        (long)info.found,
        Ticks(info.elapsed_nanos),
        info.has_eta.Is ? Ticks(info.eta_nanos) : null);

    private static TimeSpan Ticks(ulong nanos) => TimeSpan.FromTicks((long)Math.Min(nanos / 100, (ulong)long.MaxValue));

    /// <inheritdoc/>
    public void Dispose()
    {
        // Before the token: Dispose waits for a Cancel that is running on another thread.
        _registration.Dispose();
        _token.Dispose();
    }
}
