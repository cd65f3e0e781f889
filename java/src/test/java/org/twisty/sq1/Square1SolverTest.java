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
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.twisty.BuildListener;
import org.twisty.BuildProgress;
import org.twisty.Cancellation;
import org.twisty.DatabaseException;
import org.twisty.Debug;
import org.twisty.HostileFiles;
import org.twisty.NativeObject;
import org.twisty.TwistyException;

/**
 * The six-colour solver against the table file the Rust suite writes
 * ({@code build/vector-dbs/sq1-solver.tbl}, found like the database vectors' {@code $DB} files):
 * solutions checked by applying them, the metrics against each other, the fast solver, scrambles,
 * pictures, errors, cancellation and timeouts, the handle contract and many threads.
 */
class Square1SolverTest {
    private static final Square1State SOLVED = Square1State.solved(Colouring.SIX_COLOUR);

    @TempDir
    static Path dir;

    static Path path;
    static Square1Solver solver;

    /** Six-colour states a few twists from solved (the states of the generated solver vectors). */
    static List<Square1State> easy;

    /** A random-state scramble: an optimal face-turn search of it runs for many seconds. */
    static Square1State hard;

    @BeforeAll
    static void open() throws IOException {
        path = dbDir().resolve("sq1-solver.tbl");
        assertTrue(Files.isRegularFile(path), "the solver table file is missing: " + path
                + ". The Rust suite writes it: run `cargo test --release -p twisty --test vectors` first (make test"
                + " does), or point -Dtwisty.db.dir / TWISTY_DB_DIR at its directory");
        solver = Square1Solver.openExisting(path);

        Set<Square1State> states = new LinkedHashSet<>();
        for (String line : Files.readAllLines(vectorsDir().resolve("sq1_generated_solver.tsv"), StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", -1);
            if (f[0].equals("solve") && f[f.length - 1].startsWith("ok:")) {
                states.add(Square1State.parse(f[2]));
            }
        }
        easy = new ArrayList<>(states);
        assertTrue(easy.size() >= 6, "six-colour states in sq1_generated_solver.tsv: " + easy);
        hard = solver.scramble(1).state();
    }

    @AfterAll
    static void close() {
        if (solver != null) {
            solver.close();
        }
    }

    static Path vectorsDir() {
        String d = System.getProperty("twisty.vectors.dir");
        return d != null ? Paths.get(d) : Paths.get("..", "tests", "vectors");
    }

    /** {@code $DB} of the vectors: -Dtwisty.db.dir, else TWISTY_DB_DIR, else build/vector-dbs (as VectorTest). */
    static Path dbDir() {
        String d = System.getProperty("twisty.db.dir");
        if (d == null) {
            d = System.getenv("TWISTY_DB_DIR");
        }
        Path path = d != null ? Paths.get(d)
                : vectorsDir().toAbsolutePath().normalize().getParent().getParent().resolve(Paths.get("build", "vector-dbs"));
        return path.toAbsolutePath().normalize();
    }

    /** Checks a solution: it solves the state, and its length and twists are those of its moves. */
    private static void assertSolves(Square1State state, Metric metric, SolverSolution s) {
        assertTrue(state.apply(s.moves()).isSolved(), state + " + " + s.moves());
        assertSame(metric, s.metric());
        assertEquals(Square1Moves.length(s.moves(), Notation.WCA, metric), s.length(), s.moves());
        assertEquals(Square1Moves.length(s.moves(), Notation.WCA, Metric.TWIST), s.twists(), s.moves());
    }

    @Test
    void solveReturnsMovesThatSolveTheStateInEveryMetric() {
        for (Square1State state : easy) {
            for (Metric m : Metric.values()) {
                assertSolves(state, m, solver.solve(state, m));
            }
        }
        SolverSolution none = solver.solve(SOLVED, Metric.FACE_TURN);
        assertEquals("", none.moves());
        assertEquals(0, none.length());
        // Random states in the twist metric (fast: a few hundredths of a second each).
        for (long seed = 0; seed < 4; seed++) {
            Square1State state = solver.scramble(seed).state();
            assertSolves(state, Metric.TWIST, solver.solve(state, Metric.TWIST));
        }
    }

    @Test
    void optimalLengthsAgreeAcrossMetrics() {
        for (Square1State state : easy) {
            int twist = solver.distance(state, Metric.TWIST);
            int wca = solver.distance(state, Metric.WCA);
            int face = solver.distance(state, Metric.FACE_TURN);
            assertTrue(twist <= wca, state + ": twist " + twist + " <= WCA " + wca);
            assertTrue(wca <= face, state + ": WCA " + wca + " <= face " + face);
            // A twist-optimal solution has at most one turn around each twist.
            assertTrue(wca <= 2 * twist + 1, state + ": WCA " + wca + " <= 2 * twist + 1");
            for (Metric m : Metric.values()) {
                SolverSolution s = solver.solve(state, m);
                assertEquals(solver.distance(state, m), s.length());
                // An optimal solution in one metric is no shorter in another than that one's optimum.
                for (Metric other : Metric.values()) {
                    assertTrue(Square1Moves.length(s.moves(), Notation.WCA, other) >= solver.distance(state, other));
                }
            }
        }
    }

    @Test
    void solutionsAreDistinctOptimalAndAtMostTheLimit() {
        for (Square1State state : easy) {
            for (Metric m : Metric.values()) {
                int d = solver.distance(state, m);
                for (int limit : new int[] {1, 3, 8}) {
                    List<SolverSolution> all = solver.solutions(state, m, limit);
                    assertFalse(all.isEmpty());
                    assertTrue(all.size() <= limit, all.toString());
                    assertEquals(all.size(), new HashSet<>(all).size(), "distinct: " + all);
                    for (SolverSolution s : all) {
                        assertSolves(state, m, s);
                        assertEquals(d, s.length(), "all optimal: " + all);
                    }
                    assertEquals(solver.solve(state, m), all.get(0), "solve() is the first solution");
                    assertThrows(UnsupportedOperationException.class, () -> all.add(all.get(0)));
                }
                // A larger limit extends, never reorders, the list.
                List<SolverSolution> three = solver.solutions(state, m, 3);
                assertEquals(three, solver.solutions(state, m, 8).subList(0, three.size()));
            }
        }
    }

    @Test
    void solveFastReturnsASolution() {
        List<Square1State> states = new ArrayList<>(easy);
        states.add(hard);
        for (Square1State state : states) {
            SolverSolution s = solver.solveFast(state, FastSolveOptions.defaults());
            assertSolves(state, Metric.FACE_TURN, s);
            assertEquals(s, solver.solveFast(state), "no options = the defaults");
            for (Metric m : Metric.values()) {
                FastSolveOptions o = FastSolveOptions.defaults().withMetric(m).withNodeLimit(20000);
                SolverSolution a = solver.solveFast(state, o);
                assertSolves(state, m, a);
                assertEquals(a, solver.solveFast(state, o), "a node limit makes the answer deterministic");
            }
            SolverSolution bounded = solver.solveFast(state,
                    FastSolveOptions.defaults().withMetric(Metric.WCA).withMaxLength(40).withTimeout(Duration.ofSeconds(20)));
            assertSolves(state, Metric.WCA, bounded);
            assertTrue(bounded.length() <= 40, bounded.toString());
        }
        for (Square1State state : easy) {
            // On states a few twists from solved the two-phase search proves its answer short.
            SolverSolution s = solver.solveFast(state, FastSolveOptions.defaults().withMetric(Metric.TWIST).withNodeLimit(100000));
            assertTrue(s.length() >= solver.distance(state, Metric.TWIST));
        }
    }

    @Test
    void scramblesAreDeterministicAndLeadToTheirState() {
        for (long seed : new long[] {0, 1, 2026, -1L /* 2^64 - 1 */, Long.MIN_VALUE}) {
            Square1Scramble s = solver.scramble(seed);
            assertEquals(s, solver.scramble(seed));
            assertEquals(s.hashCode(), solver.scramble(seed).hashCode());
            assertEquals(s.text(), s.toString());
            assertEquals(s.state(), SOLVED.apply(s.text()), "seed " + Long.toUnsignedString(seed));
            assertEquals(Colouring.SIX_COLOUR, s.state().colouring());
            assertTrue(s.text().startsWith("("), s.text());
        }
        assertNotEquals(solver.scramble(0), solver.scramble(1));
    }

    @Test
    void picturesAndMoveLengths() {
        String svg = SOLVED.toSvg();
        assertTrue(svg.startsWith("<svg"), svg);
        assertTrue(svg.contains("Square-1 " + SOLVED), "the title names the state");
        assertTrue(svg.trim().endsWith("</svg>"));
        assertNotEquals(svg, hard.toSvg());
        assertTrue(SOLVED.toSilver().toSvg().startsWith("<svg"));

        assertEquals(2, Square1Moves.length("(1,0)/ (-1,3)/", Notation.WCA, Metric.TWIST));
        assertEquals(4, Square1Moves.length("(1,0)/ (-1,3)/", Notation.WCA, Metric.WCA));
        assertEquals(5, Square1Moves.length("(1,0)/ (-1,3)/", Notation.WCA, Metric.FACE_TURN));
        assertEquals(5, Square1Moves.length("(-1,0)/(1,-3)/", Notation.ARTICLE, Metric.FACE_TURN));
        assertEquals(0, Square1Moves.length("", Notation.WCA, Metric.WCA));
        IllegalArgumentException flip = assertThrows(IllegalArgumentException.class,
                () -> Square1Moves.length("/!", Notation.ARTICLE, Metric.TWIST));
        assertEquals("a whole-puzzle flip '!' has no length in the solver metrics", flip.getMessage());
    }

    @Test
    void valuesAndMetricCodes() {
        assertEquals(List.of(Metric.TWIST, Metric.WCA, Metric.FACE_TURN), List.of(Metric.values()));
        for (Metric m : Metric.values()) {
            assertSame(m, Metric.fromCode(m.code()));
        }
        SolverSolution a = solver.solve(easy.get(3), Metric.WCA);
        SolverSolution b = solver.solve(easy.get(3), Metric.WCA);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(a.moves(), a.toString());
        assertNotEquals(a, solver.solve(easy.get(3), Metric.TWIST), "the metric is part of the value");

        FastSolveOptions d = FastSolveOptions.defaults();
        assertEquals(Metric.FACE_TURN, d.metric());
        assertEquals(0, d.maxLength());
        assertEquals(FastSolveOptions.DEFAULT_NODE_LIMIT, d.nodeLimit());
        assertEquals(null, d.timeout());
        assertEquals(null, d.cancellation());
        FastSolveOptions o = d.withMetric(Metric.WCA).withMaxLength(12).withNodeLimit(5).withTimeout(Duration.ofSeconds(1));
        assertEquals(Metric.FACE_TURN, d.metric(), "withers leave the original alone");
        assertEquals(o, FastSolveOptions.defaults().withTimeout(Duration.ofSeconds(1)).withNodeLimit(5).withMaxLength(12)
                .withMetric(Metric.WCA));
        assertEquals(o.hashCode(), d.withMetric(Metric.WCA).withMaxLength(12).withNodeLimit(5)
                .withTimeout(Duration.ofSeconds(1)).hashCode());
        assertNotEquals(o, o.withMaxLength(13));
        assertTrue(o.toString().contains("maxLength=12"), o.toString());

        assertEquals(0, org.twisty.NativeObject.timeoutMillis(null));
        assertEquals(0, org.twisty.NativeObject.timeoutMillis(Duration.ZERO));
        assertEquals(1, org.twisty.NativeObject.timeoutMillis(Duration.ofNanos(1)), "rounded up, never 'no limit'");
        assertEquals(1000, org.twisty.NativeObject.timeoutMillis(Duration.ofSeconds(1)));
        assertEquals(Long.MAX_VALUE, org.twisty.NativeObject.timeoutMillis(Duration.ofSeconds(Long.MAX_VALUE)));
    }

    @Test
    void defaultTableFileIsAPerUserCacheFile() {
        Path p = Square1Solver.defaultTableFile();
        assertTrue(p.getFileName().toString().matches("sq1-solver-v\\d+\\.tbl"), p.toString());
    }

    // ---- errors ---------------------------------------------------------------------------------

    @Test
    void silverStatesAndBadArgumentsAreInvalidArguments() {
        Square1State silver = Square1State.solved(Colouring.SILVER);
        String message = "the solver takes six-colour states (Silver states are solved by the database)";
        List<Executable> calls = List.of(
                () -> solver.solve(silver, Metric.TWIST),
                () -> solver.distance(silver, Metric.WCA),
                () -> solver.solutions(silver, Metric.FACE_TURN, 2),
                () -> solver.solveFast(silver, FastSolveOptions.defaults()));
        for (Executable call : calls) {
            assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
        }
        assertEquals("the solution limit must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> solver.solutions(SOLVED, Metric.TWIST, 0)).getMessage());
        assertEquals("limit must not be negative (got -1)",
                assertThrows(IllegalArgumentException.class, () -> solver.solutions(SOLVED, Metric.TWIST, -1)).getMessage());
        assertEquals("timeout must not be negative (got -1 ms)", assertThrows(IllegalArgumentException.class,
                () -> solver.solve(SOLVED, Metric.TWIST, Duration.ofMillis(-1), null, null)).getMessage());
        assertEquals("timeout must not be negative (got -1000 ms)", assertThrows(IllegalArgumentException.class,
                () -> solver.solveFast(SOLVED, FastSolveOptions.defaults().withTimeout(Duration.ofSeconds(-1))))
                .getMessage());
        assertEquals("maxLength must not be negative (got -1)", assertThrows(IllegalArgumentException.class,
                () -> FastSolveOptions.defaults().withMaxLength(-1)).getMessage());
        assertEquals("nodeLimit must not be negative (got -2)", assertThrows(IllegalArgumentException.class,
                () -> FastSolveOptions.defaults().withNodeLimit(-2)).getMessage());
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

        for (Path p : List.of(truncated, badMagic, empty, missing, dir)) {
            DatabaseException e = assertThrows(DatabaseException.class, () -> Square1Solver.openExisting(p), p.toString());
            assertEquals(TwistyException.DATABASE, e.code());
            assertEquals(4, e.code());
            assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
        }
        assertTrue(assertThrows(DatabaseException.class, () -> Square1Solver.openExisting(badMagic)).getMessage()
                .endsWith("not a twisty solver table file (bad magic)"));
        assertTrue(assertThrows(DatabaseException.class, () -> Square1Solver.openExisting(missing)).getMessage()
                .contains("cannot open"));
        assertFalse(Files.exists(missing), "openExisting never builds");
        // The damaged copies the Rust suite writes next to the table file.
        for (String name : List.of("sq1-solver-truncated.tbl", "sq1-solver-bad-magic.tbl", "sq1-solver-bad-version.tbl")) {
            Path p = path.resolveSibling(name);
            if (Files.exists(p)) {
                assertEquals(4, assertThrows(DatabaseException.class, () -> Square1Solver.openExisting(p)).code());
            }
        }
        // A good copy opens and answers like the original.
        Path copy = dir.resolve("copy.tbl");
        Files.write(copy, good);
        try (Square1Solver s = Square1Solver.openExisting(copy)) {
            assertEquals(solver.solve(easy.get(4), Metric.WCA), s.solve(easy.get(4), Metric.WCA));
        }
    }

    /** No regression may hang the suite: a call that used to block or build fails the test here instead. */
    private static final Duration PROMPTLY = Duration.ofSeconds(20);

    @Test
    void openRefusesFilesOfAnotherKindAndLeavesThemAlone() throws Exception {
        Path here = Files.createDirectory(dir.resolve("foreign"));
        // The start of each file is enough for the engine to tell its kind (by its header).
        Path silver = HostileFiles.prefixCopy(dbDir().resolve("article-2.db"), here.resolve("silver.db"), 1 << 20);
        Path cube3 = HostileFiles.prefixCopy(dbDir().resolve("cube3-twophase.tbl"), here.resolve("cube3.tbl"), 1 << 20);
        Path notes = Files.write(here.resolve("notes.txt"), "a user's notes, not a table\n".getBytes(StandardCharsets.UTF_8));
        List<Path> files = List.of(silver, cube3, notes);
        List<String> kinds = List.of("(it is a twisty Silver database)", "(it is a twisty 3x3x3 two-phase solver table file)", "(bad magic)");
        for (int i = 0; i < files.size(); i++) {
            Path p = files.get(i);
            byte[] before = Files.readAllBytes(p);
            FileTime modified = Files.getLastModifiedTime(p);
            List<BuildProgress> reports = Collections.synchronizedList(new ArrayList<>());
            DatabaseException e = assertTimeoutPreemptively(PROMPTLY,
                    () -> assertThrows(DatabaseException.class, () -> Square1Solver.open(p, reports::add, null)));
            assertEquals(4, e.code());
            assertEquals("solver table file " + p + ": not a twisty solver table file " + kinds.get(i)
                    + "; it was left alone (remove it, or choose another path)", e.getMessage());
            assertEquals(List.of(), reports, "refused before building");
            assertArrayEquals(before, Files.readAllBytes(p), p + " is unchanged");
            assertEquals(modified, Files.getLastModifiedTime(p), p + " was not rewritten");
            assertFalse(Files.exists(HostileFiles.partial(p)), "no .partial next to " + p);
            // The one-argument form applies the same rule.
            assertEquals(e.getMessage(), assertThrows(DatabaseException.class, () -> Square1Solver.open(p)).getMessage());
        }
        try (Stream<Path> left = Files.list(here)) {
            assertEquals(Set.copyOf(files), left.collect(java.util.stream.Collectors.toSet()), "nothing else was written");
        }
    }

    @Test
    void openOnADirectoryAFifoOrAPathUnderAFileFailsBeforeBuilding() throws Exception {
        Path here = Files.createDirectory(dir.resolve("not-files"));
        Path folder = Files.createDirectory(here.resolve("folder"));
        Path fifo = HostileFiles.mkfifo(here.resolve("fifo"));
        Path file = Files.write(here.resolve("plain.txt"), "plain\n".getBytes(StandardCharsets.UTF_8));
        Path under = file.resolve("sub.tbl");
        List<Path> paths = List.of(folder, fifo, under);
        List<String> reasons = List.of("is a directory", "is not a regular file (it is a FIFO)",
                "cannot open: " + file + " is not a folder");
        for (int i = 0; i < paths.size(); i++) {
            Path p = paths.get(i);
            List<BuildProgress> reports = Collections.synchronizedList(new ArrayList<>());
            try (Cancellation c = new Cancellation()) {
                DatabaseException e = assertTimeoutPreemptively(PROMPTLY,
                        () -> assertThrows(DatabaseException.class, () -> Square1Solver.open(p, reports::add, c)));
                assertEquals(4, e.code());
                assertEquals("solver table file " + p + ": " + reasons.get(i), e.getMessage());
            }
            assertEquals(List.of(), reports, p + ": refused before building");
        }
        assertEquals("plain\n", Files.readString(file));
        try (Stream<Path> left = Files.list(here)) {
            assertEquals(Set.of(folder, fifo, file), left.collect(java.util.stream.Collectors.toSet()), "no .partial left");
        }
        try (Stream<Path> inside = Files.list(folder)) {
            assertEquals(0, inside.count());
        }
    }

    @Test
    void openWithACancellationCancelledBeforehandTouchesNoFile() {
        Path fresh = dir.resolve("never").resolve("never.tbl");
        try (Cancellation c = new Cancellation()) {
            c.cancel();
            CancellationException e = assertTimeoutPreemptively(PROMPTLY,
                    () -> assertThrows(CancellationException.class, () -> Square1Solver.open(fresh, null, c)));
            assertEquals("opening the solver table file was cancelled before it started", e.getMessage());
        }
        assertFalse(Files.exists(fresh.getParent()), "not even the folder was created");
    }

    @Test
    void openWithAUsableFileNeitherBuildsNorReports() {
        List<BuildProgress> reports = Collections.synchronizedList(new ArrayList<>());
        try (Cancellation c = new Cancellation(); Square1Solver s = Square1Solver.open(path, reports::add, c)) {
            assertEquals(solver.distance(easy.get(5), Metric.FACE_TURN), s.distance(easy.get(5), Metric.FACE_TURN));
        }
        assertEquals(List.of(), reports);
    }

    @Test
    void aTableBuildCancelledFromItsListenerLeavesNoFile() {
        Path fresh = dir.resolve("cancelled.tbl");
        Thread caller = Thread.currentThread();
        AtomicReference<Thread> reportThread = new AtomicReference<>();
        try (Cancellation c = new Cancellation()) {
            CancellationException e = assertThrows(CancellationException.class, () -> Square1Solver.open(fresh, p -> {
                reportThread.compareAndSet(null, Thread.currentThread());
                c.cancel();
            }, c));
            assertTrue(c.isCancelled());
            assertTrue(e.getMessage() != null && !e.getMessage().isEmpty());
        }
        assertSame(caller, reportThread.get(), "build reports arrive on the calling thread");
        assertFalse(Files.exists(fresh));

        // A throwing listener: its exception comes back, the build stops.
        IllegalStateException boom = new IllegalStateException("listener failed");
        try (Cancellation c = new Cancellation()) {
            assertSame(boom, assertThrows(IllegalStateException.class, () -> Square1Solver.open(fresh, p -> {
                throw boom;
            }, c)));
            assertTrue(c.isCancelled(), "a throwing listener cancels the build's flag");
        }
        assertFalse(Files.exists(fresh));
    }

    @Test
    void openAsyncCancelledThroughItsFuture() throws Exception {
        Path fresh = dir.resolve("async.tbl");
        CountDownLatch reported = new CountDownLatch(1);
        AtomicReference<Thread> reportThread = new AtomicReference<>();
        CountDownLatch cancelIssued = new CountDownLatch(1);
        CompletableFuture<Square1Solver> future = Square1Solver.openAsync(fresh, p -> {
            reportThread.compareAndSet(null, Thread.currentThread());
            reported.countDown();
            // Hold the build until the future is cancelled, so the cancel cannot come too late.
            awaitUninterruptibly(cancelIssued);
        });
        assertTrue(reported.await(120, TimeUnit.SECONDS), "the build reported");
        assertTrue(future.cancel(true));
        cancelIssued.countDown();
        assertTrue(future.isCancelled());
        assertThrows(CancellationException.class, future::join);
        assertEquals("twisty-solver-open", reportThread.get().getName());
        reportThread.get().join(60_000);
        assertFalse(reportThread.get().isAlive(), "the build stopped");
        assertFalse(Files.exists(fresh));

        // On a usable file the future completes with an open solver.
        try (Square1Solver s = Square1Solver.openAsync(path, null).get(120, TimeUnit.SECONDS)) {
            assertEquals(solver.scramble(7), s.scramble(7));
        }
    }

    @Test
    void cancellationBeforeAndDuringASearch() throws Exception {
        String cancelled = "the search was cancelled";
        try (Cancellation c = new Cancellation()) {
            c.cancel();
            assertEquals(cancelled, assertThrows(CancellationException.class,
                    () -> solver.solve(hard, Metric.FACE_TURN, null, c, null)).getMessage());
            assertEquals(cancelled, assertThrows(CancellationException.class,
                    () -> solver.solutions(hard, Metric.WCA, 3, null, c)).getMessage());
            assertEquals(cancelled, assertThrows(CancellationException.class,
                    () -> solver.solveFast(hard, FastSolveOptions.defaults().withCancellation(c))).getMessage());
            // Even a search that would take no time.
            Square1State solved = Square1State.solved(Colouring.SIX_COLOUR);
            assertEquals(cancelled, assertThrows(CancellationException.class,
                    () -> solver.solveFast(solved, FastSolveOptions.defaults().withCancellation(c))).getMessage());
        }

        // From the progress listener, on the searching thread.
        Thread caller = Thread.currentThread();
        List<BuildProgress> reports = Collections.synchronizedList(new ArrayList<>());
        try (Cancellation c = new Cancellation()) {
            CancellationException e = assertThrows(CancellationException.class,
                    () -> solver.solve(hard, Metric.FACE_TURN, null, c, p -> {
                        assertSame(caller, Thread.currentThread());
                        reports.add(p);
                        if (reports.size() == 2) {
                            c.cancel();
                        }
                    }));
            assertEquals(cancelled, e.getMessage());
        }
        assertEquals(2, reports.size(), "no report after the cancellation: " + reports);
        assertTrue(reports.get(0).phase().startsWith("no solution of length "), reports.get(0).phase());
        assertEquals(reports.get(0).level() + 1, reports.get(1).level());
        assertTrue(reports.get(1).done() >= reports.get(0).done());

        // From another thread while the search runs.
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Cancellation c = new Cancellation()) {
            CountDownLatch searching = new CountDownLatch(1);
            CountDownLatch cancelIssued = new CountDownLatch(1);
            // The first report (a depth without a solution, above) waits for the cancel, so the
            // search cannot finish before it, however fast the machine.
            Future<SolverSolution> f = pool.submit(() -> solver.solve(hard, Metric.FACE_TURN, null, c, p -> {
                searching.countDown();
                awaitUninterruptibly(cancelIssued);
            }));
            assertTrue(searching.await(10, TimeUnit.MINUTES));
            c.cancel();
            cancelIssued.countDown();
            ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.MINUTES));
            assertTrue(e.getCause() instanceof CancellationException, e.getCause().toString());
            assertEquals(cancelled, e.getCause().getMessage());
        } finally {
            pool.shutdownNow();
        }

