package org.twisty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.twisty.sq1.Colouring;
import org.twisty.sq1.Square1State;

/**
 * The loader. The real library is already loaded in this JVM, so the attempt logic runs against a
 * fake linker.
 */
class NativeLibraryTest {
    /** Refuses everything, recording what it was asked. */
    private static final class RefusingLinker implements NativeLibrary.Linker {
        final List<String> asked = new ArrayList<>();

        @Override
        public void load(String absolutePath) {
            asked.add("load " + absolutePath);
            throw new UnsatisfiedLinkError("refused by the test linker: " + absolutePath);
        }

        @Override
        public void loadLibrary(String name) {
            asked.add("loadLibrary " + name);
            throw new UnsatisfiedLinkError("refused by the test linker: " + name);
        }
    }

    private static String hostPlatform() {
        return NativeLibrary.platform(System.getProperty("os.name"), System.getProperty("os.arch"));
    }

    @Test
    void theTestsLoadTheLibraryBundledInTheJarResources() {
        Square1State.solved(Colouring.SIX_COLOUR); // makes sure the loader ran
        if (System.getProperty(NativeLibrary.PATH_PROPERTY) == null) {
            String expected = "bundled resource " + NativeLibrary.resourcePath(hostPlatform(),
                    System.mapLibraryName("twisty_jni"));
            assertEquals(expected, NativeLibrary.source());
        }
    }

    @Test
    void theBundledLibraryIsOnTheClasspathForThisPlatform() {
        String resource = NativeLibrary.resourcePath(hostPlatform(), System.mapLibraryName("twisty_jni"));
        assertNotNull(NativeLibrary.class.getResource(resource), resource);
    }

    @Test
    void aMissingOverridePathIsReportedWithEveryOtherAttempt() {
        RefusingLinker linker = new RefusingLinker();
        String missing = "/no/such/dir/libtwisty_jni.so";
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class, () -> NativeLibrary.loadWith(missing,
                System.getProperty("os.name"), System.getProperty("os.arch"), linker));
        String m = e.getMessage();
        assertTrue(m.startsWith("could not load the twisty native library"), m);
        assertTrue(m.contains("1. system property twisty.library.path=" + missing + ": no such file " + missing), m);
        assertTrue(m.contains("2. bundled resource /org/twisty/native/"), m);
        assertTrue(m.contains("refused by the test linker"), m);
        assertTrue(m.contains("3. System.loadLibrary(\"twisty_jni\") with java.library.path="), m);
        // The missing file was never handed to the linker; the extracted copy and the name were.
        assertEquals(2, linker.asked.size(), linker.asked.toString());
        assertTrue(linker.asked.get(1).equals("loadLibrary twisty_jni"), linker.asked.toString());
    }

    @Test
    void anExistingOverridePathWinsAndIsLoadedFirst(@TempDir Path dir) throws IOException {
        Path lib = Files.createFile(dir.resolve("libexplicit.so"));
        List<String> asked = new ArrayList<>();
        NativeLibrary.Linker recording = new NativeLibrary.Linker() {
            @Override
            public void load(String absolutePath) {
                asked.add(absolutePath);
            }

            @Override
            public void loadLibrary(String name) {
                asked.add(name);
            }
        };
        String source = NativeLibrary.loadWith(lib.toString(), "Linux", "amd64", recording);
        assertEquals("system property twisty.library.path=" + lib, source);
        assertEquals(List.of(lib.toAbsolutePath().toString()), asked);
    }

    @Test
    void failureMessageNumbersEveryAttempt() {
        String m = NativeLibrary.failureMessage(List.of("first: why", "second: why not"));
        String nl = System.lineSeparator();
        assertEquals("could not load the twisty native library " + System.mapLibraryName("twisty_jni") + "; tried:"
                + nl + "  1. first: why" + nl + "  2. second: why not", m);
    }

    @Test
    void aPlatformTheJarLacksIsNamedWithThePlatformsTheJarHas() {
        RefusingLinker linker = new RefusingLinker();
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> NativeLibrary.loadWith(null, "FreeBSD", "riscv64", linker));
        List<String> bundled = NativeLibrary.bundledPlatforms();
        // The tests' own classpath holds at least this platform's library (they run on it).
        assertTrue(bundled.contains(hostPlatform()), bundled.toString());
        assertTrue(e.getMessage().contains("1. bundled resource /org/twisty/native/freebsd-riscv64/libtwisty_jni.so: "
                + "this jar has no library for the platform freebsd-riscv64 (os.name=FreeBSD, os.arch=riscv64); "
                + "it has: " + String.join(", ", bundled) + System.lineSeparator()), e.getMessage());
        // Nothing was extracted; only the library path was tried after the jar.
        assertEquals(List.of("loadLibrary twisty_jni"), linker.asked);
    }

    @Test
    void libraryFileNamesFollowEachPlatformsConvention() {
        assertEquals("libtwisty_jni.so", NativeLibrary.libraryFile("linux-arm64"));
        assertEquals("libtwisty_jni.dylib", NativeLibrary.libraryFile("osx-arm64"));
        assertEquals("twisty_jni.dll", NativeLibrary.libraryFile("win-x64"));
        // And the JVM's own name on the platform it runs on.
        assertEquals(System.mapLibraryName("twisty_jni"), NativeLibrary.libraryFile(hostPlatform()));
    }

    @Test
    void platformNamesAreNormalised() {
        String[][] cases = {
            // os.name, os.arch, platform
            {"Linux", "amd64", "linux-x64"},
            {"Linux", "x86_64", "linux-x64"},
            {"Linux", "aarch64", "linux-arm64"},
            {"Linux", "arm64", "linux-arm64"},
            {"Linux", "i386", "linux-x86"},
            {"Mac OS X", "aarch64", "osx-arm64"},
            {"Mac OS X", "x86_64", "osx-x64"},
            {"Darwin", "arm64", "osx-arm64"},
            {"Windows 10", "amd64", "win-x64"},
            {"Windows 11", "amd64", "win-x64"},
            {"Windows Server 2022", "x86-64", "win-x64"},
            {"Windows 11", "aarch64", "win-arm64"},
            {"Windows 11", "x86", "win-x86"},
            {"FreeBSD", "riscv64", "freebsd-riscv64"},
            {"SunOS", "sparcv9", "sunos-sparcv9"},
            {null, null, "unknown-unknown"},
        };
        for (String[] c : cases) {
            assertEquals(c[2], NativeLibrary.platform(c[0], c[1]), c[0] + " / " + c[1]);
        }
        // Every platform a jar can hold is what some os.name/os.arch pair maps to.
        for (String p : NativeLibrary.KNOWN_PLATFORMS) {
            assertTrue(java.util.Arrays.stream(cases).anyMatch(c -> c[2].equals(p)), p);
        }
    }
}
