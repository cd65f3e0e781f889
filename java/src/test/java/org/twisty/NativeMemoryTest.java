package org.twisty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.twisty.sq1.Square1Tables;

/**
 * Issue 35, item 9: native memory held by handles is accounted, and its growth past a threshold
 * asks for a collection, so abandoned handles are freed under native memory pressure. (How much
 * memory a loop of abandoned handles keeps is measured, not tested: java/README.md.)
 */
class NativeMemoryTest {
    /** Package-private in {@link NativeObject}, so reached through it. */
    private static long accounted(NativeObject o) {
        return o.accountedBytes();
    }

    @Test
    void aHandleReservesItsNativeBytesUntilItIsFreed() {
        Square1Tables tables = new Square1Tables();
        long bytes = accounted(tables);
        assertTrue(bytes > 0, "Square1Tables holds native heap: " + bytes);
        long before = NativeMemory.reserved();
        tables.close();
        // The cleaner may free other handles meanwhile: the account only goes further down.
        assertTrue(NativeMemory.reserved() <= before - bytes, "given back on close");
    }

    @Test
    void liveHandlesPastTheThresholdAskForACollectionAndTheThresholdFollowsWhatIsHeld() {
        long start = NativeMemory.collections();
        long threshold = NativeMemory.threshold();
        List<Square1Tables> live = new ArrayList<>();
        long liveBytes = 0;
        try {
            // Once the live handles alone pass the threshold, the next one must ask for a
            // collection (nothing a collection does can lower what they hold).
            long newest = 0;
            while (NativeMemory.collections() == start) {
                assertTrue(liveBytes - newest <= threshold, "no collection with " + liveBytes + " bytes live");
                Square1Tables t = new Square1Tables();
                live.add(t);
                newest = accounted(t);
                liveBytes += newest;
            }
            long after = NativeMemory.collections();
            // The threshold is now at least twice what was held after the collection, the live
            // handles included: adding a quarter as many again asks for no new collection.
            assertTrue(NativeMemory.threshold() >= 2 * liveBytes);
            int more = live.size() / 4;
            for (int i = 0; i < more; i++) {
                live.add(new Square1Tables());
            }
            assertEquals(after, NativeMemory.collections());
        } finally {
            live.forEach(Square1Tables::close);
        }
    }
}
