/**
 * Square-1 ("Cube21"): states ({@link org.twisty.sq1.Square1State}), move sequences
 * ({@link org.twisty.sq1.Square1Moves}) and the engine's tables ({@link org.twisty.sq1.Square1Tables}).
 * States and moves are passed as the engine's canonical text, so every runtime prints the same bytes.
 */
package org.twisty.sq1;
