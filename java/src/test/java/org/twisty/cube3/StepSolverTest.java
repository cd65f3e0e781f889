package org.twisty.cube3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.twisty.cube3.CubeTest.nullCase;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.twisty.BuildProgress;
import org.twisty.Cancellation;
import org.twisty.DatabaseException;

/**
 * The 3x3x3 step solvers through {@link StepSolver}: solutions checked to reach each step's goal
 * (the position after them solves the step in zero moves), NISS modes, thread counts, the handle
 * contract, table files (a build with progress, a build cancelled from its listener, a foreign
 * file), cancellation, timeouts, the engine's errors and one solver shared by many threads. The
 * shared solver uses the vectors' folder {@code $DB/steps} (families built there on first use).
 */
class StepSolverTest {
    @TempDir
    static Path dir;

    static StepSolver solver;

    static final String SCRAMBLE = "R' U' F D2 L2 F R2 U2 R2 B D2 L F2 L' U F' R D' F2 L' U' R' U' F";

    /** No regression may hang the suite: a call that should stop promptly fails the test here instead. */
    private static final Duration PROMPTLY = Duration.ofSeconds(120);

    @BeforeAll
    static void open() {
        solver = StepSolver.open(Cube3SolverTest.dbDir().resolve("steps"));
    }

    @AfterAll
    static void close() {
        if (solver != null) {
            solver.close();
        }
    }

    private static StepOptions options() {
        return StepOptions.defaults();
    }

    /** The solutions of length 0: one empty solution exactly when the cube is at the step's goal. */
    private static List<String> atGoal(StepSolver s, String step, Cube cube) {
        return s.solve(step, cube, options().withMaxLength(0).withNiss(NissMode.NORMAL));
    }

