package org.twisty.sq1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.twisty.Debug;

/** One Square1Tables shared by many threads, and closed while in use. */
class Square1TablesConcurrencyTest {
    private static final int THREADS = 16;
    private static final int SEEDS = 200;

    /** Everything one pass computes, in order, as text. */
    private static List<String> workload(Square1Tables t) {
        List<String> out = new ArrayList<>();
        for (int seed = 0; seed < SEEDS; seed++) {
            Colouring c = seed % 2 == 0 ? Colouring.SIX_COLOUR : Colouring.SILVER;
            Square1State s = t.randomState(seed * 0x9E3779B97F4A7C15L, c);
            out.add(s + " " + t.twistsToCubeShape(s) + " " + s.shapeIndex() + " " + s.isTwistable());
        }
        for (ShapeCount k : ShapeCount.values()) {
            out.add(k + "=" + t.countShapes(k));
        }
        return out;
    }

    @Test
    void manyThreadsGetTheSingleThreadedAnswers() throws Exception {
        try (Square1Tables t = new Square1Tables()) {
            List<String> expected = workload(t);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<List<String>>> results = new ArrayList<>();
                for (int i = 0; i < THREADS; i++) {
                    results.add(pool.submit(() -> {
                        start.await();
                        return workload(t);
                    }));
                }
                start.countDown();
                for (Future<List<String>> r : results) {
                    assertEquals(expected, r.get(60, TimeUnit.SECONDS));
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void closeOnAnotherThreadDuringACallWaitsForTheCallToFinishBeforeFreeing() throws Exception {
        Square1Tables t = new Square1Tables();
        long checksum = Debug.holdTables(t, 0);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Long> held = pool.submit(() -> Debug.holdTablesUntilReleased(t));
            // A handshake, not a sleep: the call is inside native code until released below.
            Debug.awaitHeld(1);
            t.close(); // returns while the call still runs: it is released only after this
            assertTrue(t.isClosed());
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> t.countShapes(ShapeCount.LAYER_SHAPES));
            assertEquals("Square1Tables is closed", e.getMessage());
            assertFalse(held.isDone(), "the call is still held");
            Debug.releaseHeld();
            assertEquals(checksum, held.get(10, TimeUnit.MINUTES), "the in-flight call read its tables intact");
            assertThrows(IllegalStateException.class, () -> Debug.holdTables(t, 0));
            t.close();
        } finally {
            Debug.releaseHeld(); // never leave a call held when an assertion failed
            pool.shutdownNow();
        }
    }

    @Test
    void callsRacingACloseEitherAnswerCorrectlyOrSeeItClosed() throws Exception {
        for (int round = 0; round < 20; round++) {
            Square1Tables t = new Square1Tables();
            String expected = t.randomState(round, Colouring.SIX_COLOUR).toString();
            ExecutorService pool = Executors.newFixedThreadPool(8);
            AtomicInteger answered = new AtomicInteger();
            AtomicInteger refused = new AtomicInteger();
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    final int r = round;
                    futures.add(pool.submit(() -> {
                        for (int j = 0; j < 500; j++) {
                            try {
                                assertEquals(expected, t.randomState(r, Colouring.SIX_COLOUR).toString());
                                answered.incrementAndGet();
                            } catch (IllegalStateException closed) {
                                assertEquals("Square1Tables is closed", closed.getMessage());
                                refused.incrementAndGet();
                            }
                        }
                        return null;
                    }));
                }
                Thread.sleep(round % 5);
                t.close();
                for (Future<?> f : futures) {
                    f.get(60, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            assertEquals(8 * 500, answered.get() + refused.get());
        }
    }
}
