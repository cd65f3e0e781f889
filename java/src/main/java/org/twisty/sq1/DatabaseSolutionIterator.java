package org.twisty.sq1;

import java.util.Iterator;
import java.util.NoSuchElementException;
import org.twisty.DatabaseException;
import org.twisty.NativeLibrary;
import org.twisty.NativeObject;

/**
 * The iterator behind {@link Square1Database#solutions} and {@link Square1Database#solutionsIterator}:
 * a handle to the engine's lazy walk over all shortest solutions. The walk holds its own reference
 * to the database, so it keeps working after the database is closed. It closes itself when
 * exhausted; closing it earlier (or closing the stream) frees it, after which {@link #hasNext()}
 * and {@link #next()} throw {@link IllegalStateException}. An abandoned iterator is freed by the
 * cleaner. The methods are synchronized, so sharing one iterator between threads is safe (each
 * solution goes to one of them). A walk that finds the file corrupt throws
 * {@link org.twisty.DatabaseException} from {@link #hasNext()} (and so from {@link #next()}); the
 * iterator is then closed and at its end, as the engine's walk is.
 */
final class DatabaseSolutionIterator extends NativeObject implements Iterator<DatabaseSolution> {
    static {
        NativeLibrary.load();
    }

    private DatabaseSolution next;
    private boolean exhausted;

    DatabaseSolutionIterator(long pointer) {
        super("DatabaseSolutionIterator", pointer, DatabaseSolutionIterator::nativeFree);
    }

    @Override
    public synchronized boolean hasNext() {
        if (next != null) {
            return true;
        }
        if (exhausted) {
            return false;
        }
        DatabaseSolution s;
        try {
            s = withPointer(DatabaseSolutionIterator::nativeNext);
        } catch (DatabaseException corrupt) {
            // The engine's walk ends at its error; free it now rather than at the cleaner.
            exhausted = true;
            close();
            throw corrupt;
        }
        if (s == null) {
            exhausted = true;
            close();
            return false;
        }
        next = s;
        return true;
    }

    @Override
    public synchronized DatabaseSolution next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more solutions");
        }
        DatabaseSolution s = next;
        next = null;
        return s;
    }

    private static native void nativeFree(long iterator);

    /** The next solution, or null at the end of the walk. */
    private static native DatabaseSolution nativeNext(long iterator);
}
