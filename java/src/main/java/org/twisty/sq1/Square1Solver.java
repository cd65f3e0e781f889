package org.twisty.sq1;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.twisty.AsyncOperation;
import org.twisty.BuildListener;
import org.twisty.BuildProgress;
import org.twisty.Cancellation;
import org.twisty.NativeLibrary;
import org.twisty.NativeObject;
import org.twisty.ProgressRelay;

/**
 * The six-colour Square-1 solver: optimal solutions in three {@linkplain Metric metrics}, the
 * distance of a state, short solutions found fast by a two-phase search, and random-state
 * scrambles.
 *
 * <p>The solver needs pruning tables (a file of about 112 MB, memory-mapped read-only).
 * {@link #open(Path)} builds and saves them when the file is missing, stale or damaged (about
 * 25 seconds on two cores), then opens them; {@link #openExisting(Path)} only opens. {@link
 * #defaultTableFile()} is a per-user cache location.
 *
 * <p>States must be six-colour states; a Silver-edition state fails with
 * {@link IllegalArgumentException} (the {@link Square1Database} solves those). The optimal
 * searches take from milliseconds to minutes depending on the state and the metric; the variants
 * with a timeout and a {@link Cancellation} stop with
 * {@link java.util.concurrent.CancellationException}.
 *
 * <p>Thread-safe: one open solver serves any number of threads at once (each search runs on the
 * calling thread). Close it when done (try-with-resources). A call after {@link #close()} throws
 * {@link IllegalStateException} ("Square1Solver is closed"); a close while other threads are
 * inside calls lets those calls finish and frees the tables after the last one (see
 * {@link NativeObject}).
 */
public final class Square1Solver extends NativeObject implements AutoCloseable {
    static {
        NativeLibrary.load();
    }

    private Square1Solver(long pointer) {
        super("Square1Solver", pointer, Square1Solver::nativeFree, Square1Solver::nativeBytes);
    }

    /**
     * Opens the solver's table file, first building the tables and saving them there (atomically)
     * when the file is missing, stale (another format version) or damaged.
     *
     * @param path the table file, for example {@link #defaultTableFile()} (an empty path
     *     also means that one)
     * @return the open solver
     * @throws NullPointerException if {@code path} is null
     * @throws org.twisty.DatabaseException if the path cannot hold the table file (a directory, a
     *     FIFO or other non-regular file, a path under a regular file), if the file
     *     there is of another kind or of unknown content ("...; it was left alone (remove it, or
     *     choose another path)": only a stale or damaged solver table file is ever replaced), or
     *     if the file cannot be written or read back; no {@code <path>.partial} is left
     */
    public static Square1Solver open(Path path) {
        return open(path, null, null);
    }

    /**
     * {@link #open(Path)} with progress reports and cancellation of the table build. Nothing is
     * reported when the file is already usable.
     *
     * @param path the table file
     * @param listener receives progress reports of the table build on the calling thread, or null
     *     (see {@link BuildListener} for what happens when it throws)
     * @param cancellation a flag another thread may {@linkplain Cancellation#cancel() cancel} to
     *     stop the build, or null; if the listener throws, this flag is cancelled too
     * @return the open solver
     * @throws NullPointerException if {@code path} is null
     * @throws CancellationException if the build was cancelled (the file is left as it was), or
     *     at once, before any file is touched, if {@code cancellation} was cancelled before the
     *     call ("opening the solver table file was cancelled before it started")
     * @throws org.twisty.DatabaseException as {@link #open(Path)}
     * @throws IllegalStateException if {@code cancellation} is closed
     */
    public static Square1Solver open(Path path, BuildListener listener, Cancellation cancellation) {
        Objects.requireNonNull(path, "path must not be null");
        String file = path.toString();
        ProgressRelay relay = ProgressRelay.of(listener);
        return new Square1Solver(withCancellation(cancellation, token -> nativeOpen(file, relay, token)));
    }

    /**
     * {@link #open(Path, BuildListener, Cancellation)} on a new thread of its own (named
     * {@code twisty-solver-open}; not a daemon, so the JVM waits for a running build unless it is
     * cancelled). The listener runs on that thread.
     *
     * <p>{@code future.cancel(true)} (or {@code false}) cancels a running table build: the future
     * completes at once with {@link CancellationException} and the build stops soon after. A
     * solver that finishes opening after the future was cancelled is closed. Any other failure
     * completes the future exceptionally with the exception {@code open} would throw.
     *
     * @param path the table file
     * @param listener receives progress reports of the table build on the opening thread, or null
     * @return a future that completes with the open solver
     * @throws NullPointerException if {@code path} is null
     */
    public static CompletableFuture<Square1Solver> openAsync(Path path, BuildListener listener) {
        Objects.requireNonNull(path, "path must not be null");
        return AsyncOperation.start("twisty-solver-open",
                cancellation -> open(path, listener, cancellation), Square1Solver::close);
    }

