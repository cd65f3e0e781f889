package org.twisty;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The native heap held by the library's live handles, accounted so that handles nobody closed are
 * collected under native memory pressure, not only under Java heap pressure.
 *
 * <p>A handle's Java object is small, so a program that abandons handles without closing them
 * (say 100,000 {@code new Square1Tables()}) fills native memory long before the Java heap asks
 * for a collection, and the {@link java.lang.ref.Cleaner} never runs. As NIO does for direct
 * buffers, each handle reserves the native bytes its object holds (the engine's measure) when it
 * is created and gives them back when it is freed; when what the other handles hold passes a
 * threshold (a handle never collects for itself alone, so opening one large solver costs
 * nothing), the creating thread asks for a collection ({@link System#gc()}) and waits, a bounded time, for the
 * cleaner to free what became unreachable. The threshold is soft: nothing ever fails for lack of
 * room. After each collection it becomes twice what is still held (at least
 * {@link #THRESHOLD_FLOOR}), so a program that really holds much native memory pays for a
 * collection only each time its holdings double.
 */
final class NativeMemory {
    /** The threshold while little is held: 64 MiB. */
    static final long THRESHOLD_FLOOR = 64L << 20;

    /**
     * Sleeps while waiting for the cleaner after a collection: 1, 2, 4 ... 64 ms (about 0.13 s
     * in all, the cost of a collection that finds nothing), fewer once the cleaner has freed something and a sleep frees nothing more (what
     * is left is live).
     */
    private static final int WAITS = 7;

    private static final AtomicLong RESERVED = new AtomicLong();
    private static final AtomicLong COLLECTIONS = new AtomicLong();
    private static volatile long threshold = THRESHOLD_FLOOR;

    private NativeMemory() {}

    /** Counts {@code bytes} held by a new handle; may first collect abandoned ones (see above). */
    static void reserve(long bytes) {
        if (bytes > 0 && RESERVED.addAndGet(bytes) - bytes > threshold) {
            collect();
        }
    }

    /** Gives back the bytes of a freed handle. Never blocks (the cleaner thread calls it). */
    static void unreserve(long bytes) {
        if (bytes > 0) {
            RESERVED.addAndGet(-bytes);
        }
    }

    /** The native bytes held by live (unfreed) handles now. */
    static long reserved() {
        return RESERVED.get();
    }

    /** The total above which the next handle asks for a collection. */
    static long threshold() {
        return threshold;
    }

    /** How many collections the accounting asked for so far. */
    static long collections() {
        return COLLECTIONS.get();
    }

    // One thread collects at a time; the others find the total already below the threshold.
    private static synchronized void collect() {
        if (RESERVED.get() <= threshold) {
            return;
        }
        COLLECTIONS.incrementAndGet();
        System.gc();
        // The cleaner frees on its own thread what the collection found unreachable.
        boolean interrupted = false;
        long before = RESERVED.get();
        long last = before;
        // Until the cleaner has freed what it found and stopped, not merely until the total is
        // below the threshold: the next threshold is computed from what is left.
        for (int i = 0; i < WAITS; i++) {
            try {
                Thread.sleep(1L << i);
            } catch (InterruptedException e) {
                interrupted = true;
                break;
            }
            long now = RESERVED.get();
            if (now == last && now < before) {
                // The cleaner freed what it found and stopped: the rest is live.
                break;
            }
            last = now;
        }
        threshold = Math.max(THRESHOLD_FLOOR, 2 * RESERVED.get());
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
