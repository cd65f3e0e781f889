/**
 * The 3x3x3 Rubik's Cube model, interoperable with nissy's B32 cube format: cubes
 * ({@link org.twisty.cube3.Cube}: parse, apply algorithms with NISS, inverse, composition, seeded
 * random cubes), algorithms ({@link org.twisty.cube3.Moves}: canonical text and inverse), the
 * two-phase solver ({@link org.twisty.cube3.Cube3Solver}: a solution within a bound of face turns,
 * thread-safe, with timeouts and cancellation) and the optimal solver
 * ({@link org.twisty.cube3.OptimalSolver}: one or all solutions of fewest face turns, with
 * {@link org.twisty.cube3.OptimalOptions} and {@link org.twisty.cube3.OptimalSolutions},
 * multithreaded, with progress per depth, timeouts and cancellation).
 * Cubes and moves are passed as the engine's canonical text, so every runtime prints the same bytes.
 */
package org.twisty.cube3;
