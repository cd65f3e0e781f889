package org.twisty.cube3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.twisty.BuildProgress;
import org.twisty.Cancellation;
import org.twisty.DatabaseException;
import org.twisty.HostileFiles;
import org.twisty.TwistyException;

/**
 * The 3x3x3 optimal solver against the table file the Rust suite writes
 * ({@code build/vector-dbs/cube3-optimal-h0.tbl}, found like the vectors' {@code $DB} files):
 * optimal solutions checked by applying them and by the bound below them, all-solutions mode,
 * the engine's errors, table files (damaged, foreign, a build cancelled and a full one),
 * cancellation, timeouts, progress per depth, the handle contract and one solver shared by many
 * threads.
 */
class OptimalSolverTest {
    @TempDir
    static Path dir;

    static Path path;
    static OptimalSolver solver;

    /**
     * The superflip: it needs 20 moves, so every depth below 20 is searched in full first (hours on
     * any machine) and only a limit can end its search, whatever the machine's speed.
     */
    static final Cube HARD = Cube.fromMoves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");

    /** No regression may hang the suite: a call that should stop promptly fails the test here instead. */
    private static final Duration PROMPTLY = Duration.ofSeconds(60);

    @BeforeAll
    static void open() {
        path = Cube3SolverTest.dbDir().resolve("cube3-optimal-h0.tbl");
        assertTrue(Files.isRegularFile(path), "the optimal solver's table file is missing: " + path
                + ". The Rust suite writes it: run `cargo test --release -p twisty --test vectors` first (make test"
                + " does), or point -Dtwisty.db.dir / TWISTY_DB_DIR at its directory");
        solver = OptimalSolver.openExisting(path, 0);
    }

    @AfterAll
    static void close() {
        if (solver != null) {
            solver.close();
        }
    }

    /** Moves in a solution's canonical text. */
    private static int length(String solution) {
        return solution.isEmpty() ? 0 : solution.split(" ").length;
    }

    /** Checks a solution: it solves the cube, has {@code n} plain face turns, in canonical text. */
    private static void assertSolves(Cube cube, String solution, int n) {
        assertTrue(cube.apply(solution).isSolved(), cube + " + " + solution);
        assertEquals(n, length(solution), solution);
        assertEquals(Moves.canonical(solution), solution, "canonical text");
        assertFalse(solution.contains("(") || solution.contains("w") || solution.matches(".*[MESxyz].*"), solution);
    }

    private static OptimalOptions options() {
        return OptimalOptions.defaults();
    }

    // ---- answers --------------------------------------------------------------------------------

