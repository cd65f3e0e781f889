package org.twisty.sq1;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.twisty.AsyncOperation;
import org.twisty.BuildListener;
import org.twisty.Cancellation;
import org.twisty.NativeLibrary;
import org.twisty.NativeObject;
import org.twisty.ProgressRelay;

/**
 * A Silver-edition Square-1 God's-algorithm database, opened read-only (memory-mapped) from a file
 * that {@link #build} wrote: the distance of every state, one shortest solution, and all of them.
 *
 * <p>States must be Silver-edition states ({@link Square1State#toSilver()} converts a six-colour
 * one); other states fail with {@link org.twisty.InvalidStateException}. A partial database (built
 * with a maximum level) answers only states within its levels; deeper states fail with
 * {@link org.twisty.DatabaseException}.
 *
 * <p>A query never returns an answer the file cannot support: a data region is checked against
 * its checksum before the first answer that reads it (once per region per open), and a level
 * above the file's last one, or a state whose walk down to solved finds no next level, is
 * corruption. Corruption is {@link org.twisty.DatabaseException} (code 4) naming the region or
 * the state; {@link #verify()} checks the whole file at once.
 *
 * <p>Thread-safe: one open database serves any number of threads at once. Close it when done
 * (try-with-resources). A call after {@link #close()} throws {@link IllegalStateException}; a close
 * while other threads are inside calls lets those calls finish and unmaps the file after the last
 * one (see {@link NativeObject}). Solution iterators keep their own reference to the file and
 * keep working after the database is closed.
 */
public final class Square1Database extends NativeObject implements AutoCloseable {
    static {
        NativeLibrary.load();
    }

    private Square1Database(long pointer) {
        super("Square1Database", pointer, Square1Database::nativeFree, Square1Database::nativeBytes);
    }

    /**
     * Opens a complete database file of either variant.
     *
     * @param path the database file
     * @return the open database
     * @throws NullPointerException if {@code path} is null
     * @throws org.twisty.DatabaseException if the file is missing, truncated, corrupt, of another
     *     format version, or an unfinished build, or the path is empty, a directory or not a
     *     regular file (a FIFO is refused at once, never read)
     */
    public static Square1Database open(Path path) {
        Objects.requireNonNull(path, "path must not be null");
        return new Square1Database(nativeOpen(path.toString()));
    }

    /**
     * Which model the database holds.
     *
     * @return the variant
     * @throws IllegalStateException if the database is closed
     */
    public DatabaseVariant variant() {
        return DatabaseVariant.fromCode(withPointerAsInt(Square1Database::nativeVariant));
    }

    /**
     * The number of position classes at each level the file holds: element {@code i} counts level
     * {@code i + 1} (level 1 is the solved state, so element {@code i} counts the classes
     * {@code i} twists from solved). A partial database stops at its maximum level.
     *
     * @return a new array of counts
     * @throws IllegalStateException if the database is closed
     */
    public long[] levelCounts() {
        return withPointer(Square1Database::nativeLevelCounts);
    }

    /**
     * Whether the file holds every position (false for a partial database built with a maximum
     * level).
     *
     * @return true for a complete database
     * @throws IllegalStateException if the database is closed
     */
    public boolean isFull() {
        return withPointer(Square1Database::nativeIsFull);
    }

    /**
     * Reads the whole file and checks every region's checksum against the header.
     *
     * @throws org.twisty.DatabaseException naming the first region whose checksum does not match
     * @throws IllegalStateException if the database is closed
     */
    public void verify() {
        withPointer(p -> {
            nativeVerify(p);
            return null;
        });
    }

    /**
     * The fewest twists ({@code /}) that solve a state.
     *
     * @param state a Silver-edition state
     * @return the distance, 0 for a solved state
     * @throws NullPointerException if {@code state} is null
     * @throws org.twisty.InvalidStateException if {@code state} is not a Silver-edition state
     * @throws org.twisty.DatabaseException if the state is beyond the levels of a partial database,
     *     or the file is corrupt where the answer lies
     * @throws IllegalStateException if the database is closed
     */
    public int distance(Square1State state) {
        Objects.requireNonNull(state, "state must not be null");
        return withPointerAsInt(p -> nativeDistance(p, state.toString()));
    }

