package org.twisty.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.LongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.twisty.cube3.Cube;
import org.twisty.cube3.Cube3Solver;
import org.twisty.sq1.Colouring;
import org.twisty.sq1.FastSolveOptions;
import org.twisty.sq1.Metric;
import org.twisty.sq1.Notation;
import org.twisty.sq1.SolverSolution;
import org.twisty.sq1.Square1Moves;
import org.twisty.sq1.Square1Solver;
import org.twisty.sq1.Square1State;
import org.twisty.sq1.Square1Tables;

/**
 * Times twisty's two-phase solvers through JNI against the Java programs users would pick
 * instead, in one JVM, interleaved solve by solve (this machine's timings drift with load: only a
 * ratio measured side by side holds). Three jobs:
 * <ul>
 *   <li>{@code sq1}: Square-1 with the default options, sq12phase's {@code Search.solution(FullCube)}
 *       against {@link Square1Solver#solveFast(Square1State)}; lengths in face turns (and in the
 *       WCA metric, which sq12phase's search minimises);
 *   <li>{@code cube21} and {@code cube20}: the 3x3x3 at most 21 and 20 moves, min2phase's
 *       {@code Search.solution(facelets, maxDepth, 100000000, 0, 0)} against
 *       {@link Cube3Solver#solve(Cube, int)}; lengths in moves (half-turn metric in both).
 * </ul>
 * Each program solves N uniform random inputs of its own: twisty's from seeds 0..N-1 (the same as
 * {@link Cube3SolverBench} and {@link Square1FastBench}), the peers' from
 * {@code new java.util.Random(PEER_SEED)} through their own generators. A warm-up (200 solves of
 * each program on other inputs by default) runs first, so that the JIT, class loading, the first
 * JNI lookups and twisty's Square-1 endgame set (built by the first search) are not timed. Then
 * twisty solves input i, the peer input i, twisty input i + 1, ...; each time covers the single
 * call. twisty's answers are checked by applying them; min2phase's by its own
 * {@code Tools.fromScramble}, which must give the input's facelets for the answer's inverse;
 * sq12phase's only for being well-formed moves that twisty's {@link Square1Moves#length} counts as
 * we do (it has no public way to apply them). All of this is outside the times. Not a test: it
 * asserts nothing about time.
 *
 * <p>With {@code --threads T}: T threads, each solving its own N/T inputs of each program (one
 * twisty solver shared, as it is thread-safe; one peer {@code Search} per thread), in ten rounds
 * that alternate the programs; prints the wall-clock throughput of each and the ratio.
 *
 * <p>The peers are GPL: they are never compiled against, shipped or copied, only loaded at run
 * time from {@code min2phase.jar} and {@code sq12phase.jar} in the folder of the system property
 * {@code twisty.peers} ({@code make bench-peers} passes its {@code PEERS_DIR}) through a
 * {@link URLClassLoader} and reflection. A missing jar, or no folder given, is reported and its job
 * times twisty alone.
 *
 * <p>Run with {@code make bench-peers} (N = {@code BENCH_N}, default 1000; then again with
 * {@code --threads 2}), or {@code java -Dtwisty.peers=DIR -cp twisty-0.1.0.jar:<classes>
 * org.twisty.bench.PeersBench [N] [--threads T] [--job sq1|cube21|cube20|all] [--warmup W]}.
 * The table files are the per-user cache files ({@link Cube3Solver#open()}, built on first use),
 * or the existing files named by {@code twisty.cube3.table} and {@code twisty.sq1.table} (opened,
 * never built).
 */
public final class PeersBench {
    private PeersBench() {}

    /** The seed of the peers' random inputs (the warm-up's is the next one). */
    static final long PEER_SEED = 14;

    /** The base seed of twisty's warm-up inputs (the timed ones are 0..N-1), as the other benches. */
    private static final long TWISTY_WARMUP_SEED = 1_000_000;

    /** Rounds of the threaded mode: the programs alternate between rounds, so drift hits both. */
    private static final int ROUNDS = 10;

