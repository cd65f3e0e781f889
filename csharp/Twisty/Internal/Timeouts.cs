using System;
using System.Threading;

namespace Twisty.Internal;

/// <summary>The one rule of every timeout the library takes.</summary>
internal static class Timeouts
{
    /// <summary>
    /// A timeout in whole milliseconds for the engine (0 = none: null, zero or infinite), rounded
    /// up so that it never becomes none.
    /// </summary>
    internal static ulong Millis(TimeSpan? timeout, string paramName)
    {
        if (timeout is not { } t || t == TimeSpan.Zero || t == Timeout.InfiniteTimeSpan)
        {
            return 0;
        }
        if (t < TimeSpan.Zero)
        {
            throw NativeErrors.Create(NativeErrors.InvalidArgument, $"{paramName} must not be negative (got {t})", paramName: paramName);
        }
        return Math.Max(1UL, (ulong)Math.Ceiling(t.TotalMilliseconds));
    }
}
