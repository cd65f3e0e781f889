package org.twisty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.twisty.sq1.DatabaseVariant;
import org.twisty.sq1.Square1Database;

/**
 * The engine's log records reach {@link System.Logger}, whose default backend is
 * java.util.logging: each test puts a capturing {@link Handler} on the logger it watches. The
 * level cache in the library is process-wide and refreshed about once a second, so each test
 * uses loggers of its own, except the database build's, where a test first waits until a probe
 * record at the level it needs arrives.
 */
class LoggingTest {
    /** Anti-hang bound of every wait; nothing here is expected to take more than a second or two. */
    private static final long PATIENCE_MILLIS = 20_000;

    private static final String BUILD_TARGET = "twisty::sq1::db::build";
    private static final String BUILD_LOGGER = "org.twisty.sq1.db.build";

    @TempDir
    Path dir;

    /** What a handler saw: the record and the thread it was published on. */
    static final class Seen {
        final String logger;
        final Level level;
        final String message;
        final Thread thread;

        Seen(LogRecord r) {
            this.logger = r.getLoggerName();
            this.level = r.getLevel();
            this.message = r.getMessage();
            this.thread = Thread.currentThread();
        }
    }

    /** Keeps every record it is given; throws from publish while {@link #throwing} is set. */
    static final class Capture extends Handler {
        final List<Seen> seen = new ArrayList<>();
        volatile boolean throwing;

        @Override
        public void publish(LogRecord r) {
            synchronized (seen) {
                seen.add(new Seen(r));
            }
            if (throwing) {
                throw new IllegalStateException("a broken handler");
            }
        }

        List<Seen> seen() {
            synchronized (seen) {
                return new ArrayList<>(seen);
            }
        }

        List<String> messages() {
            return seen().stream().map(s -> s.message).collect(Collectors.toList());
        }

        void clear() {
            synchronized (seen) {
                seen.clear();
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }

    /** Loggers changed by a test (held strongly: java.util.logging keeps loggers weakly). */
    private final Map<Logger, Capture> watched = new HashMap<>();

    /** Captures the records of a logger, at {@code level}, without passing them to the console. */
    private Capture watch(String name, Level level) {
        return watch(Logger.getLogger(name), level);
    }

    private Capture watch(Logger logger, Level level) {
        Capture capture = new Capture();
        capture.setLevel(Level.ALL);
        logger.addHandler(capture);
        logger.setUseParentHandlers(false);
        logger.setLevel(level);
        watched.put(logger, capture);
        return capture;
    }

    @AfterEach
    void unwatch() {
        watched.forEach((logger, capture) -> {
            logger.removeHandler(capture);
            logger.setUseParentHandlers(true);
            logger.setLevel(null);
        });
        watched.clear();
    }

    /**
     * Logs probes at {@code level} to {@code target} until one arrives (the library's cached
     * level for the target has caught up with the Java logger's), then forgets them.
     */
    private static void awaitProbe(String target, int level, Capture capture) throws InterruptedException {
        long deadline = System.currentTimeMillis() + PATIENCE_MILLIS;
        for (int n = 0; ; n++) {
            Debug.log(target, level, "probe " + n);
            if (capture.messages().stream().anyMatch(m -> m.startsWith("probe "))) {
                capture.clear();
                return;
            }
            assertTrue(System.currentTimeMillis() < deadline, "no probe arrived at " + target);
            Thread.sleep(50);
        }
    }

    @Test
    void aDatabaseBuildLogsItsLevelsAtInfo() throws Exception {
        Capture capture = watch(BUILD_LOGGER, Level.INFO);
        awaitProbe(BUILD_TARGET, 3, capture);

        Square1Database.build(dir.resolve("article-3.db"), DatabaseVariant.ARTICLE, 3, 0, null, null);

        List<Seen> seen = capture.seen();
        List<String> levels = seen.stream().map(s -> s.message).filter(m -> m.startsWith("level "))
                .collect(Collectors.toList());
        assertEquals(2, levels.size(), "one record per computed level: " + levels);
        assertTrue(levels.get(0).startsWith("level 2: 32 ("), levels.get(0));
        assertTrue(levels.get(1).startsWith("level 3: 536 ("), levels.get(1));
        assertTrue(seen.stream().anyMatch(s -> s.message.startsWith("building the article database into ")),
                "the start is logged");
        assertTrue(seen.stream().anyMatch(s -> s.message.contains(" complete: 569 classes in levels 1..3")),
                "the end is logged");
        for (Seen s : seen) {
            assertEquals(BUILD_LOGGER, s.logger, s.message);
            assertEquals(Level.INFO, s.level, s.message);
            // The engine logs levels from the calling thread; a record from a worker arrives on
            // a daemon thread the library attached.
            if (s.thread != Thread.currentThread()) {
                assertTrue(s.thread.isDaemon(), "a worker's record on " + s.thread + ": " + s.message);
            }
        }
    }

    @Test
    void atWarningADatabaseBuildLogsNothing() {
        Capture capture = watch(BUILD_LOGGER, Level.WARNING);

        Square1Database.build(dir.resolve("article-2.db"), DatabaseVariant.ARTICLE, 2, 0, null, null);

        assertEquals(List.of(), capture.messages());
    }

    @Test
    void aPendingListenerExceptionSurvivesTheRecordsLoggedAfterIt() throws Exception {
        // The engine logs "database build ... stopped" at warn while the listener's exception is
        // pending on this thread: the record is delivered and the exception still propagates.
        Capture capture = watch(BUILD_LOGGER, Level.WARNING);
        awaitProbe(BUILD_TARGET, 2, capture);
        IllegalStateException thrown = new IllegalStateException("listener failed");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Square1Database.build(dir.resolve("stopped.db"), DatabaseVariant.ARTICLE, 3, 0, p -> {
                    throw thrown;
                }, null));
        assertSame(thrown, e);
        assertTrue(capture.messages().stream().anyMatch(m -> m.startsWith("database build ")
                && m.contains(" stopped: ")), "the stop is logged: " + capture.messages());
    }

