package dev.singletable.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A table as {@code aws dynamodb describe-table} prints it, imported as a skeleton design that loads. */
class TableDescriptionImportTest {
    private static final Path ORDERS = SchemaFileImportTest.IMPORTS.resolve("describe-table/orders.table.json");

    @TempDir
    Path directory;

    @Test
    void tableDescription_whenDescribeTableOutput_keepsEveryKeySchemaProjectionAndTheBilling() {
        ImportResult result = ImportFormat.DESCRIBE_TABLE.read(ORDERS);

        Path file = directory.resolve("orders.singletable.yaml");
        SchemaFileWriter.write(result.document(), file);
        TableDefinition table = SchemaFile.load(file).document().table();

        KeyAttributeDefinition pk = new KeyAttributeDefinition("PK", KeyAttributeDefinition.KeyAttributeType.S);
        KeyAttributeDefinition sk = new KeyAttributeDefinition("SK", KeyAttributeDefinition.KeyAttributeType.S);
        assertThat(List.of(table.name(), table.partitionKey(), table.sortKey())).containsExactly("Orders", pk, Optional.of(sk));
        assertThat(table.billing()).isEqualTo(new BillingDefinition(BillingDefinition.BillingMode.PROVISIONED, Optional.of(10L), Optional.of(4L)));
        assertThat(table.indexes()).containsExactly(
                new IndexDefinition("GSI1", IndexDefinition.IndexKind.GLOBAL, Optional.empty(),
                        List.of(new KeyAttributeDefinition("GSI1PK", KeyAttributeDefinition.KeyAttributeType.S)),
                        List.of(new KeyAttributeDefinition("GSI1SK", KeyAttributeDefinition.KeyAttributeType.S)),
                        new ProjectionDefinition(ProjectionDefinition.ProjectionType.INCLUDE, List.of("status", "total"))),
                new IndexDefinition("Inverted", IndexDefinition.IndexKind.GLOBAL, Optional.empty(), List.of(sk), List.of(pk),
                        new ProjectionDefinition(ProjectionDefinition.ProjectionType.KEYS_ONLY, List.of())),
                new IndexDefinition("ByCreatedAt", IndexDefinition.IndexKind.LOCAL, Optional.empty(), List.of(),
                        List.of(new KeyAttributeDefinition("createdAt", KeyAttributeDefinition.KeyAttributeType.N)), ProjectionDefinition.all()));
    }

    @Test
    void tableDescription_whenImported_hasOneEntityForEveryItemWithWholeSlotKeysOnEveryIndex() {
        EntityDefinition item = ImportFormat.DESCRIBE_TABLE.read(ORDERS).document().entities().get("Item");

        assertThat(item.keys()).isEqualTo(KeyDefinition.of("{partitionKey}", "{sortKey}"));
        assertThat(item.indexes()).isEqualTo(Map.of("GSI1", KeyDefinition.of("{GSI1PK}", "{GSI1SK}"),
                "Inverted", KeyDefinition.of("{sortKey}", "{partitionKey}"), "ByCreatedAt", new KeyDefinition(List.of(), List.of("{createdAt}"), Optional.empty())));
        assertThat(item.attributeBag()).isTrue();
    }

    @Test
    void tableDescription_whenFieldsASchemaFileDoesNotHold_notesEachWithItsPath() {
        List<String> notes = ImportFormat.DESCRIBE_TABLE.read(ORDERS).notes().stream().map(ImportNote::toString).toList();

        assertThat(notes).contains(
                "not mapped: Table.DeletionProtectionEnabled: not part of a schema file's table; set it where the table is deployed "
                        + "(singletable export cloudformation or terraform, then edit)");
    }

    @Test
    void tableDescription_whenTheTableObjectAloneOrACreateTableRequest_readsItTheSame() {
        String request = "{\"TableName\": \"Orders\", \"KeySchema\": [{\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"}], "
                + "\"AttributeDefinitions\": [{\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}], \"BillingMode\": \"PAY_PER_REQUEST\"}";

        SchemaDocument document = ImportFormat.DESCRIBE_TABLE.read(request, "create-table.json").document();

        assertThat(document.table().sortKey()).isEmpty();
        assertThat(document.entities().get("Item").keys()).isEqualTo(new KeyDefinition(List.of("{partitionKey}"), List.of(), Optional.empty()));
    }

    @Test
    void tableDescription_whenNotATableDescription_saysWhatToGive() {
        assertThatThrownBy(() -> ImportFormat.DESCRIBE_TABLE.read("{\"ModelName\": \"m\"}", "model.json"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("Not a table description: it has no TableName and KeySchema; give the output of 'aws dynamodb describe-table "
                        + "--table-name NAME' (or the table object, or a CreateTable request)");
    }

    @Test
    void tableDescription_whenTheStreamIsOn_keepsItsViewType() {
        ImportResult result = ImportFormat.DESCRIBE_TABLE.read(ORDERS);

        assertThat(result.document().table().stream()).contains(software.amazon.awssdk.services.dynamodb.model.StreamViewType.NEW_AND_OLD_IMAGES);
        assertThat(result.notes()).extracting(ImportNote::toString).noneMatch(note -> note.contains("StreamSpecification"));
    }

    @Test
    void tableDescription_whenAGsisCapacityIsNotTheTables_notesIt() {
        List<String> notes = ImportFormat.DESCRIBE_TABLE.read(ORDERS).notes().stream().map(ImportNote::toString).toList();

        assertThat(notes).contains("not mapped: Table.GlobalSecondaryIndexes[0].ProvisionedThroughput: GSI GSI1 has 5 read and 5 write "
                + "capacity units; a schema file gives every GSI the table's (10 and 4): set the GSI's where the table is deployed "
                + "(singletable export cloudformation or terraform, then edit)");
    }

    @Test
    void tableDescription_whenATableCreatedWithoutBillingModeHasNoSummary_isProvisionedWithItsCapacity() {
        String described = "{\"Table\": {\"TableName\": \"Orders\", \"KeySchema\": [{\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"}], "
                + "\"AttributeDefinitions\": [{\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}], "
                + "\"ProvisionedThroughput\": {\"NumberOfDecreasesToday\": 0, \"ReadCapacityUnits\": 10, \"WriteCapacityUnits\": 4}}}";

        ImportResult result = ImportFormat.DESCRIBE_TABLE.read(described, "orders-old.table.json");

        assertThat(result.document().table().billing())
                .isEqualTo(new BillingDefinition(BillingDefinition.BillingMode.PROVISIONED, Optional.of(10L), Optional.of(4L)));
    }

    @Test
    void tableDescription_whenAnOnDemandTableHasNoSummary_staysOnDemand() {
        String described = "{\"Table\": {\"TableName\": \"Orders\", \"KeySchema\": [{\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"}], "
                + "\"AttributeDefinitions\": [{\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}], "
                + "\"ProvisionedThroughput\": {\"NumberOfDecreasesToday\": 0, \"ReadCapacityUnits\": 0, \"WriteCapacityUnits\": 0}}}";

        assertThat(ImportFormat.DESCRIBE_TABLE.read(described, "orders.table.json").document().table().billing())
                .isEqualTo(BillingDefinition.payPerRequest());
    }
}
