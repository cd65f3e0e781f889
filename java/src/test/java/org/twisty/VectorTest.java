package org.twisty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.twisty.cube3.Cube;
import org.twisty.cube3.Cube3Solver;
import org.twisty.cube3.Moves;
import org.twisty.cube3.NissMode;
import org.twisty.cube3.OptimalOptions;
import org.twisty.cube3.OptimalSolutions;
import org.twisty.cube3.OptimalSolver;
import org.twisty.cube3.StepOptions;
import org.twisty.cube3.StepSolver;
import org.twisty.cube3.Variation;
import org.twisty.rank.MultisetRanker;
import org.twisty.sq1.Colouring;
import org.twisty.sq1.DatabaseVariant;
import org.twisty.sq1.FastSolveOptions;
import org.twisty.sq1.Metric;
import org.twisty.sq1.Notation;
import org.twisty.sq1.ShapeCount;
import org.twisty.sq1.SolverSolution;
import org.twisty.sq1.Square1Database;
import org.twisty.sq1.Square1Moves;
import org.twisty.sq1.Square1Scramble;
import org.twisty.sq1.DatabaseSolution;
import org.twisty.sq1.Square1Solver;
import org.twisty.sq1.Square1State;
import org.twisty.sq1.Square1Tables;

/**
 * Replays every shared test vector ({@code tests/vectors/*.tsv}, format in its README) through
 * the public Java API: one dynamic test per row, named {@code file:line}.
 */
class VectorTest {
    private static final Pattern POSITION = Pattern.compile("^at position (\\d+):");

    private static Square1Tables tables;

    private static synchronized Square1Tables tables() {
        if (tables == null) {
            tables = new Square1Tables();
        }
        return tables;
    }

    /** Databases opened by the rows, one per path for the whole run (closed in {@link #closeDatabases}). */
    private static final java.util.Map<String, Square1Database> DATABASES = new java.util.HashMap<>();

    private static Square1Database database(String path) {
        if (path == null) {
            return Square1Database.open(null); // NullPointerException("path must not be null")
        }
        synchronized (DATABASES) {
            Square1Database db = DATABASES.get(path);
            if (db == null) {
                db = Square1Database.open(Paths.get(path)); // failures are not cached
                DATABASES.put(path, db);
            }
            return db;
        }
    }

    @AfterAll
    static void closeDatabases() {
        synchronized (DATABASES) {
            DATABASES.values().forEach(Square1Database::close);
            DATABASES.clear();
        }
        synchronized (SOLVERS) {
            SOLVERS.values().forEach(Square1Solver::close);
            SOLVERS.clear();
        }
        synchronized (CUBE3_SOLVERS) {
            CUBE3_SOLVERS.values().forEach(Cube3Solver::close);
            CUBE3_SOLVERS.clear();
        }
        synchronized (VectorTest.class) {
            if (stepSolver != null) {
                stepSolver.close();
                stepSolver = null;
            }
        }
        synchronized (OPTIMAL_SOLVERS) {
            OPTIMAL_SOLVERS.values().forEach(OptimalSolver::close);
            OPTIMAL_SOLVERS.clear();
        }
    }

    /** 3x3x3 solvers opened by the rows, one per table file for the whole run (closed in {@link #closeDatabases}). */
    private static final java.util.Map<String, Cube3Solver> CUBE3_SOLVERS = new java.util.HashMap<>();

    /** The 3x3x3 solver of a table file, opened with {@link Cube3Solver#openExisting} (never builds). */
    private static Cube3Solver cube3Solver(String path) {
        if (path == null) {
            return Cube3Solver.openExisting(null); // NullPointerException("path must not be null")
        }
        synchronized (CUBE3_SOLVERS) {
            Cube3Solver s = CUBE3_SOLVERS.get(path);
            if (s == null) {
                s = Cube3Solver.openExisting(Paths.get(path)); // failures are not cached
                CUBE3_SOLVERS.put(path, s);
            }
            return s;
        }
    }

    /** The solver of the {@code cube3_solve} rows: {@code $DB/cube3-twophase.tbl}, shared by every row. */
    private static Cube3Solver sharedCube3Solver() {
        return cube3Solver(Paths.get(dbDir(), "cube3-twophase.tbl").toString());
    }

    /** The step solver of the {@code cube3_step_solve} rows, on {@code $DB/steps} (closed in {@link #closeDatabases}). */
    private static StepSolver stepSolver;

