using System;
using System.Threading;
using Twisty.Native;

namespace Twisty.Internal;

/// <summary>
/// The one place where an engine error becomes a .NET exception.
/// </summary>
/// <remarks>
/// A failed native call returns <c>Err</c> (or <c>Panic</c>) and leaves code, message and position
/// in a thread-local "last error" on the Rust side; P/Invoke is synchronous, so
/// <see cref="FromLastError"/> (called only by <see cref="NativeCall.ThrowIfFailed"/>, the one
/// unwrap path) reads it on the same OS thread right after the call. Codes are
/// <see cref="ErrorCodes"/>, the one table. Errors that
/// the C# layer detects itself (null arguments, use after dispose) go through
/// <see cref="Create"/> too, so every exception carries the same code and message as in Java.
/// </remarks>
internal static class NativeErrors
{
    /// <summary>Maps an engine error code, message and position to its exception.</summary>
    /// <remarks>A cancellation (code 5) carries <paramref name="cancellationToken"/>, so that a task
    /// that ends with it counts as canceled rather than faulted.</remarks>
    internal static Exception Create(int code, string message, int position = -1, string? paramName = null,
        CancellationToken cancellationToken = default) => code switch
    {
        ErrorCodes.InvalidNotation => new InvalidNotationException(message, position),
        ErrorCodes.InvalidState => new InvalidStateException(message),
        ErrorCodes.IllegalMove => new IllegalMoveException(message),
        ErrorCodes.Database => new DatabaseException(message),
        ErrorCodes.Cancelled => new TwistyOperationCanceledException(message, cancellationToken),
        ErrorCodes.InvalidArgument => new TwistyArgumentException(message, paramName),
        ErrorCodes.NullArgument => new TwistyArgumentNullException(paramName, message),
        ErrorCodes.Closed => new TwistyObjectDisposedException(paramName, message),
        ErrorCodes.Panic => new NativePanicException(message),
        _ => new TwistyException(code, message),
    };

    /// <summary>The exception for the failed native call that just returned on this thread.</summary>
    internal static Exception FromLastError(CancellationToken cancellationToken = default)
    {
        var code = (int)Interop.twisty_last_error_code();
        var position = Interop.twisty_last_error_position();
        var message = Interop.twisty_last_error_message().IntoString();
        if (code == 0)
        {
            return new NativePanicException("native call failed without reporting an error");
        }
        return Create(code, message, position is >= 0 and <= int.MaxValue ? (int)position : -1,
            cancellationToken: cancellationToken);
    }

    /// <summary>Throws <see cref="ArgumentNullException"/> (code 7) when <paramref name="value"/> is null.</summary>
    internal static void ThrowIfNull(object? value, string paramName)
    {
        if (value is null)
        {
            throw Create(ErrorCodes.NullArgument, NullMessage(paramName), paramName: paramName);
        }
    }

    /// <summary>The message of a null-argument error (the same text as the Java API's).</summary>
    internal static string NullMessage(string paramName) => $"{paramName} must not be null";

    /// <summary>The exception for a call on a disposed object (code 8).</summary>
    internal static Exception Disposed(string objectName) =>
        Create(ErrorCodes.Closed, $"{objectName} is closed", paramName: objectName);

    /// <summary>Throws <see cref="ArgumentException"/> (code 6) when <paramref name="value"/> is negative.</summary>
    internal static void ThrowIfNegative(long value, string paramName)
    {
        if (value < 0)
        {
            throw Create(ErrorCodes.InvalidArgument, $"{paramName} must not be negative (got {value})", paramName: paramName);
        }
    }
}

// .NET's own exception types, given the engine's code. Message returns exactly the engine's
// message (the base types would append the parameter or object name to it).

internal sealed class TwistyArgumentException(string message, string? paramName)
    : ArgumentException(message, paramName), ITwistyException
{
    private readonly string _message = message;
    public int Code => ErrorCodes.InvalidArgument;
    public override string Message => _message;
}

internal sealed class TwistyArgumentNullException(string? paramName, string message)
    : ArgumentNullException(paramName, message), ITwistyException
{
    private readonly string _message = message;
    public int Code => ErrorCodes.NullArgument;
    public override string Message => _message;
}

internal sealed class TwistyObjectDisposedException(string? objectName, string message)
    : ObjectDisposedException(objectName, message), ITwistyException
{
    private readonly string _message = message;
    public int Code => ErrorCodes.Closed;
    public override string Message => _message;
}

internal sealed class TwistyOperationCanceledException(string message, CancellationToken cancellationToken)
    : OperationCanceledException(message, cancellationToken), ITwistyException
{
    public int Code => ErrorCodes.Cancelled;
}
