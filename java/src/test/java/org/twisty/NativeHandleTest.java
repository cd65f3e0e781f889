package org.twisty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The handle contract, with a fake pointer and a recording free function (no native code). */
class NativeHandleTest {
    private final List<Long> freed = new CopyOnWriteArrayList<>();

    private NativeHandle handle(Object owner) {
        List<Long> sink = freed; // the free function must not capture the owner
        return new NativeHandle(owner, "Thing", 42L, sink::add);
    }

    @Test
    void closeFreesOnceAndLaterCallsThrow() {
        NativeHandle h = handle(new Object());
        assertEquals(42L, h.acquire());
        h.release();
        assertFalse(h.isClosed());
        h.close();
        h.close();
        assertTrue(h.isClosed());
        assertEquals(List.of(42L), freed);
        IllegalStateException e = assertThrows(IllegalStateException.class, h::acquire);
        assertEquals("Thing is closed", e.getMessage());
        assertEquals(List.of(42L), freed);
    }

    @Test
    void closeDuringCallsFreesWhenTheLastCallReturns() {
        NativeHandle h = handle(new Object());
        h.acquire();
        h.acquire();
        h.close();
        assertTrue(h.isClosed());
        assertThrows(IllegalStateException.class, h::acquire);
        assertTrue(freed.isEmpty(), "freed under a running call");
        h.release();
        assertTrue(freed.isEmpty(), "freed under a running call");
        h.release();
        assertEquals(List.of(42L), freed);
        h.close();
        assertEquals(List.of(42L), freed);
    }

    @Test
    void theCleanerFreesAnUnreachableOwner() throws InterruptedException {
        handle(new Object()); // owner unreachable at once
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (freed.isEmpty() && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(List.of(42L), freed);
    }

    @Test
    void aNullPointerIsRefused() {
        assertThrows(IllegalStateException.class, () -> new NativeHandle(new Object(), "Thing", 0L, p -> { }));
    }
}
