package org.twisty.cube3;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import org.twisty.BuildListener;
import org.twisty.Cancellation;
import org.twisty.NativeLibrary;
import org.twisty.NativeObject;
import org.twisty.ProgressRelay;

/**
 * The 3x3x3 step solvers of fewest-moves solving, as nissy has them: edge orientation
 * ({@code eofb}, {@code eorl}, {@code eoud}), domino reduction ({@code drud}, {@code drud-eofb},
 * ...), half-turn reduction ({@code htr-drud}, ...), the slice and finish after DR
 * ({@code drudslice}, {@code drudfin}, ...) and the corners ({@code corners},
 * {@code cornersx}); {@link #stepNames()} lists them all and {@link #describe(String)} says what
 * each does. Each step can search with NISS ({@link NissMode}).
 *
 * <pre>{@code
 * try (StepSolver steps = StepSolver.open()) {
 *     String scramble = "R' U' F D2 L2 F R2 U2 R2 B D2 L F2 L' U F' R D' F2 L' U' R' U' F";
 *     List<String> eos = steps.solve("eofb", StepSolver.position(scramble, ""),
 *             StepOptions.defaults().withNiss(NissMode.ALL).withMaxSolutions(5));
 *     Cube next = StepSolver.position(scramble, eos.get(0));   // continue with drud-eofb
 * }
 * }</pre>
 *
 * <p>Each family of steps has its tables (a few MB each): a solver {@linkplain #open(Path) on a
 * folder} keeps them there as files, one per family, opened (or built and saved, 0.1 to 0.9 s,
 * with progress reports) by the first {@linkplain #prepare(String) prepare} or
 * {@linkplain #solve(String, Cube, StepOptions) solve} that needs them and then shared by every
 * later solve; nothing is read or built when the solver is made. An {@linkplain #inMemory()
 * in-memory} solver builds them in memory instead, once per process. A file of another kind where
 * a family's file belongs is refused with {@link org.twisty.DatabaseException} and left as it is.
 *
 * <p>The search is deterministic: the same step, cube and options give the same solutions in the
 * same order, in every runtime and with any number of threads. Solutions are written as nissy
 * writes them: the moves in space for the cube's orientation, the inverse part (NISS) in
 * parentheses, for example {@code R U (F' D)}; an empty solution means the cube is already at the
 * step's goal.
 *
 * <p>Thread-safe: one solver serves any number of threads at once (two threads needing the same
 * family build its file once). Close it when done (try-with-resources). A call after
 * {@link #close()} throws {@link IllegalStateException} ("StepSolver is closed"); a close while
 * other threads are inside calls lets those calls finish first (see {@link NativeObject}).
 */
public final class StepSolver extends NativeObject implements AutoCloseable {
    static {
        NativeLibrary.load();
    }

    private StepSolver(long pointer) {
        super("StepSolver", pointer, StepSolver::nativeFree);
    }

    /**
     * A step solver whose table files live in {@code folder} (created when missing). Nothing is
     * read or written yet.
     *
     * @param folder the tables' folder (an empty path means {@link #defaultFolder()})
     * @return the solver
     * @throws NullPointerException if {@code folder} is null ("folder must not be null")
     */
    public static StepSolver open(Path folder) {
        Objects.requireNonNull(folder, "folder must not be null");
        return new StepSolver(nativeOpen(folder.toString()));
    }

    /**
     * A step solver whose table files live in {@link #defaultFolder()}.
     *
     * @return the solver
     */
    public static StepSolver open() {
        return new StepSolver(nativeOpen(""));
    }

    /**
     * A step solver whose tables are built in memory (once per process, shared by every
     * in-memory solver), never written to a file.
     *
     * @return the solver
     */
    public static StepSolver inMemory() {
        return new StepSolver(nativeInMemory());
    }

