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

    @Test
    void theTestsLoadTheLibraryBundledInTheJarResources() {
        Square1State.solved(Colouring.SIX_COLOUR); // makes sure the loader ran
        if (System.getProperty(NativeLibrary.PATH_PROPERTY) == null) {
            String expected = "bundled resource " + NativeLibrary.resourcePath(
                    NativeLibrary.platform(System.getProperty("os.name"), System.getProperty("os.arch")),
                    System.mapLibraryName("twisty_jni"));
            assertEquals(expected, NativeLibrary.source());
        }
    }

    @Test
    void theBundledLibraryIsOnTheClasspathForThisPlatform() {
        String resource = NativeLibrary.resourcePath(
                NativeLibrary.platform(System.getProperty("os.name"), System.getProperty("os.arch")),
                System.mapLibraryName("twisty_jni"));
        assertNotNull(NativeLibrary.class.getResource(resource), resource);
    }

    @Test
    void aMissingOverridePathIsReportedWithEveryOtherAttempt() {
        RefusingLinker linker = new RefusingLinker();
        String missing = "/no/such/dir/libtwisty_jni.so";
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class, () -> NativeLibrary.loadWith(missing, linker));
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
        String source = NativeLibrary.loadWith(lib.toString(), recording);
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
    void platformNamesAreNormalised() {
        assertEquals("linux-x86_64", NativeLibrary.platform("Linux", "amd64"));
        assertEquals("linux-aarch64", NativeLibrary.platform("Linux", "aarch64"));
        assertEquals("macos-aarch64", NativeLibrary.platform("Mac OS X", "aarch64"));
        assertEquals("macos-x86_64", NativeLibrary.platform("Mac OS X", "x86_64"));
        assertEquals("windows-x86_64", NativeLibrary.platform("Windows 11", "amd64"));
        assertEquals("windows-aarch64", NativeLibrary.platform("Windows 11", "arm64"));
        assertEquals("freebsd-riscv64", NativeLibrary.platform("FreeBSD", "riscv64"));
    }
}
