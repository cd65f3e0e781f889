package org.twisty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A Rust panic becomes {@link NativePanicException} and writes nothing to the host's stderr (the
 * bridge's quiet panic hook): its record goes to the logger {@code org.twisty.host} instead. The
 * default hook writes to file descriptor 2, which no Java redirection sees, so a child JVM runs
 * the panic and this test reads the child's stderr.
 */
class QuietPanicTest {
    /**
     * The child: the library's records on stdout ("logged: LEVEL logger first line"), not on
     * java.util.logging's console (stderr); one panic, caught; "caught: <message>" on stdout.
     */
    public static final class Child {
        /** Held: java.util.logging keeps its loggers weakly. */
        static final java.util.logging.Logger LIBRARY = java.util.logging.Logger.getLogger(Logging.ROOT);

        public static void main(String[] args) {
            LIBRARY.setUseParentHandlers(false);
            LIBRARY.addHandler(new java.util.logging.Handler() {
                @Override
                public void publish(java.util.logging.LogRecord r) {
                    System.out.println("logged: " + r.getLevel() + " " + r.getLoggerName() + " "
                            + r.getMessage().lines().findFirst().orElse(""));
                }

                @Override
                public void flush() {}

                @Override
                public void close() {}
            });
            try {
                Debug.panic("in a child JVM");
                System.out.println("returned");
            } catch (NativePanicException e) {
                System.out.println("caught: " + e.getMessage());
            }
        }
    }

    private static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                in.transferTo(out);
                return out.toString(StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Test
    void aPanicPrintsNothingOnStderr() throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // The same library, found the same way (twisty.library.path, twisty.db.dir, ...).
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("twisty.")) {
                command.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Child.class.getName());
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> env = pb.environment();
        // Each makes the launcher print a "Picked up ..." note on stderr, which is not the library's.
        env.remove("JAVA_TOOL_OPTIONS");
        env.remove("_JAVA_OPTIONS");
        env.remove("JDK_JAVA_OPTIONS");
        // Rust's default hook would print a backtrace too; the quiet one prints nothing regardless.
        env.put("RUST_BACKTRACE", "1");
        Process child = pb.start();
        try {
            child.getOutputStream().close();
            CompletableFuture<String> stdout = drain(child.getInputStream());
            CompletableFuture<String> stderr = drain(child.getErrorStream());
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child JVM finished");
            check(child, stdout, stderr);
        } finally {
            child.destroyForcibly();
        }
    }

    private static void check(Process child, CompletableFuture<String> stdout, CompletableFuture<String> stderr)
            throws Exception {
        String out = stdout.get(30, TimeUnit.SECONDS);
        String err = stderr.get(30, TimeUnit.SECONDS);
        assertEquals(0, child.exitValue(), "child exit; stdout: " + out + "; stderr: " + err);
        List<String> lines = out.lines().collect(java.util.stream.Collectors.toList());
        assertEquals(2, lines.size(), "child stdout: " + out);
        assertTrue(lines.get(0).startsWith("logged: SEVERE org.twisty.host native panic: panicked at "),
                "the panic's record reached the library's logger: " + lines.get(0));
        assertEquals("caught: debug panic requested: in a child JVM", lines.get(1), "child stdout");
        assertEquals("", err, "child stderr");
    }
}
