package org.twisty.sq1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.twisty.BuildProgress;
import org.twisty.Cancellation;
import org.twisty.DatabaseException;
import org.twisty.HostileFiles;
import org.twisty.InvalidStateException;

/**
 * The database API against a small partial database (levels 1..3, the article variant) built once
 * for the class in a temporary directory. Each build writes a sparse file of 4.5 GB, so the class
 * builds that database once (cancelled from its listener, then resumed) and runs only short
 * cancelled builds besides.
 */
class Square1DatabaseTest {
    @TempDir
    static Path dir;

    static Path path;
    static Square1Database db;
    static List<BuildProgress> reports;
    static List<Thread> reportThreads;
    static Thread builder;
    static BuildProgress cancelledAt;

    /** Silver states within 2 twists of solved (so within the 3 levels), from the generated vectors. */
    static List<Square1State> states;

    @BeforeAll
    static void buildCancelResumeAndOpen() throws IOException {
        path = dir.resolve("article-3.db");
        builder = Thread.currentThread();

        // A build cancelled from its listener throws CancellationException and leaves a partial file.
        try (Cancellation cancellation = new Cancellation()) {
            AtomicReference<BuildProgress> first = new AtomicReference<>();
            CancellationException e = assertThrows(CancellationException.class,
                    () -> Square1Database.build(path, DatabaseVariant.ARTICLE, 3, 0, p -> {
                        first.compareAndSet(null, p);
                        cancellation.cancel();
                    }, cancellation));
            assertTrue(e.getMessage().startsWith("database build cancelled during level "), e.getMessage());
            assertTrue(cancellation.isCancelled());
            cancelledAt = first.get();
        }
        assertFalse(Files.exists(path), "a cancelled build must not leave the database itself");
        assertTrue(Files.exists(dir.resolve("article-3.db.partial")), "a cancelled build leaves <path>.partial");

        // The same build again resumes and completes.
        reports = Collections.synchronizedList(new ArrayList<>());
        reportThreads = Collections.synchronizedList(new ArrayList<>());
        Square1Database.build(path, DatabaseVariant.ARTICLE, 3, 0, p -> {
            reports.add(p);
            reportThreads.add(Thread.currentThread());
        }, null);
        assertTrue(Files.exists(path));
        assertFalse(Files.exists(dir.resolve("article-3.db.partial")));
        db = Square1Database.open(path);

        states = new ArrayList<>();
        for (String line : Files.readAllLines(vectorsDir().resolve("sq1_generated_db.tsv"), StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", -1);
            if (f[0].equals("db_distance") && f[1].equals("$DB/article-4.db") && f[3].matches("ok:[012]")) {
                states.add(Square1State.parse(f[2]));
            }
        }
        assertTrue(states.size() >= 5, "states within 2 twists in sq1_generated_db.tsv: " + states);
    }

    static Path vectorsDir() {
        String d = System.getProperty("twisty.vectors.dir");
        return d != null ? Paths.get(d) : Paths.get("..", "tests", "vectors");
    }

    @AfterAll
    static void closeDatabase() {
        if (db != null) {
            db.close();
        }
    }

    @Test
    void theListenerRanOnTheCallingThreadAndFoundGrew() {
        assertTrue(cancelledAt != null, "the cancelled build reported before it stopped");
        assertTrue(reports.size() >= 2, "reports: " + reports);
        for (Thread t : reportThreads) {
            assertSame(builder, t, "reports arrive on the thread that called build");
        }
        long found = 0;
        for (BuildProgress p : reports) {
            assertTrue(p.found() >= found, "found never shrinks: " + reports);
            assertTrue(p.done() <= p.total(), p.toString());
            assertTrue(p.etaMillis() >= -1 && p.elapsedMillis() >= 0, p.toString());
            assertTrue(p.level() >= 1 && p.level() <= 3, p.toString());
            found = p.found();
        }
        assertTrue(reports.get(reports.size() - 1).found() > reports.get(0).found(), "found grows: " + reports);
    }

    @Test
    void aPartialDatabaseOfThreeLevels() {
        assertEquals(DatabaseVariant.ARTICLE, db.variant());
        assertArrayEquals(new long[] {1, 32, 536}, db.levelCounts());
        assertFalse(db.isFull());
        db.verify();
    }

    @Test
    void solutionsSolve() {
        Square1State solved = Square1State.solved(Colouring.SILVER);
        assertEquals(0, db.distance(solved));
        assertEquals("", db.solve(solved).wca());
        boolean sawFlipped = false;
        for (Square1State s : states) {
            DatabaseSolution sol = db.solve(s);
            assertEquals(db.distance(s), sol.twists());
            assertEquals(sol.wca(), sol.toString());
            Square1State end = sol.endsUpsideDown() ? s.apply(sol.article(), Notation.ARTICLE) : s.apply(sol.wca());
            assertTrue(end.isSolvedIgnoringMiddle(), s + " + " + sol.article() + " = " + end);
            sawFlipped |= sol.endsUpsideDown();
            // Every solution of the stream and of the iterator is a shortest one, the first is solve's.
            List<DatabaseSolution> all;
            try (Stream<DatabaseSolution> stream = db.solutions(s, Long.MAX_VALUE)) {
                all = stream.collect(Collectors.toList());
            }
            assertEquals(sol, all.get(0));
            for (DatabaseSolution other : all) {
                assertEquals(sol.twists(), other.twists());
                Square1State e = other.endsUpsideDown() ? s.apply(other.article(), Notation.ARTICLE) : s.apply(other.wca());
                assertTrue(e.isSolvedIgnoringMiddle(), s + " + " + other.article());
            }
            List<DatabaseSolution> viaIterator = new ArrayList<>();
            db.solutionsIterator(s, 3).forEachRemaining(viaIterator::add);
            assertEquals(all.subList(0, Math.min(3, all.size())), viaIterator);
        }
        assertTrue(sawFlipped, "the vector states include a solution that ends upside down");
        try (Stream<DatabaseSolution> none = db.solutions(solved, 0)) {
            assertEquals(0, none.count());
        }
    }

    @Test
    void solutionValueSemantics() {
        Square1State s = states.get(states.size() - 1);
        DatabaseSolution a = db.solve(s);
        DatabaseSolution b = db.solve(s);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, db.solve(Square1State.solved(Colouring.SILVER)));
        assertNotEquals(a, null);
        assertNotEquals(a, a.wca());
    }

