package org.twisty.bench;

import java.util.Arrays;
import java.util.Locale;

/** Summary figures of a timing run, as the Rust benches print them. */
final class Timings {
    private Timings() {}

    /** Mean, median, 90 % and maximum of the times, in milliseconds (sorts the array). */
    static String summary(long[] nanos) {
        long total = Arrays.stream(nanos).sum();
        Arrays.sort(nanos);
        return String.format(Locale.ROOT, "mean %s, median %s, 90%% %s, max %s", ms(total / nanos.length),
                ms(pct(nanos, 50)), ms(pct(nanos, 90)), ms(pct(nanos, 100)));
    }

    /**
     * Mean, median, 90 %, 99 % and maximum of the times, in milliseconds, as the cells of a
     * markdown table row ({@code " | "} between them; sorts the array).
     */
    static String cells(long[] nanos) {
        long mean = mean(nanos);
        Arrays.sort(nanos);
        return String.join(" | ", ms(mean), ms(pct(nanos, 50)), ms(pct(nanos, 90)), ms(pct(nanos, 99)),
                ms(pct(nanos, 100)));
    }

    /** The mean of the times, in nanoseconds. */
    static long mean(long[] nanos) {
        return Arrays.stream(nanos).sum() / nanos.length;
    }

    /** The same percentile as the Rust bench: element (n - 1) * p / 100 of the sorted times. */
    static long pct(long[] sorted, int p) {
        return sorted[(sorted.length - 1) * p / 100];
    }

    /** A time in milliseconds, or in seconds from one second up. */
    static String ms(long nanos) {
        double ms = nanos / 1e6;
        return ms >= 1000 ? String.format(Locale.ROOT, "%.2f s", ms / 1000)
                : String.format(Locale.ROOT, "%.2f ms", ms);
    }

    /** The run size from the first argument (default 1000). */
    static int count(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        if (n < 1) {
            throw new IllegalArgumentException("N must be at least 1 (got " + n + ")");
        }
        return n;
    }
}
