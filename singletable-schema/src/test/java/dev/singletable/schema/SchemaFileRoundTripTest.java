package dev.singletable.schema;

import dev.singletable.DynamicItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** File to model to file: the canonical YAML comes back byte for byte, through JSON too. */
class SchemaFileRoundTripTest {
    private static final Path BLOG = Path.of("../designs/blog.singletable.yaml");

    @Test
    void toYaml_whenGivenTheDocumentOfACanonicalFile_writesTheSameText() throws IOException {
        assertThat(SchemaFileWriter.toYaml(SchemaFile.load(BLOG).document())).isEqualTo(Files.readString(BLOG));
    }

    @Test
    void toJson_whenReadBack_givesTheSameDocumentAndYaml(@TempDir Path directory) throws IOException {
        SchemaDocument document = SchemaFile.load(BLOG).document();
        Files.copy(BLOG.resolveSibling("blog-comments.jsonl"), directory.resolve("blog-comments.jsonl"));
        SchemaFileWriter.write(document, directory.resolve("blog.singletable.json"));
        String json = Files.readString(directory.resolve("blog.singletable.json"));

        SchemaFile fromJson = SchemaFile.load(directory.resolve("blog.singletable.json"));

        assertThat(fromJson.document()).isEqualTo(document);
        assertThat(SchemaFileWriter.toYaml(fromJson.document())).isEqualTo(Files.readString(BLOG));
        assertThat(json).startsWith("{\n  \"$schema\" : \"" + SchemaFileWriter.SCHEMA_URL + "\",\n  \"format\" : \"singletable/1\",\n");
    }

    @Test
    void of_whenDocumentIsBuiltInCode_givesTheSameModelAsTheFile() {
        SchemaFile loaded = SchemaFile.load(BLOG);

        SchemaFile built = SchemaFile.of(loaded.document());

        assertThat(built.summary()).isEqualTo("table BlogTable: 4 entities, 1 index, 1 collection, 8 access patterns");
        assertThat(built.tableSchema()).hasToString(loaded.tableSchema().toString())
                .hasToString("TableSchema[BlogTable, pk/sk, indexes [gsi1], entities [User, Post, Comment, PostTag]]");
    }

    @Test
    void examples_whenTheEntityHasAnExampleFile_givesInlineAndFileExamplesTyped() {
        SchemaFile blog = SchemaFile.load(BLOG);

        assertThat(blog.examples("Comment")).extracting(DynamicItem::toString).containsExactly(
                "Comment{postId=01HMQ0000000000000000000P1, commentId=01HMR0000000000000000000C1, username=bob, content=Great intro}",
                "Comment{postId=01HMQ0000000000000000000P1, commentId=01HMR0000000000000000000C2, username=alice, content=Thanks!}",
                "Comment{postId=01HMQ0000000000000000000P3, commentId=01HMR0000000000000000000C3, username=bob, content=Replying to myself}");
        assertThat(blog.examples("Post").get(0).getBoolean("published")).isTrue();
    }

    @Test
    void load_whenJsonSchemaResourceIsRead_isTheDraft202012SchemaOfTheFormat() throws IOException {
        try (var in = SchemaFile.class.getResourceAsStream("singletable-1.schema.json")) {
            String schema = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(schema).startsWith("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"
                    + "  \"$id\": \"" + SchemaFileWriter.SCHEMA_URL + "\",\n");
        }
    }
}