    /**
     * The default folder of the step tables, the cache folder of the other 3x3x3 tables:
     * {@code $TWISTY_CACHE_DIR}, else {@code $XDG_CACHE_HOME/twisty}, else
     * {@code $HOME/.cache/twisty}, else the system's temporary folder. Read from the environment
     * of the process on each call.
     *
     * @return the default folder (which may not exist yet)
     */
    public static Path defaultFolder() {
        return Paths.get(nativeDefaultFolder());
    }

    /**
     * The folder of this solver's table files.
     *
     * @return the folder, or {@link Optional#empty()} for a solver {@linkplain #inMemory() in
     *     memory}
     * @throws IllegalStateException if the solver is closed
     */
    public Optional<Path> folder() {
        String folder = withPointer(StepSolver::nativeFolder);
        return folder.isEmpty() ? Optional.empty() : Optional.of(Paths.get(folder));
    }

    /**
     * {@link #prepare(String, BuildListener, Cancellation)} without progress reports or
     * cancellation.
     *
     * @param step the step's name
     * @throws NullPointerException if {@code step} is null
     * @throws IllegalArgumentException if no step has that name
     * @throws org.twisty.DatabaseException as {@link #prepare(String, BuildListener, Cancellation)}
     * @throws IllegalStateException if the solver is closed
     */
    public void prepare(String step) {
        prepare(step, null, null);
    }

    /**
     * Opens the tables {@code step} needs now rather than on its first solve: opens the family's
     * file, or builds and saves it when it is missing (reports on the calling thread, phase such
     * as {@code "eo step tables"}). Nothing happens when the family is already open, or for a
     * solver in memory once its tables are built.
     *
     * @param step the step's name
     * @param listener receives the build's reports, or null (see {@link BuildListener} for what
     *     happens when it throws)
     * @param cancellation a flag another thread (or the listener) may cancel to stop the build,
     *     or null
     * @throws NullPointerException if {@code step} is null ("step must not be null")
     * @throws IllegalArgumentException if no step has that name ("unknown step 'eo' (expected one
     *     of: eofb, ...)")
     * @throws org.twisty.DatabaseException if the folder cannot hold the file (a file, not
     *     writable), or a file of another kind is where the family's file belongs ("...; it was
     *     left alone (remove it, or choose another path)")
     * @throws CancellationException if the build was cancelled (no file is left)
     * @throws IllegalStateException if the solver or {@code cancellation} is closed
     */
    public void prepare(String step, BuildListener listener, Cancellation cancellation) {
        ProgressRelay relay = ProgressRelay.of(listener);
        withPointer(p -> withCancellation(cancellation, token -> {
            nativePrepare(p, step, relay, token);
            return null;
        }));
    }

    /**
     * {@link #solve(String, Cube, StepOptions)} with the {@linkplain StepOptions#defaults()
     * default options}: the first shortest solution, normal NISS mode, up to 20 moves.
     *
     * @param step the step's name
     * @param cube the cube the step continues from
     * @return one solution, or none when the step needs more than 20 moves
     * @throws NullPointerException if {@code step} or {@code cube} is null
     * @throws IllegalArgumentException as {@link #solve(String, Cube, StepOptions)}
     * @throws IllegalStateException if the solver is closed
     */
    public List<String> solve(String step, Cube cube) {
        return solve(step, cube, StepOptions.defaults());
    }