    private static synchronized StepSolver sharedStepSolver() {
        if (stepSolver == null) {
            stepSolver = StepSolver.open(Paths.get(dbDir(), "steps"));
        }
        return stepSolver;
    }

    /** A NISS mode as the vector files write it ({@code normal}, ..., {@code all}). */
    private static NissMode nissMode(String name) {
        return NissMode.valueOf(name.toUpperCase(Locale.ROOT));
    }

    /** A list of solutions or sequences as the vector files write it: {@code count|s1;s2;...}. */
    private static String list(List<String> items) {
        return items.size() + "|" + String.join(";", items);
    }

    /** 3x3x3 optimal solvers opened by the rows, one per table file for the whole run (closed in {@link #closeDatabases}). */
    private static final java.util.Map<String, OptimalSolver> OPTIMAL_SOLVERS = new java.util.HashMap<>();

    /** The optimal solver (size h0) of a table file, opened with {@link OptimalSolver#openExisting} (never builds). */
    private static OptimalSolver optimalSolver(String path) {
        if (path == null) {
            return OptimalSolver.openExisting(null, 0); // NullPointerException("path must not be null")
        }
        synchronized (OPTIMAL_SOLVERS) {
            OptimalSolver s = OPTIMAL_SOLVERS.get(path);
            if (s == null) {
                s = OptimalSolver.openExisting(Paths.get(path), 0); // failures are not cached
                OPTIMAL_SOLVERS.put(path, s);
            }
            return s;
        }
    }

    /** The solver of the {@code cube3_optimal_solve} rows: {@code $DB/cube3-optimal-h0.tbl}, shared by every row. */
    private static OptimalSolver sharedOptimalSolver() {
        return optimalSolver(Paths.get(dbDir(), "cube3-optimal-h0.tbl").toString());
    }

    /** Solvers opened by the rows, one per table file for the whole run (closed in {@link #closeDatabases}). */
    private static final java.util.Map<String, Square1Solver> SOLVERS = new java.util.HashMap<>();

    /** The solver of a table file, opened with {@link Square1Solver#openExisting} (never builds). */
    private static Square1Solver solver(String path) {
        if (path == null) {
            return Square1Solver.openExisting(null); // NullPointerException("path must not be null")
        }
        synchronized (SOLVERS) {
            Square1Solver s = SOLVERS.get(path);
            if (s == null) {
                s = Square1Solver.openExisting(Paths.get(path)); // failures are not cached
                SOLVERS.put(path, s);
            }
            return s;
        }
    }

    /**
     * The directory of the database vectors' files ({@code $DB} in the vector files): the system
     * property {@code twisty.db.dir}, else the environment variable {@code TWISTY_DB_DIR}, else
     * {@code build/vector-dbs} at the repository root. The Rust vector test writes the files.
     */
    static String dbDir() {
        String dir = System.getProperty("twisty.db.dir");
        if (dir == null) {
            dir = System.getenv("TWISTY_DB_DIR");
        }
        Path path = dir != null
                ? Paths.get(dir)
                : vectorsDir().toAbsolutePath().normalize().getParent().getParent().resolve(Paths.get("build", "vector-dbs"));
        path = path.toAbsolutePath().normalize();
        assertTrue(Files.isDirectory(path), "the database vector files are missing: " + path
                + " does not exist. The Rust suite writes them: run `cargo test --release -p twisty --test vectors`"
                + " first (make test does), or point -Dtwisty.db.dir / TWISTY_DB_DIR at their directory");
        return path.toString();
    }

    /** What each row produced, keyed {@code file:line}, for the cross-runtime comparison. */
    private static final java.util.Map<String, String> TRANSCRIPT = new java.util.TreeMap<>(
            java.util.Comparator.comparing((String k) -> k.substring(0, k.lastIndexOf(':')))
                    .thenComparingInt(k -> Integer.parseInt(k.substring(k.lastIndexOf(':') + 1))));