    /**
     * One shortest solution of a state (the first of {@link #solutions}).
     *
     * @param state a Silver-edition state
     * @return the solution
     * @throws NullPointerException if {@code state} is null
     * @throws org.twisty.InvalidStateException if {@code state} is not a Silver-edition state
     * @throws org.twisty.DatabaseException if the state is beyond the levels of a partial database,
     *     or the file is corrupt where the answer lies
     * @throws IllegalStateException if the database is closed
     */
    public DatabaseSolution solve(Square1State state) {
        Objects.requireNonNull(state, "state must not be null");
        return withPointer(p -> nativeSolve(p, state.toString()));
    }

    /**
     * All shortest solutions of a state, lazily, in the engine's fixed order, at most {@code limit}.
     * The stream holds a native iterator: close the stream (try-with-resources) to free it early;
     * it is freed anyway when exhausted or, if abandoned, by the cleaner. The stream keeps
     * working if the database is closed meanwhile. It is sequential. If the walk finds the file
     * corrupt, the terminal operation (or the stream's iterator) throws
     * {@link org.twisty.DatabaseException} and the stream produces nothing after it.
     *
     * @param state a Silver-edition state
     * @param limit the most solutions to produce, not negative
     * @return the solutions
     * @throws NullPointerException if {@code state} is null
     * @throws IllegalArgumentException if {@code limit} is negative
     * @throws org.twisty.InvalidStateException if {@code state} is not a Silver-edition state
     * @throws org.twisty.DatabaseException if the state is beyond the levels of a partial database
     * @throws IllegalStateException if the database is closed
     */
    public Stream<DatabaseSolution> solutions(Square1State state, long limit) {
        DatabaseSolutionIterator it = start(state, limit);
        Spliterator<DatabaseSolution> split = Spliterators.spliteratorUnknownSize(
                it, Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.IMMUTABLE);
        return StreamSupport.stream(split, false).onClose(it::close);
    }

    /**
     * {@link #solutions} as an iterator. The iterator closes itself when exhausted; it also
     * implements {@link AutoCloseable}, so a caller that stops early can free it at once
     * ({@code ((AutoCloseable) it).close()}); after that {@code hasNext()} and {@code next()} throw
     * {@link IllegalStateException}. An abandoned iterator is freed by the cleaner. If the walk
     * finds the file corrupt, {@code hasNext()} (or {@code next()}) throws
     * {@link org.twisty.DatabaseException}; the iterator is then closed and at its end
     * ({@code hasNext()} is false).
     *
     * @param state a Silver-edition state
     * @param limit the most solutions to produce, not negative
     * @return the solutions
     * @throws NullPointerException if {@code state} is null
     * @throws IllegalArgumentException if {@code limit} is negative
     * @throws org.twisty.InvalidStateException if {@code state} is not a Silver-edition state
     * @throws org.twisty.DatabaseException if the state is beyond the levels of a partial database
     * @throws IllegalStateException if the database is closed
     */
    public Iterator<DatabaseSolution> solutionsIterator(Square1State state, long limit) {
        return start(state, limit);
    }

    private DatabaseSolutionIterator start(Square1State state, long limit) {
        Objects.requireNonNull(state, "state must not be null");
        return new DatabaseSolutionIterator(withPointerAsLong(p -> nativeSolutions(p, state.toString(), limit)));
    }

    /**
     * Builds a database at {@code path}, blocking until it is complete. The build works in
     * {@code <path>.partial} and renames it to {@code path} only when complete. If
     * {@code <path>.partial} exists (a cancelled or interrupted build of the same variant), the
     * build resumes from its last checkpoint; if {@code path} already holds the same complete
     * database, this returns at once.
     *
     * <p>A full build takes hours and several GiB of memory and disk; {@code maxLevel} 1..15 stops
     * after that level (a partial database, still a sparse file of the full size).
     *
     * @param path the file to write
     * @param variant the model to build
     * @param maxLevel the last level to compute (level 1 is solved), 1..15, or 0 for all levels
     * @param threads worker threads, 0 for one per core, at most 256 (never more are started than
     *     there is work for)
     * @param listener receives progress reports on the calling thread, or null (see
     *     {@link BuildListener} for what happens when it throws)
     * @param cancellation a flag another thread may {@linkplain Cancellation#cancel() cancel} to
     *     stop the build, or null; if the listener throws, this flag is cancelled too
     * @throws NullPointerException if {@code path} or {@code variant} is null
     * @throws IllegalArgumentException if {@code maxLevel} is out of range ("max_level 16 out of
     *     range 0..=15") or {@code threads} is negative or above 256 ("threads 100000 out of range
     *     0..=256"), checked before anything else
     * @throws CancellationException if the build was cancelled; {@code <path>.partial} is left for
     *     a later build to resume. A {@code cancellation} already cancelled before the call stops it
     *     at once ("database build cancelled before it started"), before any file is created
     * @throws org.twisty.DatabaseException if the path cannot hold a database (empty, a
     *     directory, a FIFO or other non-regular file, under a regular file), the files cannot be
     *     written, or another database, a file of unknown content or another variant's unfinished
     *     build is in the way (it is only ever read, never replaced); a failed build leaves no
     *     {@code <path>.partial} unless it saved a level there. While another build (of this
     *     process, a cancelled one still returning, or of another) writes the same file, this
     *     one waits for it, then resumes from what it left; {@code cancellation} ends the wait
     * @throws IllegalStateException if {@code cancellation} is closed
     */
    public static void build(Path path, DatabaseVariant variant, int maxLevel, int threads, BuildListener listener,
            Cancellation cancellation) {
        Objects.requireNonNull(path, "path must not be null");
        Objects.requireNonNull(variant, "variant must not be null");
        String file = path.toString();
        ProgressRelay relay = ProgressRelay.of(listener);
        withCancellation(cancellation, token -> {
            nativeBuild(file, variant.code(), maxLevel, threads, relay, token);
            return null;
        });
    }

