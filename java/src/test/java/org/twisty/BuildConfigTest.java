package org.twisty;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The project is a plain Maven project: a developer with Maven Central builds it with {@code mvn
 * package} and nothing to delete. Debian's offline repository is the build scripts' explicit
 * choice (scripts/maven-repo.sh), never forced by a file in the project. This machine reaches no
 * Maven Central, so the default is checked as configuration.
 */
class BuildConfigTest {
    /** Surefire runs in the project folder (java/). */
    private static final Path PROJECT = Paths.get("").toAbsolutePath();

    @Test
    void no_file_in_the_project_forces_maven_settings_or_offline_mode() throws IOException {
        assertTrue(Files.isRegularFile(PROJECT.resolve("pom.xml")), "run from the project folder: " + PROJECT);
        for (String name : List.of(".mvn/maven.config", ".mvn/jvm.config")) {
            Path p = PROJECT.resolve(name);
            if (!Files.exists(p)) {
                continue;
            }
            String text = Files.readString(p, StandardCharsets.UTF_8);
            for (String forced : List.of("-s", "--settings", "-o", "--offline", "settings-debian", "maven-repo")) {
                assertFalse(text.contains(forced), name + " forces '" + forced + "' on every user: " + text);
            }
        }
    }

    @Test
    void the_pom_names_no_local_repository() throws IOException {
        String pom = Files.readString(PROJECT.resolve("pom.xml"), StandardCharsets.UTF_8);
        assertFalse(pom.contains("<repositories>"), "repositories in pom.xml");
        assertFalse(pom.contains("<pluginRepositories>"), "plugin repositories in pom.xml");
        assertFalse(pom.contains("/usr/share/maven-repo"), "Debian's repository named in pom.xml");
    }
}
