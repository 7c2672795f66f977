package dev.singletable.cli.design;

import com.amazonaws.services.dynamodbv2.local.shared.access.sqlite.SQLiteLibraryLoader;
import com.amazonaws.services.dynamodbv2.local.shared.access.sqlite.SQLiteLibraryLoaderUtil;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarEntry;

/**
 * DynamoDB Local's SQLite native library, copied once into the cache directory, so that an engine started in this
 * process loads that copy. Why: DynamoDB Local 2.x otherwise extracts it from its jar on every start, under a new
 * random name in {@code java.io.tmpdir} (900 KB inflated and written, then read back and compared byte by byte, and a
 * {@code SecureRandom} seeded for the name), unless {@code org.sqlite.lib.path} and {@code org.sqlite.lib.name} name an
 * existing file, which it then loads as it is. The copy's directory is named by the library's CRC-32 and size in the
 * jar, so another DynamoDB Local build never loads a stale copy. Anything unexpected (no jar, a directory that cannot
 * be written, the properties set by the user) leaves the properties alone: DynamoDB Local extracts the library as
 * before.
 */
final class SqliteLibraryCopy {
    static final String PATH_PROPERTY = "org.sqlite.lib.path";
    static final String NAME_PROPERTY = "org.sqlite.lib.name";

    private SqliteLibraryCopy() {
    }

    /** Points DynamoDB Local at a copy of its library for this platform in {@code cache}, made now if missing. */
    static void useCopyIn(Path cache) {
        if (System.getProperty(PATH_PROPERTY) != null || System.getProperty(NAME_PROPERTY) != null) {
            return;
        }
        try {
            String name = SQLiteLibraryLoaderUtil.getNativeLibName();
            String resource = SQLiteLibraryLoader.class.getPackageName().replace('.', '/') + "/native/"
                    + SQLiteLibraryLoaderUtil.getNativeLibFolderPathForCurrentOS() + "/" + name;
            URL url = SQLiteLibraryLoader.class.getClassLoader().getResource(resource);
            if (url == null) {
                return;
            }
            URLConnection connection = url.openConnection();
            if (!(connection instanceof JarURLConnection jar)) {
                return;
            }
            JarEntry entry = jar.getJarEntry();
            if (entry.getSize() < 0 || entry.getCrc() < 0) {
                return;
            }
            Path directory = cache.resolve("native").resolve(String.format("%08x-%d", entry.getCrc(), entry.getSize()));
            Path library = directory.resolve(name);
            if (!(Files.isRegularFile(library) && Files.size(library) == entry.getSize())) {
                copy(url, directory, library);
            }
            System.setProperty(PATH_PROPERTY, directory.toString());
            System.setProperty(NAME_PROPERTY, name);
        } catch (IOException | RuntimeException | LinkageError e) {
            // no copy: DynamoDB Local extracts its library itself, as without this
        }
    }

    private static void copy(URL url, Path directory, Path library) throws IOException {
        Files.createDirectories(directory);
        // another command may copy it at the same time: each writes its own file and moves it into place whole
        Path partial = Files.createTempFile(directory, library.getFileName().toString(), ".partial");
        try {
            try (InputStream in = url.openStream()) {
                Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            }
            try {
                Files.move(partial, library, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, library, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(partial);
        }
    }
}