    @AfterAll
    static synchronized void closeTables() throws IOException {
        if (tables != null) {
            tables.close();
        }
        // make cross-test compares this transcript byte for byte with Rust's and .NET's.
        String dir = System.getenv("TWISTY_TRANSCRIPT_DIR");
        if (dir != null && !TRANSCRIPT.isEmpty()) {
            StringBuilder out = new StringBuilder();
            synchronized (TRANSCRIPT) {
                TRANSCRIPT.forEach((k, v) -> out.append(k).append('\t').append(v).append('\n'));
            }
            Files.createDirectories(Paths.get(dir));
            Files.write(Paths.get(dir, "java.txt"), out.toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    static Path vectorsDir() {
        String dir = System.getProperty("twisty.vectors.dir");
        return dir != null ? Paths.get(dir) : Paths.get("..", "tests", "vectors");
    }

    @TestFactory
    Stream<DynamicNode> vectors() throws IOException {
        Path dir = vectorsDir();
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(".tsv")).sorted().collect(Collectors.toList());
        }
        assertFalse(files.isEmpty(), "no *.tsv vector files in " + dir.toAbsolutePath());
        List<DynamicNode> containers = new ArrayList<>();
        for (Path file : files) {
            containers.add(DynamicContainer.dynamicContainer(file.getFileName().toString(), rows(file)));
        }
        return containers.stream();
    }

    private static Stream<DynamicTest> rows(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<DynamicTest> tests = new ArrayList<>();
        String name = file.getFileName().toString();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\t", -1);
            String where = name + ":" + (i + 1);
            tests.add(DynamicTest.dynamicTest(where, () -> replay(where, fields)));
        }
        return tests.stream();
    }

