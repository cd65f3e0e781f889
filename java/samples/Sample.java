// A small program that knows nothing but the twisty jar: `make java-sample` compiles and runs it
// with only the jar on the class path. Prints a few results; exits non-zero on a wrong one.
// With a solver table file as argument (`java Sample build/vector-dbs/sq1-solver.tbl`; a missing
// file is built there first, about 25 seconds) it also solves a scramble.
import java.math.BigInteger;
import java.nio.file.Paths;
import org.twisty.InvalidNotationException;
import org.twisty.rank.MultisetRanker;
import org.twisty.sq1.Colouring;
import org.twisty.sq1.FastSolveOptions;
import org.twisty.sq1.Metric;
import org.twisty.sq1.Notation;
import org.twisty.sq1.ShapeCount;
import org.twisty.sq1.Square1Moves;
import org.twisty.sq1.Square1Scramble;
import org.twisty.sq1.Square1Solver;
import org.twisty.sq1.Square1State;
import org.twisty.sq1.SolverSolution;
import org.twisty.sq1.Square1Tables;

public class Sample {
    private static int failures = 0;

    private static void check(String what, Object actual, Object expected) {
        boolean ok = expected.equals(actual);
        System.out.println((ok ? "ok   " : "FAIL ") + what + ": " + actual + (ok ? "" : " (expected " + expected + ")"));
        if (!ok) {
            failures++;
        }
    }

    public static void main(String[] args) {
        Square1State solved = Square1State.solved(Colouring.SIX_COLOUR);
        check("solved six-colour state", solved.toString(), "AAbCCdEEfGGh|iJJkLLmNNoPP|S");
        check("shape of the solved state", solved.shapeName(), "CeCeCeCe/CeCeCeCe");

        String moves = "(1,0)/ (-1,3)/ (0,3)";
        Square1State scrambled = solved.apply(moves);
        System.out.println("     after " + moves + ": " + scrambled);
        check("undo with the inverse", scrambled.apply(Square1Moves.inverse(moves, Notation.WCA)), solved);
        check("the same moves in the article's notation",
                Square1Moves.convert(moves, Notation.WCA, Notation.ARTICLE), "(-1,0)/(1,-3)/(0,-3)");

        check("its length in the twist, WCA and face-turn metrics",
                Square1Moves.length(moves, Notation.WCA, Metric.TWIST) + " " + Square1Moves.length(moves, Notation.WCA, Metric.WCA)
                        + " " + Square1Moves.length(moves, Notation.WCA, Metric.FACE_TURN), "2 5 6");
        check("a picture of it is an SVG document", scrambled.toSvg().startsWith("<svg"), true);

        if (args.length > 0) {
            try (Square1Solver solver = Square1Solver.open(Paths.get(args[0]))) {
                Square1Scramble scramble = solver.scramble(2026);
                System.out.println("     scramble (seed 2026): " + scramble);
                SolverSolution optimal = solver.solve(scramble.state(), Metric.TWIST);
                System.out.println("     twist-optimal solution: " + optimal + " (" + optimal.length() + " twists)");
                check("it solves the scramble", scramble.state().apply(optimal.moves()).isSolved(), true);
                SolverSolution fast = solver.solveFast(scramble.state(), FastSolveOptions.defaults().withNodeLimit(200000));
                System.out.println("     fast solution: " + fast + " (" + fast.length() + " face turns)");
                check("so does the fast one", scramble.state().apply(fast.moves()).isSolved(), true);
            }
        } else {
            System.out.println("     (pass a solver table file to try the solver: java Sample <file>)");
        }

        try (Square1Tables tables = new Square1Tables()) {
            check("cube shapes up to layer rotation", tables.countShapes(ShapeCount.UP_TO_LAYER_ROTATION), 170L);
            check("cube shapes up to rotation and flip", tables.countShapes(ShapeCount.UP_TO_ROTATION_AND_FLIP), 90L);
            Square1State random = tables.randomState(2024, Colouring.SILVER);
            System.out.println("     random Silver state (seed 2024): " + random + ", "
                    + tables.twistsToCubeShape(random) + " twists from a cube shape");
            check("a random state is twistable", random.isTwistable(), true);
        }

        MultisetRanker ranker = new MultisetRanker(2, 2, 2, 2);
        check("permutations of {0,0,1,1,2,2,3,3}", ranker.count(), BigInteger.valueOf(2520));
        check("the last of them", java.util.Arrays.toString(ranker.unrank(BigInteger.valueOf(2519))), "[3, 3, 2, 2, 1, 1, 0, 0]");

        try {
            solved.apply("(7,0)");
            check("bad notation throws", "no exception", "InvalidNotationException");
        } catch (InvalidNotationException e) {
            check("bad notation throws",
                    e.getClass().getSimpleName() + " code " + e.code() + " at " + e.position() + ": " + e.getMessage(),
                    "InvalidNotationException code 1 at 1: at position 1: turn 7 is out of range -5..=6");
        }

        System.out.println(failures == 0 ? "sample: all results correct" : "sample: " + failures + " wrong result(s)");
        System.exit(failures == 0 ? 0 : 1);
    }
}
