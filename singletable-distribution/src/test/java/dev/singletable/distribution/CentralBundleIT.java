package dev.singletable.distribution;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The bundle {@code mvn -Prelease verify} makes for Maven Central (target/central-bundle.zip), read as the portal reads
 * it: exactly the published modules, each with its POM, jar, sources and javadoc jars (a POM alone for the parent and
 * the BOM), every file with checksums that match it and, when signing was on, a signature; every POM with the metadata
 * Central requires, itself or through its parent. Runs in the release profile only: elsewhere there is no bundle.
 */
class CentralBundleIT {
    /** What is published, and how: README, "Releases". */
    private static final Map<String, String> PUBLISHED = Map.ofEntries(
            Map.entry("singletable-parent", "pom"),
            Map.entry("singletable-bom", "pom"),
            Map.entry("singletable-annotations", "jar"),
            Map.entry("singletable-core", "jar"),
            Map.entry("singletable-wire", "jar"),
            Map.entry("singletable-processor", "jar"),
            Map.entry("singletable-engine-linux-x64", "jar"),
            Map.entry("singletable-local", "jar"),
            Map.entry("singletable-schema", "jar"),
            Map.entry("singletable-design", "jar"),
            Map.entry("singletable-migrations", "jar"),
            Map.entry("singletable-lambda", "jar"),
            Map.entry("singletable-spring-boot-starter", "jar"),
            Map.entry("singletable-spring-boot-test", "jar"));
    private static final List<String> CENTRAL_METADATA = List.of("name", "description", "url", "licenses", "developers", "scm");
    private static final Pattern FILE = Pattern.compile("dev/singletable/([^/]+)/([^/]+)/\\1-(.+?)(-sources|-javadoc)?\\.(jar|pom)");

    private static ZipFile bundle;
    private static TreeMap<String, ZipEntry> entries;

    @BeforeAll
    static void open() throws IOException {
        String path = System.getProperty("singletable.bundle");
        assumeTrue(path != null, "the Central bundle is made by the release profile only (mvn -Prelease verify)");
        bundle = new ZipFile(Path.of(path).toFile());
        entries = new TreeMap<>();
        bundle.stream().filter(entry -> !entry.isDirectory()).forEach(entry -> entries.put(entry.getName(), entry));
    }

    @Test
    void bundle_whenRead_holdsExactlyThePublishedModulesWithTheirJars() {
        Map<String, TreeSet<String>> kinds = new TreeMap<>();
        for (String name : entries.keySet()) {
            Matcher file = FILE.matcher(name);
            if (file.matches()) {
                kinds.computeIfAbsent(file.group(1), artifact -> new TreeSet<>())
                        .add((file.group(4) == null ? "" : file.group(4)) + "." + file.group(5));
            }
        }

        Map<String, TreeSet<String>> expected = new TreeMap<>();
        PUBLISHED.forEach((artifact, packaging) -> expected.put(artifact, new TreeSet<>(packaging.equals("pom")
                ? List.of(".pom") : List.of(".pom", ".jar", "-sources.jar", "-javadoc.jar"))));
        assertThat(kinds).isEqualTo(expected);
    }

    @Test
    void everyFile_whenItsChecksumsAreComputed_matchesThem() throws Exception {
        boolean signed = !Boolean.parseBoolean(System.getProperty("singletable.unsigned", "true"));
        List<String> files = entries.keySet().stream().filter(name -> FILE.matcher(name).matches()).toList();
        assertThat(files).hasSizeGreaterThanOrEqualTo(PUBLISHED.size());
        for (String name : files) {
            byte[] content = read(name);
            assertThat(text(name + ".md5")).as(name + ".md5").isEqualTo(digest("MD5", content));
            assertThat(text(name + ".sha1")).as(name + ".sha1").isEqualTo(digest("SHA-1", content));
            if (signed) {
                assertThat(entries).as(name + ".asc").containsKey(name + ".asc");
            }
        }
        assertThat(entries.keySet()).allMatch(name -> FILE.matcher(name.replaceFirst("\\.(md5|sha1|asc)$", "")).matches(),
                "every file is a module's file or one of its checksums or signatures");
    }

    @Test
    void everyPom_whenReadWithItsParent_hasWhatCentralRequires() throws Exception {
        Map<String, Document> poms = new TreeMap<>();
        for (String name : entries.keySet()) {
            Matcher file = FILE.matcher(name);
            if (file.matches() && file.group(5).equals("pom")) {
                poms.put(file.group(1), DocumentBuilderFactory.newInstance().newDocumentBuilder()
                        .parse(new ByteArrayInputStream(read(name))));
            }
        }
        assertThat(poms).containsOnlyKeys(PUBLISHED.keySet());
        for (Map.Entry<String, Document> pom : poms.entrySet()) {
            for (String element : CENTRAL_METADATA) {
                Optional<Element> found = child(pom.getValue().getDocumentElement(), element);
                if (found.isEmpty() && child(pom.getValue().getDocumentElement(), "parent").isPresent()) {
                    found = child(poms.get("singletable-parent").getDocumentElement(), element);
                }
                assertThat(found).as(pom.getKey() + " <" + element + ">").isPresent();
                assertThat(found.orElseThrow().getTextContent().strip()).as(pom.getKey() + " <" + element + ">").isNotEmpty();
            }
        }
    }

    @Test
    void coreJavadoc_whenOpened_startsWithTheModulesOverview() throws IOException {
        String javadoc = entries.keySet().stream()
                .filter(name -> name.matches("dev/singletable/singletable-core/.*-javadoc\\.jar")).findFirst().orElseThrow();
        try (java.util.zip.ZipInputStream jar = new java.util.zip.ZipInputStream(new ByteArrayInputStream(read(javadoc)))) {
            Map<String, String> pages = new TreeMap<>();
            for (ZipEntry entry = jar.getNextEntry(); entry != null; entry = jar.getNextEntry()) {
                if (entry.getName().endsWith(".html")) {
                    pages.put(entry.getName(), new String(jar.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
                }
            }
            assertThat(pages.get("index.html")).contains("dev.singletable.core/module-summary.html");
            assertThat(pages.get("dev.singletable.core/module-summary.html"))
                    .contains("Module dev.singletable.core", "Table.of", "TableSchema", "EntitySchema");
        }
    }

    private static Optional<Element> child(Element parent, String name) {
        for (org.w3c.dom.Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                return Optional.of(element);
            }
        }
        return Optional.empty();
    }

    private static byte[] read(String name) throws IOException {
        try (InputStream in = bundle.getInputStream(entries.get(name))) {
            return in.readAllBytes();
        }
    }

    private static String text(String name) throws IOException {
        assertThat(entries).as(name).containsKey(name);
        return new String(read(name), java.nio.charset.StandardCharsets.US_ASCII).strip();
    }

    private static String digest(String algorithm, byte[] content) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(content));
    }
}
