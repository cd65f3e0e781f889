namespace Twisty;

/// <summary>
/// The engine's stable error codes, the same in Rust, Java, .NET and C: the value of
/// <see cref="ITwistyException.Code"/> on every exception this library throws for an engine
/// error. The one table of this library: every exception type and the native error mapping use it.
/// </summary>
/// <remarks>
/// <code>
/// catch (ArgumentException e) when (e is ITwistyException { Code: ErrorCodes.InvalidArgument }) { ... }
/// </code>
/// </remarks>
public static class ErrorCodes
{
    /// <summary>Malformed notation or state text (<see cref="InvalidNotationException"/>).</summary>
    public const int InvalidNotation = 1;

    /// <summary>A state that cannot exist, or that the operation cannot accept (<see cref="InvalidStateException"/>).</summary>
    public const int InvalidState = 2;

    /// <summary>A well-formed move that cannot be made in the state (<see cref="IllegalMoveException"/>).</summary>
    public const int IllegalMove = 3;

    /// <summary>A database or table file that is missing, damaged, foreign or unusable (<see cref="DatabaseException"/>).</summary>
    public const int Database = 4;

    /// <summary>Cancelled, or a timeout was reached (<see cref="System.OperationCanceledException"/>).</summary>
    public const int Cancelled = 5;

    /// <summary>An argument out of range or an impossible request (<see cref="System.ArgumentException"/>).</summary>
    public const int InvalidArgument = 6;

    /// <summary>A null argument (<see cref="System.ArgumentNullException"/>).</summary>
    public const int NullArgument = 7;

    /// <summary>A call on a disposed object (<see cref="System.ObjectDisposedException"/>).</summary>
    public const int Closed = 8;

    /// <summary>The native engine panicked, a bug (<see cref="NativePanicException"/>).</summary>
    public const int Panic = 9;
}
