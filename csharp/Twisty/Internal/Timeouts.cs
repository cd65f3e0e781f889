using System;

namespace Twisty.Internal;

/// <summary>The host half of the one timeout rule; the engine does the other half.</summary>
/// <remarks>
/// The engine takes whole milliseconds (a signed <c>long</c>): 0 = no limit, positive = a
/// deadline, negative = <c>invalid_argument</c> (<c>timeout must not be negative (got -1 ms)</c>),
/// the same for Java and .NET. A <see cref="TimeSpan"/> becomes milliseconds rounded away from
/// zero, so that no non-zero timeout turns into "no limit" and no negative one into 0;
/// <see cref="System.Threading.Timeout.InfiniteTimeSpan"/> is -1 ms and is refused like any
/// other negative value.
/// </remarks>
internal static class Timeouts
{
    /// <summary>
    /// <paramref name="timeout"/> in whole milliseconds for the engine: null or zero = 0;
    /// positive = rounded up (never 0), at most <see cref="long.MaxValue"/>; negative = rounded
    /// down (never 0), at least <see cref="long.MinValue"/>. Never throws: the engine judges it.
    /// </summary>
    internal static long Millis(TimeSpan? timeout)
    {
        if (timeout is not { } t || t == TimeSpan.Zero)
        {
            return 0;
        }
        // Whole ticks, then milliseconds away from zero: TimeSpan.Ticks is a long, and one
        // millisecond is 10,000 ticks, so the quotient always fits and nothing can overflow.
        var ms = t.Ticks / TimeSpan.TicksPerMillisecond;
        var rest = t.Ticks % TimeSpan.TicksPerMillisecond;
        return rest > 0 ? ms + 1 : rest < 0 ? ms - 1 : ms;
    }
}