        // A throwing listener: its exception comes back and cancels the given flag.
        IllegalStateException boom = new IllegalStateException("listener failed");
        try (Cancellation c = new Cancellation()) {
            assertSame(boom, assertThrows(IllegalStateException.class, () -> solver.solve(hard, Metric.WCA, null, c, p -> {
                throw boom;
            })));
            assertTrue(c.isCancelled());
        }
        // The solver is still fine.
        assertSolves(easy.get(6), Metric.FACE_TURN, solver.solve(easy.get(6), Metric.FACE_TURN));
    }

    @Test
    void solveFastWithAnUnreachableMaxLengthFailsAtOnce() {
        Square1State state = solver.scramble(7).state();
        for (Metric m : Metric.values()) {
            // No node limit and no timeout: only the lower bound can stop this search.
            FastSolveOptions o = FastSolveOptions.defaults().withMetric(m).withMaxLength(1).withNodeLimit(0);
            IllegalArgumentException e = assertTimeoutPreemptively(PROMPTLY,
                    () -> assertThrows(IllegalArgumentException.class, () -> solver.solveFast(state, o)));
            String metric = m == Metric.TWIST ? "twist" : m == Metric.WCA ? "wca" : "face";
            String prefix = "no solution of at most 1 moves (" + metric + ") exists for this state: it needs at least ";
            assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
            int needed = Integer.parseInt(e.getMessage().substring(prefix.length()));
            // A lower bound: no longer than a solution the fast solver finds with its defaults.
            SolverSolution found = solver.solveFast(state, FastSolveOptions.defaults().withMetric(m));
            assertTrue(needed > 1 && needed <= found.length(), e.getMessage() + ", found " + found.length());
        }
    }

    @Test
    void solveFastWithoutANodeLimitEndsWhenCancelled() throws Exception {
        Square1State state = solver.scramble(7).state();
        try (Cancellation c = new Cancellation()) {
            FastSolveOptions o = FastSolveOptions.defaults().withNodeLimit(Long.MAX_VALUE).withCancellation(c);
            // Without a node limit only a shorter total than any possible could end this search;
            // the canceller waits until the search is inside native code, then cancels.
            AtomicReference<Thread> searcher = new AtomicReference<>();
            CountDownLatch started = new CountDownLatch(1);
            Thread canceller = new Thread(() -> {
                try {
                    started.await();
                    Debug.awaitInNative(searcher.get(), "nativeSolveFast");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    c.cancel();
                }
            }, "canceller");
            canceller.start();
            CancellationException e = assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(CancellationException.class, () -> {
                searcher.set(Thread.currentThread()); // assertTimeoutPreemptively runs this on a thread of its own
                started.countDown();
                solver.solveFast(state, o);
            }));
            assertEquals("the search was cancelled", e.getMessage());
            canceller.join();
        }
    }

    @Test
    void timeoutsFollowTheOneRule() {
        // Rounded away from zero, so that only null and zero mean "no limit".
        assertEquals(0, NativeObject.timeoutMillis(null));
        assertEquals(0, NativeObject.timeoutMillis(Duration.ZERO));
        assertEquals(1, NativeObject.timeoutMillis(Duration.ofNanos(1)));
        assertEquals(2, NativeObject.timeoutMillis(Duration.ofNanos(1_000_001)));
        assertEquals(1500, NativeObject.timeoutMillis(Duration.ofMillis(1500)));
        assertEquals(-1, NativeObject.timeoutMillis(Duration.ofNanos(-1)));
        assertEquals(-1, NativeObject.timeoutMillis(Duration.ofMillis(-1)));
        assertEquals(-2, NativeObject.timeoutMillis(Duration.ofNanos(-1_000_001)));
        assertEquals(-1500, NativeObject.timeoutMillis(Duration.ofMillis(-1500)));
        assertEquals(Long.MAX_VALUE, NativeObject.timeoutMillis(Duration.ofMillis(Long.MAX_VALUE)));
        assertEquals(Long.MAX_VALUE, NativeObject.timeoutMillis(Duration.ofMillis(Long.MAX_VALUE).plusNanos(1)));
        assertEquals(Long.MAX_VALUE, NativeObject.timeoutMillis(Duration.ofSeconds(Long.MAX_VALUE)));
        assertEquals(Long.MIN_VALUE, NativeObject.timeoutMillis(Duration.ofMillis(Long.MIN_VALUE)));
        assertEquals(Long.MIN_VALUE, NativeObject.timeoutMillis(Duration.ofSeconds(Long.MIN_VALUE)));

        // The engine refuses a negative timeout, in the words of every runtime.
        List<Duration> negative = List.of(Duration.ofNanos(-1), Duration.ofMillis(-1), Duration.ofMillis(-1500),
                Duration.ofSeconds(Long.MIN_VALUE));
        List<String> got = List.of("-1", "-1", "-1500", String.valueOf(Long.MIN_VALUE));
        for (int i = 0; i < negative.size(); i++) {
            Duration t = negative.get(i);
            String message = "timeout must not be negative (got " + got.get(i) + " ms)";
            List<Executable> calls = List.of(
                    () -> solver.solve(SOLVED, Metric.TWIST, t, null, null),
                    () -> solver.solutions(SOLVED, Metric.WCA, 2, t, null),
                    () -> solver.solveFast(SOLVED, FastSolveOptions.defaults().withTimeout(t)));
            for (Executable call : calls) {
                assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
            }
            // The options keep it as given; only the search refuses it.
            assertEquals(t, FastSolveOptions.defaults().withTimeout(t).timeout());
        }
        // Zero is no limit; a sub-millisecond timeout is a limit (1 ms), not "none".
        assertEquals(solver.solve(easy.get(2), Metric.WCA), solver.solve(easy.get(2), Metric.WCA, Duration.ZERO, null, null));
        assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(CancellationException.class,
                () -> solver.solve(hard, Metric.FACE_TURN, Duration.ofNanos(1), null, outlast(Duration.ofMillis(1)))));
    }

    @Test
    void aOneMillisecondTimeoutOnAHardStateCancels() {
        CancellationException e = assertThrows(CancellationException.class,
                () -> solver.solve(hard, Metric.FACE_TURN, Duration.ofMillis(1), null, outlast(Duration.ofMillis(1))));
        assertTrue(e.getMessage().startsWith("the search reached its deadline before finding a solution of length "),
                e.getMessage());
        // solutions() takes the same timeout to the same search (no listener to outlast it with):
        // the engine's one timeout rule refuses a negative one there, so it does reach the search.
        assertEquals("timeout must not be negative (got -1 ms)", assertThrows(IllegalArgumentException.class,
                () -> solver.solutions(hard, Metric.FACE_TURN, 2, Duration.ofMillis(-1), null)).getMessage());
        // The fast solver returns its best solution at the deadline, or fails when it has none.
        try {
            assertSolves(hard, Metric.FACE_TURN,
                    solver.solveFast(hard, FastSolveOptions.defaults().withTimeout(Duration.ofMillis(1))));
        } catch (CancellationException none) {
            // The engine's words depend on which phase ran out of time ("the fast solver reached its
            // deadline before finding a solution", or its inner search's "the search reached its
            // deadline before finding a solution of length 9").
            assertTrue(none.getMessage().contains("reached its deadline before finding a solution"), none.getMessage());
        }
    }

    /**
     * A listener whose first report (a finished depth) lasts {@code timeout}: a deadline set when
     * the call began has passed when it returns, and the search looks at its limits before the
     * next depth, so the deadline stops it inside the work, whatever the machine's speed.
     */
    private static BuildListener outlast(Duration timeout) {
        AtomicBoolean first = new AtomicBoolean(true);
        return p -> {
            if (first.getAndSet(false)) {
                try {
                    Thread.sleep(timeout.toMillis() + 1); // + 1: the timer's granularity
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static DynamicTest nullCase(String call, String expectedMessage, Executable executable) {
        return DynamicTest.dynamicTest(call + " throws NullPointerException", () -> {
            NullPointerException e = assertThrows(NullPointerException.class, executable);
            assertEquals(expectedMessage, e.getMessage());
        });
    }

    @TestFactory
    Stream<DynamicTest> everyPublicMethodRejectsNullArguments() {
        Square1State s = SOLVED;
        FastSolveOptions o = FastSolveOptions.defaults();
        return Stream.of(
                nullCase("Square1Solver.open(null)", "path must not be null", () -> Square1Solver.open(null)),
                nullCase("Square1Solver.open(null, l, c)", "path must not be null",
                        () -> Square1Solver.open(null, p -> { }, null)),
                nullCase("Square1Solver.openAsync(null, l)", "path must not be null",
                        () -> Square1Solver.openAsync(null, null)),
                nullCase("Square1Solver.openExisting(null)", "path must not be null", () -> Square1Solver.openExisting(null)),
                nullCase("solve(null, m)", "state must not be null", () -> solver.solve(null, Metric.TWIST)),
                nullCase("solve(s, null)", "metric must not be null", () -> solver.solve(s, null)),
                nullCase("solve(null, m, ...)", "state must not be null", () -> solver.solve(null, Metric.TWIST, null, null, null)),
                nullCase("solve(s, null, ...)", "metric must not be null", () -> solver.solve(s, null, null, null, null)),
                nullCase("solutions(null, m, 1)", "state must not be null", () -> solver.solutions(null, Metric.TWIST, 1)),
                nullCase("solutions(s, null, 1)", "metric must not be null", () -> solver.solutions(s, null, 1)),
                nullCase("solutions(null, m, 1, ...)", "state must not be null",
                        () -> solver.solutions(null, Metric.TWIST, 1, null, null)),
                nullCase("distance(null, m)", "state must not be null", () -> solver.distance(null, Metric.TWIST)),
                nullCase("distance(s, null)", "metric must not be null", () -> solver.distance(s, null)),
                nullCase("solveFast(null, o)", "state must not be null", () -> solver.solveFast(null, o)),
                nullCase("solveFast(s, null)", "options must not be null", () -> solver.solveFast(s, null)),
                nullCase("solveFast(null)", "state must not be null", () -> solver.solveFast(null)),
                nullCase("FastSolveOptions.withMetric(null)", "metric must not be null", () -> o.withMetric(null)),
                nullCase("Square1Moves.length(null, WCA, TWIST)", "moves must not be null",
                        () -> Square1Moves.length(null, Notation.WCA, Metric.TWIST)),
                nullCase("Square1Moves.length(\"/\", null, TWIST)", "notation must not be null",
                        () -> Square1Moves.length("/", null, Metric.TWIST)),
                nullCase("Square1Moves.length(\"/\", WCA, null)", "metric must not be null",
                        () -> Square1Moves.length("/", Notation.WCA, null)));
    }

    // ---- the handle contract and threads --------------------------------------------------------

    @Test
    void aClosedSolverThrowsIllegalStateExceptionAndClosingTwiceIsHarmless() {
        Square1Solver s = Square1Solver.openExisting(path);
        assertFalse(s.isClosed());
        s.close();
        s.close();
        assertTrue(s.isClosed());
        List<Executable> calls = List.of(
                () -> s.solve(SOLVED, Metric.TWIST),
                () -> s.solve(SOLVED, Metric.TWIST, Duration.ofSeconds(1), null, p -> { }),
                () -> s.solutions(SOLVED, Metric.WCA, 2),
                () -> s.solutions(SOLVED, Metric.WCA, 2, null, null),
                () -> s.distance(SOLVED, Metric.FACE_TURN),
                () -> s.solveFast(SOLVED, FastSolveOptions.defaults()),
                () -> s.solveFast(SOLVED),
                () -> s.scramble(1));
        for (Executable call : calls) {
            assertEquals("Square1Solver is closed", assertThrows(IllegalStateException.class, call).getMessage());
        }
        // A closed cancellation flag is refused too.
        Cancellation c = new Cancellation();
        c.close();
        assertEquals("Cancellation is closed", assertThrows(IllegalStateException.class,
                () -> solver.solve(SOLVED, Metric.TWIST, null, c, null)).getMessage());
    }

    /** What one pass over the easy states computes, in order, as text. */
    private static List<String> workload(Square1Solver s) {
        List<String> out = new ArrayList<>();
        for (Square1State state : easy) {
            out.add(s.solve(state, Metric.WCA) + " " + s.distance(state, Metric.TWIST) + " "
                    + s.solutions(state, Metric.FACE_TURN, 3));
        }
        out.add(s.scramble(42).toString());
        return out;
    }

    @Test
    void manyThreadsGetTheSingleThreadedAnswers() throws Exception {
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
                assertEquals(expected, r.get(120, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void closeDuringASearchLetsTheSearchFinishOnIntactTables() throws Exception {
        Square1Solver s = Square1Solver.openExisting(path);
        Square1State state = easy.get(easy.size() - 1);
        SolverSolution expected = solver.solve(state, Metric.FACE_TURN);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<SolverSolution> f = pool.submit(() -> s.solve(state, Metric.FACE_TURN, null, null, p -> {
                inside.countDown();
                try {
                    closed.await(); // hold the search here until the solver is closed
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            assertTrue(inside.await(60, TimeUnit.SECONDS));
            s.close();
            assertTrue(s.isClosed());
            assertEquals("Square1Solver is closed",
                    assertThrows(IllegalStateException.class, () -> s.distance(state, Metric.TWIST)).getMessage());
            closed.countDown();
            assertEquals(expected, f.get(60, TimeUnit.SECONDS), "the in-flight search finished on its tables");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void callsRacingACloseEitherAnswerCorrectlyOrSeeItClosed() throws Exception {
        Square1State state = easy.get(easy.size() - 2);
        String expected = solver.solve(state, Metric.WCA).toString();
        for (int round = 0; round < 5; round++) {
            Square1Solver s = Square1Solver.openExisting(path);
            ExecutorService pool = Executors.newFixedThreadPool(6);
            AtomicInteger answered = new AtomicInteger();
            AtomicInteger refused = new AtomicInteger();
            try {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<?>> futures = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    futures.add(pool.submit(() -> {
                        start.await();
                        for (int j = 0; j < 200; j++) {
                            try {
                                assertEquals(expected, s.solve(state, Metric.WCA).toString());
                                answered.incrementAndGet();
                            } catch (IllegalStateException closed) {
                                assertEquals("Square1Solver is closed", closed.getMessage());
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
                    f.get(120, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            assertEquals(6 * 200, answered.get() + refused.get());
        }
    }
}
