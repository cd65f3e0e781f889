package org.twisty;

import java.util.Objects;

/**
 * One progress report of a long operation (see {@link BuildListener}): an immutable value with
 * record-style accessors. The fields are named after a database build; a solver's table build
 * reports its passes the same way, and an optimal search reports each finished depth with
 * {@link #level()} the length searched, {@link #done()} the search nodes so far and
 * {@link #found()} the solutions found.
 */
public final class BuildProgress {
    private final String phase;
    private final int level;
    private final long done;
    private final long total;
    private final long found;
    private final long elapsedMillis;
    private final long etaMillis;

    /**
     * Creates a report (the library creates them; public for tests of listeners).
     *
     * @param phase what is being done, for example {@code "level 7 (forward sweep)"}
     * @param level the level being computed
     * @param done work done in the current phase
     * @param total total work of the current phase
     * @param found positions found so far in the whole build
     * @param elapsedMillis milliseconds since the build started
     * @param etaMillis estimated milliseconds left in the current phase, -1 if unknown
     * @throws NullPointerException if {@code phase} is null
     */
    public BuildProgress(String phase, int level, long done, long total, long found, long elapsedMillis,
            long etaMillis) {
        this.phase = Objects.requireNonNull(phase, "phase must not be null");
        this.level = level;
        this.done = done;
        this.total = total;
        this.found = found;
        this.elapsedMillis = elapsedMillis;
        this.etaMillis = etaMillis;
    }

    /**
     * What is being done, for example {@code "level 7 (forward sweep)"}.
     *
     * @return the phase's description
     */
    public String phase() {
        return phase;
    }

    /**
     * The level being computed (level 1 is the solved state).
     *
     * @return the level
     */
    public int level() {
        return level;
    }

    /**
     * Work done in the current phase, in the phase's own units (at most {@link #total()}).
     *
     * @return the work done
     */
    public long done() {
        return done;
    }

    /**
     * Total work of the current phase, in the phase's own units.
     *
     * @return the total work
     */
    public long total() {
        return total;
    }

    /**
     * Positions found so far in the whole build.
     *
     * @return the count of positions found
     */
    public long found() {
        return found;
    }

    /**
     * Milliseconds since the build (this run of it) started.
     *
     * @return elapsed milliseconds
     */
    public long elapsedMillis() {
        return elapsedMillis;
    }

    /**
     * Estimated milliseconds left in the current phase.
     *
     * @return the estimate, or -1 if there is none yet
     */
    public long etaMillis() {
        return etaMillis;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof BuildProgress)) {
            return false;
        }
        BuildProgress p = (BuildProgress) o;
        return level == p.level && done == p.done && total == p.total && found == p.found
                && elapsedMillis == p.elapsedMillis && etaMillis == p.etaMillis && phase.equals(p.phase);
    }

    @Override
    public int hashCode() {
        return Objects.hash(phase, level, done, total, found, elapsedMillis, etaMillis);
    }

    @Override
    public String toString() {
        return "BuildProgress[phase=" + phase + ", level=" + level + ", done=" + done + ", total=" + total
                + ", found=" + found + ", elapsedMillis=" + elapsedMillis + ", etaMillis=" + etaMillis + "]";
    }
}
