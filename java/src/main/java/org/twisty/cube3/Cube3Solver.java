package org.twisty.cube3;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.twisty.AsyncOperation;
import org.twisty.BuildListener;
import org.twisty.Cancellation;
import org.twisty.NativeLibrary;
import org.twisty.NativeObject;
import org.twisty.ProgressRelay;

/**
 * The 3x3x3 two-phase solver (Kociemba's method): a solution of at most a given number of face
 * turns (half-turn metric) for any {@link Cube}, found in milliseconds for 21 moves.
 *
 * <p>The solver needs move and pruning tables (a file of about 183 MB; its two distance tables,
 * 177 MB, are read into native memory of the solver's own, the rest is memory-mapped read-only).
 * {@link #open(Path)} builds and saves them when the file is missing, stale or damaged (about 90
 * seconds on two cores, with progress reports and cancellation through
 * {@link #open(Path, BuildListener, Cancellation)}), then opens them;
 * {@link #openExisting(Path)} only opens. {@link #defaultTableFile()} is a per-user cache
 * location, which {@link #open()} uses.
 *
 * <p>The search is deterministic: the same cube and bound give the same solution, in every
 * runtime. A solution is move text such as {@code R U2 F' D} (empty for a solved cube), named in
 * space for the cube's orientation: {@code cube.apply(solution).isSolved()} holds whatever the
 * orientation.
 *
 * <p>Thread-safe: one open solver serves any number of threads at once (each search runs on the
 * calling thread). Close it when done (try-with-resources). A call after {@link #close()} throws
 * {@link IllegalStateException} ("Cube3Solver is closed"); a close while other threads are inside
 * calls lets those calls finish and frees the tables after the last one (see
 * {@link NativeObject}).
 */
public final class Cube3Solver extends NativeObject implements AutoCloseable {
    static {
        NativeLibrary.load();
    }

    /** The default bound of {@link #solve(Cube)}: every cube has a solution of at most 20 moves. */
    public static final int DEFAULT_MAX_LENGTH = 21;

    private Cube3Solver(long pointer) {
        super("Cube3Solver", pointer, Cube3Solver::nativeFree, Cube3Solver::nativeBytes);
    }

    /**
     * Opens the solver's table file, first building the tables and saving them there (atomically)
     * when the file is missing, stale (another format version) or damaged.
     *
     * @param path the table file (an empty path means {@link #defaultTableFile()})
     * @return the open solver
     * @throws NullPointerException if {@code path} is null
     * @throws org.twisty.DatabaseException if the path cannot hold the table file (a directory, a
     *     FIFO or other non-regular file, a path under a regular file), if the file there is of
     *     another kind or of unknown content ("...; it was left alone (remove it, or choose another
     *     path)": only a stale or damaged 3x3x3 table file is ever replaced), or if the file cannot
     *     be written or read back; no {@code <path>.partial} is left
     */
    public static Cube3Solver open(Path path) {
        return open(path, null);
    }

    /**
     * {@link #open(Path)} with cancellation of the table build (checked between its steps, every
     * few seconds).
     *
     * @param path the table file (an empty path means {@link #defaultTableFile()})
     * @param cancellation a flag another thread may {@linkplain Cancellation#cancel() cancel} to
     *     stop the build, or null
     * @return the open solver
     * @throws NullPointerException if {@code path} is null
     * @throws CancellationException if the build was cancelled (the file is left as it was), or
     *     at once, before any file is touched, if {@code cancellation} was cancelled before the
     *     call ("opening the 3x3x3 table file was cancelled before it started")
     * @throws org.twisty.DatabaseException as {@link #open(Path)}
     * @throws IllegalStateException if {@code cancellation} is closed
     */
    public static Cube3Solver open(Path path, Cancellation cancellation) {
        return open(path, null, cancellation);
    }

    /**
     * {@link #open(Path)} with progress reports and cancellation of the table build. Reports
     * arrive on the calling thread, one per finished level of each distance table (phases such as
     * {@code "3x3x3 tables: phase-1 distance 7"}); nothing is reported when the file is usable.
     *
     * @param path the table file (an empty path means {@link #defaultTableFile()})
     * @param listener receives the reports, or null (see {@link BuildListener} for what happens
     *     when it throws)
     * @param cancellation a flag another thread (or the listener) may
     *     {@linkplain Cancellation#cancel() cancel} to stop the build, or null
     * @return the open solver
     * @throws NullPointerException if {@code path} is null
     * @throws CancellationException if the build was cancelled (the file is left as it was), or
     *     at once, before any file is touched, if {@code cancellation} was cancelled before the
     *     call ("opening the 3x3x3 table file was cancelled before it started")
     * @throws org.twisty.DatabaseException as {@link #open(Path)}
     * @throws IllegalStateException if {@code cancellation} is closed
     */
    public static Cube3Solver open(Path path, BuildListener listener, Cancellation cancellation) {
        Objects.requireNonNull(path, "path must not be null");
        String file = path.toString();
        ProgressRelay relay = ProgressRelay.of(listener);
        return new Cube3Solver(withCancellation(cancellation, token -> nativeOpen(file, relay, token)));
    }

