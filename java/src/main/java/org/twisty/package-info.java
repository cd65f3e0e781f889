/**
 * The twisty puzzle engine for Java: exceptions, the native library loader and the native-object
 * base class shared by the puzzle packages (see {@link org.twisty.sq1} for Square-1).
 *
 * <p>Every failure of the engine is a {@link org.twisty.TwistyException} subclass or a JDK
 * exception, with the engine's stable code and exact message (see {@link org.twisty.TwistyException}).
 */
package org.twisty;
