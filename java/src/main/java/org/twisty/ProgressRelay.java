package org.twisty;

/**
 * What native code calls with each progress report of a long operation (a database build, a
 * solver's table build, an optimal search), on the thread that started the operation. The native
 * side finds {@link #report} by name and signature; a listener's exception propagates out of the
 * native call (see {@link BuildListener}).
 *
 * <p>Public only so that the library's puzzle packages can pass one to their native calls;
 * applications use {@link BuildListener}.
 */
public final class ProgressRelay {
    private final BuildListener listener;

    private ProgressRelay(BuildListener listener) {
        this.listener = listener;
    }

    /**
     * The relay of a listener, or null (no reports) for a null listener.
     *
     * @param listener the listener, or null
     * @return the relay to pass to native code, or null
     */
    public static ProgressRelay of(BuildListener listener) {
        return listener == null ? null : new ProgressRelay(listener);
    }

    @SuppressWarnings("unused") // called from native code
    void report(String phase, int level, long done, long total, long found, long elapsedMillis, long etaMillis) {
        listener.onProgress(new BuildProgress(phase, level, done, total, found, elapsedMillis, etaMillis));
    }
}
