package org.twisty.cube3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.twisty.Cancellation;
import org.twisty.DatabaseException;
import org.twisty.Debug;
import org.twisty.HostileFiles;
import org.twisty.InvalidNotationException;
import org.twisty.InvalidStateException;
import org.twisty.NativeObject;
import org.twisty.TwistyException;

/**
 * The 3x3x3 two-phase solver against the table file the Rust suite writes
 * ({@code build/vector-dbs/cube3-twophase.tbl}, found like the vectors' {@code $DB} files):
 * solutions checked by applying them, bounds, errors, cancellation and timeouts, the handle
 * contract and one solver shared by many threads.
 */
class Cube3SolverTest {
    @TempDir
    static Path dir;

    static Path path;
    static Cube3Solver solver;

    /**
     * The superflip with a bound of 17: it needs 20 moves, so no solution that short exists and the
     * search can end only at a limit (or after exhausting every phase-1 path of up to 17 moves:
     * hours), whatever the machine's speed.
     */
    static final Cube HARD = Cube.fromMoves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    static final int HARD_BOUND = 17;

    @BeforeAll
    static void open() {
        path = dbDir().resolve("cube3-twophase.tbl");
        assertTrue(Files.isRegularFile(path), "the 3x3x3 table file is missing: " + path
                + ". The Rust suite writes it: run `cargo test --release -p twisty --test vectors` first (make test"
                + " does), or point -Dtwisty.db.dir / TWISTY_DB_DIR at its directory");
        solver = Cube3Solver.openExisting(path);
    }

    @AfterAll
    static void close() {
        if (solver != null) {
            solver.close();
        }
    }

    /** {@code $DB} of the vectors: -Dtwisty.db.dir, else TWISTY_DB_DIR, else build/vector-dbs (as VectorTest). */
    static Path dbDir() {
        String d = System.getProperty("twisty.db.dir");
        if (d == null) {
            d = System.getenv("TWISTY_DB_DIR");
        }
        String vectors = System.getProperty("twisty.vectors.dir");
        Path vectorsDir = vectors != null ? Paths.get(vectors) : Paths.get("..", "tests", "vectors");
        Path path = d != null ? Paths.get(d)
                : vectorsDir.toAbsolutePath().normalize().getParent().getParent().resolve(Paths.get("build", "vector-dbs"));
        return path.toAbsolutePath().normalize();
    }

    /** Moves in a solution's canonical text. */
    private static int length(String solution) {
        return solution.isEmpty() ? 0 : solution.split(" ").length;
    }

    /** Checks a solution: it solves the cube, is plain face turns, and is within the bound. */
    private static void assertSolves(Cube cube, String solution, int maxLength) {
        assertTrue(cube.apply(solution).isSolved(), cube + " + " + solution);
        assertTrue(length(solution) <= maxLength, solution + " is longer than " + maxLength);
        assertEquals(Moves.canonical(solution), solution, "canonical text");
        assertFalse(solution.contains("(") || solution.contains("w") || solution.matches(".*[MESxyz].*"), solution);
    }

    @Test
    void randomCubesAreSolvedWithinTheBound() {
        for (long seed = 0; seed < 30; seed++) {
            Cube cube = Cube.random(seed);
            int bound = seed < 10 ? 20 : 21;
            String s = solver.solve(cube, bound);
            assertSolves(cube, s, bound);
            assertEquals(s, solver.solve(cube, bound), "deterministic");
        }
        Cube cube = Cube.random(99);
        assertEquals(solver.solve(cube, 21), solver.solve(cube), "the default bound is 21");
        assertEquals(21, Cube3Solver.DEFAULT_MAX_LENGTH);
    }

    @Test
    void cubesInAnyOrientationAreSolvedInSpace() {
        for (String moves : new String[] {"x R U' y F2", "Rw U M' E2 S", "y2 (R U R') F", "z' Fw2 Lw' x2",
                "x y2 U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2 z"}) {
            Cube cube = Cube.fromMoves(moves);
            assertFalse(cube.isSolved());
            assertSolves(cube, solver.solve(cube, 21), 21);
        }
        Cube rotated = Cube.random(5).apply("x y2");
        assertSolves(rotated, solver.solve(rotated, 20), 20);
        // A rotation alone: the pieces are solved, the solution is empty.
        assertEquals("", solver.solve(Cube.fromMoves("x y"), 0));
    }

