package dev.singletable.schema;

import dev.singletable.schema.AccessPatternDefinition.SortOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The {@code schema.json} of AWS's DynamoDB MCP server both ways: a hand-written schema of two tables with writes,
 * consistent reads, arrays of numbers and an entity type unlike its entity's name (each reported by its JSON path), and
 * designs of this repository exported and imported back, the differences asserted. Run with
 * {@code -Dsingletable.golden.update=true} to rewrite the golden file.
 */
class McpSchemaTest {
    private static final Path DEALS = SchemaFileImportTest.IMPORTS.resolve("mcp/deals.schema.json");

    @TempDir
    Path directory;

    private SchemaDocument writtenAndLoaded(ImportResult result) {
        return SchemaFileImportTest.writtenAndLoaded(result, directory);
    }

    @Test
    void mcpSchema_whenTheDealsSchema_keepsKeysIndexesFieldsAndReadPatternsAndReportsTheRestByPath() {
        ImportResult result = ImportFormat.MCP_SCHEMA.read(DEALS);

        SchemaDocument loaded = writtenAndLoaded(result);

        assertThat(loaded.table().name()).isEqualTo("Deals");
        assertThat(loaded.table().indexes()).containsExactly(
                new IndexDefinition("DealsByBrand", IndexDefinition.IndexKind.GLOBAL, Optional.empty(),
                        List.of(new KeyAttributeDefinition("gsi1_pk", KeyAttributeDefinition.KeyAttributeType.S)),
                        List.of(new KeyAttributeDefinition("gsi1_sk", KeyAttributeDefinition.KeyAttributeType.S)), ProjectionDefinition.all()),
                new IndexDefinition("WatchesByCategory", IndexDefinition.IndexKind.GLOBAL, Optional.empty(),
                        List.of(new KeyAttributeDefinition("category_id", KeyAttributeDefinition.KeyAttributeType.S)), List.of(),
                        new ProjectionDefinition(ProjectionDefinition.ProjectionType.INCLUDE, List.of("user_id", "created_at"))));
        EntityDefinition deal = loaded.entities().get("Deal");
        assertThat(deal.keys()).isEqualTo(KeyDefinition.of("DEAL#{deal_id}", "METADATA"));
        assertThat(deal.indexes()).isEqualTo(Map.of("DealsByBrand", KeyDefinition.of("BRAND#{brand_id}", "{created_at}")));
        assertThat(deal.attributes().get("price")).isEqualTo(AttributeDefinition.of(AttributeDefinition.AttributeKind.DECIMAL, false));
        assertThat(deal.attributes().get("stock")).isEqualTo(AttributeDefinition.of(AttributeDefinition.AttributeKind.LONG, false));
        assertThat(deal.attributes().get("tags")).isEqualTo(AttributeDefinition.of(AttributeDefinition.AttributeKind.STRING_LIST, false));
        assertThat(loaded.entities().get("Watch").indexes())
                .isEqualTo(Map.of("WatchesByCategory", new KeyDefinition(List.of("{category_id}"), List.of(), Optional.empty())));
        assertThat(loaded.accessPatterns()).extracting(AccessPatternDefinition::name)
                .containsExactly("get_deal", "deals_of_brand_between", "watches_of_user", "deal_fresh", "watchers_of_category");
        AccessPatternDefinition between = loaded.accessPatterns().get(1);
        assertThat(between.index()).contains("DealsByBrand");
        assertThat(between.key()).isEqualTo(Map.of("brand_id", "brand_id"));
        assertThat(between.sort()).hasValueSatisfying(sort -> {
            assertThat(sort.operator()).isEqualTo(SortOperator.BETWEEN);
            assertThat(sort.values()).isEqualTo(Map.of("created_at", "created_at"));
            assertThat(sort.to()).isEqualTo(Map.of("created_at", "created_at"));
        });
        assertThat(loaded.accessPatterns()).extracting(AccessPatternDefinition::consistentRead).containsExactly(false, false, false, true, false);
        assertThat(result.notes()).extracting(ImportNote::toString).containsExactly(
                "not mapped: tables[1]: table Audit: a schema file holds one table; import it with --table Audit, or every table with --each-table",
                "not mapped: tables[0].entities.Deal.access_patterns[1]: pattern put_deal: PutItem is a write or a batch; singletable/1 "
                        + "patterns are reads (get, query, scan): the entity's schema writes it",
                "not mapped: tables[0].entities.Watch.entity_type: 'USER_WATCH': singletable names each item's entity by the entity's name "
                        + "(Watch); rename the entity with --rename Watch=NEW if items must carry another",
                "not mapped: tables[0].entities.Watch.access_patterns[1]: pattern delete_watch: DeleteItem is a write or a batch; "
                        + "singletable/1 patterns are reads (get, query, scan): the entity's schema writes it",
                "inferred: tables[0].entities: the access patterns' values are placeholders of each slot's type (text: the slot's name, "
                        + "numbers: 1, booleans: true): give them example values to run them on sample items",
                "inferred: tables[0].entities.Watch: pattern watchers_of_category reads WatchesByCategory, which projects INCLUDE without "
                        + "[scores, settings, entityType]: written with fetchFullItems: true (the index read, then the whole items from the "
                        + "table); to read only what the index holds, write select: [...] instead");
    }