    /**
     * {@link #open(Path, BuildListener, Cancellation)} on a thread of its own
     * ({@code twisty-cube3-open}, where the reports arrive), for callers that must not block
     * while the tables are built (about 45 seconds). Cancelling the future cancels the build (the
     * file is left as it was); a solver that arrives after the future was cancelled is closed.
     *
     * @param path the table file (an empty path means {@link #defaultTableFile()})
     * @param listener receives the reports on the building thread, or null
     * @return a future that completes with the open solver, or with the exception {@code open}
     *     throws
     * @throws NullPointerException if {@code path} is null
     */
    public static CompletableFuture<Cube3Solver> openAsync(Path path, BuildListener listener) {
        Objects.requireNonNull(path, "path must not be null");
        return AsyncOperation.start("twisty-cube3-open",
                cancellation -> open(path, listener, cancellation), Cube3Solver::close);
    }

    /**
     * {@link #open(Path)} on {@link #defaultTableFile()}.
     *
     * @return the open solver
     * @throws org.twisty.DatabaseException if the file cannot be written or read back
     */
    public static Cube3Solver open() {
        return new Cube3Solver(nativeOpen("", null, 0));
    }

    /**
     * Opens an existing table file, never building.
     *
     * @param path the table file
     * @return the open solver
     * @throws NullPointerException if {@code path} is null
     * @throws org.twisty.DatabaseException if the file is missing, truncated, corrupt, of another
     *     format version or not a 3x3x3 table file, or the path is empty, a directory or not a
     *     regular file (a FIFO is refused at once, never read); the message names the file and
     *     the reason
     */
    public static Cube3Solver openExisting(Path path) {
        Objects.requireNonNull(path, "path must not be null");
        return new Cube3Solver(nativeOpenExisting(path.toString()));
    }

    /**
     * The default table file: {@code $TWISTY_CACHE_DIR}, else {@code $XDG_CACHE_HOME/twisty},
     * else {@code $HOME/.cache/twisty}, else the system's temporary folder, then the file name of
     * the current table format ({@code cube3-twophase-v4.tbl}). Read from the environment of
     * the process on each call.
     *
     * @return the default table file (which may not exist yet)
     */
    public static Path defaultTableFile() {
        return Paths.get(nativeDefaultPath());
    }

    /**
     * {@link #solve(Cube, int)} with the bound {@link #DEFAULT_MAX_LENGTH} (21).
     *
     * @param cube the cube to solve, in any orientation
     * @return the solution's canonical move text, empty for a solved cube
     * @throws NullPointerException if {@code cube} is null
     * @throws IllegalStateException if the solver is closed
     */
    public String solve(Cube cube) {
        return solve(cube, DEFAULT_MAX_LENGTH, null, null);
    }

    /**
     * A solution of at most {@code maxLength} face turns: the first one the search finds (not
     * necessarily the shortest).
     *
     * @param cube the cube to solve, in any orientation
     * @param maxLength the longest solution accepted, 0 to 40
     * @return the solution's canonical move text, empty for a solved cube
     * @throws NullPointerException if {@code cube} is null
     * @throws IllegalArgumentException if {@code maxLength} is negative or above 40, or no
     *     solution of at most {@code maxLength} moves exists ("no solution of at most N moves
     *     exists for this cube")
     * @throws IllegalStateException if the solver is closed
     */
    public String solve(Cube cube, int maxLength) {
        return solve(cube, maxLength, null, null);
    }

    /**
     * {@link #solve(Cube, int)} with a timeout and a cancellation flag. A flag cancelled (or a
     * timeout passed) before the call stops the search at once, however quick it would be; during
     * the search both are checked every few thousand search nodes.
     *
     * @param cube the cube to solve, in any orientation
     * @param maxLength the longest solution accepted, 0 to 40
     * @param timeout give up after this long; null or zero means no limit; a positive timeout is
     *     rounded up to whole milliseconds; a negative timeout throws
     *     {@link IllegalArgumentException} (code 6), "timeout must not be negative (got -1 ms)"
     * @param cancellation a flag another thread may cancel to stop the search, or null
     * @return the solution's canonical move text, empty for a solved cube
     * @throws NullPointerException if {@code cube} is null
     * @throws IllegalArgumentException if {@code maxLength} is negative or above 40, no solution
     *     of at most {@code maxLength} moves exists, or {@code timeout} is negative
     * @throws CancellationException if the search was cancelled or reached its timeout
     * @throws IllegalStateException if the solver or {@code cancellation} is closed
     */
    public String solve(Cube cube, int maxLength, Duration timeout, Cancellation cancellation) {
        Objects.requireNonNull(cube, "cube must not be null");
        long millis = timeoutMillis(timeout);
        String text = cube.toString();
        return withPointer(p -> withCancellation(cancellation,
                token -> nativeSolve(p, text, maxLength, millis, token)));
    }

    private static native long nativeOpen(String path, ProgressRelay relay, long cancellation);

    private static native long nativeOpenExisting(String path);

    private static native String nativeDefaultPath();

    private static native void nativeFree(long solver);

    /** The native heap the object holds (accounted by {@link NativeObject}). */
    private static native long nativeBytes(long solver);

    private static native String nativeSolve(long solver, String cube, int maxLength, long timeoutMillis,
            long cancellation);
}
