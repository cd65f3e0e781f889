package org.twisty.sq1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.twisty.Debug;
import org.twisty.IllegalMoveException;
import org.twisty.InvalidNotationException;
import org.twisty.NativePanicException;
import org.twisty.TwistyException;

/** The public Square-1 API beyond the vectors: nulls, closed handles, panics, value semantics. */
class Square1ApiTest {
    private static final String SOLVED = "AAbCCdEEfGGh|iJJkLLmNNoPP|S";

    private static Square1Tables tables;

    @BeforeAll
    static void open() {
        tables = new Square1Tables();
    }

    @AfterAll
    static void close() {
        tables.close();
    }

    private static DynamicTest nullCase(String call, String expectedMessage, Executable executable) {
        return DynamicTest.dynamicTest(call + " throws NullPointerException", () -> {
            NullPointerException e = assertThrows(NullPointerException.class, executable);
            assertEquals(expectedMessage, e.getMessage());
        });
    }

    @TestFactory
    Stream<DynamicTest> everyPublicMethodRejectsNullArguments() {
        Square1State s = Square1State.solved(Colouring.SIX_COLOUR);
        return Stream.of(
                nullCase("Square1State.solved(null)", "colouring must not be null", () -> Square1State.solved(null)),
                nullCase("Square1State.parse(null)", "text must not be null", () -> Square1State.parse(null)),
                nullCase("state.apply(null)", "moves must not be null", () -> s.apply(null)),
                nullCase("state.apply(null, WCA)", "moves must not be null", () -> s.apply(null, Notation.WCA)),
                nullCase("state.apply(\"/\", null)", "notation must not be null", () -> s.apply("/", null)),
                nullCase("state.equalsUpToLayerRotation(null)", "other must not be null", () -> s.equalsUpToLayerRotation(null)),
                nullCase("Square1Moves.convert(null, WCA, ARTICLE)", "moves must not be null",
                        () -> Square1Moves.convert(null, Notation.WCA, Notation.ARTICLE)),
                nullCase("Square1Moves.convert(\"/\", null, ARTICLE)", "from must not be null",
                        () -> Square1Moves.convert("/", null, Notation.ARTICLE)),
                nullCase("Square1Moves.convert(\"/\", WCA, null)", "to must not be null",
                        () -> Square1Moves.convert("/", Notation.WCA, null)),
                nullCase("Square1Moves.inverse(null, WCA)", "moves must not be null", () -> Square1Moves.inverse(null, Notation.WCA)),
                nullCase("Square1Moves.inverse(\"/\", null)", "notation must not be null", () -> Square1Moves.inverse("/", null)),
                nullCase("tables.randomState(0, null)", "colouring must not be null", () -> tables.randomState(0, null)),
                nullCase("tables.countShapes(null)", "kind must not be null", () -> tables.countShapes(null)),
                nullCase("tables.twistsToCubeShape(null)", "state must not be null", () -> tables.twistsToCubeShape(null)),
                nullCase("Debug.panic(null)", "message must not be null", () -> Debug.panic(null)),
                nullCase("Debug.holdTables(null, 1)", "tables must not be null", () -> Debug.holdTables(null, 1)));
    }

    @Test
    void aClosedTablesThrowsIllegalStateExceptionAndClosingTwiceIsHarmless() {
        Square1Tables t = new Square1Tables();
        assertEquals(170, t.countShapes(ShapeCount.UP_TO_LAYER_ROTATION));
        assertFalse(t.isClosed());
        t.close();
        t.close();
        assertTrue(t.isClosed());
        Square1State s = Square1State.solved(Colouring.SIX_COLOUR);
        List<Executable> calls = List.of(
                () -> t.randomState(1, Colouring.SILVER),
                () -> t.countShapes(ShapeCount.LAYER_SHAPES),
                () -> t.twistsToCubeShape(s),
                () -> Debug.holdTables(t, 0));
        for (Executable call : calls) {
            IllegalStateException e = assertThrows(IllegalStateException.class, call);
            assertEquals("Square1Tables is closed", e.getMessage());
        }
        t.close();
    }

    @Test
    void tryWithResourcesClosesTheTables() {
        Square1Tables escaped;
        try (Square1Tables t = new Square1Tables()) {
            escaped = t;
            assertEquals(29, t.countShapes(ShapeCount.LAYER_SHAPES));
        }
        assertTrue(escaped.isClosed());
    }

    @Test
    void aPanicBecomesNativePanicExceptionAndTheLibraryStaysUsable() {
        for (int i = 0; i < 50; i++) {
            String message = "boom " + i;
            NativePanicException e = assertThrows(NativePanicException.class, () -> Debug.panic(message));
            assertEquals("debug panic requested: " + message, e.getMessage());
            assertEquals(TwistyException.PANIC, e.code());
        }
        assertEquals(SOLVED, Square1State.solved(Colouring.SIX_COLOUR).toString());
        assertEquals(90, tables.countShapes(ShapeCount.UP_TO_ROTATION_AND_FLIP));
    }

    @Test
    void panicMessagesKeepNonAsciiText() {
        String text = "\u00fcn\u00efc\u00f6d\u00e9 \u2713 \ud834\udd1e \u0000 end";
        NativePanicException e = assertThrows(NativePanicException.class, () -> Debug.panic(text));
        assertEquals("debug panic requested: " + text, e.getMessage());
    }

    @Test
    void holdTablesRejectsANegativeDuration() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Debug.holdTables(tables, -1));
        assertEquals("millis must not be negative (got -1)", e.getMessage());
    }

    @Test
    void notationErrorsCarryCodeAndPosition() {
        InvalidNotationException e = assertThrows(InvalidNotationException.class,
                () -> Square1State.solved(Colouring.SIX_COLOUR).apply("(1,0)/ (-1"));
        assertEquals(TwistyException.INVALID_NOTATION, e.code());
        assertEquals(10, e.position());
        assertEquals("at position 10: expected ',' but found the end of the text", e.getMessage());
        IllegalMoveException m = assertThrows(IllegalMoveException.class,
                () -> Square1State.solved(Colouring.SIX_COLOUR).apply("(0,1)/"));
        assertEquals(TwistyException.ILLEGAL_MOVE, m.code());
    }

    @Test
    void statesAreValuesOfTheirCanonicalText() {
        Square1State a = Square1State.solved(Colouring.SIX_COLOUR);
        Square1State b = Square1State.parse(SOLVED);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(SOLVED, a.toString());
        Square1State turned = a.apply("(1,0)");
        assertNotEquals(a, turned);
        assertTrue(a.equalsUpToLayerRotation(turned));
        assertEquals(a, turned.apply("(-1,0)"));
        assertEquals(a, a.apply("(1,0)/ (-1,3)/ (0,3)").apply(Square1Moves.inverse("(1,0)/ (-1,3)/ (0,3)", Notation.WCA)));
        assertEquals(Colouring.SIX_COLOUR, a.colouring());
        assertEquals(Colouring.SILVER, a.toSilver().colouring());
        assertEquals(a.toSilver(), Square1State.solved(Colouring.SILVER));
        assertTrue(a.isSolved() && a.isSolvedIgnoringMiddle() && a.isTwistable() && a.isMiddleSquare());
        assertEquals("CeCeCeCe/CeCeCeCe", a.shapeName());
        assertEquals(0, tables.twistsToCubeShape(a));
        assertEquals(tables.randomState(-1L, Colouring.SILVER), tables.randomState(-1L, Colouring.SILVER));
    }
}
