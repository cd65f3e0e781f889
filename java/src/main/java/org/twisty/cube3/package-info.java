/**
 * The 3x3x3 Rubik's Cube model, interoperable with nissy's B32 cube format: cubes
 * ({@link org.twisty.cube3.Cube}: parse, apply algorithms with NISS, inverse, composition, seeded
 * random cubes), algorithms ({@link org.twisty.cube3.Moves}: canonical text, inverse, move counts,
 * comparison and nissy's variations), the
 * two-phase solver ({@link org.twisty.cube3.Cube3Solver}: a solution within a bound of face turns,
 * thread-safe, with timeouts and cancellation), the optimal solver
 * ({@link org.twisty.cube3.OptimalSolver}: one or all solutions of fewest face turns, with
 * {@link org.twisty.cube3.OptimalOptions} and {@link org.twisty.cube3.OptimalSolutions},
 * multithreaded, with progress per depth, timeouts and cancellation), and the fewest-moves step
 * solvers ({@link org.twisty.cube3.StepSolver}: EO, DR, HTR, slice, finishes and corners, with
 * {@link org.twisty.cube3.StepOptions} and {@link org.twisty.cube3.NissMode}; their tables in a
 * folder or in memory, built on first use with progress and cancellation).
 * Cubes and moves are passed as the engine's canonical text, so every runtime prints the same bytes.
 */
package org.twisty.cube3;
