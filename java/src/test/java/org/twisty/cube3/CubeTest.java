package org.twisty.cube3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.twisty.InvalidNotationException;
import org.twisty.InvalidStateException;
import org.twisty.TwistyException;

/** The public 3x3x3 API beyond the vectors: value semantics, group laws, nulls, errors, seeds. */
class CubeTest {
    private static final String SOLVED = "ABCDEFGH=ABCDEFGHIJKL=A";

    private static final List<String> ALGS = List.of(
            "R U R' U'",
            "R (U) F",
            "x y' z2 Rw U Lw' Dw2 M E S'",
            "Fw Bw' Uw (Dw' Rw2) Lw",
            "M2 E2 S2 (x2 R)",
            "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");

    @Test
    void solvedIsTheStandardCube() {
        Cube s = Cube.solved();
        assertEquals(SOLVED, s.toString());
        assertTrue(s.isSolved());
        assertEquals(s, Cube.parse(SOLVED));
        assertSame(s, Cube.solved());
        assertEquals(s, Cube.fromMoves(""));
    }

    @Test
    void cubesAreValuesComparedByText() {
        Cube a = Cube.fromMoves("R U R' U'");
        Cube b = Cube.solved().apply("RUR'U'");
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(a.toString(), b.toString());
        assertNotEquals(a, Cube.fromMoves("R U"));
        assertNotEquals(a, null);
        assertNotEquals(a, (Object) a.toString());
        // A rotation changes the orientation only: solved pieces, but not the standard cube.
        Cube x = Cube.fromMoves("x");
        assertTrue(x.isSolved());
        assertNotEquals(Cube.solved(), x);
        assertEquals("ABCDEFGH=ABCDEFGHIJKL=Q", x.toString());
    }

    @Test
    void textRoundTrips() {
        for (String alg : ALGS) {
            Cube c = Cube.fromMoves(alg);
            assertEquals(c, Cube.parse(c.toString()), alg);
        }
        for (long seed = 0; seed < 20; seed++) {
            Cube c = Cube.random(seed);
            assertEquals(c, Cube.parse(c.toString()));
        }
    }

    @Test
    void applyThenInverseMovesIsTheStart() {
        Cube start = Cube.random(7);
        for (String alg : ALGS) {
            Cube there = start.apply(alg);
            assertTrue(Cube.fromMoves(alg).apply(Moves.inverse(alg)).isSolved(), alg);
            assertEquals(Cube.solved(), Cube.fromMoves(alg).apply(Moves.inverse(alg)), alg);
            if (!alg.contains("(")) {
                // Moves in parentheses are premoves on another cube (as nissy applies them),
                // so these two hold for plain sequences only; the vectors pin the NISS case.
                assertEquals(start, there.apply(Moves.inverse(alg)), alg);
                assertEquals(there, start.compose(Cube.fromMoves(alg)), alg);
            }
        }
    }

    @Test
    void composeWithTheInverseIsSolved() {
        for (String alg : ALGS) {
            Cube c = Cube.random(alg.length()).apply(alg);
            assertEquals(Cube.solved(), c.compose(c.inverse()), alg);
            assertEquals(Cube.solved(), c.inverse().compose(c), alg);
            assertEquals(c, c.inverse().inverse(), alg);
            assertTrue(c.compose(c.inverse()).isSolved(), alg);
            assertEquals(Cube.fromMoves(Moves.inverse(alg)), Cube.fromMoves(alg).inverse(), alg);
        }
    }

    @Test
    void movesAreWrittenCanonically() {
        assertEquals("R U F (B' D)", Moves.canonical("R(B'D)UF"));
        assertEquals("x' y2 Rw'", Moves.canonical("x3y2'Rw3"));
        assertEquals("", Moves.canonical("  "));
        assertEquals("F' R' U", Moves.inverse("R (U) F"));
        assertEquals(Cube.fromMoves("U' R F"), Cube.fromMoves("R (U) F"));
    }

    @Test
    void seededRandomCubesAreReproducible() {
        assertEquals("TAOJKPNU=WDRYQZSaULVX=A", Cube.random(0).toString());
        assertEquals(Cube.random(42), Cube.random(42));
        assertNotEquals(Cube.random(42), Cube.random(43));
        // The seed is unsigned: -1 is 2^64 - 1, the same cube every time.
        assertEquals(Cube.random(-1), Cube.random(-1));
        assertNotEquals(Cube.random(-1), Cube.random(1));
        // Many threads at once give the same cubes as one thread.
        List<Cube> sequential = LongStream.range(0, 200).mapToObj(Cube::random).collect(Collectors.toList());
        List<Cube> parallel = LongStream.range(0, 200).parallel().mapToObj(Cube::random).collect(Collectors.toList());
        assertEquals(sequential, parallel);
        assertFalse(sequential.stream().anyMatch(Cube::isSolved));
    }

    @Test
    void malformedTextIsInvalidNotationWithPosition() {
        InvalidNotationException e = assertThrows(InvalidNotationException.class, () -> Cube.parse("ABCgEFGH=ABCDEFGHIJKL=A"));
        assertEquals(3, e.position());
        assertEquals(TwistyException.INVALID_NOTATION, e.code());
        assertEquals("at position 3: invalid character 'g' (expected A-Z or a-f)", e.getMessage());
        InvalidNotationException m = assertThrows(InvalidNotationException.class, () -> Cube.solved().apply("R U q"));
        assertEquals(4, m.position());
        assertEquals("at position 4: unexpected 'q' (expected a move, '(' or ')')", m.getMessage());
        InvalidNotationException n = assertThrows(InvalidNotationException.class, () -> Moves.canonical("R (U F"));
        assertEquals(2, n.position());
    }

    @Test
    void unsolvableCubesAreInvalidState() {
        InvalidStateException e = assertThrows(InvalidStateException.class, () -> Cube.parse("BACDEFGH=ABCDEFGHIJKL=A"));
        assertEquals(TwistyException.INVALID_STATE, e.code());
        assertEquals("edge and corner permutation parities differ", e.getMessage());
    }

    /** A dynamic test that {@code executable} throws {@link NullPointerException} with the message (shared by this package's tests). */
    static DynamicTest nullCase(String call, String expectedMessage, Executable executable) {
        return DynamicTest.dynamicTest(call + " throws NullPointerException", () -> {
            NullPointerException e = assertThrows(NullPointerException.class, executable);
            assertEquals(expectedMessage, e.getMessage());
        });
    }

    @TestFactory
    Stream<DynamicTest> everyPublicMethodRejectsNullArguments() {
        Cube c = Cube.solved();
        return Stream.of(
                nullCase("Cube.parse(null)", "text must not be null", () -> Cube.parse(null)),
                nullCase("Cube.fromMoves(null)", "moves must not be null", () -> Cube.fromMoves(null)),
                nullCase("cube.apply(null)", "moves must not be null", () -> c.apply(null)),
                nullCase("cube.compose(null)", "other must not be null", () -> c.compose(null)),
                nullCase("Moves.canonical(null)", "moves must not be null", () -> Moves.canonical(null)),
                nullCase("Moves.inverse(null)", "moves must not be null", () -> Moves.inverse(null)));
    }
}
