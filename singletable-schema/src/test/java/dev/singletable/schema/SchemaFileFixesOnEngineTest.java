package dev.singletable.schema;

import dev.singletable.Declaration;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.ItemDecodingException;
import dev.singletable.KeyValues;
import dev.singletable.NumberOutOfRangeException;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A schema file's entities get the fixes of the core's messages in schema-file words (required: true, role: version,
 * type: long), not the Java builder's (Attribute.of(...)), which their authors never wrote.
 */
class SchemaFileFixesOnEngineTest {
    static final SchemaFile DESIGN = SchemaFile.parse("""
            format: singletable/1
            table:
              name: Notes
              partitionKey: {name: PK}
              sortKey: {name: SK}
            entities:
              Note:
                attributes:
                  userId: {type: string, required: true}
                  noteId: {type: string, required: true}
                  title: {type: string, required: true}
                  views: {type: integer}
                keys:
                  pk: "USER#{userId}"
                  sk: "NOTE#{noteId}"
            """, "notes.yaml");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.tableSchema());

    private static final EntitySchema<DynamicItem> NOTE = DESIGN.entity("Note");

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.of(db.table().schema(), db.client());
    }

    private static KeyValues key(String noteId) {
        return KeyValues.of("userId", "u1").and("noteId", noteId);
    }

    @Test
    void entity_whenLoadedFromASchemaFile_isDeclaredBySchemaFile() {
        assertThat(NOTE.declaration()).isEqualTo(Declaration.SCHEMA_FILE);
    }

    @Test
    void get_whenStoredItemLacksARequiredAttribute_advisesDroppingRequiredInTheSchemaFile() {
        db.client().putItem(PutItemRequest.builder().tableName(db.tableName()).item(Map.of("PK", AttributeValue.fromS("USER#u1"),
                "SK", AttributeValue.fromS("NOTE#old"), "entityType", AttributeValue.fromS("Note"), "userId", AttributeValue.fromS("u1"),
                "noteId", AttributeValue.fromS("old"))).build());

        assertThatThrownBy(() -> table.get(NOTE, key("old"), ReadConsistency.STRONG)).isInstanceOf(ItemDecodingException.class)
                .hasMessage("Note [PK=USER#u1, SK=NOTE#old] lacks required attribute 'title'; write it, or drop required: true from it "
                        + "in the schema file to allow it to be missing");
    }

    @Test
    void update_whenRemovingARequiredAttribute_advisesDroppingRequiredInTheSchemaFile() {
        table.put(DynamicItem.builder("Note").set("userId", "u1").set("noteId", "n1").set("title", "Hello").build());

        assertThatThrownBy(() -> table.update(NOTE, key("n1"), u -> u.remove(DESIGN.path("Note", "title"))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Note cannot remove title: it is required (required: true in the schema file); set another "
                        + "value, or drop required: true to allow it to be absent");
    }

    @Test
    void put_whenARequiredAttributeIsNull_advisesDroppingRequiredInTheSchemaFile() {
        DynamicItem untitled = DynamicItem.builder("Note").set("userId", "u1").set("noteId", "n2").build();

        assertThatThrownBy(() -> table.put(untitled)).isInstanceOf(ValidationException.class)
                .hasMessage("Note.title is null but required; give it a value or drop required: true from it in the schema file to "
                        + "allow null");
    }

    @Test
    void update_whenAnIntegerWouldLeaveItsRange_advisesAWiderTypeInTheSchemaFile() {
        table.put(DynamicItem.builder("Note").set("userId", "u1").set("noteId", "n3").set("title", "Hello").set("views", Integer.MAX_VALUE)
                .build());

        assertThatThrownBy(() -> table.update(NOTE, key("n3"), u -> u.add(DESIGN.<Integer>path("Note", "views"), 1)))
                .isInstanceOf(NumberOutOfRangeException.class)
                .hasMessage("update of Note {PK=USER#u1, SK=NOTE#n3} in table " + db.tableName() + " was refused: adding 1 to Note.views (stored 2147483647) would give 2147483648 outside the range of Integer "
                        + "[-2147483648, 2147483647]; nothing was written. Keep the number in range, or give Note.views a wider type in "
                        + "the schema file (type: long or decimal)");
    }

    @Test
    void retryOnConflict_whenTheEntityHasNoVersion_advisesARoleVersionAttribute() {
        assertThatThrownBy(() -> table.retryOnConflict(NOTE, key("n4"), 3, note -> note)).isInstanceOf(ValidationException.class)
                .hasMessage("retryOnConflict on Note: the entity has no version attribute, so a conflicting write could not be "
                        + "detected; declare one in the schema file: an integer or long attribute with role: version");
    }
}
