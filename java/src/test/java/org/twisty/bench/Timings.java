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

    /** The same percentile as the Rust bench: element (n - 1) * p / 100 of the sorted times. */
    private static long pct(long[] sorted, int p) {
        return sorted[(sorted.length - 1) * p / 100];
    }

    private static String ms(long nanos) {
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
