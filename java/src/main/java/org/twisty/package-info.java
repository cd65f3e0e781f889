/**
 * The twisty puzzle engine for Java: what the puzzle packages share. Exceptions, the native
 * library loader ({@link org.twisty.NativeLibrary}), the native-object base class
 * ({@link org.twisty.NativeObject}), cancellation ({@link org.twisty.Cancellation}), progress of
 * long operations ({@link org.twisty.BuildListener}, {@link org.twisty.BuildProgress}) and where
 * the engine's log records go ({@link org.twisty.Logging}). The puzzles are in
 * {@link org.twisty.sq1} (Square-1) and {@link org.twisty.cube3} (3x3x3), ranking in
 * {@link org.twisty.rank}.
 *
 * <p>Every failure of the engine is a {@link org.twisty.TwistyException} subclass or a JDK
 * exception, with the engine's stable code and exact message (see {@link org.twisty.TwistyException}).
 */
package org.twisty;