    public static void main(String[] args) throws Exception {
        Options o = Options.parse(args);
        String peersDir = System.getProperty("twisty.peers");
        Path peers = peersDir == null ? null : Paths.get(peersDir).toAbsolutePath().normalize();
        System.out.println("twisty " + (o.threads == 0 ? "interleaved" : "threaded (" + o.threads + " threads)")
                + " against peers from " + (peers == null ? "nowhere (no -Dtwisty.peers)" : peers) + ", Java " + System.getProperty("java.version") + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs, load average " + loadAverage()
                + ", N = " + o.n + ", warm-up " + o.warmUp);
        boolean sq1 = o.job.equals("sq1") || o.job.equals("all");
        boolean cube = !o.job.equals("sq1");
        List<Job> jobs = new ArrayList<>();
        List<AutoCloseable> open = new ArrayList<>();
        try {
            if (sq1) {
                String given = System.getProperty("twisty.sq1.table");
                Square1Solver solver = given != null ? Square1Solver.openExisting(Paths.get(given))
                        : Square1Solver.open(Square1Solver.defaultTableFile());
                open.add(solver);
                Square1Tables tables = new Square1Tables();
                open.add(tables);
                System.out.println("twisty Square-1 table file "
                        + (given != null ? given : Square1Solver.defaultTableFile()));
                URLClassLoader loader = peerJar(peers, "sq12phase.jar", "sq12phase", open);
                jobs.add(new Job("sq1", "Square-1, default options (twisty: face-turn metric, "
                        + FastSolveOptions.DEFAULT_NODE_LIMIT + " nodes"
                        + (loader == null ? "" : "; sq12phase: solution(FullCube)") + ")", "face turns", "WCA",
                        new TwistySquare1(solver, tables), loader == null ? null : new Sq12phase(loader)));
            }
            if (cube) {
                String given = System.getProperty("twisty.cube3.table");
                Cube3Solver solver = given != null ? Cube3Solver.openExisting(Paths.get(given))
                        : Cube3Solver.open(Cube3Solver.defaultTableFile());
                open.add(solver);
                System.out.println("twisty 3x3x3 table file "
                        + (given != null ? given : Cube3Solver.defaultTableFile()));
                URLClassLoader loader = peerJar(peers, "min2phase.jar", "min2phase", open);
                Min2phase min2phase = loader == null ? null : new Min2phase(loader);
                for (int maxLength : new int[] {21, 20}) {
                    if (o.job.equals("all") || o.job.equals("cube" + maxLength)) {
                        jobs.add(new Job("cube" + maxLength, "3x3x3, at most " + maxLength + " moves", "moves", null,
                                new TwistyCube3(solver, maxLength),
                                min2phase == null ? null : min2phase.withMaxDepth(maxLength)));
                    }
                }
            }
            for (Job job : jobs) {
                if (o.threads == 0) {
                    interleaved(job, o);
                } else {
                    threaded(job, o);
                }
            }
        } finally {
            for (int i = open.size() - 1; i >= 0; i--) {
                open.get(i).close();
            }
        }
    }

    // ---------------------------------------------------------------------------------------
    // The two modes

    /** One thread: warm-up, then twisty input i, peer input i, twisty input i + 1, ... */
    private static void interleaved(Job job, Options o) throws Exception {
        List<Lane<?, ?>> lanes = job.lanes(o.n);
        for (Lane<?, ?> lane : lanes) {
            lane.warmUp(o.warmUp);
        }
        for (int i = 0; i < o.n; i++) {
            for (Lane<?, ?> lane : lanes) {
                lane.solveTimed(0, i);
            }
        }
        System.out.println();
        System.out.println(String.format(Locale.ROOT, "%s: %s, %d random inputs each, interleaved, one thread",
                job.name, job.title, o.n));
        String lengths = "average length (" + job.lengthName + (job.secondName == null ? "" : "; " + job.secondName)
                + ")";
        System.out.println("| job | program | mean | median | 90 % | 99 % | max | " + lengths + " |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|");
        long[] means = new long[lanes.size()];
        long[] medians = new long[lanes.size()];
        for (int k = 0; k < lanes.size(); k++) {
            Lane<?, ?> lane = lanes.get(k);
            String averages = lane.checkAll();
            means[k] = Timings.mean(lane.nanos);
            String cells = Timings.cells(lane.nanos);
            medians[k] = Timings.pct(lane.nanos, 50);
            System.out.println("| " + job.name + " | " + lane.side.name() + " | " + cells + " | " + averages + " |");
        }
        if (lanes.size() == 2) {
            String peer = lanes.get(1).side.name();
            System.out.println(String.format(Locale.ROOT,
                    "%s: %s/twisty mean %.2f, median %.2f (twisty is %s by mean, %s by median)",
                    job.name, peer, ratio(means[1], means[0]), ratio(medians[1], medians[0]),
                    faster(ratio(means[1], means[0])), faster(ratio(medians[1], medians[0]))));
        }
        firstAnswers(job, lanes);
    }

