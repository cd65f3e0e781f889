package org.twisty;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the engine's log records go: {@link java.lang.System.Logger}, the JDK's logging facade, so
 * they reach java.util.logging (its default backend) or, through a {@code System.LoggerFinder}
 * bridge such as SLF4J's {@code slf4j-jdk-platform-logging}, any other framework. Nothing needs
 * to be called: the library sends its records there from the moment it is loaded.
 *
 * <p>Each engine module logs to its own logger, named after the module with {@value #ROOT} in
 * place of the crate: the database builder ({@code twisty::sq1::db::build}) logs to
 * {@code org.twisty.sq1.db.build}, the solvers' table builds to
 * {@code org.twisty.sq1.solve.prune} and {@code org.twisty.cube3.solve}, table-file and database
 * opens to {@code org.twisty.tablefile} and {@code org.twisty.sq1.db.query}. Builds log at
 * {@code INFO} (start, each level with its count and time, checksums, end), opens and searches at
 * {@code DEBUG}. Configure the loggers as usual; for example, with java.util.logging,
 * {@code org.twisty.level = WARNING} hides everything but warnings and errors.
 *
 * <p>The levels are read in native code before a record is made, at most once a second per
 * logger, so a record below its logger's level costs nothing, and a level changed while the
 * program runs takes effect within about a second. Records arrive on the thread that logged them,
 * which may be a worker thread of a database build (attached to the JVM as a daemon thread); an
 * exception thrown by a logger or handler is discarded, never thrown into the engine's work.
 */
public final class Logging {
    /** The parent logger of every logger of the library. */
    public static final String ROOT = "org.twisty";

    /** Level codes shared with the native side: index = code (0 is off). */
    private static final Level[] LEVELS = {
        Level.OFF, Level.ERROR, Level.WARNING, Level.INFO, Level.DEBUG, Level.TRACE,
    };

    /**
     * The loggers asked so far, kept so that the native side's per-record calls skip the lookup
     * (and so that java.util.logging, which holds its loggers weakly, keeps their configuration).
     */
    private static final ConcurrentHashMap<String, Logger> LOGGERS = new ConcurrentHashMap<>();

    private Logging() {}

    private static Logger logger(String name) {
        return LOGGERS.computeIfAbsent(name, System::getLogger);
    }

    /**
     * Called by the native library (at most once a second per logger): the most verbose level
     * {@code loggerName} has enabled, as 0 off, 1 error, 2 warn, 3 info, 4 debug, 5 trace.
     */
    static int maxLevel(String loggerName) {
        Logger logger = logger(loggerName);
        for (int code = LEVELS.length - 1; code > 0; code--) {
            if (logger.isLoggable(LEVELS[code])) {
                return code;
            }
        }
        return 0;
    }

    /** Called by the native library with each record that {@link #maxLevel} admitted. */
    static void log(String loggerName, int level, String message) {
        logger(loggerName).log(LEVELS[level], message);
    }

    /**
     * Sends the engine's records to {@link #log} from now on; {@link NativeLibrary#load()} calls it
     * once the library is loaded.
     */
    static native void nativeInstall();
}