    @Test
    void badStates() {
        assertThrows(InvalidStateException.class, () -> db.distance(Square1State.solved(Colouring.SIX_COLOUR)));
        try (Square1Tables tables = new Square1Tables()) {
            Square1State deep = tables.randomState(5, Colouring.SILVER); // deeper than 3 levels
            assertThrows(DatabaseException.class, () -> db.distance(deep));
            assertThrows(DatabaseException.class, () -> db.solve(deep));
            assertThrows(DatabaseException.class, () -> db.solutions(deep, 1));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> db.solutions(Square1State.solved(Colouring.SILVER), -1));
        assertEquals("limit must not be negative (got -1)", e.getMessage());
    }

    @Test
    void eightThreadsGiveTheSingleThreadedAnswers() throws Exception {
        List<String> expected = answers(db);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                futures.add(pool.submit(() -> {
                    List<String> last = null;
                    for (int round = 0; round < 20; round++) {
                        last = answers(db);
                    }
                    return last;
                }));
            }
            for (Future<List<String>> f : futures) {
                assertEquals(expected, f.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<String> answers(Square1Database d) {
        List<String> out = new ArrayList<>();
        for (Square1State s : states) {
            DatabaseSolution sol = d.solve(s);
            out.add(d.distance(s) + " " + sol.wca() + " " + sol.article() + " " + sol.endsUpsideDown());
        }
        return out;
    }

    @Test
    void closedDatabase() {
        Square1Database d = Square1Database.open(path);
        Square1State solved = Square1State.solved(Colouring.SILVER);
        d.close();
        assertTrue(d.isClosed());
        List<Executable> calls = List.of(d::variant, d::levelCounts, d::isFull, d::verify, () -> d.distance(solved),
                () -> d.solve(solved), () -> d.solutions(solved, 1), () -> d.solutionsIterator(solved, 1));
        for (Executable call : calls) {
            IllegalStateException e = assertThrows(IllegalStateException.class, call);
            assertEquals("Square1Database is closed", e.getMessage());
        }
        d.close(); // harmless
        assertTrue(d.isClosed());
    }

    @Test
    void iteratorsOutliveTheirDatabase() throws Exception {
        Square1State s = states.get(states.size() - 1);
        List<DatabaseSolution> all;
        try (Stream<DatabaseSolution> stream = db.solutions(s, Long.MAX_VALUE)) {
            all = stream.collect(Collectors.toList());
        }
        // Close the database while another thread iterates: the walk keeps its own reference.
        for (int round = 0; round < 20; round++) {
            Square1Database d = Square1Database.open(path);
            Iterator<DatabaseSolution> it = d.solutionsIterator(s, Long.MAX_VALUE);
            CountDownLatch started = new CountDownLatch(1);
            CompletableFuture<List<DatabaseSolution>> seen = CompletableFuture.supplyAsync(() -> {
                List<DatabaseSolution> got = new ArrayList<>();
                started.countDown();
                it.forEachRemaining(got::add);
                return got;
            });
            started.await();
            d.close();
            assertEquals(all, seen.get(30, TimeUnit.SECONDS));
            assertFalse(it.hasNext());
        }
    }

    @Test
    void closingAStreamWhileAnotherThreadIterates() throws Exception {
        Square1State s = states.get(states.size() - 1);
        for (int round = 0; round < 50; round++) {
            Stream<DatabaseSolution> stream = db.solutions(s, Long.MAX_VALUE);
            Iterator<DatabaseSolution> it = stream.iterator();
            CompletableFuture<Integer> seen = CompletableFuture.supplyAsync(() -> {
                int n = 0;
                while (it.hasNext()) {
                    it.next();
                    n++;
                }
                return n;
            });
            stream.close();
            try {
                assertTrue(seen.get(30, TimeUnit.SECONDS) >= 0);
            } catch (ExecutionException e) {
                assertTrue(e.getCause() instanceof IllegalStateException, e.toString());
                assertEquals("DatabaseSolutionIterator is closed", e.getCause().getMessage());
            }
            stream.close(); // harmless
        }
        // An iterator closed early (it is AutoCloseable) refuses to go on.
        Iterator<DatabaseSolution> it = db.solutionsIterator(s, Long.MAX_VALUE);
        assertTrue(it.hasNext());
        ((AutoCloseable) it).close();
        it.next(); // the one already fetched
        assertThrows(IllegalStateException.class, it::hasNext);
    }

    @Test
    void buildAsyncCancelledThroughItsFuture() throws Exception {
        Path other = dir.resolve("async.db");
        CountDownLatch reported = new CountDownLatch(1);
        CountDownLatch cancelIssued = new CountDownLatch(1);
        AtomicReference<Thread> reporter = new AtomicReference<>();
        CompletableFuture<Void> future = Square1Database.buildAsync(other, DatabaseVariant.MIDDLE, 3, 0, p -> {
            reporter.set(Thread.currentThread());
            reported.countDown();
            // Hold the build until the future is cancelled, so the cancel cannot come too late.
            try {
                cancelIssued.await(120, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertTrue(reported.await(120, TimeUnit.SECONDS), "the build reports");
        assertTrue(future.cancel(true));
        cancelIssued.countDown();
        assertTrue(future.isCancelled());
        assertThrows(CancellationException.class, future::get);
        assertEquals("twisty-db-build", reporter.get().getName());
        reporter.get().join(120_000); // the native build stops soon after
        assertFalse(reporter.get().isAlive(), "the native build stopped");
        assertFalse(Files.exists(other));
        assertTrue(Files.exists(dir.resolve("async.db.partial")));
    }

    @Test
    void buildAsyncFailures() {
        CompletableFuture<Void> future = Square1Database.buildAsync(dir.resolve("bad.db"), DatabaseVariant.ARTICLE, 16, 0, null);
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(60, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof IllegalArgumentException, e.toString());
        assertEquals("max_level 16 out of range 0..=15", e.getCause().getMessage());
        IllegalArgumentException neg = assertThrows(IllegalArgumentException.class,
                () -> Square1Database.build(dir.resolve("bad.db"), DatabaseVariant.ARTICLE, -1, 0, null, null));
        assertEquals("maxLevel must not be negative (got -1)", neg.getMessage());
    }

    @Test
    void aListenerThatThrowsStopsTheBuild() throws IOException {
        Path other = dir.resolve("throwing.db");
        RuntimeException boom = new RuntimeException("listener failed");
        List<BuildProgress> seen = new ArrayList<>();
        try (Cancellation cancellation = new Cancellation()) {
            RuntimeException e = assertThrows(RuntimeException.class,
                    () -> Square1Database.build(other, DatabaseVariant.ARTICLE, 3, 0, p -> {
                        seen.add(p);
                        throw boom;
                    }, cancellation));
            assertSame(boom, e);
            assertEquals(1, seen.size(), "no report after the listener threw");
            assertTrue(cancellation.isCancelled(), "a throwing listener cancels the build");
        }
        assertFalse(Files.exists(other));
    }

    @Test
    void existingCompleteDatabaseIsNotRebuilt() {
        List<BuildProgress> seen = new ArrayList<>();
        Square1Database.build(path, DatabaseVariant.ARTICLE, 3, 0, seen::add, null);
        assertTrue(seen.isEmpty());
        DatabaseException e = assertThrows(DatabaseException.class,
                () -> Square1Database.build(path, DatabaseVariant.MIDDLE, 3, 0, null, null));
        assertEquals(path + ": a different database exists there; remove it first", e.getMessage());
    }

    /** No regression may hang the suite: a call that used to block or run away fails the test here instead. */
    private static final Duration PROMPTLY = Duration.ofSeconds(20);

    /** {@code $DB} of the vectors: -Dtwisty.db.dir, else TWISTY_DB_DIR, else build/vector-dbs (as VectorTest). */
    static Path dbDir() {
        String d = System.getProperty("twisty.db.dir");
        if (d == null) {
            d = System.getenv("TWISTY_DB_DIR");
        }
        Path p = d != null ? Paths.get(d)
                : vectorsDir().toAbsolutePath().normalize().getParent().getParent().resolve(Paths.get("build", "vector-dbs"));
        return p.toAbsolutePath().normalize();
    }

    /** A damaged copy the Rust suite writes next to the vector databases. */
    private static Path damaged(String name) {
        Path p = dbDir().resolve(name);
        assertTrue(Files.isRegularFile(p), p + " is missing; the Rust suite writes it:"
                + " run `cargo test --release -p twisty --test vectors` first");
        return p;
    }

    @Test
    void aCorruptFileNeverAnswers() {
        // Data that fails its region's checksum: every answer reading it fails, the second time too.
        Path region = damaged("corrupt-region.db");
        Square1State solved = Square1State.solved(Colouring.SILVER);
        String mismatch = region + ": checksum mismatch in data region 253 (bytes 4518710596..4536571096)";
        try (Square1Database d = Square1Database.open(region)) {
            for (int round = 0; round < 2; round++) {
                assertEquals(mismatch, assertThrows(DatabaseException.class, () -> d.distance(solved)).getMessage());
                assertEquals(mismatch, assertThrows(DatabaseException.class, () -> d.solve(solved)).getMessage());
            }
        }
        // A state whose walk down finds no next level: the walk starts, its first step fails.
        Path deadEnd = damaged("corrupt-dead-end.db");
        Square1State state = Square1State.parse("LLfAAmbCCiJJ|PPbEEifGGmNN|K");
        String noWayDown = deadEnd + ": level 2 stored for " + state
                + ", but no state one twist away has level 1: the file is corrupt";
        try (Square1Database d = Square1Database.open(deadEnd)) {
            Iterator<DatabaseSolution> it = d.solutionsIterator(state, 5);
            DatabaseException e = assertThrows(DatabaseException.class, it::hasNext);
            assertEquals(4, e.code());
            assertEquals(noWayDown, e.getMessage());
            assertFalse(it.hasNext(), "nothing after the error");
            assertThrows(java.util.NoSuchElementException.class, it::next);
            try (Stream<DatabaseSolution> all = d.solutions(state, 5)) {
                assertEquals(noWayDown, assertThrows(DatabaseException.class, () -> all.collect(Collectors.toList()))
                        .getMessage());
            }
            assertEquals(noWayDown, assertThrows(DatabaseException.class, () -> d.solve(state)).getMessage());
        }
    }

    @Test
    void aFifoIsRefusedAtOnce() throws Exception {
        Path fifo = HostileFiles.mkfifo(dir.resolve("fifo.db"));
        String message = fifo + ": is not a regular file (it is a FIFO)";
        DatabaseException e = assertTimeoutPreemptively(PROMPTLY,
                () -> assertThrows(DatabaseException.class, () -> Square1Database.open(fifo)));
        assertEquals(4, e.code());
        assertEquals(message, e.getMessage());
        assertEquals(message, assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(DatabaseException.class,
                () -> Square1Database.build(fifo, DatabaseVariant.ARTICLE, 2, 0, null, null))).getMessage());
        assertFalse(Files.exists(HostileFiles.partial(fifo)));
    }

    @Test
    void tooManyThreadsAreRefusedBeforeAnyWork() {
        Path p = dir.resolve("threads.db");
        String message = "threads 100000 out of range 0..=256";
        List<BuildProgress> seen = Collections.synchronizedList(new ArrayList<>());
        IllegalArgumentException e = assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(IllegalArgumentException.class,
                () -> Square1Database.build(p, DatabaseVariant.ARTICLE, 2, 100000, seen::add, null)));
        assertEquals(message, e.getMessage());
        ExecutionException async = assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(ExecutionException.class,
                () -> Square1Database.buildAsync(p, DatabaseVariant.ARTICLE, 2, 100000, seen::add).get()));
        assertTrue(async.getCause() instanceof IllegalArgumentException, async.toString());
        assertEquals(message, async.getCause().getMessage());
        assertEquals(List.of(), seen);
        assertFalse(Files.exists(p));
        assertFalse(Files.exists(HostileFiles.partial(p)));
    }

    @Test
    void aBuildCancelledBeforeItStartsCreatesNothing() throws Exception {
        Path p = dir.resolve("cancelled-first.db");
        Path async = dir.resolve("cancelled-first-async.db");
        String message = "database build cancelled before it started";
        List<BuildProgress> seen = Collections.synchronizedList(new ArrayList<>());
        try (Cancellation c = new Cancellation()) {
            c.cancel();
            CancellationException e = assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(CancellationException.class,
                    () -> Square1Database.build(p, DatabaseVariant.ARTICLE, 2, 0, seen::add, c)));
            assertEquals(message, e.getMessage());
            CompletableFuture<Void> future = Square1Database.buildAsync(async, DatabaseVariant.MIDDLE, 2, 0, seen::add, c);
            CancellationException f = assertTimeoutPreemptively(PROMPTLY,
                    () -> assertThrows(CancellationException.class, future::get));
            assertEquals(message, f.getMessage());
            assertTrue(future.isCancelled());
            assertFalse(c.isClosed(), "the caller's flag stays the caller's to close");
        }
        assertEquals(List.of(), seen);
        for (Path q : List.of(p, async)) {
            assertFalse(Files.exists(q), q + ": no database");
            assertFalse(Files.exists(HostileFiles.partial(q)), q + ": no .partial");
        }
    }

    @Test
    void buildAsyncCancelledThroughTheCallersFlag() throws Exception {
        Path other = dir.resolve("async-flag.db");
        CountDownLatch reported = new CountDownLatch(1);
        CountDownLatch cancelIssued = new CountDownLatch(1);
        try (Cancellation c = new Cancellation()) {
            // The first report holds the build until the flag is cancelled, so it cannot finish first.
            CompletableFuture<Void> future = Square1Database.buildAsync(other, DatabaseVariant.ARTICLE, 3, 0, p -> {
                reported.countDown();
                try {
                    cancelIssued.await(10, TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, c);
            assertTrue(reported.await(120, TimeUnit.SECONDS), "the build reports");
            c.cancel();
            cancelIssued.countDown();
            // The future completes with the build's CancellationException, which get() throws as it is.
            CancellationException e = assertThrows(CancellationException.class, () -> future.get(120, TimeUnit.SECONDS));
            // A small build may be saving its last level when the flag is seen: both leave the
            // .partial to resume.
            assertTrue(e.getMessage().startsWith("database build cancelled during level ")
                    || e.getMessage().startsWith("database build cancelled while saving"), e.getMessage());
        }
        assertFalse(Files.exists(other));
        assertTrue(Files.exists(dir.resolve("async-flag.db.partial")), "left to resume");
    }

    @Test
    void cancellationContract() {
        Cancellation c = new Cancellation();
        assertFalse(c.isCancelled());
        c.cancel();
        c.cancel();
        assertTrue(c.isCancelled());
        c.close();
        c.close();
        assertThrows(IllegalStateException.class, c::cancel);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Square1Database.build(dir.resolve("never.db"), DatabaseVariant.ARTICLE, 3, 0, null, c));
        assertEquals("Cancellation is closed", e.getMessage());
        assertFalse(Files.exists(dir.resolve("never.db.partial")));
    }

    @Test
    void nullArguments() {
        Square1State solved = Square1State.solved(Colouring.SILVER);
        Path p = dir.resolve("null.db");
        assertNpe("path", () -> Square1Database.open(null));
        assertNpe("state", () -> db.distance(null));
        assertNpe("state", () -> db.solve(null));
        assertNpe("state", () -> db.solutions(null, 1));
        assertNpe("state", () -> db.solutionsIterator(null, 1));
        assertNpe("path", () -> Square1Database.build(null, DatabaseVariant.ARTICLE, 3, 0, null, null));
        assertNpe("variant", () -> Square1Database.build(p, null, 3, 0, null, null));
        assertNpe("path", () -> Square1Database.buildAsync(null, DatabaseVariant.ARTICLE, 3, 0, null));
        assertNpe("variant", () -> Square1Database.buildAsync(p, null, 3, 0, null));
        assertNpe("phase", () -> new BuildProgress(null, 0, 0, 0, 0, 0, -1));
        assertEquals(0, db.distance(solved));
    }

    private static void assertNpe(String name, Executable call) {
        NullPointerException e = assertThrows(NullPointerException.class, call);
        assertEquals(name + " must not be null", e.getMessage());
    }
}