    @Test
    void mcpSchemaTables_whenTheSchemaHasTwoTables_givesADesignOfEachThatLoads() {
        List<ImportResult> tables = ImportFormat.MCP_SCHEMA.readTables(DEALS);

        assertThat(tables).extracting(t -> t.document().table().name()).containsExactly("Deals", "Audit");
        SchemaDocument audit = writtenAndLoaded(tables.get(1));
        assertThat(audit.table().sortKey()).isEmpty();
        assertThat(audit.entities().get("Event").keys()).isEqualTo(new KeyDefinition(List.of("{id}"), List.of(), Optional.empty()));
        assertThat(audit.entities().get("Event").attributes().get("id")).isEqualTo(AttributeDefinition.of(AttributeDefinition.AttributeKind.UUID, true));
        assertThat(audit.accessPatterns()).singleElement().satisfies(p -> assertThat(p.key()).isEqualTo(Map.of("id", "00000000-0000-0000-0000-000000000001")));
    }

    @Test
    void mcpSchema_whenTheImportedDealsAreExportedAndImportedAgain_givesTheSameDesign() throws IOException {
        SchemaDocument imported = ImportFormat.MCP_SCHEMA.read(DEALS).document();

        ExportResult exported = SchemaFileExport.mcpSchema(SchemaFile.of(imported));
        ImportResult again = ImportFormat.MCP_SCHEMA.read(exported.text(), "deals.schema.json");

        Path golden = SchemaFileImportTest.IMPORTS.resolve("mcp/deals.exported.schema.json");
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, exported.text(), StandardCharsets.UTF_8);
        }
        assertThat(exported.text()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
        assertThat(again.document()).isEqualTo(imported);
        assertThat(exported.notes()).extracting(ExportNote::toString).containsExactly(
                "not exported: accessPatterns[0].values: the pattern's example values (parameters carry names and types only)",
                "not exported: accessPatterns[1].values: the pattern's example values (parameters carry names and types only)",
                "not exported: accessPatterns[2].values: the pattern's example values (parameters carry names and types only)",
                "not exported: accessPatterns[3].values: the pattern's example values (parameters carry names and types only)",
                "not exported: accessPatterns[4].values: the pattern's example values (parameters carry names and types only)");
    }

    @Test
    void mcpSchema_whenTheBlogDesignIsExportedAndImportedBack_keepsTableKeysIndexesAndPatternsAndReportsWhatItDrops() {
        SchemaDocument blog = SchemaFile.load(Path.of("../designs/blog.singletable.yaml")).document();

        ExportResult exported = SchemaFileExport.mcpSchema(SchemaFile.load(Path.of("../designs/blog.singletable.yaml")));
        SchemaDocument back = ImportFormat.MCP_SCHEMA.read(exported.text(), "blog.schema.json").document();

        assertThat(back.table()).isEqualTo(new TableDefinition(blog.table().name(), Optional.empty(), blog.table().partitionKey(),
                blog.table().sortKey(), blog.table().entityTypeAttribute(), Optional.empty(), blog.table().billing(),
                blog.table().indexes().stream().map(i -> new IndexDefinition(i.name(), i.kind(), Optional.empty(), i.partitionKey(), i.sortKey(),
                        i.projection())).toList()));
        blog.entities().forEach((name, entity) -> {
            assertThat(back.entities().get(name).keys()).as(name).isEqualTo(entity.keys());
            assertThat(back.entities().get(name).indexes()).as(name).isEqualTo(entity.indexes());
            assertThat(back.entities().get(name).attributes().keySet()).as(name).isEqualTo(entity.attributes().keySet());
        });
        assertThat(back.accessPatterns()).extracting(AccessPatternDefinition::name, AccessPatternDefinition::operation, p -> p.index(),
                        p -> p.key().keySet())
                .isEqualTo(blog.accessPatterns().stream().map(p -> org.assertj.core.groups.Tuple.tuple(p.name(), p.operation(), p.index(),
                        p.key().keySet())).toList());
        assertThat(exported.notes()).extracting(ExportNote::toString).contains(
                "not exported: entities.User.attributes.createdAt.type: instant written as string",
                "not exported: entities.User.attributes.createdAt.role: createdAt",
                "not exported: entities.Post.attributes.postId.generated: ulid",
                "not exported: accessPatterns[1].sort: the raw prefix 'POST#': written as begins_with on the sort key",
                "not exported: accessPatterns[6].collection: UserPage: written under User as mixed_data",
                "not exported: accessPatterns[7].filter: the filter",
                "not exported: accessPatterns[7].order: descending",
                "not exported: accessPatterns[7].limit: 10");
    }

    @Test
    void mcpSchema_whenAPatternReadsAcrossBuckets_namesItsBoundsAsParametersAsForBetween() throws IOException {
        ExportResult exported = SchemaFileExport.mcpSchema(SchemaFile.load(Path.of("../designs/patterns.singletable.yaml")));
        com.fasterxml.jackson.databind.JsonNode patterns = new com.fasterxml.jackson.databind.ObjectMapper().readTree(exported.text())
                .path("tables").path(0).path("entities").path("Reading").path("access_patterns");
        List<String> parameters = new java.util.ArrayList<>();
        patterns.forEach(pattern -> {
            if (pattern.path("name").asText().equals("device-readings")) {
                pattern.path("parameters").forEach(p -> parameters.add(p.path("name").asText() + ": " + p.path("type").asText()));
            }
        });

        assertThat(parameters).containsExactly("deviceId: string", "takenAt_from: string", "takenAt_to: string");
        assertThat(exported.notes()).extracting(ExportNote::toString).contains("not exported: accessPatterns[2].acrossBuckets: a query of "
                + "each time bucket of takenAt (the schema holds one request per pattern): its bounds written as parameters takenAt_from "
                + "and takenAt_to");
    }

    @Test
    void mcpSchema_whenAnIndexIsShardedAndAPatternReadsAcrossShards_writesAShardFieldAndImportsBackTheShardSlotAndThePattern()
            throws IOException {
        SchemaDocument design = SchemaFile.load(Path.of("../designs/patterns.singletable.yaml")).document();
        ExportResult exported = SchemaFileExport.mcpSchema(SchemaFile.of(design));
        com.fasterxml.jackson.databind.JsonNode reading = new com.fasterxml.jackson.databind.ObjectMapper().readTree(exported.text())
                .path("tables").path(0).path("entities").path("Reading");
        ImportResult imported = ImportFormat.MCP_SCHEMA.read(exported.text(), "patterns.schema.json");
        SchemaDocument back = imported.document();

        assertThat(reading.path("gsi_mappings").path(0).path("pk_template").asText()).isEqualTo("READINGS#{takenAt}#{shard}");
        assertThat(reading.path("fields").get(reading.path("fields").size() - 1).toString())
                .isEqualTo("{\"name\":\"shard\",\"type\":\"integer\",\"required\":false}");
        assertThat(reading.path("access_patterns").path(1).path("description").asText()).isEqualTo("Every device's readings of a day: "
                + "one query per write shard (query each shard: {shard:of=deviceId,count=4}, shards 0 to 3)");
        assertThat(exported.notes()).extracting(ExportNote::toString).contains(
                "not exported: entities.Reading.indexes.GSI1: the shard slot {shard:of=deviceId,count=4}: written as {shard} and a field "
                        + "shard (integer), which the application sets to the shard of the item, 0 to 3, picked by a hash of deviceId as "
                        + "singletable's KeyTemplate does",
                "not exported: accessPatterns[3].acrossShards: a query of every shard of the partition key's shard slot (the schema holds "
                        + "one request per pattern): written as the query of one shard, which its parameter shard picks; query each shard "
                        + "(its description names {shard:of=deviceId,count=4}, which an import reads back)");
        assertThat(imported.notes()).extracting(ImportNote::toString).contains("inferred: tables[0].entities.Reading: entity Reading: "
                + "{shard} read as {shard:of=deviceId,count=4}, which the descriptions of its patterns across shards name; those patterns "
                + "read across shards");
        assertThat(back.entities().get("Reading").indexes().get("GSI1"))
                .isEqualTo(new KeyDefinition(List.of("READINGS#{takenAt}#{shard:of=deviceId,count=4}"), List.of("{takenAt}#{deviceId}"),
                        Optional.empty()));
        assertThat(back.entities().get("Reading").attributes()).containsOnlyKeys("deviceId", "takenAt", "value");
        AccessPatternDefinition original = design.accessPatterns().get(3);
        assertThat(back.accessPatterns().get(3)).isEqualTo(new AccessPatternDefinition(original.name(), original.description(),
                original.operation(), original.target(), original.index(), Map.of("takenAt", "takenAt"), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), true));
        SchemaFileImportTest.writtenAndLoaded(imported, directory);
    }

    @Test
    void mcpSchema_whenNoPatternNamesTheShardSlot_keepsTheShardFieldAndSaysSo() {
        String schema = """
                {"tables": [{"table_config": {"table_name": "Readings", "partition_key": "PK", "sort_key": "SK"},
                  "gsi_list": [{"name": "GSI1", "partition_key": "GSI1PK", "sort_key": "GSI1SK"}],
                  "entities": {"Reading": {"entity_type": "READING", "pk_template": "DEVICE#{deviceId}", "sk_template": "DAY#{day}",
                    "gsi_mappings": [{"name": "GSI1", "pk_template": "DAY#{day}#{shard}", "sk_template": "{deviceId}"}],
                    "fields": [{"name": "deviceId", "type": "string", "required": true}, {"name": "day", "type": "string", "required": true},
                               {"name": "shard", "type": "integer", "required": false}],
                    "access_patterns": [{"pattern_id": 1, "name": "of-a-day", "description": "A day's readings", "operation": "Query",
                      "index_name": "GSI1", "parameters": [{"name": "day", "type": "string"}, {"name": "shard", "type": "integer"}],
                      "return_type": "entity_list"}]}}}]}""";

        ImportResult imported = ImportFormat.MCP_SCHEMA.read(schema, "readings.schema.json");

        assertThat(imported.document().entities().get("Reading").indexes().get("GSI1").partition()).containsExactly("DAY#{day}#{shard}");
        assertThat(imported.document().accessPatterns().get(0).acrossShards()).isFalse();
        assertThat(imported.notes()).extracting(ImportNote::toString).contains("not mapped: tables[0].entities.Reading: entity Reading: "
                + "{shard} stays its integer field shard: no pattern's description names its shard slot (the export of singletable names it "
                + "on each pattern across shards); write {shard:of=ATTRIBUTE,count=N} by hand");
    }

    @Test
    void mcpSchema_whenARelationHasEdgeAttributes_writesItsAdjacencyItemsAsEntitiesWithTheEdgeFields() throws IOException {
        ExportResult exported = SchemaFileExport.mcpSchema(SchemaFile.load(Path.of("src/test/resources/exports/memberships-edge.singletable.yaml")));

        Path golden = Path.of("src/test/resources/exports/memberships-edge.mcp.schema.json");
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, exported.text(), StandardCharsets.UTF_8);
        }
        assertThat(exported.text()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
        assertThat(exported.notes()).extracting(ExportNote::toString).containsExactly(
                "not exported: entities.User.examples: examples (the schema holds no items)",
                "not exported: entities.User.description: entity descriptions",
                "not exported: entities.Group.examples: examples (the schema holds no items)",
                "not exported: entities.Group.description: entity descriptions",
                "not exported: relations.Membership.edge.role.type: enum written as string",
                "not exported: relations.Membership.edge.role.values: the enum's values",
                "not exported: relations.Membership.edge.joinedAt.type: instant written as string",
                "not exported: relations.Membership: relation Membership (User - Group): written as entities USERGROUP and GROUPUSER, "
                        + "its adjacency items with the edge attributes role, joinedAt, which an import reads back as the relation, named "
                        + "after its two entities; relate and related are not exported");
    }

    @Test
    void mcpSchema_whenARelationIsExportedAndImported_rebuildsTheRelationFromItsAdjacencyEntities() {
        SchemaDocument design = SchemaFile.load(Path.of("src/test/resources/exports/memberships-edge.singletable.yaml")).document();

        ImportResult imported = ImportFormat.MCP_SCHEMA.read(SchemaFileExport.mcpSchema(SchemaFile.of(design)).text(), "memberships.schema.json");

        RelationDefinition original = design.relations().get("Membership");
        assertThat(imported.document().entities()).containsOnlyKeys("User", "Group");
        // the schema holds no items (so no example pairs), nor the relation's name, propagation and the edge's enum values
        assertThat(imported.document().relations()).containsExactly(Map.entry("UserGroup", new RelationDefinition(Optional.empty(),
                original.first(), original.second(), original.firstSide(), original.secondSide(), original.itemTypes(), original.copyFromFirst(),
                original.copyFromSecond(), false, new java.util.LinkedHashMap<>(Map.of("role", AttributeDefinition.of(
                AttributeDefinition.AttributeKind.STRING, true), "joinedAt", AttributeDefinition.of(AttributeDefinition.AttributeKind.STRING,
                false))), List.of())));
        assertThat(writtenAndLoaded(imported).relations()).containsOnlyKeys("UserGroup");
    }

    @Test
    void mcpSchema_whenABetweenConditionAndAcrossBucketsBoundTheSameAttribute_namesEachBoundOnce() {
        // a between condition on takenAt within the days acrossBuckets reads
        SchemaFile design = SchemaFile.load(Path.of("src/test/resources/exports/readings-across-buckets.singletable.yaml"));

        String exported = SchemaFileExport.mcpSchema(design).text();

        assertThat(exported.replaceAll("\\s", "")).contains("\"parameters\":[{\"name\":\"deviceId\",\"type\":\"string\"},"
                + "{\"name\":\"takenAt_from\",\"type\":\"string\"},{\"name\":\"takenAt_to\",\"type\":\"string\"}]");
    }

    @Test
    void mcpSchema_whenAKindIsReadBackAsAnother_saysSoForThatKindAlone() {
        SchemaFile design = SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Kinds
                  partitionKey: {name: PK, type: S}
                entities:
                  Thing:
                    attributes:
                      id: {type: uuid, required: true}
                      name: {type: string}
                      count: {type: long}
                      price: {type: decimal}
                      seenAt: {type: dateTime}
                      labels: {type: stringMap}
                      aliases: {type: stringList}
                      extra: {type: document}
                    keys:
                      pk: "THING#{id}"
                """, "kinds.singletable.yaml");

        ExportResult exported = SchemaFileExport.mcpSchema(design);

        // uuid, string, long, decimal, a list of strings and a document come back as they went; these two do not
        assertThat(exported.notes()).extracting(ExportNote::toString).filteredOn(note -> note.contains(".type:")).containsExactly(
                "not exported: entities.Thing.attributes.seenAt.type: dateTime written as string",
                "not exported: entities.Thing.attributes.labels.type: stringMap written as object");
    }

    @Test
    void mcpSchema_whenNotASchemaJson_saysWhatItLacks() {
        assertThatThrownBy(() -> ImportFormat.MCP_SCHEMA.read("{\"DataModel\": []}", "model.json"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("tables: missing or empty; not a DynamoDB MCP schema.json (its tables list holds each table's table_config, "
                        + "gsi_list and entities)");
    }

    @Test
    void mcpSchema_whenAPatternFillsANumberSlot_givesItThePlaceholderOne() {
        String json = """
                {"tables": [{"table_config": {"table_name": "Counters", "partition_key": "pk"},
                  "entities": {"Counter": {"entity_type": "COUNTER", "pk_template": "COUNTER#{seq}",
                    "fields": [{"name": "seq", "type": "integer", "required": true}, {"name": "label", "type": "string"}],
                    "access_patterns": [{"pattern_id": 1, "name": "counter_by_seq", "operation": "GetItem",
                      "parameters": [{"name": "seq", "type": "integer"}], "return_type": "single_entity"}]}}}]}
                """;

        ImportResult result = ImportFormat.MCP_SCHEMA.read(json, "counters.schema.json");

        assertThat(result.document().accessPatterns()).singleElement()
                .satisfies(pattern -> assertThat(pattern.key()).isEqualTo(Map.of("seq", BigDecimal.ONE)));
    }
}