    @Test
    void aLevelChangeTakesEffectWithoutARestart() throws Exception {
        Capture capture = watch("org.twisty.test.refresh", Level.WARNING);
        Debug.log("twisty::test::refresh", 3, "hidden");
        assertEquals(List.of(), capture.messages(), "info is below the logger's level");

        Logger.getLogger("org.twisty.test.refresh").setLevel(Level.INFO);
        awaitProbe("twisty::test::refresh", 3, capture);
        Debug.log("twisty::test::refresh", 3, "shown");
        assertEquals(List.of("shown"), capture.messages());
    }

    /** Counts what reaches java.util.logging itself, before its own level check. */
    static final class CountingLogger extends Logger {
        final AtomicInteger levelQuestions = new AtomicInteger();
        final AtomicInteger logCalls = new AtomicInteger();

        CountingLogger(String name) {
            super(name, null);
        }

        @Override
        public boolean isLoggable(Level level) {
            levelQuestions.incrementAndGet();
            return super.isLoggable(level);
        }

        @Override
        public void log(Level level, String msg) {
            logCalls.incrementAndGet();
            super.log(level, msg);
        }
    }

    @Test
    void recordsBelowTheLevelNeverCrossIntoJava() {
        // Registered before anyone asks for the name, so System.getLogger finds this one.
        CountingLogger logger = new CountingLogger("org.twisty.test.filter");
        assertTrue(LogManager.getLogManager().addLogger(logger), "the name is this test's own");
        Capture capture = watch(logger, Level.WARNING);

        for (int i = 0; i < 1000; i++) {
            Debug.log("twisty::test::filter", 3, "info " + i);
        }
        Debug.log("twisty::test::filter", 2, "warn");

        assertEquals(List.of("warn"), capture.messages());
        assertEquals(1, logger.logCalls.get(), "only the warning crossed into Java");
        // One question is at most 5 isLoggable calls, asked about once a second, not per record.
        assertTrue(logger.levelQuestions.get() < 1000, "levels asked " + logger.levelQuestions.get() + " times");
    }

    @Test
    void eightJavaThreadsAtOnceLoseNothing() throws Exception {
        Capture capture = watch("org.twisty.test.threads", Level.INFO);
        int threads = 8;
        int records = 200;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < records; i++) {
                        Debug.log("twisty::test::threads", 3, "java thread " + thread + " record " + i);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(PATIENCE_MILLIS, TimeUnit.MILLISECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        Set<String> expected = new HashSet<>();
        for (int t = 0; t < threads; t++) {
            for (int i = 0; i < records; i++) {
                expected.add("java thread " + t + " record " + i);
            }
        }
        List<String> got = capture.messages();
        assertEquals(threads * records, got.size());
        assertEquals(expected, new HashSet<>(got));
    }

    @Test
    void nativeThreadsAreAttachedOnceAsDaemonsAndDetachedWhenTheyEnd() {
        Capture capture = watch("org.twisty.test.native", Level.INFO);
        Debug.logFromNativeThreads("twisty::test::native", 8, 200);

        List<Seen> seen = capture.seen();
        assertEquals(8 * 200, seen.size());
        Map<String, Set<Thread>> javaThreads = new HashMap<>();
        for (Seen s : seen) {
            String nativeThread = s.message.substring(0, s.message.indexOf(" record "));
            javaThreads.computeIfAbsent(nativeThread, k -> new HashSet<>()).add(s.thread);
            assertNotEquals(Thread.currentThread(), s.thread);
            assertTrue(s.thread.isDaemon(), "attached as a daemon: " + s.thread);
            assertEquals("twisty-native", s.thread.getName());
        }
        assertEquals(8, javaThreads.size());
        for (Map.Entry<String, Set<Thread>> e : javaThreads.entrySet()) {
            assertEquals(1, e.getValue().size(), e.getKey() + " was attached once, not per record");
            Thread t = e.getValue().iterator().next();
            assertFalse(t.isAlive(), e.getKey() + " detached when it ended");
        }
        Set<String> messages = seen.stream().map(s -> s.message).collect(Collectors.toSet());
        assertEquals(8 * 200, messages.size(), "every record exactly once");
    }

    @Test
    void aThrowingHandlerNeverReachesTheEngine() throws Exception {
        Capture capture = watch("org.twisty.test.throwing", Level.INFO);
        capture.throwing = true;
        // From a Java thread: the call returns normally, with nothing pending.
        Debug.log("twisty::test::throwing", 3, "first");
        // From native threads: nothing is left pending on them (they would fail to detach).
        Debug.logFromNativeThreads("twisty::test::throwing", 2, 3);
        capture.throwing = false;
        Debug.log("twisty::test::throwing", 3, "after");

        List<String> got = capture.messages();
        assertEquals(1 + 2 * 3 + 1, got.size(), got.toString());
        assertEquals("first", got.get(0));
        assertEquals("after", got.get(got.size() - 1));
    }

    @Test
    void debugLogRefusesBadArguments() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Debug.log("twisty::test::bad", 6, "x"));
        assertEquals("level must be between 1 and 5 (got 6)", e.getMessage());
        NullPointerException n = assertThrows(NullPointerException.class, () -> Debug.log(null, 3, "x"));
        assertEquals("target must not be null", n.getMessage());
    }
}
