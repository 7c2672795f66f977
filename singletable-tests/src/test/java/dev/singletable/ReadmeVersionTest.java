package dev.singletable;

import org.junit.jupiter.api.Test;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README writes singletable's version in three kinds of place (the coordinates, the user project's property, the
 * Gradle snippets); release/set-version changes them all with the POMs, and this test fails when one is left behind.
 */
class ReadmeVersionTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern WRITTEN = Pattern.compile(
            "version `([^`]+)`|<singletable\\.version>([^<]+)</singletable\\.version>|dev\\.singletable:[a-z0-9-]+:([0-9][^\"'\\s)]*)");

    @Test
    void readme_whenItNamesSingletablesVersion_namesTheBuildsVersion() throws Exception {
        String version = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve("pom.xml").toFile())
                .getDocumentElement().getElementsByTagName("version").item(0).getTextContent();
        List<String> written = new ArrayList<>();
        Matcher matcher = WRITTEN.matcher(Files.readString(ROOT.resolve("README.md")));
        while (matcher.find()) {
            for (int group = 1; group <= 3; group++) {
                if (matcher.group(group) != null) {
                    written.add(matcher.group(group));
                }
            }
        }

        assertThat(written).hasSizeGreaterThanOrEqualTo(5).containsOnly(version);
    }
}
