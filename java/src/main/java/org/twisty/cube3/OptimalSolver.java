package org.twisty.cube3;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import org.twisty.BuildListener;
import org.twisty.Cancellation;
import org.twisty.NativeLibrary;
import org.twisty.NativeObject;
import org.twisty.ProgressRelay;

/**
 * The 3x3x3 optimal solver: the solutions of fewest face turns (half-turn metric) of any
 * {@link Cube}, one or all of them, by an IDA* search over a symmetry-reduced pruning table.
 * The time grows steeply with the cube's distance: cubes a few moves from solved take
 * milliseconds, random cubes (typically 17 or 18 moves) far longer, so give those a
 * {@linkplain OptimalOptions#withTimeout timeout} or a
 * {@linkplain OptimalOptions#withCancellation cancellation flag}.
 *
 * <p>The solver needs its table file (size {@code h0}: about 30 MB, memory-mapped read-only).
 * {@link #open(Path, int, BuildListener, Cancellation)} builds and saves it when the file is
 * missing, stale or damaged (well under a minute on two cores, with progress reports and
 * cancellation), then opens it; {@link #openExisting(Path, int)} only opens.
 * {@link #defaultTableFile(int)} is a per-user cache location. The table comes in sizes, numbered as
 * nissy does ({@code 0} = {@code h0}, {@link #DEFAULT_SIZE}; each size up to {@code 7} doubles
 * the file, from 30 MB to 3.8 GB, and makes the search faster); other sizes are refused with
 * {@link IllegalArgumentException} ("table size h8 is not available: this version builds h0 to
 * h7").
 *
 * <pre>{@code
 * try (OptimalSolver solver = OptimalSolver.open(OptimalSolver.defaultTableFile(0), 0)) {
 *     String best = solver.solve(Cube.fromMoves("R U F"));             // "F' U' R'"
 *     OptimalSolutions all = solver.solve(Cube.fromMoves("R2 L2 U2 D2 F2 B2"),
 *             OptimalOptions.defaults().withMaxSolutions(100));  // all 6, of 6 moves each
 * }
 * }</pre>
 *
 * <p>The search is deterministic: the same cube and options give the same solutions, in the same
 * (canonical) order, in every runtime and with any number of threads. A solution is move text
 * such as {@code R U2 F' D} (empty for a solved cube), named in space for the cube's orientation:
 * {@code cube.apply(solution).isSolved()} holds whatever the orientation.
 *
 * <p>Thread-safe: one open solver serves any number of threads at once (each solve may also run
 * on several threads of its own, see {@link OptimalOptions#threads()}). Close it when done
 * (try-with-resources). A call after {@link #close()} throws {@link IllegalStateException}
 * ("OptimalSolver is closed"); a close while other threads are inside calls lets those calls
 * finish and frees the table after the last one (see {@link NativeObject}).
 */
public final class OptimalSolver extends NativeObject implements AutoCloseable {
    static {
        NativeLibrary.load();
    }

    /** The table size this version builds: 0, nissy's {@code h0}. */
    public static final int DEFAULT_SIZE = 0;

    private OptimalSolver(long pointer) {
        super("OptimalSolver", pointer, OptimalSolver::nativeFree, OptimalSolver::nativeBytes);
    }

    /**
     * {@link #open(Path, int, BuildListener, Cancellation)} without progress reports or
     * cancellation.
     *
     * @param path the table file (an empty path means {@link #defaultTableFile(int)})
     * @param size the table size, {@link #DEFAULT_SIZE} 0
     * @return the open solver
     * @throws NullPointerException if {@code path} is null
     * @throws IllegalArgumentException if this version does not build tables of {@code size}
     * @throws org.twisty.DatabaseException as {@link #open(Path, int, BuildListener, Cancellation)}
     */
    public static OptimalSolver open(Path path, int size) {
        return open(path, size, null, null);
    }

    /**
     * Opens the solver's table file of the given size, first building the table and saving it
     * there (atomically) when the file is missing, stale (another format version) or damaged.
     * Build reports arrive on the calling thread, one per finished distance of the table (phases
     * such as {@code "3x3x3 optimal table h0: distance 7"}, {@code done} and {@code found} the
     * entries reached so far, {@code total} all entries); nothing is reported when the file is
     * usable.
     *
     * @param path the table file (an empty path means {@link #defaultTableFile(int)})
     * @param size the table size, {@link #DEFAULT_SIZE} 0
     * @param listener receives the reports, or null (see {@link BuildListener} for what happens
     *     when it throws)
     * @param cancellation a flag another thread (or the listener) may
     *     {@linkplain Cancellation#cancel() cancel} to stop the build, or null
     * @return the open solver
     * @throws NullPointerException if {@code path} is null
     * @throws IllegalArgumentException if this version does not build tables of {@code size}
     *     ("table size h8 is not available: this version builds h0 to h7"; a negative size is
     *     "table size -1 is out of range (0 = h0, 1 = h1, ...)")
     * @throws CancellationException if the build was cancelled ("table generation was
     *     cancelled"; the file is left as it was), or at once, before any file is touched, if
     *     {@code cancellation} was cancelled before the call ("opening the 3x3x3 optimal-solver
     *     table file was cancelled before it started")
     * @throws org.twisty.DatabaseException if the path cannot hold the table file (a directory, a
     *     FIFO or other non-regular file, a path under a regular file), if the file there is of
     *     another kind or of unknown content ("...; it was left alone (remove it, or choose another
     *     path)": only a stale or damaged optimal-solver table file is ever replaced), or if the
     *     file cannot be written or read back
     * @throws IllegalStateException if {@code cancellation} is closed
     */
    public static OptimalSolver open(Path path, int size, BuildListener listener, Cancellation cancellation) {
        Objects.requireNonNull(path, "path must not be null");
        String file = path.toString();
        ProgressRelay relay = ProgressRelay.of(listener);
        return new OptimalSolver(withCancellation(cancellation, token -> nativeOpen(file, size, relay, token)));
    }

