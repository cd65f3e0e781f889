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
final class Square1SolutionIterator extends NativeObject implements Iterator<Square1Solution> {
    static {
        NativeLibrary.load();
    }

    private Square1Solution next;
    private boolean exhausted;

    Square1SolutionIterator(long pointer) {
        super("Square1SolutionIterator", pointer, Square1SolutionIterator::nativeFree);
    }

    @Override
    public synchronized boolean hasNext() {
        if (next != null) {
            return true;
        }
        if (exhausted) {
            return false;
        }
        Square1Solution s;
        try {
            s = withPointer(Square1SolutionIterator::nativeNext);
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
    public synchronized Square1Solution next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more solutions");
        }
        Square1Solution s = next;
        next = null;
        return s;
    }

    private static native void nativeFree(long iterator);

    /** The next solution, or null at the end of the walk. */
    private static native Square1Solution nativeNext(long iterator);
}
