package org.twisty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The jar is made from {@code target/classes}: the test-only entry points must not be there,
 * neither the class {@link Debug} nor its natives in the bundled library. The test build of the
 * library (in {@code target/test-classes}, which the tests load) must have them, which also shows
 * that the search below would find them.
 */
class ShippedArtifactsTest {
    /** How a JNI export of org.twisty.Debug is named in a library's symbol table. */
    private static final byte[] DEBUG_SYMBOL = "Java_org_twisty_Debug".getBytes(StandardCharsets.US_ASCII);

    private static Path folder(String property) {
        String dir = System.getProperty(property);
        assertNotNull(dir, "system property " + property + " (set by pom.xml's surefire configuration)");
        return Paths.get(dir);
    }

    private static Path bundledLibrary(Path classes) {
        String platform = NativeLibrary.platform(System.getProperty("os.name"), System.getProperty("os.arch"));
        return classes.resolve(NativeLibrary.resourcePath(platform, System.mapLibraryName(NativeLibrary.LIBRARY_NAME))
                .substring(1));
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    @Test
    void theShippedLibraryHasNoTestHooks() throws IOException {
        Path shipped = bundledLibrary(folder("twisty.shipped.classes"));
        assertTrue(Files.isRegularFile(shipped), "bundled library " + shipped);
        assertFalse(contains(Files.readAllBytes(shipped), DEBUG_SYMBOL), shipped + " exports org.twisty.Debug natives");

        Path testBuild = bundledLibrary(folder("twisty.test.classes"));
        assertTrue(Files.isRegularFile(testBuild), "test build of the library " + testBuild
                + " (mk/java.mk java-test-native stages it)");
        assertTrue(contains(Files.readAllBytes(testBuild), DEBUG_SYMBOL), testBuild + " has the test hooks");
    }

    /**
     * The jar holds every platform that the build staged (the folder {@code twisty.native.dir},
     * one subfolder per platform: scripts/cross-build.sh), each library clean of test hooks.
     */
    @Test
    void theShippedClassesHoldEveryStagedPlatformWithoutTestHooks() throws IOException {
        Path staged = folder("twisty.native.dir");
        List<String> expected = new ArrayList<>();
        for (String p : NativeLibrary.KNOWN_PLATFORMS) {
            if (Files.isRegularFile(staged.resolve(p).resolve(NativeLibrary.libraryFile(p)))) {
                expected.add(p);
            }
        }
        assertFalse(expected.isEmpty(), "no library staged in " + staged);
        Path nativeDir = folder("twisty.shipped.classes").resolve("org/twisty/native");
        List<String> shipped;
        try (Stream<Path> dirs = Files.list(nativeDir)) {
            shipped = dirs.map(d -> d.getFileName().toString()).sorted().collect(Collectors.toList());
        }
        assertEquals(expected.stream().sorted().collect(Collectors.toList()), shipped);
        for (String p : shipped) {
            Path lib = nativeDir.resolve(p).resolve(NativeLibrary.libraryFile(p));
            byte[] bytes = Files.readAllBytes(lib);
            assertTrue(contains(bytes, "Java_org_twisty_sq1_Square1State_nativeApply".getBytes(StandardCharsets.US_ASCII)),
                    lib + " is the JNI library");
            assertFalse(contains(bytes, DEBUG_SYMBOL), lib + " exports org.twisty.Debug natives");
        }
    }

    @Test
    void theShippedClassesHaveNoDebugClass() {
        Path classes = folder("twisty.shipped.classes");
        assertTrue(Files.isRegularFile(classes.resolve("org/twisty/NativeLibrary.class")), "compiled classes in " + classes);
        assertFalse(Files.exists(classes.resolve("org/twisty/Debug.class")), "org.twisty.Debug is test-only");
        assertTrue(Files.isRegularFile(folder("twisty.test.classes").resolve("org/twisty/Debug.class")));
    }
}