    @Test
    void shortCubesAndTheBound() {
        assertEquals("", solver.solve(Cube.solved(), 0));
        assertEquals("", solver.solve(Cube.solved(), 40));
        for (String moves : new String[] {"R", "R U", "R U F", "R U F' L2 D B'"}) {
            Cube cube = Cube.fromMoves(moves);
            int n = length(moves);
            assertSolves(cube, solver.solve(cube, n), n);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> solver.solve(cube, n - 1));
            assertEquals("no solution of at most " + (n - 1) + " moves exists for this cube", e.getMessage());
        }
        assertEquals("max_length 41 is out of range 0..=40",
                assertThrows(IllegalArgumentException.class, () -> solver.solve(Cube.solved(), 41)).getMessage());
        assertEquals("max_length 2147483647 is out of range 0..=40", assertThrows(IllegalArgumentException.class,
                () -> solver.solve(Cube.solved(), Integer.MAX_VALUE)).getMessage());
        assertEquals("maxLength must not be negative (got -1)",
                assertThrows(IllegalArgumentException.class, () -> solver.solve(Cube.solved(), -1)).getMessage());
        assertEquals("timeout must not be negative (got -1 ms)", assertThrows(IllegalArgumentException.class,
                () -> solver.solve(Cube.solved(), 21, Duration.ofMillis(-1), null)).getMessage());
        assertEquals(0, org.twisty.NativeObject.timeoutMillis(null));
        assertEquals(0, org.twisty.NativeObject.timeoutMillis(Duration.ZERO));
        assertEquals(1, org.twisty.NativeObject.timeoutMillis(Duration.ofNanos(1)), "rounded up, never 'no limit'");
        assertEquals(Long.MAX_VALUE, org.twisty.NativeObject.timeoutMillis(Duration.ofSeconds(Long.MAX_VALUE)));
    }

    @Test
    void defaultTableFileIsAPerUserCacheFile() {
        Path p = Cube3Solver.defaultTableFile();
        assertTrue(p.getFileName().toString().matches("cube3-twophase-v\\d+\\.tbl"), p.toString());
        assertTrue(p.isAbsolute(), p.toString());
    }

    // ---- table files ----------------------------------------------------------------------------

    @Test
    void openBuildsAMissingFileAndCanBeCancelled() throws Exception {
        Path fresh = dir.resolve("sub").resolve("fresh.tbl");
        // Cancelled before the build starts: nothing is written.
        try (Cancellation c = new Cancellation()) {
            c.cancel();
            assertEquals("opening the 3x3x3 table file was cancelled before it started",
                    assertThrows(CancellationException.class, () -> Cube3Solver.open(fresh, c)).getMessage());
        }
        assertFalse(Files.exists(fresh.getParent()), "not even the folder was created");
        // Progress: one report per finished level, on the calling thread; the listener cancels.
        List<org.twisty.BuildProgress> reports = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        try (Cancellation c = new Cancellation()) {
            assertThrows(CancellationException.class, () -> Cube3Solver.open(fresh, p -> {
                reports.add(p);
                threads.add(Thread.currentThread());
                if (reports.size() == 2) {
                    c.cancel();
                }
            }, c));
        }
        assertEquals(2, reports.size());
        assertEquals("3x3x3 tables: phase-1 distance 1", reports.get(0).phase());
        assertEquals(2, reports.get(1).level());
        assertTrue(reports.get(1).done() > reports.get(0).done());
        assertEquals(List.of(Thread.currentThread(), Thread.currentThread()), threads);
        assertFalse(Files.exists(fresh));
        // Cancelled from another thread while it builds: the first report (a finished level)
        // waits for the cancel, so the build cannot finish before it, however fast the machine.
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Cancellation c = new Cancellation()) {
            CountDownLatch building = new CountDownLatch(1);
            CountDownLatch cancelIssued = new CountDownLatch(1);
            Future<Cube3Solver> f = pool.submit(() -> Cube3Solver.open(fresh, p -> {
                building.countDown();
                try {
                    cancelIssued.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, c));
            assertTrue(building.await(10, TimeUnit.MINUTES));
            c.cancel();
            cancelIssued.countDown();
            ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.MINUTES));
            assertTrue(e.getCause() instanceof CancellationException, e.getCause().toString());
        } finally {
            pool.shutdownNow();
        }
        assertFalse(Files.exists(fresh));
        // Built and saved: the same file as the Rust suite's, the same answers.
        Cube cube = Cube.random(11);
        try (Cube3Solver s = Cube3Solver.open(fresh)) {
            assertEquals(solver.solve(cube, 21), s.solve(cube, 21));
        }
        assertEquals(Files.size(path), Files.size(fresh));
        try (Cube3Solver s = Cube3Solver.open(fresh, null)) { // usable: opened, not rebuilt
            assertEquals(solver.solve(cube, 20), s.solve(cube, 20));
        }
    }

    @Test
    void openAsyncCancelledThroughItsFuture() throws Exception {
        Path fresh = dir.resolve("async.tbl");
        CountDownLatch reported = new CountDownLatch(1);
        List<Thread> threads = java.util.Collections.synchronizedList(new ArrayList<>());
        CountDownLatch cancelIssued = new CountDownLatch(1);
        java.util.concurrent.CompletableFuture<Cube3Solver> future = Cube3Solver.openAsync(fresh, p -> {
            threads.add(Thread.currentThread());
            reported.countDown();
            // Hold the build until the future is cancelled, so the cancel cannot come too late.
            try {
                cancelIssued.await(10, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertTrue(reported.await(120, TimeUnit.SECONDS), "the build reported");
        assertTrue(future.cancel(true));
        cancelIssued.countDown();
        assertThrows(CancellationException.class, future::join);
        Thread builder = threads.get(0);
        assertEquals("twisty-cube3-open", builder.getName());
        builder.join(120_000);
        assertFalse(builder.isAlive(), "the build stopped");
        assertFalse(Files.exists(fresh));

        // On a usable file the future completes with an open solver.
        Cube cube = Cube.random(12);
        try (Cube3Solver s = Cube3Solver.openAsync(path, null).get(120, TimeUnit.SECONDS)) {
            assertEquals(solver.solve(cube, 21), s.solve(cube, 21));
        }
    }

    @Test
    void openExistingRefusesMissingTruncatedAndForeignFiles() throws IOException {
        byte[] good = Files.readAllBytes(path);
        Path truncated = dir.resolve("truncated.tbl");
        Files.write(truncated, java.util.Arrays.copyOf(good, good.length - 1));
        byte[] magic = good.clone();
        magic[0] ^= 0x55;
        Path badMagic = dir.resolve("bad-magic.tbl");
        Files.write(badMagic, magic);
        Path empty = dir.resolve("empty.tbl");
        Files.write(empty, new byte[0]);
        Path missing = dir.resolve("missing.tbl");
        Path sq1 = path.resolveSibling("sq1-solver.tbl");

        for (Path p : List.of(truncated, badMagic, empty, missing, dir, sq1)) {
            DatabaseException e = assertThrows(DatabaseException.class, () -> Cube3Solver.openExisting(p), p.toString());
            assertEquals(TwistyException.DATABASE, e.code());
            assertTrue(e.getMessage().startsWith("3x3x3 table file " + p + ": "), e.getMessage());
        }
        assertTrue(assertThrows(DatabaseException.class, () -> Cube3Solver.openExisting(truncated)).getMessage()
                .endsWith("(truncated or damaged)"));
        assertTrue(assertThrows(DatabaseException.class, () -> Cube3Solver.openExisting(badMagic)).getMessage()
                .endsWith("not a twisty 3x3x3 table file (bad magic)"));
        assertTrue(assertThrows(DatabaseException.class, () -> Cube3Solver.openExisting(missing)).getMessage()
                .contains("cannot open"));
        assertFalse(Files.exists(missing), "openExisting never builds");
        byte[] damaged = good.clone();
        damaged[damaged.length - 1] ^= 1;
        Path corrupt = dir.resolve("corrupt.tbl");
        Files.write(corrupt, damaged);
        assertTrue(assertThrows(DatabaseException.class, () -> Cube3Solver.openExisting(corrupt)).getMessage()
                .endsWith("fails its checksum (damaged)"));
        for (String name : List.of("cube3-twophase-truncated.tbl", "cube3-twophase-bad-magic.tbl",
                "cube3-twophase-bad-version.tbl")) {
            Path p = path.resolveSibling(name);
            assertEquals(4, assertThrows(DatabaseException.class, () -> Cube3Solver.openExisting(p)).code());
        }
    }

    /** No regression may hang the suite: a call that used to block or build fails the test here instead. */
    private static final Duration PROMPTLY = Duration.ofSeconds(20);

    @Test
    void openRefusesFilesOfAnotherKindAndLeavesThemAlone() throws Exception {
        Path here = Files.createDirectory(dir.resolve("foreign"));
        // The start of each file is enough for the engine to tell its kind (by its header).
        Path silver = HostileFiles.prefixCopy(dbDir().resolve("article-2.db"), here.resolve("silver.db"), 1 << 20);
        Path sq1 = HostileFiles.prefixCopy(dbDir().resolve("sq1-solver.tbl"), here.resolve("sq1.tbl"), 1 << 20);
        Path notes = Files.write(here.resolve("notes.txt"), "a user's notes, not a table\n".getBytes(StandardCharsets.UTF_8));
        List<Path> files = List.of(silver, sq1, notes);
        List<String> kinds = List.of("(it is a twisty Silver database)", "(it is a twisty Square-1 solver table file)",
                "(bad magic)");
        for (int i = 0; i < files.size(); i++) {
            Path p = files.get(i);
            byte[] before = Files.readAllBytes(p);
            FileTime modified = Files.getLastModifiedTime(p);
            List<org.twisty.BuildProgress> reports = Collections.synchronizedList(new ArrayList<>());
            DatabaseException e = assertTimeoutPreemptively(PROMPTLY,
                    () -> assertThrows(DatabaseException.class, () -> Cube3Solver.open(p, reports::add, null)));
            assertEquals(4, e.code());
            assertEquals("3x3x3 table file " + p + ": not a twisty 3x3x3 table file " + kinds.get(i)
                    + "; it was left alone (remove it, or choose another path)", e.getMessage());
            assertEquals(List.of(), reports, "refused before building");
            assertArrayEquals(before, Files.readAllBytes(p), p + " is unchanged");
            assertEquals(modified, Files.getLastModifiedTime(p), p + " was not rewritten");
            assertFalse(Files.exists(HostileFiles.partial(p)), "no .partial next to " + p);
        }
        try (Stream<Path> left = Files.list(here)) {
            assertEquals(Set.copyOf(files), left.collect(Collectors.toSet()), "nothing else was written");
        }
    }

    @Test
    void aFifoIsRefusedAtOnceEvenWithACancellation() throws Exception {
        Path fifo = HostileFiles.mkfifo(dir.resolve("fifo.tbl"));
        String message = "3x3x3 table file " + fifo + ": is not a regular file (it is a FIFO)";
        List<org.twisty.BuildProgress> reports = Collections.synchronizedList(new ArrayList<>());
        try (Cancellation c = new Cancellation()) {
            DatabaseException e = assertTimeoutPreemptively(PROMPTLY,
                    () -> assertThrows(DatabaseException.class, () -> Cube3Solver.open(fifo, reports::add, c)));
            assertEquals(4, e.code());
            assertEquals(message, e.getMessage());
            assertFalse(c.isCancelled());
        }
        assertEquals(List.of(), reports);
        DatabaseException e = assertTimeoutPreemptively(PROMPTLY,
                () -> assertThrows(DatabaseException.class, () -> Cube3Solver.openExisting(fifo)));
        assertEquals(message, e.getMessage());
        assertFalse(Files.exists(HostileFiles.partial(fifo)));
        assertFalse(Files.isRegularFile(fifo), "the FIFO is still a FIFO");
    }

    @Test
    void timeoutsFollowTheOneRule() {
        List<Duration> negative = List.of(Duration.ofNanos(-1), Duration.ofMillis(-1), Duration.ofSeconds(-2),
                Duration.ofSeconds(Long.MIN_VALUE));
        List<String> got = List.of("-1", "-1", "-2000", String.valueOf(Long.MIN_VALUE));
        for (int i = 0; i < negative.size(); i++) {
            Duration t = negative.get(i);
            assertEquals("timeout must not be negative (got " + got.get(i) + " ms)",
                    assertThrows(IllegalArgumentException.class, () -> solver.solve(Cube.random(4), 21, t, null))
                            .getMessage());
        }
        assertEquals(-1, NativeObject.timeoutMillis(Duration.ofNanos(-1)), "rounded away from zero, never 'no limit'");
        // Zero is no limit; a sub-millisecond timeout is a limit (1 ms), not "none".
        Cube cube = Cube.random(4);
        assertEquals(solver.solve(cube, 21), solver.solve(cube, 21, Duration.ZERO, null));
        CancellationException e = assertTimeoutPreemptively(PROMPTLY,
                () -> assertThrows(CancellationException.class, () -> solver.solve(HARD, HARD_BOUND, Duration.ofNanos(1), null)));
        assertEquals("the search reached its deadline before finding a solution of at most 17 moves", e.getMessage());
    }

    // ---- errors ---------------------------------------------------------------------------------

    @Test
    void badCubesFailWhenTheyAreParsed() {
        assertEquals(1, assertThrows(InvalidNotationException.class, () -> Cube.parse("ABCDEFGH=ABCDEFGHIJKL=")).code());
        assertEquals("edge and corner permutation parities differ",
                assertThrows(InvalidStateException.class, () -> Cube.parse("BACDEFGH=ABCDEFGHIJKL=A")).getMessage());
    }

    private static DynamicTest nullCase(String call, String expectedMessage, Executable executable) {
        return DynamicTest.dynamicTest(call + " throws NullPointerException", () -> {
            NullPointerException e = assertThrows(NullPointerException.class, executable);
            assertEquals(expectedMessage, e.getMessage());
        });
    }

    @TestFactory
    Stream<DynamicTest> everyPublicMethodRejectsNullArguments() {
        return Stream.of(
                nullCase("Cube3Solver.open(null)", "path must not be null", () -> Cube3Solver.open(null)),
                nullCase("Cube3Solver.open(null, c)", "path must not be null",
                        () -> Cube3Solver.open(null, null)),
                nullCase("Cube3Solver.openAsync(null, l)", "path must not be null",
                        () -> Cube3Solver.openAsync(null, null)),
                nullCase("Cube3Solver.openExisting(null)", "path must not be null",
                        () -> Cube3Solver.openExisting(null)),
                nullCase("solve(null)", "cube must not be null", () -> solver.solve(null)),
                nullCase("solve(null, 21)", "cube must not be null", () -> solver.solve(null, 21)),
                nullCase("solve(null, 21, t, c)", "cube must not be null",
                        () -> solver.solve(null, 21, Duration.ofSeconds(1), null)));
    }

    // ---- cancellation and timeouts ----------------------------------------------------------------

    @Test
    void cancellationBeforeAndDuringASearch() throws Exception {
        String cancelled = "the search was cancelled";
        try (Cancellation c = new Cancellation()) {
            c.cancel();
            assertEquals(cancelled, assertThrows(CancellationException.class,
                    () -> solver.solve(HARD, HARD_BOUND, null, c)).getMessage());
            // A flag cancelled before the call stops even a search that would take no time.
            assertEquals(cancelled, assertThrows(CancellationException.class,
                    () -> solver.solve(Cube.solved(), 21, null, c)).getMessage());
        }
        // From another thread while the search runs (it cannot end otherwise, see HARD).
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Cancellation c = new Cancellation()) {
            Future<String> f = searchingHard(pool, solver, c);
            c.cancel();
            ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.MINUTES));
            assertTrue(e.getCause() instanceof CancellationException, e.getCause().toString());
            assertEquals(cancelled, e.getCause().getMessage());
        } finally {
            pool.shutdownNow();
        }
        // The solver is still fine.
        Cube cube = Cube.random(12);
        assertSolves(cube, solver.solve(cube, 21), 21);
    }

    @Test
    void aShortTimeoutStopsALongSearch() {
        CancellationException e = assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(CancellationException.class,
                () -> solver.solve(HARD, HARD_BOUND, Duration.ofMillis(50), null)));
        assertEquals("the search reached its deadline before finding a solution of at most 17 moves", e.getMessage());
        // A generous timeout changes nothing.
        Cube cube = Cube.random(13);
        assertEquals(solver.solve(cube, 21), solver.solve(cube, 21, Duration.ofMinutes(5), null));
    }

    // ---- the handle contract and threads --------------------------------------------------------

    @Test
    void aClosedSolverThrowsIllegalStateExceptionAndClosingTwiceIsHarmless() {
        Cube3Solver s = Cube3Solver.openExisting(path);
        assertFalse(s.isClosed());
        s.close();
        s.close();
        assertTrue(s.isClosed());
        List<Executable> calls = List.of(
                () -> s.solve(Cube.solved()),
                () -> s.solve(Cube.random(1), 21),
                () -> s.solve(Cube.random(1), 21, Duration.ofSeconds(1), null));
        for (Executable call : calls) {
            IllegalStateException e = assertThrows(IllegalStateException.class, call);
            assertEquals("Cube3Solver is closed", e.getMessage());
        }
        // A closed cancellation flag is refused too.
        Cancellation c = new Cancellation();
        c.close();
        assertEquals("Cancellation is closed", assertThrows(IllegalStateException.class,
                () -> solver.solve(Cube.solved(), 21, null, c)).getMessage());
    }

    /** What one pass over a few cubes computes, in order. */
    private static List<String> workload(Cube3Solver s) {
        List<String> out = new ArrayList<>();
        for (long seed = 100; seed < 112; seed++) {
            Cube cube = Cube.random(seed);
            out.add(s.solve(cube, 21));
            out.add(s.solve(cube.apply("z"), 20));
        }
        return out;
    }

    @Test
    void oneSolverSharedByManyThreadsGivesTheSingleThreadedAnswers() throws Exception {
        List<String> expected = workload(solver);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<String>>> results = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return workload(solver);
                }));
            }
            start.countDown();
            for (Future<List<String>> r : results) {
                assertEquals(expected, r.get(300, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void closeDuringASearchLetsTheSearchFinishOnIntactTables() throws Exception {
        Cube3Solver s = Cube3Solver.openExisting(path);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Cancellation c = new Cancellation()) {
            Future<String> f = searchingHard(pool, s, c);
            s.close(); // the search keeps running on its tables
            assertTrue(s.isClosed());
            assertEquals("Cube3Solver is closed",
                    assertThrows(IllegalStateException.class, () -> s.solve(Cube.solved(), 21)).getMessage());
            assertFalse(f.isDone(), "the search runs on after the close");
            c.cancel();
            ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.MINUTES));
            assertTrue(e.getCause() instanceof CancellationException, e.getCause().toString());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Starts a search of {@link #HARD} on {@code pool} and returns once it is inside native code:
     * it cannot end there but by {@code c} (or a close before it started, which this excludes).
     */
    private static Future<String> searchingHard(ExecutorService pool, Cube3Solver s, Cancellation c)
            throws InterruptedException {
        AtomicReference<Thread> worker = new AtomicReference<>();
        CountDownLatch started = new CountDownLatch(1);
        Future<String> f = pool.submit(() -> {
            worker.set(Thread.currentThread());
            started.countDown();
            return s.solve(HARD, HARD_BOUND, null, c);
        });
        started.await();
        Debug.awaitInNative(worker.get(), "nativeSolve");
        return f;
    }

    @Test
    void callsRacingACloseEitherAnswerCorrectlyOrSeeItClosed() throws Exception {
        Cube cube = Cube.random(21);
        String expected = solver.solve(cube, 21);
        for (int round = 0; round < 5; round++) {
            Cube3Solver s = Cube3Solver.openExisting(path);
            ExecutorService pool = Executors.newFixedThreadPool(6);
            AtomicInteger answered = new AtomicInteger();
            AtomicInteger refused = new AtomicInteger();
            try {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<?>> futures = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    futures.add(pool.submit(() -> {
                        start.await();
                        for (int j = 0; j < 50; j++) {
                            try {
                                assertEquals(expected, s.solve(cube, 21));
                                answered.incrementAndGet();
                            } catch (IllegalStateException closed) {
                                assertEquals("Cube3Solver is closed", closed.getMessage());
                                refused.incrementAndGet();
                            }
                        }
                        return null;
                    }));
                }
                start.countDown();
                Thread.sleep(round * 3L);
                s.close();
                for (Future<?> f : futures) {
                    f.get(300, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            assertEquals(6 * 50, answered.get() + refused.get());
        }
    }
}
