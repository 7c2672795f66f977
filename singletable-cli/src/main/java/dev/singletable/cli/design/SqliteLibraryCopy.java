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
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.Predicate;
import java.util.jar.JarEntry;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * DynamoDB Local's SQLite native library, copied once into the cache directory, so that an engine started in this
 * process loads that copy. Why: DynamoDB Local 2.x otherwise extracts it from its jar on every start, under a new
 * random name in {@code java.io.tmpdir} (900 KB inflated and written, then read back and compared byte by byte, and a
 * {@code SecureRandom} seeded for the name), unless {@code org.sqlite.lib.path} and {@code org.sqlite.lib.name} name an
 * existing file, which it then loads as it is. The copy's directory is named by the library's CRC-32 and size in the
 * jar, so another DynamoDB Local build never loads a stale copy. Anything unexpected (no jar, a directory that cannot
 * be written, the properties set by the user) leaves the properties alone: DynamoDB Local extracts the library as
 * before.
 *
 * <p>Each use prunes {@code native/}: the copies of other builds (other CRC-32 and size directories, left by another
 * version of the CLI) go, and partial files of copies that never finished; the copy in use stays. A copy that cannot
 * be removed (a library another process holds open, which Windows refuses to delete) is logged at debug and left for a
 * later run; pruning never fails the command.
 */
final class SqliteLibraryCopy {
    static final String PATH_PROPERTY = "org.sqlite.lib.path";
    static final String NAME_PROPERTY = "org.sqlite.lib.name";
    /** The name of a copy's directory: the library's CRC-32 in the jar, in hex, and its size. Pruning touches no other. */
    private static final Pattern COPY_DIRECTORY = Pattern.compile("[0-9a-f]{8}-[0-9]+");

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
            prune(directory);
        } catch (IOException | RuntimeException | LinkageError e) {
            // no copy: DynamoDB Local extracts its library itself, as without this
        }
    }

    /**
     * Removes from {@code inUse}'s parent the other copies' directories and their files, and from {@code inUse} the partial
     * files of copies that never finished. A failure is logged at debug; the rest is still pruned.
     */
    static void prune(Path inUse) {
        try (Stream<Path> directories = Files.list(inUse.getParent())) {
            for (Path directory : directories.toList()) {
                if (directory.equals(inUse)) {
                    removeFiles(directory, CacheFiles::isAbandonedPartial);
                } else if (COPY_DIRECTORY.matcher(directory.getFileName().toString()).matches() && Files.isDirectory(directory)) {
                    removeFiles(directory, file -> true);
                    CacheFiles.delete(directory);
                }
            }
        } catch (IOException | RuntimeException e) {
            CacheFiles.debug("Could not prune the SQLite library copies in {}: {}", inUse.getParent(), e);
        }
    }

    private static void removeFiles(Path directory, Predicate<Path> removed) {
        try (Stream<Path> files = Files.list(directory)) {
            files.filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && removed.test(file))
                    .forEach(CacheFiles::delete);
        } catch (IOException | RuntimeException e) {
            CacheFiles.debug("Could not list {} to prune it: {}", directory, e);
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