    /**
     * Opens an existing table file of the given size, never building.
     *
     * @param path the table file
     * @param size the table size, {@link #DEFAULT_SIZE} 0
     * @return the open solver
     * @throws NullPointerException if {@code path} is null
     * @throws IllegalArgumentException if this version does not build tables of {@code size}
     * @throws org.twisty.DatabaseException if the file is missing, truncated, corrupt, of another
     *     format version or not a 3x3x3 optimal-solver table file, or the path is empty, a
     *     directory or not a regular file; the message names the file and the reason ("3x3x3
     *     optimal-solver table file /x.tbl: not a twisty 3x3x3 optimal-solver table file (bad
     *     magic)")
     */
    public static OptimalSolver openExisting(Path path, int size) {
        Objects.requireNonNull(path, "path must not be null");
        return new OptimalSolver(nativeOpenExisting(path.toString(), size));
    }

    /**
     * The default table file of a size: {@code $TWISTY_CACHE_DIR}, else
     * {@code $XDG_CACHE_HOME/twisty}, else {@code $HOME/.cache/twisty}, else the system's
     * temporary folder, then the file name of the current table format and that size
     * ({@code cube3-optimal-h0-v2.tbl}). Read from the environment of the process on each call.
     *
     * @param size the table size, {@link #DEFAULT_SIZE} 0
     * @return the default table file (which may not exist yet)
     * @throws IllegalArgumentException if this version does not build tables of {@code size}
     *     (the engine's message, as when opening: "table size h8 is not available: this version
     *     builds h0 to h7"; a negative size is "table size -1 is out of range (0 = h0, 1 = h1,
     *     ...)")
     */
    public static Path defaultTableFile(int size) {
        return Paths.get(nativeDefaultPath(size));
    }

    /**
     * The first optimal solution of a cube (in the engine's canonical order), with the
     * {@linkplain OptimalOptions#defaults() default options}: up to 20 moves, one thread per core,
     * no timeout.
     *
     * @param cube the cube to solve, in any orientation
     * @return the solution's canonical move text, empty for a solved cube
     * @throws NullPointerException if {@code cube} is null
     * @throws IllegalStateException if the solver is closed
     */
    public String solve(Cube cube) {
        return solve(cube, OptimalOptions.defaults()).first();
    }

    /**
     * The optimal solutions of a cube: the lengths from {@link OptimalOptions#minLength()} (or
     * the cube's lower bound, if greater) to {@link OptimalOptions#maxLength()} are searched one
     * after the other, and at most {@link OptimalOptions#maxSolutions()} solutions of the first
     * length that has any are returned.
     *
     * <p>After each finished depth the {@linkplain OptimalOptions#progress() listener} receives
     * one report on the calling thread: {@link org.twisty.BuildProgress#phase()}
     * {@code "depth N"}, {@link org.twisty.BuildProgress#level()} N (the length searched; the
     * levels rise one by one and the last is the solutions' length),
     * {@link org.twisty.BuildProgress#done()} the search nodes so far,
     * {@link org.twisty.BuildProgress#found()} the solutions found at that depth (0 until the
     * last), {@code total} 0 and {@code etaMillis} -1. If it throws, the search stops and this
     * method rethrows its exception (the options' cancellation flag, if any, is cancelled too).
     *
     * <p>A cancellation flag cancelled (or a timeout passed) before the call stops the search at
     * once, however quick it would be; during the search both are checked every few thousand
     * search nodes on every thread.
     *
     * @param cube the cube to solve, in any orientation
     * @param options the bounds, the thread count, the timeout, cancellation and progress
     * @return the solutions, their length and the nodes visited
     * @throws NullPointerException if {@code cube} or {@code options} is null
     * @throws IllegalArgumentException if an option is out of range (the engine's messages, listed
     *     in {@link OptimalOptions}), or no solution of at most {@code maxLength} moves exists
     *     ("no solution of at most 2 moves exists for this cube: it needs at least 3" when a lower
     *     bound shows it at once)
     * @throws CancellationException if the search was cancelled ("the search was cancelled") or
     *     reached its timeout ("the search reached its deadline before finding a solution of at
     *     most 20 moves")
     * @throws IllegalStateException if the solver or the options' cancellation flag is closed
     */
    public OptimalSolutions solve(Cube cube, OptimalOptions options) {
        Objects.requireNonNull(cube, "cube must not be null");
        Objects.requireNonNull(options, "options must not be null");
        String text = cube.toString();
        long millis = timeoutMillis(options.timeout());
        ProgressRelay relay = ProgressRelay.of(options.progress());
        int minLength = options.minLength();
        int maxLength = options.maxLength();
        long maxSolutions = options.maxSolutions();
        int threads = options.threads();
        return withPointer(p -> withCancellation(options.cancellation(),
                token -> nativeSolve(p, text, minLength, maxLength, maxSolutions, threads, millis, relay, token)));
    }

    private static native long nativeOpen(String path, int size, ProgressRelay relay, long cancellation);

    private static native long nativeOpenExisting(String path, int size);

    private static native String nativeDefaultPath(int size);

    private static native void nativeFree(long solver);

    /** The native heap the object holds (accounted by {@link NativeObject}). */
    private static native long nativeBytes(long solver);

    private static native OptimalSolutions nativeSolve(long solver, String cube, int minLength, int maxLength,
            long maxSolutions, int threads, long timeoutMillis, ProgressRelay relay, long cancellation);
}
