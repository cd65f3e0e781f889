package org.twisty.sq1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, item 7: {@code buildAsync(...).cancel(true)} completes the future at once, while the
 * native build may still be returning and holding its {@code .partial} file; a new build of the
 * same file waits for it, then resumes, instead of failing with "another build is using this
 * file".
 */
class BuildAfterCancelTest {
    @TempDir
    Path dir;

    @Test
    void aBuildOfTheFileOfACancelledAsyncBuildWaitsForItAndCompletes() throws Exception {
        Path path = dir.resolve("article.db");
        // The engine logs (once) when a build waits for another: the first build stays inside its
        // call until then, so that the two overlap. If the record never comes (a logger level
        // cached as off), the first build goes on after a while and the test holds all the same:
        // only the overlap is then left to chance, not the outcome.
        CountDownLatch secondWaits = new CountDownLatch(1);
        Logger logger = Logger.getLogger("org.twisty.sq1.db.build");
        Level level = logger.getLevel();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                String m = r.getMessage();
                if (m != null && m.contains(path + ".partial") && m.endsWith("waiting for it")) {
                    secondWaits.countDown();
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        logger.setLevel(Level.INFO);
        logger.addHandler(handler);
        try {
            CountDownLatch futureSet = new CountDownLatch(1);
            CountDownLatch cancelled = new CountDownLatch(1);
            @SuppressWarnings("unchecked")
            CompletableFuture<Void>[] future = new CompletableFuture[1];
            future[0] = Square1Database.buildAsync(path, DatabaseVariant.ARTICLE, 3, 2, p -> {
                if (cancelled.getCount() == 0) {
                    return;
                }
                try {
                    futureSet.await(120, TimeUnit.SECONDS);
                    // Cancelled from inside the work: the native build is certainly still running.
                    future[0].cancel(true);
                    cancelled.countDown();
                    secondWaits.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            futureSet.countDown();
            assertTrue(cancelled.await(120, TimeUnit.SECONDS), "the build reports");
            assertTrue(future[0].isCancelled());
            assertThrows(CancellationException.class, future[0]::get);

            Square1Database.build(path, DatabaseVariant.ARTICLE, 3, 2, null, null);
        } finally {
            logger.removeHandler(handler);
            logger.setLevel(level);
        }
        try (Square1Database db = Square1Database.open(path)) {
            assertArrayEquals(new long[] {1, 32, 536}, db.levelCounts());
        }
        assertFalse(Files.exists(dir.resolve("article.db.partial")));
    }
}