    /**
     * Opens an existing table file, never building.
     *
     * @param path the table file
     * @return the open solver
     * @throws NullPointerException if {@code path} is null
     * @throws org.twisty.DatabaseException if the file is missing, truncated, corrupt, of another
     *     format version or not a solver table file, or the path is empty, a directory or not a
     *     regular file (a FIFO is refused at once, never read)
     */
    public static Square1Solver openExisting(Path path) {
        Objects.requireNonNull(path, "path must not be null");
        return new Square1Solver(nativeOpenExisting(path.toString()));
    }

    /**
     * The default table file: {@code $TWISTY_CACHE_DIR}, else {@code $XDG_CACHE_HOME/twisty},
     * else {@code $HOME/.cache/twisty}, else the system's temporary folder, then the file name of
     * the current table format ({@code sq1-solver-v4.tbl}). Read from the environment of the process on each call.
     *
     * @return the default table file (which may not exist yet)
     */
    public static Path defaultTableFile() {
        return Paths.get(nativeDefaultPath());
    }

    /**
     * One optimal solution: the fewest moves in {@code metric} that solve the state.
     *
     * @param state a six-colour state
     * @param metric how moves are counted
     * @return the solution
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code state} is not a six-colour state
     * @throws IllegalStateException if the solver is closed
     */
    public SolverSolution solve(Square1State state, Metric metric) {
        return solve(state, metric, null, null, null);
    }

    /**
     * One optimal solution, with a timeout, a cancellation flag and progress reports. The search
     * deepens one length at a time; after each finished depth {@code progress} receives one
     * report on the calling thread: {@link BuildProgress#phase()} such as
     * {@code "no solution of length 11 (face)"} (the last one {@code "solution of length 12
     * (face)"}), {@link BuildProgress#level()} the length searched, {@link BuildProgress#done()}
     * the search nodes so far, {@link BuildProgress#found()} the solutions found (0 until the
     * last depth), {@code total} 0 and {@code etaMillis} -1. If it throws, the search stops and
     * this method rethrows its exception.
     *
     * @param state a six-colour state
     * @param metric how moves are counted
     * @param timeout give up after this long; null or zero means no limit; a positive timeout is
     *     rounded up to whole milliseconds; a negative timeout throws
     *     {@link IllegalArgumentException} (code 6), "timeout must not be negative (got -1 ms)"
     * @param cancellation a flag another thread may cancel to stop the search, or null; if
     *     {@code progress} throws, this flag is cancelled too
     * @param progress receives a report after each search depth, or null
     * @return the solution
     * @throws NullPointerException if {@code state} or {@code metric} is null
     * @throws IllegalArgumentException if {@code state} is not a six-colour state or
     *     {@code timeout} is negative
     * @throws CancellationException if the search was cancelled or reached its timeout
     * @throws IllegalStateException if the solver or {@code cancellation} is closed
     */
    public SolverSolution solve(Square1State state, Metric metric, Duration timeout, Cancellation cancellation,
            BuildListener progress) {
        Objects.requireNonNull(state, "state must not be null");
        Objects.requireNonNull(metric, "metric must not be null");
        long millis = timeoutMillis(timeout);
        ProgressRelay relay = ProgressRelay.of(progress);
        return withPointer(p -> withCancellation(cancellation,
                token -> nativeSolve(p, state.toString(), metric.code(), millis, relay, token)));
    }

    /**
     * Up to {@code limit} distinct optimal solutions (all of them when there are fewer), in the
     * engine's search order, which is the same in every runtime. All have the same length.
     *
     * @param state a six-colour state
     * @param metric how moves are counted
     * @param limit the most solutions to return, at least 1
     * @return an unmodifiable list of 1 to {@code limit} solutions
     * @throws NullPointerException if {@code state} or {@code metric} is null
     * @throws IllegalArgumentException if {@code state} is not a six-colour state or
     *     {@code limit} is less than 1
     * @throws IllegalStateException if the solver is closed
     */
    public List<SolverSolution> solutions(Square1State state, Metric metric, int limit) {
        return solutions(state, metric, limit, null, null);
    }

