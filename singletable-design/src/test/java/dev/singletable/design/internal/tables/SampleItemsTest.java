package dev.singletable.design.internal.tables;

import dev.singletable.DynamicItem;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The field naming an item's entity in JSON output and JSON Lines input: never one of the item's attributes. */
class SampleItemsTest {
    @Test
    void entityField_whenNoAttributeIsNamedEntity_isEntity() {
        assertThat(SampleItems.entityField(List.of("id", "entityType", "myentity"))).isEqualTo("entity");
    }

    @Test
    void entityField_whenAttributesAreNamedEntityWithAts_hasOneAtMoreThanTheMost() {
        assertThat(List.of(SampleItems.entityField(List.of("id", "entity")), SampleItems.entityField(List.of("@entity")),
                SampleItems.entityField(List.of("entity", "@@entity")))).containsExactly("@entity", "@@entity", "@@@entity");
    }

    @Test
    void entityFieldOf_whenARowHasSeveral_isTheOneWithTheMostAtsWhateverTheOrder() {
        assertThat(List.of(SampleItems.entityFieldOf(List.of("id", "entity")), SampleItems.entityFieldOf(List.of("entity", "@entity")),
                SampleItems.entityFieldOf(List.of("@@entity", "entity", "@entity")), SampleItems.entityFieldOf(List.of("id", "xentity"))))
                .containsExactly(Optional.of("entity"), Optional.of("@entity"), Optional.of("@@entity"), Optional.empty());
    }

    @Test
    void fromFile_whenARowNamesItsEntityAtEntity_readsItsAttributeNamedEntityAsAnAttribute(@TempDir Path directory) throws IOException {
        SchemaFile audit = SchemaFile.parse("""
                format: singletable/1
                table:
                  name: AuditTable
                  partitionKey: {name: pk, type: S}
                  sortKey: {name: sk, type: S}
                entities:
                  AuditEvent:
                    attributes:
                      id: {type: string, required: true}
                      entity: {type: string, required: true}
                    keys: {pk: "AUDIT#{id}", sk: "E"}
                """, "audit.singletable.yaml");
        Path rows = Files.writeString(directory.resolve("audit.jsonl"), "{\"@entity\":\"AuditEvent\",\"id\":\"e1\",\"entity\":\"Invoice\"}\n");

        List<DynamicItem> items = SampleItems.fromFile(audit, rows).items();

        assertThat(items).hasSize(1);
        assertThat(List.of(items.get(0).entityType(), items.get(0).values().get("entity"))).containsExactly("AuditEvent", "Invoice");
    }
}