    private static List<String> files(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(folder)) {
            return list.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    // ---- answers --------------------------------------------------------------------------------

    @Test
    void everySolutionReachesTheStepsGoalInEveryNissMode() {
        Cube start = StepSolver.position(SCRAMBLE, "");
        assertEquals(List.of(), atGoal(solver, "eofb", start), "the scramble has no EO yet");
        for (NissMode mode : NissMode.values()) {
            List<String> eos = solver.solve("eofb", start, options().withNiss(mode).withMaxLength(6).withMaxSolutions(30));
            assertFalse(eos.isEmpty(), mode.toString());
            for (int i = 0; i < eos.size(); i++) {
                String eo = eos.get(i);
                assertEquals(List.of(""), atGoal(solver, "eofb", StepSolver.position(SCRAMBLE, eo)), mode + ": " + eo);
                assertTrue(i == 0 || Moves.count(eo) >= Moves.count(eos.get(i - 1)), "shortest first: " + eos);
                assertEquals(1, eos.stream().filter(s -> Moves.same(s, eo)).count(), "each once: " + eo);
                if (mode == NissMode.NORMAL) {
                    assertFalse(eo.contains("("), eo);
                } else if (mode == NissMode.INVERSE) {
                    assertTrue(eo.startsWith("(") && eo.endsWith(")"), eo);
                }
            }
        }
    }

    @Test
    void stepsChainFromEoToDrToHtr() {
        Cube start = StepSolver.position(SCRAMBLE, "");
        String eo = solver.solve("eofb", start).get(0);
        Cube afterEo = StepSolver.position(SCRAMBLE, eo);
        String dr = solver.solve("drud-eofb", afterEo).get(0);
        String soFar = eo + " " + dr;
        Cube afterDr = StepSolver.position(SCRAMBLE, soFar);
        assertEquals(List.of(""), atGoal(solver, "drud", afterDr), soFar);
        assertEquals(List.of(""), atGoal(solver, "eofb", afterDr), "DR keeps EO: " + soFar);
        assertEquals(List.of(), atGoal(solver, "drud", afterEo), "not DR before: " + eo);
        String htr = solver.solve("htr-drud", afterDr).get(0);
        assertEquals(List.of(""), atGoal(solver, "htr-drud", StepSolver.position(SCRAMBLE, soFar + " " + htr)));
    }

    @Test
    void theAnswerDoesNotDependOnTheThreads() {
        Cube start = StepSolver.position(SCRAMBLE, "");
        StepOptions many = options().withNiss(NissMode.ALL).withMaxLength(6).withMaxSolutions(100);
        List<String> one = solver.solve("eofb", start, many);
        assertEquals(one, solver.solve("eofb", start, many.withThreads(3)));
        assertTrue(one.size() > 1, one.toString());
    }

    @Test
    void optionsShapeTheList() {
        Cube start = StepSolver.position(SCRAMBLE, "");
        StepOptions all = options().withNiss(NissMode.NORMAL).withMaxLength(6).withAllSolutions();
        List<String> every = solver.solve("eofb", start, all);
        int shortest = Moves.count(every.get(0));
        assertEquals(every.subList(0, 3), solver.solve("eofb", start, all.withMaxSolutions(3)));
        // A margin of 0 stops after the shortest length; a minimum length skips shorter ones.
        assertEquals(every.stream().filter(s -> Moves.count(s) == shortest).collect(Collectors.toList()),
                solver.solve("eofb", start, all.withMargin(0)));
        assertEquals(every.stream().filter(s -> Moves.count(s) > shortest).collect(Collectors.toList()),
                solver.solve("eofb", start, all.withMinLength(shortest + 1)));
        assertThrows(UnsupportedOperationException.class, () -> every.add("R"));
    }

    @Test
    void stepNamesDescribeEveryStep() {
        List<String> names = StepSolver.stepNames();
        assertTrue(names.contains("eofb") && names.contains("drud-eofb") && names.contains("htr-drud"), names.toString());
        for (String name : names) {
            assertFalse(StepSolver.describe(name).isEmpty(), name);
        }
        assertThrows(UnsupportedOperationException.class, () -> names.add("x"));
    }

    @Test
    void sequenceHelpersAndEnumCodes() {
        assertEquals(List.of(0, 1, 2, 3, 4),
                List.of(NissMode.values()).stream().map(NissMode::code).collect(Collectors.toList()));
        assertEquals(List.of(0, 1), List.of(Variation.values()).stream().map(Variation::code).collect(Collectors.toList()));
        // Each code reaches the engine as the constant it names.
        assertEquals(List.of("R U R U"), Moves.variations(Variation.UNNISS, "R U (U' R')"));
        assertEquals(List.of("R U2 F", "R U2 F'"), Moves.variations(Variation.LASTQT, "R U2 F"));
        assertEquals(7, Moves.count("R2 M Uw (Fw2 M2 y2)"));
        assertTrue(Moves.same("U D2 U", "U U D2"));
        assertFalse(Moves.same("R U", "U R"));
    }

    // ---- the engine's errors --------------------------------------------------------------------

    @Test
    void badStepsModesRequirementsAndOptionsAreTheEnginesInvalidArgument() {
        Cube start = StepSolver.position(SCRAMBLE, "");
        assertEquals("step drud-eofb needs edges oriented on the F/B axis (eofb), which this cube does not have",
                assertThrows(IllegalArgumentException.class, () -> solver.solve("drud-eofb", start)).getMessage());
        assertEquals("step drudslice cannot switch NISS sides: niss mode mixed is not available for it",
                assertThrows(IllegalArgumentException.class,
                        () -> solver.solve("drudslice", Cube.solved(), options().withNiss(NissMode.MIXED))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> solver.solve("eo", start)).getMessage()
                .startsWith("unknown step 'eo' (expected one of: eofb, "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StepSolver.describe("dr")).getMessage()
                .startsWith("unknown step 'dr'"));
        assertEquals("maximum length 21 is above 20", assertThrows(IllegalArgumentException.class,
                () -> solver.solve("eofb", start, options().withMaxLength(21))).getMessage());
        assertEquals("thread count 0 is out of range 1..=256", assertThrows(IllegalArgumentException.class,
                () -> solver.solve("eofb", start, options().withThreads(0))).getMessage());
    }

    @TestFactory
    Stream<DynamicTest> everyPublicMethodRejectsNullArguments() {
        Cube cube = Cube.solved();
        return Stream.of(
                nullCase("StepSolver.open(null)", "folder must not be null", () -> StepSolver.open(null)),
                nullCase("solve(null, c)", "step must not be null", () -> solver.solve(null, cube)),
                nullCase("solve(s, null)", "cube must not be null", () -> solver.solve("eofb", null)),
                nullCase("solve(s, null, o)", "cube must not be null", () -> solver.solve("eofb", null, options())),
                nullCase("solve(s, c, null)", "options must not be null", () -> solver.solve("eofb", cube, null)),
                nullCase("prepare(null)", "step must not be null", () -> solver.prepare(null)),
                nullCase("describe(null)", "step must not be null", () -> StepSolver.describe(null)),
                nullCase("position(null, m)", "scramble must not be null", () -> StepSolver.position(null, "")),
                nullCase("position(s, null)", "moves must not be null", () -> StepSolver.position("R", null)),
                nullCase("Moves.count(null)", "moves must not be null", () -> Moves.count(null)),
                nullCase("Moves.same(null, b)", "a must not be null", () -> Moves.same(null, "R")),
                nullCase("Moves.same(a, null)", "b must not be null", () -> Moves.same("R", null)),
                nullCase("Moves.variations(null, m)", "variation must not be null", () -> Moves.variations(null, "R")),
                nullCase("Moves.variations(v, null)", "moves must not be null",
                        () -> Moves.variations(Variation.UNNISS, null)),
                nullCase("withNiss(null)", "niss must not be null", () -> options().withNiss(null)));
    }

    // ---- the handle -----------------------------------------------------------------------------

    @Test
    void foldersOfSolvers() {
        try (StepSolver memory = StepSolver.inMemory(); StepSolver files = StepSolver.open(dir.resolve("named"));
                StepSolver byDefault = StepSolver.open()) {
            assertEquals(Optional.empty(), memory.folder());
            assertEquals(Optional.of(dir.resolve("named")), files.folder());
            assertEquals(Optional.of(StepSolver.defaultFolder()), byDefault.folder());
        }
        assertFalse(Files.exists(dir.resolve("named")), "nothing is created before a prepare or solve");
    }

    @Test
    void aClosedSolverIsTheClosedErrorAndClosesTwice() {
        StepSolver s = StepSolver.inMemory();
        s.close();
        s.close();
        assertTrue(s.isClosed());
        assertEquals("StepSolver is closed",
                assertThrows(IllegalStateException.class, () -> s.solve("eofb", Cube.solved())).getMessage());
        assertEquals("StepSolver is closed", assertThrows(IllegalStateException.class, () -> s.prepare("eofb")).getMessage());
        assertEquals("StepSolver is closed", assertThrows(IllegalStateException.class, s::folder).getMessage());
    }

    @Test
    void anInMemorySolverGivesTheSameAnswers() {
        Cube start = StepSolver.position(SCRAMBLE, "");
        StepOptions o = options().withNiss(NissMode.LINEAR).withMaxLength(6).withMaxSolutions(20);
        try (StepSolver memory = StepSolver.inMemory()) {
            assertEquals(solver.solve("eofb", start, o), memory.solve("eofb", start, o));
        }
    }

    @Test
    void manyThreadsShareOneSolver() throws Exception {
        Cube start = StepSolver.position(SCRAMBLE, "");
        StepOptions o = options().withNiss(NissMode.ALL).withMaxLength(6).withMaxSolutions(20);
        List<String> expected = solver.solve("eofb", start, o);
        Path folder = dir.resolve("shared");
        int n = 8;
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try (StepSolver shared = StepSolver.open(folder)) {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<List<String>>> answers = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                // Every thread's first solve needs the family's file: it is built once, under its lock.
                answers.add(pool.submit(() -> {
                    go.await();
                    return shared.solve("eofb", start, o);
                }));
            }
            go.countDown();
            for (Future<List<String>> f : answers) {
                assertEquals(expected, f.get());
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(1, files(folder).size(), files(folder).toString());
    }

    // ---- table files ----------------------------------------------------------------------------

    @Test
    void aFirstBuildReportsProgressOnTheCallingThreadThenTheFileIsOpened() throws IOException {
        Path folder = dir.resolve("progress");
        List<BuildProgress> reports = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        try (StepSolver s = StepSolver.open(folder)) {
            s.prepare("eofb", p -> {
                reports.add(p);
                threads.add(Thread.currentThread());
            }, null);
            assertFalse(reports.isEmpty());
            for (int i = 0; i < reports.size(); i++) {
                BuildProgress p = reports.get(i);
                assertTrue(p.phase().endsWith(" step tables"), p.toString());
                assertTrue(i == 0 || p.done() > reports.get(i - 1).done(), reports.toString());
                assertTrue(p.done() <= p.total(), p.toString());
            }
            BuildProgress end = reports.get(reports.size() - 1);
            assertEquals(end.total(), end.done(), "every table built");
            assertEquals(Collections.nCopies(reports.size(), Thread.currentThread()), threads);
            assertEquals(1, files(folder).size(), files(folder).toString());
            // Open now: neither a prepare nor a solve builds again.
            List<BuildProgress> none = new ArrayList<>();
            s.prepare("eoud", none::add, null);
            assertEquals(List.of(), none);
        }
        // A new solver opens the saved file, reporting no build; a solve reports its lengths only.
        List<BuildProgress> lengths = new ArrayList<>();
        Cube start = StepSolver.position(SCRAMBLE, "");
        try (StepSolver again = StepSolver.open(folder)) {
            List<String> found = again.solve("eofb", start, options().withMaxLength(6).withProgress(lengths::add));
            assertEquals(solver.solve("eofb", start, options().withMaxLength(6)), found);
        }
        assertFalse(lengths.isEmpty());
        for (BuildProgress p : lengths) {
            assertEquals("length " + p.level(), p.phase());
        }
        BuildProgress last = lengths.get(lengths.size() - 1);
        assertEquals(1, last.found());
        assertEquals(Moves.count(solver.solve("eofb", start).get(0)), last.level());
        for (int i = 1; i < lengths.size(); i++) {
            assertEquals(lengths.get(i - 1).level() + 1, lengths.get(i).level(), "one report per length");
        }
    }

    @Test
    void aBuildCancelledBeforeItStartsLeavesNoFile() throws IOException {
        Path folder = dir.resolve("cancelled-before");
        try (StepSolver s = StepSolver.open(folder); Cancellation c = new Cancellation()) {
            c.cancel();
            List<BuildProgress> reports = new ArrayList<>();
            assertThrows(CancellationException.class, () -> s.prepare("eofb", reports::add, c));
            assertThrows(CancellationException.class,
                    () -> s.solve("eofb", Cube.solved(), options().withCancellation(c).withProgress(reports::add)));
            assertEquals(List.of(), reports);
            assertEquals(List.of(), files(folder));
        }
    }

    /** A cancellation from the build's own listener (or a listener that throws) saves nothing. */
    @Test
    void aBuildCancelledFromItsListenerLeavesNoFile() throws IOException {
        Path folder = dir.resolve("cancelled");
        try (StepSolver s = StepSolver.open(folder); Cancellation c = new Cancellation()) {
            assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(CancellationException.class,
                    () -> s.prepare("eofb", p -> c.cancel(), c)));
            assertEquals(List.of(), files(folder));
            // The same through a solve's listener.
            try (Cancellation d = new Cancellation()) {
                assertThrows(CancellationException.class, () -> s.solve("eofb", Cube.solved(),
                        options().withCancellation(d).withProgress(p -> d.cancel())));
            }
            assertEquals(List.of(), files(folder));
            // A listener that throws: its exception is the call's, and no file is left either.
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> s.prepare("eofb", p -> {
                throw new IllegalStateException("listener gave up");
            }, null));
            assertEquals("listener gave up", thrown.getMessage());
            assertEquals(List.of(), files(folder));
            // Not cancelled: built.
            s.prepare("eofb");
            assertEquals(1, files(folder).size());
        }
    }

