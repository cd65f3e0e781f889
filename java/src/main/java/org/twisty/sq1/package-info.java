/**
 * Square-1 ("Cube21"): states ({@link org.twisty.sq1.Square1State}, with SVG pictures), move
 * sequences ({@link org.twisty.sq1.Square1Moves}, with lengths in the solver
 * {@linkplain org.twisty.sq1.Metric metrics}), the engine's tables
 * ({@link org.twisty.sq1.Square1Tables}), the six-colour solver ({@link org.twisty.sq1.Square1Solver}:
 * optimal solutions in three metrics, a fast two-phase solver, random-state scrambles) and the
 * Silver-edition God's-algorithm database ({@link org.twisty.sq1.Square1Database}: build, distance,
 * shortest solutions).
 * States and moves are passed as the engine's canonical text, so every runtime prints the same bytes.
 */
package org.twisty.sq1;