    /**
     * T threads, each with its own peer {@code Search}, each solving its own inputs (those i with
     * i % T equal to its number); the programs alternate round by round, and each program's time
     * is the sum of the wall-clock times of its rounds.
     */
    private static void threaded(Job job, Options o) throws Exception {
        List<Lane<?, ?>> lanes = job.lanes(o.n);
        for (Lane<?, ?> lane : lanes) {
            lane.warmUp(o.warmUp);
            lane.newCalls(o.threads);
        }
        long[] wall = new long[lanes.size()];
        // About N / ROUNDS inputs a round, a multiple of T so that each thread gets as many.
        int perRound = ((o.n + ROUNDS - 1) / ROUNDS + o.threads - 1) / o.threads * o.threads;
        ExecutorService pool = Executors.newFixedThreadPool(o.threads);
        try {
            int round = 0;
            for (int start = 0; start < o.n; start += perRound, round++) {
                int end = Math.min(o.n, start + perRound);
                for (int j = 0; j < lanes.size(); j++) {
                    // Alternate which program goes first, so that neither always follows the other.
                    int k = (j + round) % lanes.size();
                    wall[k] += lanes.get(k).round(pool, o.threads, start, end);
                }
            }
        } finally {
            pool.shutdown();
        }
        System.out.println();
        System.out.println(String.format(Locale.ROOT, "%s: %s, %d random inputs each, %d threads",
                job.name, job.title, o.n, o.threads));
        System.out.println("| job | program | threads | solves | wall clock | solves/s | average length ("
                + job.lengthName + (job.secondName == null ? "" : "; " + job.secondName) + ") |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|");
        double[] rates = new double[lanes.size()];
        for (int k = 0; k < lanes.size(); k++) {
            Lane<?, ?> lane = lanes.get(k);
            String averages = lane.checkAll();
            rates[k] = o.n / (wall[k] / 1e9);
            System.out.println(String.format(Locale.ROOT, "| %s | %s | %d | %d | %s | %.1f | %s |", job.name,
                    lane.side.name(), o.threads, o.n, Timings.ms(wall[k]), rates[k], averages));
        }
        if (lanes.size() == 2) {
            double r = rates[0] / rates[1];
            System.out.println(String.format(Locale.ROOT, "%s: twisty/%s throughput %.2f (twisty is %s on %d threads)",
                    job.name, lanes.get(1).side.name(), r, faster(r), o.threads));
        }
        firstAnswers(job, lanes);
    }

    /** What the answers look like (input 0 of each program), so that the counts can be checked by eye. */
    private static void firstAnswers(Job job, List<Lane<?, ?>> lanes) {
        for (Lane<?, ?> lane : lanes) {
            System.out.println(job.name + ": " + lane.side.name() + " answer to its input 0: " + lane.answers.get(0));
        }
    }

    private static double ratio(long peer, long twisty) {
        return (double) peer / twisty;
    }

    private static String faster(double ratio) {
        return ratio >= 1 ? String.format(Locale.ROOT, "%.2fx faster", ratio)
                : String.format(Locale.ROOT, "%.2fx slower", 1 / ratio);
    }

    // ---------------------------------------------------------------------------------------
    // Jobs, programs and their runs

    /** A solve call of one program; for a peer, one per thread (its {@code Search} instance). */
    private interface Call<I, R> {
        R solve(I input) throws Exception;
    }

    /** One program's side of a job. */
    private interface Side<I, R> {
        String name();

        /** The timed inputs (i = 0..count-1), or other ones for the warm-up; not timed. */
        List<I> inputs(int count, boolean warmUp);

        /** A call for one thread. */
        Call<I, R> newCall() throws Exception;

        /** Checks the answer (throws if it is wrong) and returns its lengths; not timed. */
        int[] lengths(I input, R answer);
    }

    private static final class Job {
        final String name;
        final String title;
        final String lengthName;
        final String secondName;
        final Side<?, ?> twisty;
        final Side<?, ?> peer;

        Job(String name, String title, String lengthName, String secondName, Side<?, ?> twisty, Side<?, ?> peer) {
            this.name = name;
            this.title = title;
            this.lengthName = lengthName;
            this.secondName = secondName;
            this.twisty = twisty;
            this.peer = peer;
        }

