/**
 * Square-1 ("Cube21"): states ({@link org.twisty.sq1.Square1State}), move sequences
 * ({@link org.twisty.sq1.Square1Moves}), the engine's tables ({@link org.twisty.sq1.Square1Tables})
 * and the Silver-edition God's-algorithm database ({@link org.twisty.sq1.Square1Database}: build,
 * distance, shortest solutions).
 * States and moves are passed as the engine's canonical text, so every runtime prints the same bytes.
 */
package org.twisty.sq1;