    private static void replay(String where, String[] fields) {
        // $DB stands for the database directory in arguments and expectations (as in Rust).
        String db = null;
        if (Arrays.stream(fields).anyMatch(f -> f.contains("$DB"))) {
            db = dbDir();
            for (int i = 0; i < fields.length; i++) {
                fields[i] = fields[i].replace("$DB", db);
            }
        }
        String op = fields[0];
        String[] args = Arrays.copyOfRange(fields, 1, fields.length - 1);
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("\\N")) {
                args[i] = null;
            }
        }
        String expected = fields[fields.length - 1];
        String actual;
        try {
            actual = "ok:" + run(op, args);
        } catch (RuntimeException e) {
            actual = describe(e);
        }
        synchronized (TRANSCRIPT) {
            // The transcript names the directory $DB again, byte-identical with Rust's.
            TRANSCRIPT.put(where, db == null ? actual : actual.replace(db, "$DB"));
        }
        assertEquals(expected, actual, where + " " + String.join(" | ", fields));
    }

    /** Calls the public API for one row; returns the printed result. */
    static String run(String op, String[] a) {
        switch (op) {
            case "solved":
                return Square1State.solved(colouring(a[0])).toString();
            case "parse_state":
                return Square1State.parse(a[0]).toString();
            case "apply":
                return Square1State.parse(a[0]).apply(a[2], notation(a[1])).toString();
            case "convert":
                return Square1Moves.convert(a[0], notation(a[1]), notation(a[2]));
            case "inverse":
                return Square1Moves.inverse(a[0], notation(a[1]));
            case "is_solved": {
                Square1State s = Square1State.parse(a[0]);
                return String.valueOf(bool(a[1]) ? s.isSolvedIgnoringMiddle() : s.isSolved());
            }
            case "is_twistable":
                return String.valueOf(Square1State.parse(a[0]).isTwistable());
            case "middle_is_square":
                return String.valueOf(Square1State.parse(a[0]).isMiddleSquare());
            case "colouring":
                return colouringName(Square1State.parse(a[0]).colouring());
            case "shape_name":
                return Square1State.parse(a[0]).shapeName();
            case "shape_index":
                return String.valueOf(Square1State.parse(a[0]).shapeIndex());
            case "equal_up_to_layer_rotation":
                return String.valueOf(Square1State.parse(a[0]).equalsUpToLayerRotation(Square1State.parse(a[1])));
            case "to_silver":
                return Square1State.parse(a[0]).toSilver().toString();
            case "random_state":
                return tables().randomState(Long.parseUnsignedLong(a[0]), colouring(a[1])).toString();
            case "count_shapes":
                return String.valueOf(tables().countShapes(shapeCount(a[0])));
            case "twists_to_cube_shape":
                return String.valueOf(tables().twistsToCubeShape(Square1State.parse(a[0])));
            case "rank_count":
                return new MultisetRanker(ints(a[0])).count().toString();
            case "rank":
                return new MultisetRanker(ints(a[0])).rank(ints(a[1])).toString();
            case "unrank":
                return symbols(new MultisetRanker(ints(a[0])).unrank(a[1] == null ? null : new BigInteger(a[1])));
            case "db_open":
                return variantName(database(a[0]).variant());
            case "db_open_variant": {
                DatabaseVariant wanted = variant(a[1]);
                DatabaseVariant held = database(a[0]).variant();
                if (held != wanted) {
                    // Rust's Database::open_variant; Java has open + variant(), the check is the caller's.
                    throw new DatabaseException(a[0] + ": holds the " + variantName(held) + " variant, "
                            + variantName(wanted) + " was asked for");
                }
                return variantName(held);
            }
            case "db_level_counts":
                return Arrays.stream(database(a[0]).levelCounts()).mapToObj(String::valueOf).collect(Collectors.joining(","));
            case "db_is_full":
                return String.valueOf(database(a[0]).isFull());
            case "db_verify":
                database(a[0]).verify();
                return "";
            case "db_distance":
                return String.valueOf(database(a[0]).distance(Square1State.parse(a[1])));
            case "db_solve": {
                DatabaseSolution s = database(a[0]).solve(Square1State.parse(a[1]));
                return s.wca() + "|" + s.article() + "|" + s.twists() + "|" + s.endsUpsideDown();
            }
            case "db_solutions":
                try (Stream<DatabaseSolution> all = database(a[0]).solutions(Square1State.parse(a[1]), Long.parseLong(a[2]))) {
                    return all.map(DatabaseSolution::wca).collect(Collectors.joining(";"));
                }
            case "solver_open":
                solver(a[0]);
                return "";
            case "solve":
                return solveText(solver(a[0]).solve(Square1State.parse(a[1]), metric(a[2])));
            case "solve_timeout":
                return solveText(solver(a[0]).solve(Square1State.parse(a[1]), metric(a[2]),
                        Duration.ofMillis(Long.parseLong(a[3])), null, null));
            case "solutions":
                return solver(a[0]).solutions(Square1State.parse(a[1]), metric(a[2]), Integer.parseInt(a[3])).stream()
                        .map(SolverSolution::moves).collect(Collectors.joining(";"));
            case "solutions_timeout":
                return solver(a[0]).solutions(Square1State.parse(a[1]), metric(a[2]), Integer.parseInt(a[3]),
                        Duration.ofMillis(Long.parseLong(a[4])), null).stream()
                        .map(SolverSolution::moves).collect(Collectors.joining(";"));
            case "distance":
                return String.valueOf(solver(a[0]).distance(Square1State.parse(a[1]), metric(a[2])));
            case "solve_fast":
            case "solve_fast_timeout": {
                Square1Solver solver = solver(a[0]);
                Square1State state = Square1State.parse(a[1]);
                FastSolveOptions options = FastSolveOptions.defaults().withMetric(metric(a[2]))
                        .withMaxLength(Integer.parseInt(a[3])).withNodeLimit(Long.parseLong(a[4]));
                if (a.length > 5) {
                    options = options.withTimeout(Duration.ofMillis(Long.parseLong(a[5])));
                }
                return solveText(solver.solveFast(state, options));
            }
            case "scramble": {
                Square1Scramble s = solver(a[0]).scramble(Long.parseUnsignedLong(a[1]));
                return s.text() + "|" + s.state();
            }
            case "moves_length":
                return String.valueOf(Square1Moves.length(a[0], notation(a[1]), metric(a[2])));
            case "svg":
                return Square1State.parse(a[0]).toSvg().replace("\n", "\\n");
            case "cube3_solved":
                return Cube.solved().toString();
            case "cube3_parse":
                return Cube.parse(a[0]).toString();
            case "cube3_apply":
                return Cube.parse(a[0]).apply(a[1]).toString();
            case "cube3_from_moves":
                return Cube.fromMoves(a[0]).toString();
            case "cube3_inverse":
                return Cube.parse(a[0]).inverse().toString();
            case "cube3_compose":
                return Cube.parse(a[0]).compose(Cube.parse(a[1])).toString();
            case "cube3_is_solved":
                return String.valueOf(Cube.parse(a[0]).isSolved());
            case "cube3_random":
                return Cube.random(Long.parseUnsignedLong(a[0])).toString();
            case "cube3_svg":
                return Cube.parse(a[0]).toSvg().replace("\n", "\\n");
            case "cube3_moves_canonical":
                return Moves.canonical(a[0]);
            case "cube3_moves_inverse":
                return Moves.inverse(a[0]);
            case "cube3_solver_open":
                cube3Solver(a[0]);
                return "true";
            case "cube3_solve": {
                // The cube is parsed first (its errors come before the solver's), as in Rust.
                Cube cube = Cube.parse(a[0]);
                return sharedCube3Solver().solve(cube, Integer.parseInt(a[1]));
            }
            case "cube3_solve_timeout": {
                Cube cube = Cube.parse(a[0]);
                return sharedCube3Solver().solve(cube, Integer.parseInt(a[1]), Duration.ofMillis(Long.parseLong(a[2])), null);
            }
            case "cube3_optimal_open":
                optimalSolver(a[0]);
                return "true";
            case "cube3_optimal_open_size":
                OptimalSolver.openExisting(path(a[0]), Integer.parseInt(a[1])).close();
                return "true";
            case "cube3_optimal_default_path":
                return OptimalSolver.defaultTableFile(Integer.parseInt(a[0])).toString();
            case "cube3_optimal_solve":
            case "cube3_optimal_solve_timeout": {
                // The cube is parsed first (its errors come before the solver's), as in Rust; the
                // counts go to the engine unchecked, so a negative one is the engine's message.
                Cube cube = Cube.parse(a[0]);
                OptimalOptions options = OptimalOptions.defaults().withMinLength(Integer.parseInt(a[1]))
                        .withMaxLength(Integer.parseInt(a[2])).withMaxSolutions(Long.parseLong(a[3]))
                        .withThreads(Integer.parseInt(a[4]));
                if (a.length > 5) {
                    options = options.withTimeout(Duration.ofMillis(Long.parseLong(a[5])));
                }
                OptimalSolutions found = sharedOptimalSolver().solve(cube, options);
                return found.length() + "|" + String.join(";", found.solutions());
            }
            case "cube3_step_names":
                return String.join(",", StepSolver.stepNames());
            case "cube3_step_describe":
                return StepSolver.describe(a[0]);
            case "cube3_step_position":
                return StepSolver.position(a[0], a[1]).toString();
            case "cube3_step_solve": {
                // The cube is parsed first (its errors come before the solver's), as in Rust; the
                // counts go to the engine unchecked, so a negative one is the engine's message.
                Cube cube = Cube.parse(a[1]);
                StepOptions options = StepOptions.defaults().withNiss(nissMode(a[2]))
                        .withMinLength(Integer.parseInt(a[3])).withMaxLength(Integer.parseInt(a[4]))
                        .withMaxSolutions(Long.parseLong(a[5])).withMargin(Integer.parseInt(a[6]))
                        .withThreads(Integer.parseInt(a[7]));
                return list(sharedStepSolver().solve(a[0], cube, options));
            }
            case "cube3_step_prepare":
                // Its own handle on the row's folder, closed again.
                try (StepSolver s = StepSolver.open(path(a[0]))) {
                    s.prepare(a[1]);
                }
                return "";
            case "cube3_moves_count":
                return Integer.toString(Moves.count(a[0]));
            case "cube3_moves_same":
                return Boolean.toString(Moves.same(a[0], a[1]));
            case "cube3_variations":
                return list(Moves.variations(Variation.valueOf(a[0].toUpperCase(Locale.ROOT)), a[1]));
            case "solver_open_or_build":
                // Open-or-build, no listener; a solver that opens is closed again (Rust drops it).
                Square1Solver.open(path(a[0])).close();
                return "";
            case "cube3_solver_open_or_build":
                Cube3Solver.open(path(a[0])).close();
                return "";
            case "db_build":
                Square1Database.build(path(a[0]), variant(a[1]), Integer.parseInt(a[2]), Integer.parseInt(a[3]), null, null);
                return "";
            case "file_text":
                try {
                    return new String(Files.readAllBytes(Paths.get(a[0])), StandardCharsets.UTF_8).replace("\n", "\\n");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e); // a malformed row: fails outside the error contract
                }
            case "debug_panic":
                Debug.panic(a[0]);
                return "(returned)";
            default:
                throw new AssertionError("unknown vector op '" + op + "': teach VectorTest.run about it");
        }
    }

    /**
     * The vector form {@code err:<kind>:<code>:<message>} of an exception; fails the test for an
     * exception that is not part of the error contract.
     */
    static String describe(RuntimeException e) {
        String kind;
        int code;
        if (e instanceof TwistyException) {
            code = ((TwistyException) e).code();
            if (e instanceof InvalidNotationException) {
                kind = "invalid_notation";
                checkPosition((InvalidNotationException) e);
            } else if (e instanceof InvalidStateException) {
                kind = "invalid_state";
            } else if (e instanceof IllegalMoveException) {
                kind = "illegal_move";
            } else if (e instanceof DatabaseException) {
                kind = "database";
            } else if (e instanceof NativePanicException) {
                kind = "panic";
            } else {
                kind = "twisty_" + code;
            }
        } else if (e instanceof CancellationException) {
            kind = "cancelled";
            code = TwistyException.CANCELLED;
        } else if (e instanceof IllegalArgumentException) {
            kind = "invalid_argument";
            code = TwistyException.INVALID_ARGUMENT;
        } else if (e instanceof NullPointerException) {
            kind = "null_argument";
            code = TwistyException.NULL_ARGUMENT;
        } else if (e instanceof IllegalStateException) {
            kind = "closed";
            code = TwistyException.CLOSED;
        } else {
            throw new AssertionError("exception outside the error contract", e);
        }
        return "err:" + kind + ":" + code + ":" + e.getMessage();
    }

    /** A notation error's message names its position; position() must agree. */
    private static void checkPosition(InvalidNotationException e) {
        Matcher m = POSITION.matcher(e.getMessage());
        if (m.find()) {
            assertEquals(Integer.parseInt(m.group(1)), e.position(), "position() of: " + e.getMessage());
        }
    }

    /** A path argument; null stays null (the API's NullPointerException is the expectation). */
    static Path path(String field) {
        return field == null ? null : Paths.get(field);
    }

    static Colouring colouring(String name) {
        if (name == null) {
            return null;
        }
        switch (name) {
            case "six":
                return Colouring.SIX_COLOUR;
            case "silver":
                return Colouring.SILVER;
            default:
                throw new AssertionError("unknown colouring " + name);
        }
    }

    static Metric metric(String name) {
        if (name == null) {
            return null;
        }
        switch (name) {
            case "twist":
                return Metric.TWIST;
            case "wca":
                return Metric.WCA;
            case "face":
                return Metric.FACE_TURN;
            default:
                throw new AssertionError("unknown metric " + name);
        }
    }

    /** A solver's answer as in the vectors: {@code wca|length|twists}. */
    static String solveText(SolverSolution s) {
        return s.moves() + "|" + s.length() + "|" + s.twists();
    }

    static String colouringName(Colouring c) {
        return c == Colouring.SIX_COLOUR ? "six" : "silver";
    }

    static DatabaseVariant variant(String name) {
        return name == null ? null : DatabaseVariant.valueOf(name.toUpperCase(Locale.ROOT));
    }

    static String variantName(DatabaseVariant v) {
        return v.name().toLowerCase(Locale.ROOT);
    }

    static Notation notation(String name) {
        return name == null ? null : Notation.valueOf(name.toUpperCase(Locale.ROOT));
    }

    static ShapeCount shapeCount(String name) {
        if (name == null) {
            return null;
        }
        switch (name) {
            case "layer":
                return ShapeCount.LAYER_SHAPES;
            case "twistable":
                return ShapeCount.TWISTABLE_POSITIONS;
            case "rotation":
                return ShapeCount.UP_TO_LAYER_ROTATION;
            case "rotation_flip":
                return ShapeCount.UP_TO_ROTATION_AND_FLIP;
            default:
                throw new AssertionError("unknown shape count " + name);
        }
    }

    /** A comma-separated list of ints (counts or a permutation); an empty field is the empty array. */
    static int[] ints(String field) {
        if (field == null) {
            return null;
        }
        if (field.isEmpty()) {
            return new int[0];
        }
        return Arrays.stream(field.split(",", -1)).mapToInt(Integer::parseInt).toArray();
    }

    /** A permutation printed as its comma-separated symbols. */
    static String symbols(int[] perm) {
        return Arrays.stream(perm).mapToObj(String::valueOf).collect(Collectors.joining(","));
    }

    static boolean bool(String s) {
        assertTrue(s.equals("true") || s.equals("false"), "boolean field: " + s);
        return Boolean.parseBoolean(s);
    }
}