        /** twisty first, then the peer when there is one. */
        List<Lane<?, ?>> lanes(int n) throws Exception {
            List<Lane<?, ?>> lanes = new ArrayList<>();
            lanes.add(Lane.of(twisty, n));
            if (peer != null) {
                lanes.add(Lane.of(peer, n));
            }
            return lanes;
        }
    }

    /** One program's run in a job: its inputs, calls, times and answers. */
    private static final class Lane<I, R> {
        final Side<I, R> side;
        final List<I> inputs;
        final long[] nanos;
        /** Written by the threads at distinct indices, read after they are joined. */
        final AtomicReferenceArray<R> answers;
        final List<Call<I, R>> calls = new ArrayList<>();

        private Lane(Side<I, R> side, int n) throws Exception {
            this.side = side;
            this.inputs = side.inputs(n, false);
            this.nanos = new long[n];
            this.answers = new AtomicReferenceArray<>(n);
            calls.add(side.newCall());
        }

        static <I, R> Lane<I, R> of(Side<I, R> side, int n) throws Exception {
            return new Lane<>(side, n);
        }

        void warmUp(int count) throws Exception {
            for (I input : side.inputs(count, true)) {
                side.lengths(input, calls.get(0).solve(input));
            }
        }

        void newCalls(int threads) throws Exception {
            while (calls.size() < threads) {
                calls.add(side.newCall());
            }
        }

        void solveTimed(int call, int i) throws Exception {
            I input = inputs.get(i);
            Call<I, R> c = calls.get(call);
            long start = System.nanoTime();
            R answer = c.solve(input);
            nanos[i] = System.nanoTime() - start;
            answers.set(i, answer);
        }

