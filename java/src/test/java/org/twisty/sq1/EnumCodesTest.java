package org.twisty.sq1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Enumerations cross into native code as explicit codes, the same numbers as the engine's
 * (`api::enum_code`), C#'s enum values and C's constants, never as ordinals: these are the
 * published numbers, and the native calls below show that each code reaches the engine as the
 * constant it names.
 */
class EnumCodesTest {
    private static <E extends Enum<E>> Map<String, Integer> codes(E[] values, ToIntFunction<E> code) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (E e : values) {
            m.put(e.name(), code.applyAsInt(e));
        }
        return m;
    }

    private static Map<String, Integer> map(Object... kv) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], (Integer) kv[i + 1]);
        }
        return m;
    }

    @Test
    void theCodesArePublishedNumbers() {
        assertEquals(map("TWIST", 0, "WCA", 1, "FACE_TURN", 2), codes(Metric.values(), Metric::code));
        assertEquals(map("WCA", 0, "ARTICLE", 1), codes(Notation.values(), Notation::code));
        assertEquals(map("SIX_COLOUR", 0, "SILVER", 1), codes(Colouring.values(), Colouring::code));
        assertEquals(map("LAYER_SHAPES", 0, "TWISTABLE_POSITIONS", 1, "UP_TO_LAYER_ROTATION", 2,
                "UP_TO_ROTATION_AND_FLIP", 3), codes(ShapeCount.values(), ShapeCount::code));
        assertEquals(map("ARTICLE", 0, "MIDDLE", 1), codes(DatabaseVariant.values(), DatabaseVariant::code));
    }

    @Test
    void resultsMapBackThroughTheCode() {
        for (Metric m : Metric.values()) {
            assertSame(m, Metric.fromCode(m.code()));
        }
        for (Colouring c : Colouring.values()) {
            assertSame(c, Colouring.fromCode(c.code()));
        }
        for (DatabaseVariant v : DatabaseVariant.values()) {
            assertSame(v, DatabaseVariant.fromCode(v.code()));
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Metric.fromCode(3));
        assertEquals("unknown metric code from the native library: 3", e.getMessage());
        assertThrows(IllegalStateException.class, () -> Colouring.fromCode(-1));
        assertThrows(IllegalStateException.class, () -> DatabaseVariant.fromCode(2));
    }

    @Test
    void eachCodeReachesTheEngineAsItsConstant() {
        // (1,0)/ (-1,3)/ is 2 twists, 4 WCA moves, 5 face turns.
        List<Integer> lengths = Arrays.stream(Metric.values())
                .map(m -> Square1Moves.length("(1,0)/ (-1,3)/", Notation.WCA, m)).collect(Collectors.toList());
        assertEquals(List.of(2, 4, 5), lengths);
        // The article's notation turns the other way and writes no spaces.
        assertEquals("(-1,0)/(1,-3)/", Square1Moves.convert("(1,0)/ (-1,3)/", Notation.WCA, Notation.ARTICLE));
        for (Colouring c : Colouring.values()) {
            assertSame(c, Square1State.solved(c).colouring());
        }
        try (Square1Tables tables = new Square1Tables()) {
            List<Long> counts = Arrays.stream(ShapeCount.values()).map(tables::countShapes)
                    .collect(Collectors.toList());
            assertEquals(List.of(29L, 3678L, 170L, 90L), counts);
        }
    }
}