    @Test
    void shortScramblesAreSolvedOptimally() {
        for (String moves : new String[] {"R", "R U", "R U F", "R U R' U'", "R U F' L2 D B'", "F2 U' R D2 B L' U"}) {
            Cube cube = Cube.fromMoves(moves);
            OptimalSolutions found = solver.solve(cube, options().withThreads(1));
            assertEquals(1, found.solutions().size());
            String best = found.first();
            assertSolves(cube, best, found.length());
            assertTrue(found.length() <= length(moves), moves + ": " + best);
            assertTrue(found.nodes() > 0 || found.length() == 0, "nodes " + found.nodes());
            assertEquals(best, solver.solve(cube), "solve(cube) is the first solution");
            assertEquals(found, solver.solve(cube, options().withThreads(1)), "deterministic with one thread");
            // Optimal: nothing shorter exists.
            int shorter = found.length() - 1;
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> solver.solve(cube, options().withMaxLength(shorter)));
            assertTrue(e.getMessage().startsWith("no solution of at most " + shorter + " moves exists for this cube"),
                    e.getMessage());
        }
        assertEquals("F' U' R'", solver.solve(Cube.fromMoves("R U F")));
        OptimalSolutions solved = solver.solve(Cube.solved(), options());
        assertEquals(List.of(""), solved.solutions());
        assertEquals(0, solved.length());
        assertEquals("0|", solved.toString());
    }

    @Test
    void cubesInAnyOrientationAreSolvedInSpace() {
        for (String moves : new String[] {"x R U' y F2", "Rw U M' E2", "y2 (R U R') F", "z' Fw2 Lw' x2"}) {
            Cube cube = Cube.fromMoves(moves);
            assertFalse(cube.isSolved());
            OptimalSolutions found = solver.solve(cube, options());
            assertSolves(cube, found.first(), found.length());
        }
        // A rotation alone: the pieces are solved, the solution is empty.
        assertEquals("", solver.solve(Cube.fromMoves("x y")));
    }

    @Test
    void allOptimalSolutionsOfTheSixHalfTurns() {
        Cube cube = Cube.fromMoves("R2 L2 U2 D2 F2 B2");
        OptimalSolutions all = solver.solve(cube, options().withMaxSolutions(1000));
        assertEquals(6, all.length());
        assertEquals(6, all.solutions().size(), all.toString());
        assertEquals(6, new HashSet<>(all.solutions()).size(), "distinct");
        for (String s : all.solutions()) {
            assertSolves(cube, s, 6);
        }
        // The engine's order for a symmetric cube: each solution found, then its images.
        assertEquals(List.of("U2 D2 R2 L2 F2 B2", "U2 D2 F2 B2 R2 L2", "R2 L2 U2 D2 F2 B2", "R2 L2 F2 B2 U2 D2",
                "F2 B2 R2 L2 U2 D2", "F2 B2 U2 D2 R2 L2"), all.solutions(), "the engine's order");
        assertEquals(all.first(), solver.solve(cube));
        // A limit takes the first solutions in that order, with any number of threads.
        for (int threads : new int[] {1, 2, 3}) {
            OptimalSolutions four = solver.solve(cube, options().withMaxSolutions(4).withThreads(threads));
            assertEquals(all.solutions().subList(0, 4), four.solutions(), "threads " + threads);
            assertEquals(all.solutions(), solver.solve(cube, options().withMaxSolutions(6).withThreads(threads))
                    .solutions());
        }
        assertThrows(UnsupportedOperationException.class, () -> all.solutions().add("R"));
    }

    @Test
    void aMinimumLengthSkipsShorterSolutions() {
        Cube cube = Cube.fromMoves("R U F");
        OptimalSolutions found = solver.solve(cube, options().withMinLength(4).withMaxSolutions(3));
        assertTrue(found.length() >= 4, found.toString());
        assertEquals(3, found.solutions().size());
        for (String s : found.solutions()) {
            assertSolves(cube, s, found.length());
        }
        assertEquals(3, solver.solve(cube, options().withMinLength(3)).length(), "minLength = the distance");
    }

    @Test
    void theAnswerDoesNotDependOnTheThreads() {
        Cube cube = Cube.fromMoves("R U F' L2 D B' R2");
        OptimalOptions many = options().withMaxSolutions(50);
        List<String> one = solver.solve(cube, many.withThreads(1)).solutions();
        for (int threads : new int[] {0, 2, 3, 8}) {
            OptimalSolutions found = solver.solve(cube, many.withThreads(threads));
            assertEquals(one, found.solutions(), "threads " + threads);
        }
    }

    // ---- errors ---------------------------------------------------------------------------------

    private static String invalid(OptimalOptions o) {
        return assertThrows(IllegalArgumentException.class, () -> solver.solve(Cube.fromMoves("R U F"), o)).getMessage();
    }

    @Test
    void badOptionsAreTheEnginesInvalidArgument() {
        assertEquals("no solution of at most 2 moves exists for this cube: it needs at least 3",
                invalid(options().withMaxLength(2)));
        assertEquals("threads 100000 out of range 0..=256", invalid(options().withThreads(100_000)));
        assertEquals("max_solutions must be at least 1", invalid(options().withMaxSolutions(0)));
        assertEquals("max_solutions 1000001 out of range 1..=1000000", invalid(options().withMaxSolutions(1_000_001)));
        assertEquals("max_length 41 is out of range 0..=40", invalid(options().withMaxLength(41)));
        assertEquals("min_length 9 is greater than max_length 8", invalid(options().withMinLength(9).withMaxLength(8)));
        assertEquals("min_length must not be negative (got -1)", invalid(options().withMinLength(-1)));
        assertEquals("max_length must not be negative (got -1)", invalid(options().withMaxLength(-1)));
        assertEquals("max_solutions must not be negative (got -1)", invalid(options().withMaxSolutions(-1)));
        assertEquals("threads must not be negative (got -1)", invalid(options().withThreads(-1)));
        assertEquals("timeout must not be negative (got -1 ms)", invalid(options().withTimeout(Duration.ofNanos(-1))));
        // A bound the table cannot rule out at once: the search tries every length up to it. The
        // superflip's lower bound (at least 11) is far below its distance (20).
        String refused = assertThrows(IllegalArgumentException.class,
                () -> solver.solve(HARD, options().withMaxLength(0))).getMessage();
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("no solution of at most 0 moves exists for this cube: it needs at least (\\d+)").matcher(refused);
        assertTrue(m.matches(), refused);
        int bound = Integer.parseInt(m.group(1));
        assertEquals("no solution of at most " + bound + " moves exists for this cube",
                assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(IllegalArgumentException.class,
                        () -> solver.solve(HARD, options().withMaxLength(bound).withThreads(2)))).getMessage());
    }

    @Test
    void otherTableSizesAreRefused() {
        String h8 = "table size h8 is not available: this version builds h0 to h7";
        assertEquals(h8, assertThrows(IllegalArgumentException.class, () -> OptimalSolver.openExisting(path, 8))
                .getMessage());
        Path fresh = dir.resolve("h8").resolve("h8.tbl");
        assertEquals(h8, assertThrows(IllegalArgumentException.class, () -> OptimalSolver.open(fresh, 8)).getMessage());
        assertFalse(Files.exists(fresh.getParent()), "refused before anything was created");
        String negative = "table size -1 is out of range (0 = h0, 1 = h1, ...)";
        assertEquals(negative, assertThrows(IllegalArgumentException.class, () -> OptimalSolver.openExisting(path, -1))
                .getMessage());
        assertEquals(negative, assertThrows(IllegalArgumentException.class, () -> OptimalSolver.defaultTableFile(-1))
                .getMessage());
        assertEquals("table size 256 is out of range (0 = h0, 1 = h1, ...)",
                assertThrows(IllegalArgumentException.class, () -> OptimalSolver.open(fresh, 256, null, null))
                        .getMessage());
    }

    @Test
    void defaultPathIsAPerUserCacheFile() {
        Path p = OptimalSolver.defaultTableFile(0);
        assertTrue(p.getFileName().toString().matches("cube3-optimal-h0-v\\d+\\.tbl"), p.toString());
        assertTrue(p.isAbsolute(), p.toString());
        assertEquals(0, OptimalSolver.DEFAULT_SIZE);
    }

    @Test
    void openExistingRefusesDamagedAndForeignFiles() throws IOException {
        byte[] good = Files.readAllBytes(path);
        Path truncated = Files.write(dir.resolve("truncated.tbl"), java.util.Arrays.copyOf(good, good.length - 1));
        byte[] magic = good.clone();
        magic[0] ^= 0x55;
        Path badMagic = Files.write(dir.resolve("bad-magic.tbl"), magic);
        byte[] damaged = good.clone();
        damaged[damaged.length - 1] ^= 1;
        Path corrupt = Files.write(dir.resolve("corrupt.tbl"), damaged);
        Path empty = Files.write(dir.resolve("empty.tbl"), new byte[0]);
        Path missing = dir.resolve("missing.tbl");
        Path twophase = path.resolveSibling("cube3-twophase.tbl");
        Path sq1 = path.resolveSibling("sq1-solver.tbl");
        List<Path> bad = new ArrayList<>(List.of(truncated, badMagic, corrupt, empty, missing, dir, twophase, sq1));
        for (String name : List.of("cube3-optimal-truncated.tbl", "cube3-optimal-bad-magic.tbl",
                "cube3-optimal-bad-version.tbl")) {
            bad.add(path.resolveSibling(name));
        }
        for (Path p : bad) {
            DatabaseException e = assertThrows(DatabaseException.class, () -> OptimalSolver.openExisting(p, 0), p.toString());
            assertEquals(TwistyException.DATABASE, e.code());
            assertTrue(e.getMessage().startsWith("3x3x3 optimal-solver table file " + p + ": "), e.getMessage());
        }
        assertTrue(assertThrows(DatabaseException.class, () -> OptimalSolver.openExisting(truncated, 0)).getMessage()
                .endsWith("(truncated or damaged)"));
        assertTrue(assertThrows(DatabaseException.class, () -> OptimalSolver.openExisting(badMagic, 0)).getMessage()
                .endsWith("not a twisty 3x3x3 optimal-solver table file (bad magic)"));
        assertTrue(assertThrows(DatabaseException.class, () -> OptimalSolver.openExisting(twophase, 0)).getMessage()
                .endsWith("not a twisty 3x3x3 optimal-solver table file (it is a twisty 3x3x3 two-phase solver table file)"));
        assertTrue(assertThrows(DatabaseException.class, () -> OptimalSolver.openExisting(corrupt, 0)).getMessage()
                .endsWith("fails its checksum (damaged)"));
        assertTrue(assertThrows(DatabaseException.class, () -> OptimalSolver.openExisting(missing, 0)).getMessage()
                .contains("cannot open"));
        assertFalse(Files.exists(missing), "openExisting never builds");
    }

    @Test
    void openRefusesFilesOfAnotherKindAndLeavesThemAlone() throws Exception {
        Path here = Files.createDirectory(dir.resolve("foreign"));
        Path twophase = HostileFiles.prefixCopy(path.resolveSibling("cube3-twophase.tbl"), here.resolve("twophase.tbl"),
                1 << 20);
        byte[] before = Files.readAllBytes(twophase);
        FileTime modified = Files.getLastModifiedTime(twophase);
        List<BuildProgress> reports = Collections.synchronizedList(new ArrayList<>());
        DatabaseException e = assertTimeoutPreemptively(PROMPTLY,
                () -> assertThrows(DatabaseException.class, () -> OptimalSolver.open(twophase, 0, reports::add, null)));
        assertEquals(4, e.code());
        assertEquals("3x3x3 optimal-solver table file " + twophase + ": not a twisty 3x3x3 optimal-solver table file"
                + " (it is a twisty 3x3x3 two-phase solver table file); it was left alone (remove it, or choose another path)",
                e.getMessage());
        assertEquals(List.of(), reports, "refused before building");
        assertArrayEquals(before, Files.readAllBytes(twophase));
        assertEquals(modified, Files.getLastModifiedTime(twophase));
        assertFalse(Files.exists(HostileFiles.partial(twophase)));
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
                nullCase("OptimalSolver.open(null, 0)", "path must not be null", () -> OptimalSolver.open(null, 0)),
                nullCase("OptimalSolver.open(null, 0, l, c)", "path must not be null",
                        () -> OptimalSolver.open(null, 0, p -> { }, null)),
                nullCase("OptimalSolver.openExisting(null, 0)", "path must not be null",
                        () -> OptimalSolver.openExisting(null, 0)),
                nullCase("solve(null)", "cube must not be null", () -> solver.solve(null)),
                nullCase("solve(null, o)", "cube must not be null", () -> solver.solve(null, options())),
                nullCase("solve(c, null)", "options must not be null", () -> solver.solve(Cube.solved(), null)));
    }

    // ---- table builds ---------------------------------------------------------------------------

    @Test
    void openBuildsAMissingFileReportingEachDistanceAndCanBeCancelled() throws Exception {
        Path fresh = dir.resolve("build").resolve("h0.tbl");
        // Cancelled before the call: nothing is created, not even the folder.
        try (Cancellation c = new Cancellation()) {
            c.cancel();
            assertEquals("opening the 3x3x3 optimal-solver table file was cancelled before it started",
                    assertThrows(CancellationException.class, () -> OptimalSolver.open(fresh, 0, null, c)).getMessage());
        }
        assertFalse(Files.exists(fresh.getParent()));
        // Cancelled by the listener at its first report: no file is left.
        List<BuildProgress> first = new ArrayList<>();
        try (Cancellation c = new Cancellation()) {
            assertThrows(CancellationException.class, () -> OptimalSolver.open(fresh, 0, p -> {
                first.add(p);
                c.cancel();
            }, c));
        }
        assertEquals(1, first.size());
        assertEquals("3x3x3 optimal table h0: distance 0", first.get(0).phase());
        assertFalse(Files.exists(fresh));
        // A listener that throws: its exception is the call's.
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> OptimalSolver.open(fresh, 0,
                p -> {
                    throw new IllegalStateException("listener gave up");
                }, null));
        assertEquals("listener gave up", thrown.getMessage());
        assertFalse(Files.exists(fresh));
        // Built and saved: one report per distance, in order, on the calling thread; the same file
        // as the Rust suite's and the same answers.
        List<BuildProgress> reports = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        Cube cube = Cube.fromMoves("R U F' L2 D B'");
        try (OptimalSolver built = OptimalSolver.open(fresh, 0, p -> {
            reports.add(p);
            threads.add(Thread.currentThread());
        }, null)) {
            assertEquals(solver.solve(cube, options().withMaxSolutions(10)).solutions(),
                    built.solve(cube, options().withMaxSolutions(10)).solutions());
        }
        assertTrue(reports.size() > 5, reports.toString());
        for (int i = 0; i < reports.size(); i++) {
            BuildProgress p = reports.get(i);
            assertEquals("3x3x3 optimal table h0: distance " + i, p.phase());
            assertEquals(i, p.level());
            assertTrue(i == 0 || p.done() > reports.get(i - 1).done(), p.toString());
        }
        BuildProgress last = reports.get(reports.size() - 1);
        assertEquals(last.total(), last.done(), "every entry reached");
        assertEquals(Collections.nCopies(reports.size(), Thread.currentThread()), threads);
        assertEquals(Files.size(path), Files.size(fresh));
        // Usable: opened, not rebuilt.
        List<BuildProgress> none = new ArrayList<>();
        try (OptimalSolver again = OptimalSolver.open(fresh, 0, none::add, null)) {
            assertEquals(solver.solve(cube), again.solve(cube));
        }
        assertEquals(List.of(), none);
    }

    // ---- progress, cancellation and timeouts ----------------------------------------------------

    @Test
    void progressReportsEachDepthInOrderEndingAtTheSolutionsLength() {
        for (int minLength : new int[] {0, 5}) {
            Cube cube = Cube.fromMoves("R U F' L2 D B'");
            List<BuildProgress> reports = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            OptimalSolutions found = solver.solve(cube, options().withMinLength(minLength).withMaxSolutions(5)
                    .withProgress(p -> {
                        reports.add(p);
                        threads.add(Thread.currentThread());
                    }));
            assertFalse(reports.isEmpty());
            int start = reports.get(0).level();
            assertTrue(start >= minLength, "starts at the larger of minLength and the bound: " + start);
            for (int i = 0; i < reports.size(); i++) {
                BuildProgress p = reports.get(i);
                assertEquals(start + i, p.level(), "one depth after the other");
                assertEquals("depth " + p.level(), p.phase());
                assertEquals(0, p.total());
                assertEquals(-1, p.etaMillis());
                assertTrue(i == 0 || p.done() >= reports.get(i - 1).done(), "nodes so far");
                assertEquals(i == reports.size() - 1 ? found.solutions().size() : 0, p.found(), p.toString());
            }
            BuildProgress last = reports.get(reports.size() - 1);
            assertEquals(found.length(), last.level());
            assertEquals(found.nodes(), last.done());
            assertEquals(Collections.nCopies(reports.size(), Thread.currentThread()), threads);
        }
        // With minLength above the distance, the first report is at minLength.
        List<BuildProgress> reports = new ArrayList<>();
        solver.solve(Cube.fromMoves("R U F"), options().withMinLength(5).withProgress(reports::add));
        assertEquals(5, reports.get(0).level());
    }

    @Test
    void aThrowingListenerStopsTheSearchAndCancelsItsFlag() {
        try (Cancellation c = new Cancellation()) {
            IllegalStateException e = assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(IllegalStateException.class,
                    () -> solver.solve(HARD, options().withThreads(2).withCancellation(c).withProgress(p -> {
                        throw new IllegalStateException("enough at depth " + p.level());
                    }))));
            assertTrue(e.getMessage().startsWith("enough at depth "), e.getMessage());
            assertTrue(c.isCancelled());
        }
    }

    @Test
    void aCancellationBeforeTheCallStopsAtOnce() {
        try (Cancellation c = new Cancellation()) {
            c.cancel();
            for (Cube cube : List.of(Cube.solved(), Cube.fromMoves("R"), HARD)) {
                List<BuildProgress> reports = new ArrayList<>();
                CancellationException e = assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(
                        CancellationException.class,
                        () -> solver.solve(cube, options().withCancellation(c).withProgress(reports::add))));
                assertEquals("the search was cancelled", e.getMessage());
                assertEquals(List.of(), reports);
            }
        }
        Cancellation closed = new Cancellation();
        closed.close();
        assertEquals("Cancellation is closed", assertThrows(IllegalStateException.class,
                () -> solver.solve(Cube.solved(), options().withCancellation(closed))).getMessage());
    }

    @Test
    void aCancellationFromAnotherThreadStopsALongSearch() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Cancellation c = new Cancellation()) {
            CountDownLatch searching = new CountDownLatch(1);
            Future<OptimalSolutions> f = pool.submit(() -> solver.solve(HARD,
                    options().withThreads(2).withCancellation(c).withProgress(p -> searching.countDown())));
            // After the first depth the search runs on into deeper ones (it cannot end otherwise).
            assertTrue(searching.await(10, TimeUnit.MINUTES), "a first depth was searched");
            c.cancel();
            ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.MINUTES));
            assertTrue(e.getCause() instanceof CancellationException, e.getCause().toString());
            assertEquals("the search was cancelled", e.getCause().getMessage());
        } finally {
            pool.shutdownNow();
        }
        // The solver is still fine.
        assertEquals("F' U' R'", solver.solve(Cube.fromMoves("R U F")));
    }

    @Test
    void aTimeoutStopsALongSearch() {
        for (Duration timeout : List.of(Duration.ofMillis(200), Duration.ofNanos(1))) {
            CancellationException e = assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(CancellationException.class,
                    () -> solver.solve(HARD, options().withThreads(2).withTimeout(timeout))));
            assertEquals("the search reached its deadline before finding a solution of at most 20 moves", e.getMessage());
        }
        // Zero is no limit; a generous timeout changes nothing.
        Cube cube = Cube.fromMoves("R U F' L2 D B'");
        String expected = solver.solve(cube);
        assertEquals(expected, solver.solve(cube, options().withTimeout(Duration.ZERO)).first());
        assertEquals(expected, solver.solve(cube, options().withTimeout(Duration.ofMinutes(5))).first());
    }

    // ---- the handle contract and threads --------------------------------------------------------

    @Test
    void aClosedSolverThrowsIllegalStateExceptionAndClosingTwiceIsHarmless() {
        OptimalSolver s = OptimalSolver.openExisting(path, 0);
        assertFalse(s.isClosed());
        s.close();
        s.close();
        assertTrue(s.isClosed());
        for (Executable call : List.<Executable>of(() -> s.solve(Cube.solved()), () -> s.solve(Cube.solved(), options()))) {
            assertEquals("OptimalSolver is closed", assertThrows(IllegalStateException.class, call).getMessage());
        }
    }

    @Test
    void closeDuringASearchLetsTheSearchFinishOnIntactTables() throws Exception {
        OptimalSolver s = OptimalSolver.openExisting(path, 0);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Cancellation c = new Cancellation()) {
            CountDownLatch searching = new CountDownLatch(1);
            Future<OptimalSolutions> f = pool.submit(() -> s.solve(HARD,
                    options().withThreads(2).withCancellation(c).withProgress(p -> searching.countDown())));
            // A report comes from inside the call, which cannot end but by the cancel below.
            assertTrue(searching.await(10, TimeUnit.MINUTES));
            s.close(); // the search keeps running on its table
            assertEquals("OptimalSolver is closed",
                    assertThrows(IllegalStateException.class, () -> s.solve(Cube.solved())).getMessage());
            assertFalse(f.isDone(), "the search runs on after the close");
            c.cancel();
            ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.MINUTES));
            assertTrue(e.getCause() instanceof CancellationException, e.getCause().toString());
        } finally {
            pool.shutdownNow();
        }
    }

    /** What one pass over a few cubes computes, in order (one thread per solve: many run at once). */
    private static List<String> workload(OptimalSolver s) {
        List<String> out = new ArrayList<>();
        for (String moves : new String[] {"R U F' L2 D B'", "F2 U' R D2 B L'", "R2 L2 U2 D2 F2 B2", "U R U' R' F2"}) {
            Cube cube = Cube.fromMoves(moves);
            out.add(s.solve(cube, options().withThreads(1).withMaxSolutions(20)).toString());
            out.add(s.solve(cube.apply("z"), options().withThreads(2)).toString());
        }
        return out;
    }

    @Test
    void oneSolverSharedByManyThreadsGivesTheSingleThreadedAnswers() throws Exception {
        List<String> expected = workload(solver);
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<String>>> results = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
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

    // ---- values ---------------------------------------------------------------------------------

    @Test
    void optionsAreImmutableValues() {
        OptimalOptions d = OptimalOptions.defaults();
        assertEquals(0, d.minLength());
        assertEquals(20, d.maxLength());
        assertEquals(OptimalOptions.DEFAULT_MAX_LENGTH, d.maxLength());
        assertEquals(1, d.maxSolutions());
        assertEquals(0, d.threads());
        assertEquals(null, d.timeout());
        assertEquals(null, d.cancellation());
        assertEquals(null, d.progress());
        OptimalOptions o = d.withMinLength(3).withMaxLength(12).withMaxSolutions(7).withThreads(2)
                .withTimeout(Duration.ofSeconds(9));
        assertEquals(List.of(3, 12, 7L, 2, Duration.ofSeconds(9)),
                List.of(o.minLength(), o.maxLength(), o.maxSolutions(), o.threads(), o.timeout()));
        assertEquals(0, d.minLength(), "the defaults are unchanged");
        assertEquals(o, d.withMinLength(3).withMaxLength(12).withMaxSolutions(7).withThreads(2)
                .withTimeout(Duration.ofSeconds(9)));
        assertEquals(o.hashCode(), d.withMinLength(3).withMaxLength(12).withMaxSolutions(7).withThreads(2)
                .withTimeout(Duration.ofSeconds(9)).hashCode());
        assertNotEquals(o, o.withThreads(3));
        try (Cancellation c = new Cancellation()) {
            assertSame(c, o.withCancellation(c).cancellation());
            assertNotEquals(o, o.withCancellation(c));
        }
        org.twisty.BuildListener l = p -> { };
        assertSame(l, o.withProgress(l).progress());
        assertTrue(o.toString().startsWith("OptimalOptions[minLength=3, maxLength=12, maxSolutions=7, threads=2"),
                o.toString());
    }
}