        /** Inputs start..end-1 on the threads (thread t those with i % threads == t): the wall time. */
        long round(ExecutorService pool, int threads, int start, int end) throws Exception {
            List<Callable<Void>> tasks = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                tasks.add(() -> {
                    for (int i = start + thread; i < end; i += threads) {
                        solveTimed(thread, i);
                    }
                    return null;
                });
            }
            long begin = System.nanoTime();
            List<Future<Void>> done = pool.invokeAll(tasks);
            long wall = System.nanoTime() - begin;
            for (Future<Void> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
                }
            }
            return wall;
        }

        /** Checks every answer; the average lengths, {@code "a; b"} when there are two. */
        String checkAll() {
            double[] sums = null;
            for (int i = 0; i < inputs.size(); i++) {
                int[] l = side.lengths(inputs.get(i), answers.get(i));
                if (sums == null) {
                    sums = new double[l.length];
                }
                for (int k = 0; k < l.length; k++) {
                    sums[k] += l[k];
                }
            }
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < sums.length; k++) {
                b.append(k == 0 ? "" : "; ").append(String.format(Locale.ROOT, "%.2f", sums[k] / inputs.size()));
            }
            return b.toString();
        }
    }

    // ---------------------------------------------------------------------------------------
    // twisty

    /** twisty's inputs from seeds 0..count-1, or from {@link #TWISTY_WARMUP_SEED} on for the warm-up. */
    private static <I> List<I> seeded(int count, boolean warmUp, LongFunction<I> make) {
        List<I> inputs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            inputs.add(make.apply((warmUp ? TWISTY_WARMUP_SEED : 0) + i));
        }
        return inputs;
    }

    private static final class TwistySquare1 implements Side<Square1State, SolverSolution> {
        private final Square1Solver solver;
        private final Square1Tables tables;

        TwistySquare1(Square1Solver solver, Square1Tables tables) {
            this.solver = solver;
            this.tables = tables;
        }

        @Override
        public String name() {
            return "twisty";
        }

        @Override
        public List<Square1State> inputs(int count, boolean warmUp) {
            return seeded(count, warmUp, seed -> tables.randomState(seed, Colouring.SIX_COLOUR));
        }

        @Override
        public Call<Square1State, SolverSolution> newCall() {
            // The defaults: face-turn metric, FastSolveOptions.DEFAULT_NODE_LIMIT nodes.
            return solver::solveFast;
        }

        @Override
        public int[] lengths(Square1State state, SolverSolution s) {
            if (!state.apply(s.moves()).isSolved()) {
                throw new IllegalStateException(s + " does not solve " + state);
            }
            int[] counted = Sq1Moves.count(s.moves());
            // Our count of the text must be twisty's own face-turn length (Metric.FACE_TURN: "/",
            // (x,0) and (0,y) count 1, (x,y) counts 2): the same measure as sq12phase's count.
            if (s.metric() != Metric.FACE_TURN || counted[0] != s.length()
                    || counted[1] != Square1Moves.length(s.moves(), Notation.WCA, Metric.WCA)) {
                throw new IllegalStateException("face-turn or WCA count of " + s.moves() + " differs from twisty's ("
                        + s.length() + " " + s.metric() + ")");
            }
            return counted;
        }
    }

    private static final class TwistyCube3 implements Side<Cube, String> {
        private final Cube3Solver solver;
        private final int maxLength;

        TwistyCube3(Cube3Solver solver, int maxLength) {
            this.solver = solver;
            this.maxLength = maxLength;
        }

        @Override
        public String name() {
            return "twisty";
        }

        @Override
        public List<Cube> inputs(int count, boolean warmUp) {
            return seeded(count, warmUp, Cube::random);
        }

        @Override
        public Call<Cube, String> newCall() {
            return cube -> solver.solve(cube, maxLength);
        }

        @Override
        public int[] lengths(Cube cube, String solution) {
            if (!cube.apply(solution).isSolved()) {
                throw new IllegalStateException(solution + " does not solve " + cube);
            }
            return new int[] {moves(solution, maxLength)};
        }
    }

    // ---------------------------------------------------------------------------------------
    // The peers, through reflection only

    /**
     * The class loader of a peer's jar in {@code dir} (added to {@code open}), or null (with a message)
     * when no folder was given or the jar is absent.
     */
    private static URLClassLoader peerJar(Path dir, String file, String name, List<AutoCloseable> open)
            throws MalformedURLException {
        if (dir == null) {
            System.out.println(name + ": no peers folder given (-Dtwisty.peers=DIR): skipped");
            return null;
        }
        Path jar = dir.resolve(file);
        if (!Files.isRegularFile(jar)) {
            System.out.println(name + " not found at " + jar + ": skipped");
            return null;
        }
        System.out.println(name + " from " + jar);
        // The platform loader as parent: the peer sees the JDK only, never the twisty classes.
        URLClassLoader loader =
                new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        open.add(loader);
        return loader;
    }

    /**
     * Runs a peer's initialisation with {@code System.out} sent elsewhere and counted (a peer may
     * print while it builds its tables); says how many lines it printed, if any.
     */
    private static <T> T quietly(String name, Callable<T> init) throws Exception {
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            return init.call();
        } finally {
            System.setOut(out);
            String text = printed.toString(StandardCharsets.UTF_8);
            if (!text.isEmpty()) {
                System.out.println(name + " printed " + text.split("\\R").length
                        + " lines while initialising: not shown");
            }
        }
    }

    /** The cause of a reflective call's failure, not the reflection's wrapper. */
    private static Object invoke(Method m, Object target, Object... args) throws Exception {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            throw c instanceof Exception ? (Exception) c : new IllegalStateException(c);
        }
    }

    /**
     * min2phase: {@code Search.init()} (static, synchronized) builds its static tables once; javap
     * shows {@code isInited()} beside it, so it is called here, on the main thread and untimed,
     * before any search. {@code solution} is a synchronized instance method: each thread gets its
     * own {@code Search}, or the threads would queue on one lock.
     */
    private static final class Min2phase implements Side<String, String> {
        private final Constructor<?> search;
        private final Method solution;
        private final Method randomCube;
        private final Method fromScramble;
        private final int maxDepth;

        Min2phase(ClassLoader loader) throws Exception {
            long start = System.nanoTime();
            Class<?> s = quietly("min2phase", () -> Class.forName("cs.min2phase.Search", true, loader));
            Class<?> tools = quietly("min2phase", () -> Class.forName("cs.min2phase.Tools", true, loader));
            quietly("min2phase", () -> invoke(s.getMethod("init"), null));
            System.out.println(String.format(Locale.ROOT, "min2phase class loading and Search.init(): %s (not timed)",
                    Timings.ms(System.nanoTime() - start)));
            this.search = s.getConstructor();
            this.solution = s.getMethod("solution", String.class, int.class, long.class, long.class, int.class);
            this.randomCube = tools.getMethod("randomCube", Random.class);
            this.fromScramble = tools.getMethod("fromScramble", String.class);
            this.maxDepth = 0;
        }

        private Min2phase(Min2phase m, int maxDepth) {
            this.search = m.search;
            this.solution = m.solution;
            this.randomCube = m.randomCube;
            this.fromScramble = m.fromScramble;
            this.maxDepth = maxDepth;
        }

        Min2phase withMaxDepth(int depth) {
            return new Min2phase(this, depth);
        }

        @Override
        public String name() {
            return "min2phase";
        }

        @Override
        public List<String> inputs(int count, boolean warmUp) {
            Random random = new Random(PEER_SEED + (warmUp ? 1 : 0));
            List<String> cubes = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                try {
                    cubes.add((String) invoke(randomCube, null, random));
                } catch (Exception e) {
                    throw new IllegalStateException("min2phase Tools.randomCube failed", e);
                }
            }
            return cubes;
        }

        @Override
        public Call<String, String> newCall() throws Exception {
            Object s = search.newInstance();
            // probeMax 100,000,000 and probeMin 0 (as the README), verbose 0: plain moves.
            return facelets -> (String) invoke(solution, s, facelets, maxDepth, 100_000_000L, 0L, 0);
        }

        @Override
        public int[] lengths(String facelets, String solution) {
            if (solution.startsWith("Error")) {
                throw new IllegalStateException("min2phase: " + solution.trim() + " for " + facelets);
            }
            // The facelets of the solution's inverse, by min2phase's own Tools, are the input's.
            String back;
            try {
                back = (String) invoke(fromScramble, null, invert(solution));
            } catch (Exception e) {
                throw new IllegalStateException("min2phase Tools.fromScramble failed on " + solution, e);
            }
            if (!facelets.equals(back)) {
                throw new IllegalStateException("min2phase: " + solution + " does not solve " + facelets);
            }
            return new int[] {moves(solution, maxDepth)};
        }

        /** The inverse of face-turn text such as {@code R2 U' F}. */
        private static String invert(String moves) {
            String[] m = moves.trim().isEmpty() ? new String[0] : moves.trim().split("\\s+");
            StringBuilder b = new StringBuilder();
            for (int i = m.length - 1; i >= 0; i--) {
                String t = m[i];
                b.append(t.endsWith("'") ? t.substring(0, t.length() - 1) : t.endsWith("2") ? t : t + "'").append(' ');
            }
            return b.toString().trim();
        }
    }

    /**
     * sq12phase: no init method (javap shows static initialisers only, run when the class is
     * loaded, untimed here); one {@code Search} per thread, as its search state is instance fields.
     * Its {@code METRIC} constant (javap -constants) is {@code WCA_TURN_METRIC}: it minimises the
     * WCA count, so both counts are printed.
     */
    private static final class Sq12phase implements Side<Object, String> {
        private final Constructor<?> search;
        private final Method solution;
        private final Method randomCube;

        Sq12phase(ClassLoader loader) throws Exception {
            long start = System.nanoTime();
            // Its static initialisers print their distance tables (about 50 lines): kept off our output.
            Class<?> fullCube = quietly("sq12phase", () -> Class.forName("cs.sq12phase.FullCube", true, loader));
            Class<?> s = quietly("sq12phase", () -> Class.forName("cs.sq12phase.Search", true, loader));
            this.search = s.getConstructor();
            quietly("sq12phase", search::newInstance);
            System.out.println(String.format(Locale.ROOT, "sq12phase class loading and first Search: %s (not timed)",
                    Timings.ms(System.nanoTime() - start)));
            this.solution = s.getMethod("solution", fullCube);
            this.randomCube = fullCube.getMethod("randomCube", Random.class);
        }

        @Override
        public String name() {
            return "sq12phase";
        }

        @Override
        public List<Object> inputs(int count, boolean warmUp) {
            Random random = new Random(PEER_SEED + (warmUp ? 1 : 0));
            List<Object> cubes = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                try {
                    cubes.add(invoke(randomCube, null, random));
                } catch (Exception e) {
                    throw new IllegalStateException("sq12phase FullCube.randomCube failed", e);
                }
            }
            return cubes;
        }

        @Override
        public Call<Object, String> newCall() throws Exception {
            Object s = search.newInstance();
            return cube -> (String) invoke(solution, s, cube);
        }

        @Override
        public int[] lengths(Object cube, String solution) {
            if (solution == null || solution.startsWith("Error")) {
                throw new IllegalStateException("sq12phase: " + solution);
            }
            int[] counted = Sq1Moves.count(solution);
            // twisty's own count of the same text agrees (the notation is the same WCA notation).
            if (counted[0] != Square1Moves.length(solution, Notation.WCA, Metric.FACE_TURN)
                    || counted[1] != Square1Moves.length(solution, Notation.WCA, Metric.WCA)) {
                throw new IllegalStateException("face-turn or WCA count of " + solution + " differs from twisty's");
            }
            return counted;
        }
    }

    // ---------------------------------------------------------------------------------------
    // Counting moves

    /** The number of moves of 3x3x3 face-turn text (half-turn metric), checked against the bound. */
    private static int moves(String solution, int maxLength) {
        String t = solution.trim();
        int n = t.isEmpty() ? 0 : t.split("\\s+").length;
        if (n > maxLength) {
            throw new IllegalStateException(solution + " is longer than " + maxLength + " moves");
        }
        return n;
    }

    /** Square-1 move text in WCA notation, {@code (x,y)} turns and {@code /} twists, any spacing. */
    static final class Sq1Moves {
        private static final Pattern TOKEN = Pattern.compile("\\s*(?:\\(\\s*(-?\\d+)\\s*,\\s*(-?\\d+)\\s*\\)|(/))");

        private Sq1Moves() {}

        /**
         * The face-turn and WCA lengths: in face turns (twisty's {@link Metric#FACE_TURN}) each
         * {@code /} counts 1 and each {@code (x,y)} counts its non-zero numbers (0, 1 or 2); in the
         * WCA metric each {@code /} and each {@code (x,y)} other than {@code (0,0)} count 1.
         *
         * @throws IllegalStateException if the text is anything else
         */
        static int[] count(String moves) {
            Matcher m = TOKEN.matcher(moves);
            int face = 0;
            int wca = 0;
            int at = 0;
            while (at < moves.length() && !moves.substring(at).trim().isEmpty()) {
                if (!m.region(at, moves.length()).lookingAt()) {
                    throw new IllegalStateException("not Square-1 moves at " + at + ": " + moves);
                }
                if (m.group(3) != null) {
                    face++;
                    wca++;
                } else {
                    int x = Integer.parseInt(m.group(1));
                    int y = Integer.parseInt(m.group(2));
                    face += (x != 0 ? 1 : 0) + (y != 0 ? 1 : 0);
                    wca += x != 0 || y != 0 ? 1 : 0;
                }
                at = m.end();
            }
            return new int[] {face, wca};
        }
    }

    // ---------------------------------------------------------------------------------------
    // Arguments and environment

    private static final class Options {
        int n = 1000;
        int threads;
        String job = "all";
        int warmUp = 200;

        static Options parse(String[] args) {
            Options o = new Options();
            boolean haveN = false;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("--threads") || a.equals("--job") || a.equals("--warmup")) {
                    if (i + 1 == args.length) {
                        throw new IllegalArgumentException(a + " needs a value");
                    }
                    String v = args[++i];
                    if (a.equals("--threads")) {
                        o.threads = Integer.parseInt(v);
                        if (o.threads < 1) {
                            throw new IllegalArgumentException("--threads must be at least 1 (got " + v + ")");
                        }
                    } else if (a.equals("--job")) {
                        if (!v.matches("sq1|cube21|cube20|all")) {
                            throw new IllegalArgumentException("--job is sq1, cube21, cube20 or all (got " + v + ")");
                        }
                        o.job = v;
                    } else {
                        o.warmUp = Integer.parseInt(v);
                        if (o.warmUp < 0) {
                            throw new IllegalArgumentException("--warmup must not be negative (got " + v + ")");
                        }
                    }
                } else if (!haveN && !a.startsWith("-")) {
                    o.n = Timings.count(new String[] {a});
                    haveN = true;
                } else {
                    throw new IllegalArgumentException("usage: PeersBench [N] [--threads T] "
                            + "[--job sq1|cube21|cube20|all] [--warmup W] (got " + a + ")");
                }
            }
            return o;
        }
    }

    /** The 1-, 5- and 15-minute load averages (Linux), so a run on a busy machine says so. */
    private static String loadAverage() {
        try {
            String[] f = new String(Files.readAllBytes(Paths.get("/proc/loadavg")), StandardCharsets.US_ASCII)
                    .split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
