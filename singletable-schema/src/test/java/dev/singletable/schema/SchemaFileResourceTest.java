package dev.singletable.schema;

import dev.singletable.DynamicItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A schema file packaged with the application, read from the class path with its example file (issue 35: only a
 * {@code Path} could be loaded): from a directory of classes and from a jar.
 */
class SchemaFileResourceTest {
    private static final String DESIGN = "resources-design/notes.singletable.yaml";

    @Test
    void loadResource_whenInADirectoryOfTheClassPath_readsTheDesignAndItsExampleFile() {
        SchemaFile design = SchemaFile.loadResource(DESIGN);

        assertThat(design.document().table().name()).isEqualTo("Notes");
        assertThat(design.examples("Note")).extracting(DynamicItem::toString)
                .containsExactly("Note{noteId=n1, title=First}", "Note{noteId=n2, title=Second}");
    }

    @Test
    void loadResource_whenInAJar_readsTheDesignAndItsExampleFileFromTheJar(@TempDir Path temp) throws IOException {
        Path jar = temp.resolve("app.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            copy(out, DESIGN);
            copy(out, "resources-design/notes.jsonl");
        }

        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            SchemaFile design = SchemaFile.loadResource(loader, "/" + DESIGN);

            assertThat(design.examples("Note")).extracting(DynamicItem::toString)
                    .containsExactly("Note{noteId=n1, title=First}", "Note{noteId=n2, title=Second}");
        }
    }

    @Test
    void loadResource_whenThereIsNoSuchResource_namesItAndTheFix() {
        assertThatThrownBy(() -> SchemaFile.loadResource("designs/nowhere.singletable.yaml"))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("No schema file 'designs/nowhere.singletable.yaml' on the class path")
                .hasMessageContaining("put it under src/main/resources (or src/test/resources), or give its path to SchemaFile.load");
    }

    private static void copy(JarOutputStream jar, String resource) throws IOException {
        jar.putNextEntry(new JarEntry(resource));
        try (InputStream in = SchemaFileResourceTest.class.getClassLoader().getResourceAsStream(resource)) {
            in.transferTo(jar);
        }
        jar.closeEntry();
    }
}