    /**
     * {@link #solutions(Square1State, Metric, int)} with a timeout and a cancellation flag.
     *
     * @param state a six-colour state
     * @param metric how moves are counted
     * @param limit the most solutions to return, at least 1
     * @param timeout give up after this long; null or zero means no limit; a positive timeout is
     *     rounded up to whole milliseconds; a negative timeout throws
     *     {@link IllegalArgumentException} (code 6), "timeout must not be negative (got -1 ms)"
     * @param cancellation a flag another thread may cancel to stop the search, or null
     * @return an unmodifiable list of 1 to {@code limit} solutions
     * @throws NullPointerException if {@code state} or {@code metric} is null
     * @throws IllegalArgumentException if {@code state} is not a six-colour state, {@code limit}
     *     is less than 1 or {@code timeout} is negative
     * @throws CancellationException if the search was cancelled or reached its timeout
     * @throws IllegalStateException if the solver or {@code cancellation} is closed
     */
    public List<SolverSolution> solutions(Square1State state, Metric metric, int limit, Duration timeout,
            Cancellation cancellation) {
        Objects.requireNonNull(state, "state must not be null");
        Objects.requireNonNull(metric, "metric must not be null");
        long millis = timeoutMillis(timeout);
        SolverSolution[] found = withPointer(p -> withCancellation(cancellation,
                token -> nativeSolutions(p, state.toString(), metric.code(), limit, millis, token)));
        return Collections.unmodifiableList(Arrays.asList(found));
    }

    /**
     * The optimal length of a state in a metric (the {@link SolverSolution#length()} of
     * {@link #solve}).
     *
     * @param state a six-colour state
     * @param metric how moves are counted
     * @return the distance, 0 for a solved state
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code state} is not a six-colour state
     * @throws IllegalStateException if the solver is closed
     */
    public int distance(Square1State state, Metric metric) {
        Objects.requireNonNull(state, "state must not be null");
        Objects.requireNonNull(metric, "metric must not be null");
        return withPointerAsInt(p -> nativeDistance(p, state.toString(), metric.code()));
    }

    /**
     * {@link #solveFast(Square1State, FastSolveOptions)} with {@link FastSolveOptions#defaults()}:
     * the first two-phase solution found, its length counted in face turns.
     *
     * @param state a six-colour state
     * @return the solution
     * @throws NullPointerException if {@code state} is null
     * @throws IllegalArgumentException if {@code state} is not a six-colour state
     * @throws IllegalStateException if the solver is closed
     */
    public SolverSolution solveFast(Square1State state) {
        return solveFast(state, FastSolveOptions.defaults());
    }

    /**
     * A short, not necessarily optimal, solution found fast by the two-phase solver (see
     * {@link FastSolveOptions} for when it stops).
     *
     * @param state a six-colour state
     * @param options the metric and the limits of the search; its timeout follows the one rule
     *     (null or zero means no limit; a negative timeout throws {@link IllegalArgumentException}
     *     (code 6), "timeout must not be negative (got -1 ms)")
     * @return the solution
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code state} is not a six-colour state, the options'
     *     timeout is negative, or the options' maximum length is below a lower bound of the
     *     state's distance ("no solution of at most 1 moves (face) exists for this state: it
     *     needs at least N")
     * @throws CancellationException if the search was cancelled, or reached its timeout or node
     *     limit before finding any solution
     * @throws IllegalStateException if the solver or the options' cancellation is closed
     */
    public SolverSolution solveFast(Square1State state, FastSolveOptions options) {
        Objects.requireNonNull(state, "state must not be null");
        Objects.requireNonNull(options, "options must not be null");
        long millis = timeoutMillis(options.timeout());
        return withPointer(p -> withCancellation(options.cancellation(),
                token -> nativeSolveFast(p, state.toString(), options.metric().code(), options.maxLength(),
                        options.nodeLimit(), millis, token)));
    }

    /**
     * The random-state scramble of a seed: a uniformly random six-colour state and a short move
     * sequence that leads to it from solved. The same seed gives the same scramble in every
     * runtime.
     *
     * @param seed the seed; its 64 bits are read as an unsigned number
     * @return the scramble
     * @throws IllegalStateException if the solver is closed
     */
    public Square1Scramble scramble(long seed) {
        return withPointer(p -> nativeScramble(p, seed));
    }

    private static native long nativeOpen(String path, ProgressRelay relay, long cancellation);

    private static native long nativeOpenExisting(String path);

    private static native String nativeDefaultPath();

    private static native void nativeFree(long solver);

    /** The native heap the object holds (accounted by {@link NativeObject}). */
    private static native long nativeBytes(long solver);

    private static native SolverSolution nativeSolve(long solver, String state, int metric, long timeoutMillis,
            ProgressRelay relay, long cancellation);

    private static native SolverSolution[] nativeSolutions(long solver, String state, int metric, int limit,
            long timeoutMillis, long cancellation);

    private static native int nativeDistance(long solver, String state, int metric);

    private static native SolverSolution nativeSolveFast(long solver, String state, int metric, int maxLength,
            long nodeLimit, long timeoutMillis, long cancellation);

    private static native Square1Scramble nativeScramble(long solver, long seed);
}
