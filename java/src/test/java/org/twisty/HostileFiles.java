package org.twisty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

/** Files a hostile but realistic user hands the library, for the tests of several packages. */
public final class HostileFiles {
    private HostileFiles() {}

    /**
     * Makes a FIFO with {@code mkfifo} (Java cannot): opening one for reading blocks until a
     * writer comes, so a library that opens it like a file hangs.
     *
     * @param path where to make it
     * @return {@code path}
     */
    public static Path mkfifo(Path path) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "mkfifo finished");
        assertEquals(0, p.exitValue(), "mkfifo " + path);
        assertTrue(Files.exists(path) && !Files.isRegularFile(path) && !Files.isDirectory(path), path.toString());
        return path;
    }

    /**
     * Copies the first {@code bytes} bytes of {@code source}: enough of a database or table file
     * for the library to recognise its kind by its header, without copying gigabytes.
     *
     * @return {@code target}
     */
    public static Path prefixCopy(Path source, Path target, int bytes) throws IOException {
        assertTrue(Files.isRegularFile(source), source + " is missing; the Rust suite writes it:"
                + " run `cargo test --release -p twisty --test vectors` first");
        try (InputStream in = Files.newInputStream(source); OutputStream out = Files.newOutputStream(target)) {
            out.write(in.readNBytes(bytes));
        }
        return target;
    }

    /**
     * The work file of a build into {@code path}.
     *
     * @return {@code <path>.partial}
     */
    public static Path partial(Path path) {
        return Paths.get(path + ".partial");
    }
}