    @Test
    void aThrowingListenerIsRethrown() {
        try (StepSolver s = StepSolver.open(dir.resolve("thrown"))) {
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> s.prepare("eofb", p -> {
                throw new IllegalStateException("listener gave up");
            }, null));
            assertEquals("listener gave up", thrown.getMessage());
            // Nothing was saved by that build; built now, so a solve's first report is a length's.
            s.prepare("eofb");
            // A solve's listener too.
            thrown = assertThrows(IllegalStateException.class, () -> s.solve("eofb", StepSolver.position(SCRAMBLE, ""),
                    options().withProgress(p -> {
                        throw new IllegalStateException("listener gave up on " + p.phase());
                    })));
            assertEquals("listener gave up on length 1", thrown.getMessage());
        }
    }

    @Test
    void aForeignFileIsRefusedAndLeftAsItIs() throws IOException {
        Path built = dir.resolve("model");
        try (StepSolver s = StepSolver.open(built)) {
            s.prepare("eofb");
        }
        String name = files(built).get(0);
        Path folder = dir.resolve("foreign");
        Files.createDirectories(folder);
        byte[] notes = "a user's notes, not a table\n".getBytes(StandardCharsets.UTF_8);
        Files.write(folder.resolve(name), notes);
        try (StepSolver s = StepSolver.open(folder)) {
            DatabaseException e = assertThrows(DatabaseException.class, () -> s.prepare("eofb"));
            assertTrue(e.getMessage().contains(folder.resolve(name).toString())
                    && e.getMessage().endsWith("it was left alone (remove it, or choose another path)"), e.getMessage());
            assertThrows(DatabaseException.class, () -> s.solve("eofb", Cube.solved()));
            assertEquals(List.of(""), s.solve("drud", Cube.solved()), "other families are unaffected");
        }
        assertArrayEquals(notes, Files.readAllBytes(folder.resolve(name)));
    }

    @Test
    void aFolderThatIsAFileIsRefused() throws IOException {
        Path file = dir.resolve("a-file");
        Files.write(file, new byte[] {1, 2, 3});
        try (StepSolver s = StepSolver.open(file)) {
            assertThrows(DatabaseException.class, () -> s.prepare("eofb"));
        }
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(file));
    }

    // ---- cancellation and timeouts --------------------------------------------------------------

    @Test
    void aFlagCancelledBeforeTheSolveStopsIt() {
        Cube start = StepSolver.position(SCRAMBLE, "");
        try (Cancellation c = new Cancellation()) {
            c.cancel();
            assertEquals("the search was cancelled", assertThrows(CancellationException.class,
                    () -> solver.solve("eofb", start, options().withCancellation(c))).getMessage());
        }
    }

    @Test
    void aSolveCancelledFromItsListenerStops() {
        // Every solution up to 20 moves would take very long: only the cancellation, asked for at
        // the first length's report, ends this search (the search checks it every few thousand
        // nodes, so within a few lengths).
        Cube start = StepSolver.position(SCRAMBLE, "");
        solver.prepare("eofb");
        List<BuildProgress> reports = new ArrayList<>();
        try (Cancellation c = new Cancellation()) {
            assertTimeoutPreemptively(PROMPTLY, () -> assertThrows(CancellationException.class,
                    () -> solver.solve("eofb", start, options().withAllSolutions().withCancellation(c).withProgress(p -> {
                        reports.add(p);
                        c.cancel();
                    }))));
        }
        assertFalse(reports.isEmpty());
        assertTrue(reports.get(reports.size() - 1).level() < StepOptions.DEFAULT_MAX_LENGTH, reports.toString());
    }

    @Test
    void timeoutsFollowTheOneRule() {
        Cube start = StepSolver.position(SCRAMBLE, "");
        StepOptions o = options().withNiss(NissMode.ALL).withMaxLength(6).withMaxSolutions(10);
        List<String> none = solver.solve("eofb", start, o);
        assertEquals(none, solver.solve("eofb", start, o.withTimeout(Duration.ZERO)), "zero is no timeout");
        assertEquals(none, solver.solve("eofb", start, o.withTimeout(Duration.ofHours(1))));
        assertEquals("timeout must not be negative (got -1 ms)", assertThrows(IllegalArgumentException.class,
                () -> solver.solve("eofb", start, o.withTimeout(Duration.ofMillis(-1)))).getMessage());
    }
}
