package org.twisty;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Loads the native library {@code twisty_jni} once per JVM; every class with native methods calls
 * {@link #load()} from its static initializer, so applications never need to.
 *
 * <p>Where it looks, in this order (the first that loads wins):
 * <ol>
 *   <li>the file named by the system property {@value #PATH_PROPERTY}, if set;</li>
 *   <li>the library bundled in the jar for this platform, at
 *       {@code org/twisty/native/<platform>/<library file>}, extracted to a new file in a private
 *       temporary directory (deleted on exit); the platform is named as .NET names it (see
 *       {@link #platform}), for example {@code linux-x64}, {@code linux-arm64}, {@code win-x64};</li>
 *   <li>{@code System.loadLibrary("twisty_jni")}, that is {@code java.library.path}.</li>
 * </ol>
 * If all fail, the {@link UnsatisfiedLinkError} lists every attempt and why it failed; when the jar
 * has no library for this platform, it names the platform and the platforms the jar has.
 */
public final class NativeLibrary {
    /** System property naming an explicit library file to load first. */
    public static final String PATH_PROPERTY = "twisty.library.path";

    /** The library's base name, as {@link System#loadLibrary(String)} takes it. */
    static final String LIBRARY_NAME = "twisty_jni";

    /**
     * Every platform the loader can name a library file for, in the order the failure message
     * lists the ones a jar holds.
     */
    static final List<String> KNOWN_PLATFORMS = List.of(
            "linux-x64", "linux-arm64", "osx-x64", "osx-arm64", "win-x64", "win-arm64");

    /** How the library was finally loaded (for diagnostics); null until loaded. */
    private static String source;

    private NativeLibrary() {}

    /** What actually links a library; the JVM's in production, a fake in the loader's tests. */
    interface Linker {
        /** Loads a library file by absolute path ({@link System#load(String)}). */
        void load(String absolutePath);

        /** Loads a library by name from {@code java.library.path} ({@link System#loadLibrary}). */
        void loadLibrary(String name);
    }

    private static final Linker SYSTEM_LINKER = new Linker() {
        @Override
        public void load(String absolutePath) {
            System.load(absolutePath);
        }

        @Override
        public void loadLibrary(String name) {
            System.loadLibrary(name);
        }
    };

    /**
     * Loads the native library if this JVM has not yet done so, and sends the engine's log records
     * to {@link System.Logger} from then on (see {@link Logging}). Thread-safe and idempotent;
     * after a failure the next call tries again.
     *
     * @throws UnsatisfiedLinkError listing every attempt, if no attempt worked
     */
    public static synchronized void load() {
        if (source == null) {
            String loaded = loadWith(System.getProperty(PATH_PROPERTY), System.getProperty("os.name"),
                    System.getProperty("os.arch"), SYSTEM_LINKER);
            Logging.nativeInstall();
            source = loaded;
        }
    }

    /**
     * How the library was loaded, for diagnostics: for example
     * {@code "bundled resource /org/twisty/native/linux-x64/libtwisty_jni.so"}.
     *
     * @return a description of the successful attempt, or null if the library is not loaded
     */
    public static synchronized String source() {
        return source;
    }

    /**
     * Runs the three attempts in order with {@code linker}, for the platform that {@code osName}
     * and {@code osArch} (the system properties of those names) denote.
     *
     * @return a description of the attempt that worked
     * @throws UnsatisfiedLinkError naming every failed attempt
     */
    static String loadWith(String overridePath, String osName, String osArch, Linker linker) {
        List<String> failures = new ArrayList<>();

        if (overridePath != null) {
            String what = "system property " + PATH_PROPERTY + "=" + overridePath;
            try {
                Path path = Paths.get(overridePath).toAbsolutePath();
                if (!Files.isRegularFile(path)) {
                    throw new UnsatisfiedLinkError("no such file " + path);
                }
                linker.load(path.toString());
                return what;
            } catch (UnsatisfiedLinkError | RuntimeException e) {
                failures.add(what + ": " + e.getMessage());
            }
        }

        String platform = platform(osName, osArch);
        String resource = resourcePath(platform, libraryFile(platform));
        String what = "bundled resource " + resource;
        try (InputStream in = NativeLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                failures.add(what + ": this jar has no library for the platform " + platform + " (os.name="
                        + osName + ", os.arch=" + osArch + "); it has: " + describe(bundledPlatforms()));
            } else {
                Path file = extract(in);
                linker.load(file.toString());
                return what;
            }
        } catch (IOException | UnsatisfiedLinkError | RuntimeException e) {
            failures.add(what + ": " + e.getMessage());
        }

        what = "System.loadLibrary(\"" + LIBRARY_NAME + "\") with java.library.path="
                + System.getProperty("java.library.path");
        try {
            linker.loadLibrary(LIBRARY_NAME);
            return what;
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            failures.add(what + ": " + e.getMessage());
        }

        throw new UnsatisfiedLinkError(failureMessage(failures));
    }

    /**
     * The message of the error thrown when every attempt failed.
     *
     * @param failures one line per attempt: what was tried and why it failed
     */
    static String failureMessage(List<String> failures) {
        StringBuilder sb = new StringBuilder("could not load the twisty native library ")
                .append(System.mapLibraryName(LIBRARY_NAME))
                .append("; tried:");
        for (int i = 0; i < failures.size(); i++) {
            sb.append(System.lineSeparator()).append("  ").append(i + 1).append(". ").append(failures.get(i));
        }
        return sb.toString();
    }

    /**
     * The platform name of an {@code os.name} and {@code os.arch}, as .NET names runtimes:
     * {@code <os>-<arch>} with os {@code linux}, {@code osx} or {@code win} and arch {@code x64},
     * {@code arm64} or {@code x86}; anything else passes through lower-cased, without spaces.
     */
    static String platform(String osName, String osArch) {
        String os = osName == null ? "unknown" : osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("linux")) {
            os = "linux";
        } else if (os.startsWith("mac") || os.startsWith("darwin")) {
            os = "osx";
        } else if (os.startsWith("windows")) {
            os = "win";
        } else {
            os = os.replace(" ", "");
        }
        String arch = osArch == null ? "unknown" : osArch.toLowerCase(Locale.ROOT);
        switch (arch) {
            case "amd64":
            case "x86_64":
            case "x86-64":
            case "x64":
                arch = "x64";
                break;
            case "aarch64":
            case "arm64":
                arch = "arm64";
                break;
            case "x86":
            case "i386":
            case "i486":
            case "i586":
            case "i686":
                arch = "x86";
                break;
            default:
                arch = arch.replace(" ", "");
        }
        return os + "-" + arch;
    }

    /**
     * The file name of the library on a platform (the JVM's own naming applies only to the
     * platform it runs on).
     */
    static String libraryFile(String platform) {
        if (platform.startsWith("win-")) {
            return LIBRARY_NAME + ".dll";
        }
        return "lib" + LIBRARY_NAME + (platform.startsWith("osx-") ? ".dylib" : ".so");
    }

    /** The known platforms whose library this jar (the classpath) holds. */
    static List<String> bundledPlatforms() {
        List<String> found = new ArrayList<>();
        for (String p : KNOWN_PLATFORMS) {
            if (NativeLibrary.class.getResource(resourcePath(p, libraryFile(p))) != null) {
                found.add(p);
            }
        }
        return found;
    }

    private static String describe(List<String> platforms) {
        return platforms.isEmpty() ? "none" : String.join(", ", platforms);
    }

    /** The classpath resource of the bundled library for a platform. */
    static String resourcePath(String platform, String fileName) {
        return "/org/twisty/native/" + platform + "/" + fileName;
    }

    /** Copies the bundled library into a new file in a new directory only this user can read. */
    private static Path extract(InputStream in) throws IOException {
        Path dir;
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            FileAttribute<?> ownerOnly = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
            dir = Files.createTempDirectory("twisty-jni-", ownerOnly);
        } else {
            dir = Files.createTempDirectory("twisty-jni-");
        }
        // Registered first, deleted last (deleteOnExit runs in reverse order).
        dir.toFile().deleteOnExit();
        String fileName = System.mapLibraryName(LIBRARY_NAME);
        int dot = fileName.lastIndexOf('.');
        Path file = Files.createTempFile(dir, fileName.substring(0, dot) + "-", fileName.substring(dot));
        file.toFile().deleteOnExit();
        Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        return file;
    }
}
