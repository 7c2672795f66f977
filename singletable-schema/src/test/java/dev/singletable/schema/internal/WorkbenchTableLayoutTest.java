package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.ImportNote;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyAttributeDefinition.KeyAttributeType;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.internal.SampleEntities.Keys;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkbenchTableLayoutTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Keys TABLE_KEYS = new Keys(new KeyAttributeDefinition("PK", KeyAttributeType.S),
            Optional.of(new KeyAttributeDefinition("SK", KeyAttributeType.S)));

    private final ImportNotes notes = new ImportNotes();
    private final WorkbenchTableLayout layout = new WorkbenchTableLayout(notes);

    @Test
    void keys_whenATypeIsNotSNOrB_readsItAsSWithANote() throws Exception {
        Keys keys = layout.keys(json("{\"PartitionKey\": {\"AttributeName\": \"PK\", \"AttributeType\": \"X\"}}"), "T.KeyAttributes");

        assertThat(keys).isEqualTo(new Keys(new KeyAttributeDefinition("PK", KeyAttributeType.S), Optional.empty()));
        assertThat(notes.list()).extracting(ImportNote::path).containsExactly("T.KeyAttributes.PartitionKey.AttributeType");
    }

    @Test
    void keys_withoutAPartitionKey_refusesTheTable() {
        assertThatThrownBy(() -> layout.keys(json("{}"), "T.KeyAttributes"))
                .isInstanceOf(DesignImportException.class).hasMessageContaining("T.KeyAttributes.PartitionKey");
    }

    @Test
    void indexes_readEachGsiWithItsKeysAndProjection() throws Exception {
        List<IndexDefinition> indexes = layout.indexes(json("""
                [{"IndexName": "gsi1", "KeyAttributes": {"PartitionKey": {"AttributeName": "GSI1PK", "AttributeType": "S"}},
                  "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["name"]}}]"""), "T.GlobalSecondaryIndexes");

        assertThat(indexes).containsExactly(new IndexDefinition("gsi1", IndexDefinition.IndexKind.GLOBAL, Optional.empty(),
                List.of(new KeyAttributeDefinition("GSI1PK", KeyAttributeType.S)), List.of(),
                new ProjectionDefinition(ProjectionDefinition.ProjectionType.INCLUDE, List.of("name"))));
        assertThat(notes.list()).isEmpty();
    }

    @Test
    void localIndexes_leaveOutThoseDynamoDbWouldNotCreate_eachWithANote() throws Exception {
        List<IndexDefinition> indexes = layout.localIndexes(json("""
                [{"IndexName": "other", "KeyAttributes": {"PartitionKey": {"AttributeName": "X"}, "SortKey": {"AttributeName": "A"}}},
                 {"IndexName": "unsorted", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK"}}},
                 {"IndexName": "lsi1", "KeyAttributes": {"SortKey": {"AttributeName": "createdAt", "AttributeType": "S"}}}]"""),
                "T.LocalSecondaryIndexes", TABLE_KEYS);

        assertThat(indexes).extracting(IndexDefinition::name).containsExactly("lsi1");
        assertThat(indexes.get(0).sortKey()).containsExactly(new KeyAttributeDefinition("createdAt", KeyAttributeType.S));
        assertThat(notes.list()).extracting(ImportNote::path).containsExactly("T.LocalSecondaryIndexes[0].KeyAttributes.PartitionKey",
                "T.LocalSecondaryIndexes[1].KeyAttributes.SortKey");
    }

    @Test
    void billing_whenProvisionedWithoutUnits_readsWorkbenchsDefaultOfFive() throws Exception {
        BillingDefinition billing = layout.billing(json("{\"BillingMode\": \"PROVISIONED\"}"), "T");

        assertThat(billing).isEqualTo(new BillingDefinition(BillingDefinition.BillingMode.PROVISIONED, Optional.of(5L), Optional.of(5L)));
        assertThat(notes.list()).hasSize(2);
    }

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }
}
