package dev.singletable.cli.design;

import com.amazonaws.services.dynamodbv2.local.shared.access.sqlite.SQLiteLibraryLoader;
import com.amazonaws.services.dynamodbv2.local.shared.access.sqlite.SQLiteLibraryLoaderUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * DynamoDB Local's SQLite library copied once into the cache directory, and DynamoDB Local pointed at the copy through
 * its {@code org.sqlite.lib.path} and {@code org.sqlite.lib.name} properties (restored after each test: they are the
 * JVM's).
 */
class SqliteLibraryCopyTest {
    private static final String NAME = SQLiteLibraryLoaderUtil.getNativeLibName();

    @TempDir
    Path cache;

    private String pathBefore;
    private String nameBefore;

    @BeforeEach
    void clearProperties() {
        pathBefore = System.clearProperty(SqliteLibraryCopy.PATH_PROPERTY);
        nameBefore = System.clearProperty(SqliteLibraryCopy.NAME_PROPERTY);
    }

    @AfterEach
    void restoreProperties() {
        restore(SqliteLibraryCopy.PATH_PROPERTY, pathBefore);
        restore(SqliteLibraryCopy.NAME_PROPERTY, nameBefore);
    }

    @Test
    void useCopyIn_whenTheCacheHasNoCopy_copiesTheJarsLibraryAndNamesItInTheProperties() throws IOException {
        SqliteLibraryCopy.useCopyIn(cache);

        List<Path> files = filesIn(cache);
        assertThat(files).hasSize(1);
        Path copy = files.get(0);
        assertThat(copy.getFileName().toString()).isEqualTo(NAME);
        assertThat(cache.relativize(copy).getParent().toString()).matches("native/[0-9a-f]{8}-" + Files.size(copy));
        assertThat(Files.readAllBytes(copy)).isEqualTo(libraryInJar());
        assertThat(System.getProperty(SqliteLibraryCopy.PATH_PROPERTY)).isEqualTo(copy.getParent().toString());
        assertThat(System.getProperty(SqliteLibraryCopy.NAME_PROPERTY)).isEqualTo(NAME);
    }

    @Test
    void useCopyIn_whenTheCopyIsThere_usesItWithoutWritingIt() throws IOException {
        SqliteLibraryCopy.useCopyIn(cache);
        Path copy = filesIn(cache).get(0);
        FileTime written = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(copy, written);
        System.clearProperty(SqliteLibraryCopy.PATH_PROPERTY);
        System.clearProperty(SqliteLibraryCopy.NAME_PROPERTY);

        SqliteLibraryCopy.useCopyIn(cache);

        assertThat(filesIn(cache)).containsExactly(copy);
        assertThat(Files.getLastModifiedTime(copy)).isEqualTo(written);
        assertThat(System.getProperty(SqliteLibraryCopy.PATH_PROPERTY)).isEqualTo(copy.getParent().toString());
    }

    @Test
    void useCopyIn_whenTheCopyIsCutShort_copiesItAgain() throws IOException {
        SqliteLibraryCopy.useCopyIn(cache);
        Path copy = filesIn(cache).get(0);
        Files.write(copy, new byte[] {1, 2, 3});
        System.clearProperty(SqliteLibraryCopy.PATH_PROPERTY);
        System.clearProperty(SqliteLibraryCopy.NAME_PROPERTY);

        SqliteLibraryCopy.useCopyIn(cache);

        assertThat(filesIn(cache)).containsExactly(copy);
        assertThat(Files.readAllBytes(copy)).isEqualTo(libraryInJar());
    }

    @Test
    void useCopyIn_whenTheUserNamedALibraryPath_leavesItAndCopiesNothing() throws IOException {
        System.setProperty(SqliteLibraryCopy.PATH_PROPERTY, "/opt/sqlite");

        SqliteLibraryCopy.useCopyIn(cache);

        assertThat(filesIn(cache)).isEmpty();
        assertThat(System.getProperty(SqliteLibraryCopy.PATH_PROPERTY)).isEqualTo("/opt/sqlite");
        assertThat(System.getProperty(SqliteLibraryCopy.NAME_PROPERTY)).isNull();
    }

    @Test
    void useCopyIn_whenOtherBuildsCopiesAreCached_removesThemAndKeepsItsOwnAndWhatItDidNotWrite() throws IOException {
        Path older = Files.createDirectories(cache.resolve("native/0badf00d-1048576"));
        Files.write(older.resolve(NAME), new byte[] {1, 2, 3});
        Path interrupted = Files.createDirectories(cache.resolve("native/deadbeef-12"));
        Files.write(interrupted.resolve(NAME + "123.partial"), new byte[] {1});
        Path unknown = Files.write(Files.createDirectories(cache.resolve("native/mine")).resolve("notes.txt"), new byte[] {1});

        SqliteLibraryCopy.useCopyIn(cache);

        Path copy = Path.of(System.getProperty(SqliteLibraryCopy.PATH_PROPERTY), NAME);
        assertThat(filesIn(cache)).containsExactlyInAnyOrder(copy, unknown);
        assertThat(directoriesIn(cache.resolve("native"))).containsExactlyInAnyOrder(copy.getParent(), unknown.getParent());
        assertThat(Files.readAllBytes(copy)).isEqualTo(libraryInJar());
    }

    @Test
    void useCopyIn_whenAnotherCopyCannotBeRemoved_usesItsOwnAndLeavesTheRestForLater() throws IOException {
        // a directory inside the other copy's stands for a file held open: removing the copy's directory fails
        Path older = Files.createDirectories(cache.resolve("native/0badf00d-1048576"));
        Files.write(older.resolve(NAME), new byte[] {1, 2, 3});
        Path held = Files.createDirectories(older.resolve("held"));

        SqliteLibraryCopy.useCopyIn(cache);

        Path copy = Path.of(System.getProperty(SqliteLibraryCopy.PATH_PROPERTY), NAME);
        assertThat(filesIn(cache)).containsExactly(copy);
        assertThat(directoriesIn(cache.resolve("native"))).containsExactlyInAnyOrder(copy.getParent(), older);
        assertThat(directoriesIn(older)).containsExactly(held);
        assertThat(System.getProperty(SqliteLibraryCopy.NAME_PROPERTY)).isEqualTo(NAME);
    }

    @Test
    void useCopyIn_whenItsDirectoryHoldsPartialCopies_removesOnlyThoseOfCopiesThatNeverFinished() throws IOException {
        SqliteLibraryCopy.useCopyIn(cache);
        Path copy = filesIn(cache).get(0);
        Path abandoned = Files.write(copy.resolveSibling(NAME + "1.partial"), new byte[] {1});
        Files.setLastModifiedTime(abandoned, FileTime.from(java.time.Instant.now().minus(java.time.Duration.ofHours(2))));
        Path copying = Files.write(copy.resolveSibling(NAME + "2.partial"), new byte[] {1});
        System.clearProperty(SqliteLibraryCopy.PATH_PROPERTY);
        System.clearProperty(SqliteLibraryCopy.NAME_PROPERTY);

        SqliteLibraryCopy.useCopyIn(cache);

        assertThat(filesIn(cache)).containsExactlyInAnyOrder(copy, copying);
    }

    private static List<Path> directoriesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(Files::isDirectory).sorted().toList();
        }
    }

    private static byte[] libraryInJar() throws IOException {
        String resource = SQLiteLibraryLoader.class.getPackageName().replace('.', '/') + "/native/"
                + SQLiteLibraryLoaderUtil.getNativeLibFolderPathForCurrentOS() + "/" + NAME;
        try (InputStream in = SQLiteLibraryLoader.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return in.readAllBytes();
        }
    }

    private static List<Path> filesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }
}