    /**
     * The solutions of a step for a cube, shortest first, each once, at most
     * {@link StepOptions#maxSolutions()} of them, as nissy writes them. The options and the
     * cube's requirement are checked first, then the step's family is opened (built on first use,
     * see {@link #prepare(String, BuildListener, Cancellation)}), then the lengths are searched.
     *
     * <p>The {@linkplain StepOptions#progress() listener} receives, on the calling thread, a first
     * build's reports, then one report after each length searched: {@code phase}
     * {@code "length N"}, {@code level} N, {@code done} the lengths searched so far,
     * {@code total} the lengths to search, {@code found} the solutions so far. If it throws, the
     * solve stops and this method rethrows its exception.
     *
     * @param step the step's name ({@link #stepNames()})
     * @param cube the cube the step continues from ({@link #position(String, String)} gives it
     *     for a scramble and the moves so far)
     * @param options NISS mode, lengths, counts, threads, timeout, cancellation and progress
     * @return the solutions (unmodifiable), empty when none is within the lengths; one empty
     *     string when the cube is already at the goal and the minimum length is 0
     * @throws NullPointerException if {@code step}, {@code cube} or {@code options} is null
     *     ("step must not be null", "cube must not be null")
     * @throws IllegalArgumentException if no step has that name, the step cannot use the NISS
     *     mode, the cube lacks the step's requirement ("step drud-eofb needs edges oriented on
     *     the F/B axis (eofb), which this cube does not have"), or an option is out of range
     *     (the engine's messages, listed in {@link StepOptions})
     * @throws org.twisty.DatabaseException as {@link #prepare(String, BuildListener, Cancellation)}
     * @throws CancellationException if the cancellation flag or the timeout stopped the solve
     * @throws IllegalStateException if the solver or the options' cancellation flag is closed
     */
    public List<String> solve(String step, Cube cube, StepOptions options) {
        Objects.requireNonNull(cube, "cube must not be null");
        Objects.requireNonNull(options, "options must not be null");
        String text = cube.toString();
        int niss = options.niss().code();
        int minLength = options.minLength();
        int maxLength = options.maxLength();
        long maxSolutions = options.maxSolutions();
        int margin = options.margin();
        int threads = options.threads();
        long millis = timeoutMillis(options.timeout());
        ProgressRelay relay = ProgressRelay.of(options.progress());
        String[] found = withPointer(p -> withCancellation(options.cancellation(), token -> nativeSolve(p, step,
                text, niss, minLength, maxLength, maxSolutions, margin, threads, millis, relay, token)));
        return Collections.unmodifiableList(Arrays.asList(found));
    }

    /**
     * Every step name, in the catalogue's order ({@code eofb, eorl, eoud, drud, ...}).
     *
     * @return the names (unmodifiable)
     */
    public static List<String> stepNames() {
        return Collections.unmodifiableList(Arrays.asList(nativeStepNames()));
    }

    /**
     * What a step does, in one line: its goal, the requirement it continues from, its moves and
     * NISS modes ({@code "edges oriented on the F/B axis; moves U U2 U' ...; every NISS mode"}).
     *
     * @param step the step's name
     * @return the description
     * @throws NullPointerException if {@code step} is null ("step must not be null")
     * @throws IllegalArgumentException if no step has that name (the message lists the names)
     */
    public static String describe(String step) {
        return nativeDescribe(step);
    }

    /**
     * The cube a step continues from: the scramble applied, then the moves found so far in NISS
     * form (the inverse part, in parentheses, applied to the inverse scramble), as the steps'
     * solutions are written. {@code position(scramble, "")} is the scrambled cube.
     *
     * @param scramble the scramble
     * @param moves the moves so far, as earlier steps wrote them (empty for none)
     * @return the cube to solve the next step on
     * @throws NullPointerException if {@code scramble} or {@code moves} is null ("scramble must
     *     not be null", "moves must not be null")
     * @throws org.twisty.InvalidNotationException if either is malformed
     */
    public static Cube position(String scramble, String moves) {
        return Cube.parse(nativePosition(scramble, moves));
    }

    private static native long nativeOpen(String folder);

    private static native long nativeInMemory();

    private static native String nativeDefaultFolder();

    private static native String nativeFolder(long solver);

    private static native void nativeFree(long solver);

    private static native void nativePrepare(long solver, String step, ProgressRelay relay, long cancellation);

    private static native String[] nativeSolve(long solver, String step, String cube, int niss, int minLength,
            int maxLength, long maxSolutions, int margin, int threads, long timeoutMillis, ProgressRelay relay,
            long cancellation);

    private static native String[] nativeStepNames();

    private static native String nativeDescribe(String step);

    private static native String nativePosition(String scramble, String moves);
}
