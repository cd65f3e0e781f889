package org.twisty.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.twisty.sq1.Square1Tables;

/**
 * Creates N {@code Square1Tables} (default 100,000) and never closes them, printing the process's
 * resident memory (VmRSS) every N/10 and once more after a last {@code System.gc()}: with the
 * library's native memory accounting, abandoned handles are freed as they pile up. Run with a
 * small heap, as measured in java/README.md:
 *
 * <pre>java -Xmx512m -cp JAR:CLASSES org.twisty.bench.AbandonedHandlesBench 100000</pre>
 */
public final class AbandonedHandlesBench {
    private AbandonedHandlesBench() {}

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        long start = System.nanoTime();
        long peak = 0;
        for (int i = 1; i <= n; i++) {
            new Square1Tables();
            if (i % (n / 10) == 0) {
                long rss = rssMiB();
                peak = Math.max(peak, rss);
                System.out.printf("%,d abandoned: VmRSS %,d MiB%n", i, rss);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.gc();
        Thread.sleep(1000);
        System.out.printf("peak VmRSS %,d MiB over the loop (%.1f s); after a last System.gc(): %,d MiB%n",
                peak, seconds, rssMiB());
    }

    private static long rssMiB() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
            }
        }
        return -1;
    }
}
