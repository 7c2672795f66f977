package dev.singletable.it.changes;

import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.KeyValues;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.changes.Change;
import dev.singletable.changes.ChangeDecoder;
import dev.singletable.changes.ChangeReader;
import dev.singletable.it.changes.AnnotatedChanges.Author;
import dev.singletable.it.changes.AnnotatedChanges.Book;
import dev.singletable.it.changes.AnnotatedChanges.Shelf;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The stream declared in the other two front ends (the builder's is in {@link ChangeEventsTest}): an annotated
 * {@code @TableDesign(stream = ...)} and a schema file's {@code stream:}, each created on the engine and read back as typed
 * events.
 */
@dev.singletable.local.RequiresEngineFeature(dev.singletable.local.EngineFeature.STREAMS)
class ChangeFrontEndsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    private static final String SCHEMA_FILE = """
            format: singletable/1
            table:
              name: FileChanges
              partitionKey: {name: PK, type: S}
              sortKey: {name: SK, type: S}
              stream: %s
            entities:
              Author:
                attributes:
                  authorId: {type: string, required: true}
                  name: {type: string}
                keys: {pk: "AUTHOR#{authorId}", sk: PROFILE}
            """;

    @Test
    void annotatedDesign_whenItDeclaresAStream_createsItAndItsChangesDecodeIntoTheRecords() {
        assertThat(AnnotatedChangesDesign.SCHEMA.streamViewType()).contains(StreamViewType.NEW_AND_OLD_IMAGES);
        Table table = Table.of(AnnotatedChangesDesign.SCHEMA.toBuilder().name("AnnotatedChanges-" + System.nanoTime()).build(), db.client());
        table.createTable();
        try {
            table.put(new Author("a1", "Ursula"));
            table.put(new Book("a1", "b1", "The Dispossessed", 387));
            table.put(new Book("a1", "b1", "The Dispossessed", 400));
            table.delete(table.schema().entity("Book").orElseThrow(), KeyValues.of("authorId", "a1").and("bookId", "b1"));
            EntityCollection<Shelf> shelf = EntityCollection.of(Shelf.class, AnnotatedChanges_AuthorSchema.INSTANCE, AnnotatedChanges_BookSchema.INSTANCE);

            List<Change<Shelf>> changes = ChangeReader.builder(ChangeDecoder.of(table, shelf), db.engine().streamsClient()).build()
                    .readAvailable();

            assertThat(changes).extracting(ChangeEventsTest::line).containsExactly(
                    "CREATED Author PK=AUTHOR#a1, SK=PROFILE old=- new=Author[authorId=a1, name=Ursula] "
                            + "changed=[PK, SK, authorId, entityType, name]",
                    "CREATED Book PK=AUTHOR#a1, SK=BOOK#b1 old=- new=Book[authorId=a1, bookId=b1, title=The Dispossessed, pages=387] "
                            + "changed=[PK, SK, authorId, bookId, entityType, pages, title]",
                    "MODIFIED Book PK=AUTHOR#a1, SK=BOOK#b1 old=Book[authorId=a1, bookId=b1, title=The Dispossessed, pages=387] "
                            + "new=Book[authorId=a1, bookId=b1, title=The Dispossessed, pages=400] changed=[pages]",
                    "REMOVED Book PK=AUTHOR#a1, SK=BOOK#b1 old=Book[authorId=a1, bookId=b1, title=The Dispossessed, pages=400] new=- "
                            + "changed=[PK, SK, authorId, bookId, entityType, pages, title]");
        } finally {
            table.deleteTable();
        }
    }

    @Test
    void annotatedDesign_whenItDeclaresAStream_writesItToTheDesignFile() throws IOException {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("META-INF/singletable/AnnotatedChanges.singletable.json")) {
            assertThat(in).isNotNull();
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).contains("\"stream\": \"NEW_AND_OLD_IMAGES\"");
        }
        assertThat(SchemaFile.loadResource("META-INF/singletable/AnnotatedChanges.singletable.json").tableSchema().streamViewType())
                .contains(StreamViewType.NEW_AND_OLD_IMAGES);
    }

    @Test
    void schemaFile_whenItDeclaresAStream_createsItAndItsChangesDecodeIntoDynamicItems() {
        SchemaFile design = SchemaFile.parse(SCHEMA_FILE.formatted("NEW_IMAGE"), "changes.singletable.yaml");
        assertThat(design.tableSchema().streamViewType()).contains(StreamViewType.NEW_IMAGE);
        Table table = Table.of(design.tableSchema().toBuilder().name("FileChanges-" + System.nanoTime()).build(), db.client());
        table.createTable();
        try {
            table.put(DynamicItem.builder("Author").set("authorId", "a1").set("name", "Ursula").build());
            table.delete(design.entity("Author"), KeyValues.of("authorId", "a1"));

            List<Change<DynamicItem>> changes = ChangeReader.builder(ChangeDecoder.of(table, design.entity("Author")),
                    db.engine().streamsClient()).build().readAvailable();

            assertThat(changes).extracting(ChangeEventsTest::line).containsExactly(
                    "CREATED Author PK=AUTHOR#a1, SK=PROFILE old=- new=" + table.fromItem(design.entity("Author"),
                            table.toItem(DynamicItem.builder("Author").set("authorId", "a1").set("name", "Ursula").build()))
                            + " changed=[PK, SK, authorId, entityType, name]",
                    "REMOVED keys only PK=AUTHOR#a1, SK=PROFILE");
        } finally {
            table.deleteTable();
        }
    }

    @Test
    void schemaFile_whenTheStreamViewTypeIsUnknown_failsNamingLineAndTheViewTypes() {
        assertThatThrownBy(() -> SchemaFile.parse(SCHEMA_FILE.formatted("NEW_IMAGES"), "changes.singletable.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("1 error in the schema file:\nchanges.singletable.yaml:6:3: table.stream: does not have a value in the enumeration "
                        + "[\"NEW_AND_OLD_IMAGES\", \"NEW_IMAGE\", \"OLD_IMAGE\", \"KEYS_ONLY\"]");
    }

    @Test
    void builder_whenTheViewTypeIsUnknownToTheSdk_fails() {
        assertThatThrownBy(() -> AnnotatedChangesDesign.SCHEMA.toBuilder().stream(StreamViewType.UNKNOWN_TO_SDK_VERSION))
                .isInstanceOf(SchemaDefinitionException.class);
    }
}
