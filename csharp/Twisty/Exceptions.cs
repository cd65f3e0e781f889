using System;

namespace Twisty;

/// <summary>
/// Implemented by every exception that the Twisty library throws for an engine error, including
/// the ones that derive from .NET's own types (<see cref="ArgumentException"/>,
/// <see cref="ArgumentNullException"/>, <see cref="ObjectDisposedException"/>,
/// <see cref="OperationCanceledException"/>, <see cref="FormatException"/>): it exposes the
/// engine's stable error code.
/// </summary>
/// <remarks>
/// The codes are <see cref="ErrorCodes"/>' (the same in Rust, Java, .NET and C), for example:
/// <code>
/// catch (ArgumentException e) when (e is ITwistyException { Code: ErrorCodes.InvalidArgument }) { ... }
/// </code>
/// </remarks>
public interface ITwistyException
{
    /// <summary>The engine's stable numeric error code (one of <see cref="ErrorCodes"/>).</summary>
    int Code { get; }
}

/// <summary>Base class of the Twisty domain exceptions.</summary>
public class TwistyException : Exception, ITwistyException
{
    /// <summary>Creates an exception with an engine error code and message.</summary>
    public TwistyException(int code, string message) : base(message) => Code = code;

    /// <inheritdoc/>
    public int Code { get; }
}

/// <summary>A state that cannot exist on the puzzle, or that an operation cannot accept (code 2).</summary>
public class InvalidStateException : TwistyException
{
    /// <summary>Creates the exception with the engine's message.</summary>
    public InvalidStateException(string message) : base(ErrorCodes.InvalidState, message) { }
}

/// <summary>
/// A well-formed move that cannot be made in the state it is applied to, for example <c>/</c>
/// while a corner straddles the seam (code 3).
/// </summary>
public class IllegalMoveException : TwistyException
{
    /// <summary>Creates the exception with the engine's message.</summary>
    public IllegalMoveException(string message) : base(ErrorCodes.IllegalMove, message) { }
}

/// <summary>A database or table file that is missing, truncated, corrupt or of another version (code 4).</summary>
public class DatabaseException : TwistyException
{
    /// <summary>Creates the exception with the engine's message.</summary>
    public DatabaseException(string message) : base(ErrorCodes.Database, message) { }
}

/// <summary>
/// A bug: the native engine panicked (code 9). The panic was caught before it crossed into .NET;
/// the library stays usable. The message is the panic's message.
/// </summary>
public class NativePanicException : TwistyException
{
    /// <summary>Creates the exception with the panic's message.</summary>
    public NativePanicException(string message) : base(ErrorCodes.Panic, message) { }
}

/// <summary>
/// Malformed notation or state text (code 1). A <see cref="FormatException"/>, as .NET parsers
/// throw; it also carries the engine's <see cref="Code"/> and the 0-based character
/// <see cref="Position"/> of the offending input.
/// </summary>
public class InvalidNotationException : FormatException, ITwistyException
{
    /// <summary>Creates the exception with the engine's message and position (-1 if none).</summary>
    public InvalidNotationException(string message, int position) : base(message) => Position = position;

    /// <inheritdoc/>
    public int Code => ErrorCodes.InvalidNotation;

    /// <summary>0-based index of the offending character (Unicode scalar value), or -1 if none.</summary>
    public int Position { get; }
}