    /**
     * {@link #build} on a new thread of its own (named {@code twisty-db-build}; not a daemon, so
     * the JVM waits for a running build unless it is cancelled). The listener runs on that thread.
     *
     * <p>{@code future.cancel(true)} (or {@code false}) cancels the native build: the future
     * completes at once with {@link CancellationException}, the build stops within about half a
     * second and leaves {@code <path>.partial} to resume. A build of the same file started
     * meanwhile waits for the cancelled one to let go of it, then resumes. Any other failure
     * completes the future exceptionally with the exception {@link #build} would throw.
     *
     * @param path the file to write
     * @param variant the model to build
     * @param maxLevel the last level to compute, 1..15, or 0 for all levels
     * @param threads worker threads, 0 for one per core, at most 256
     * @param listener receives progress reports on the build's thread, or null
     * @return a future that completes when the build is done
     * @throws NullPointerException if {@code path} or {@code variant} is null
     */
    public static CompletableFuture<Void> buildAsync(Path path, DatabaseVariant variant, int maxLevel, int threads,
            BuildListener listener) {
        return buildAsync(path, variant, maxLevel, threads, listener, null);
    }

    /**
     * {@link #buildAsync(Path, DatabaseVariant, int, int, BuildListener)} watching the caller's
     * cancellation flag as well: cancelling either the flag or the future stops the build (the
     * future's cancel also cancels the flag). A flag already cancelled before the call completes
     * the future with {@link CancellationException} ("database build cancelled before it
     * started") without creating any file. The flag stays the caller's to close; closing it
     * before the build's thread has started completes the future with
     * {@link IllegalStateException}.
     *
     * @param path the file to write
     * @param variant the model to build
     * @param maxLevel the last level to compute, 1..15, or 0 for all levels
     * @param threads worker threads, 0 for one per core, at most 256
     * @param listener receives progress reports on the build's thread, or null
     * @param cancellation a flag another thread may cancel to stop the build, or null
     * @return a future that completes when the build is done
     * @throws NullPointerException if {@code path} or {@code variant} is null
     */
    public static CompletableFuture<Void> buildAsync(Path path, DatabaseVariant variant, int maxLevel, int threads,
            BuildListener listener, Cancellation cancellation) {
        Objects.requireNonNull(path, "path must not be null");
        Objects.requireNonNull(variant, "variant must not be null");
        return AsyncOperation.start("twisty-db-build", cancellation, flag -> {
            build(path, variant, maxLevel, threads, listener, flag);
            return null;
        }, null);
    }

    private static native long nativeOpen(String path);

    private static native void nativeFree(long database);

    /** The native heap the object holds (accounted by {@link NativeObject}). */
    private static native long nativeBytes(long database);

    private static native int nativeVariant(long database);

    private static native long[] nativeLevelCounts(long database);

    private static native boolean nativeIsFull(long database);

    private static native void nativeVerify(long database);

    private static native int nativeDistance(long database, String state);

    private static native DatabaseSolution nativeSolve(long database, String state);

    private static native long nativeSolutions(long database, String state, long limit);

    private static native void nativeBuild(String path, int variant, int maxLevel, int threads, ProgressRelay relay,
            long cancellation);
}
