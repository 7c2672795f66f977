package dev.singletable.cli.export;

import com.bertramlabs.plugins.hcl4j.HCLParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.singletable.Table;
import dev.singletable.cli.CommandRun;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable export cloudformation|terraform}: whole outputs against golden files in
 * {@code src/test/resources/export}, and each export proved on the embedded engine: the exported
 * YAML (Jackson) or HCL (hcl4j) is read back into a CreateTable request, that table is created,
 * and its description is compared with that of the table the library itself creates from the
 * design. Run with {@code -Dsingletable.golden.update=true} to rewrite the golden files.
 */
class TableExportCommandTest {
    private static final Path EXPORT = Path.of("src/test/resources/export");
    private static final Path DESIGNS = Path.of("../designs");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final AtomicInteger TABLES = new AtomicInteger();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    static {
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    }

    private static String golden(String actual, String name) throws IOException {
        Path golden = EXPORT.resolve(name);
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        return Files.readString(golden, StandardCharsets.UTF_8);
    }

    private static Path design(String name) {
        return name.equals("tournaments") ? EXPORT.resolve("tournaments.singletable.yaml") : DESIGNS.resolve(name + ".singletable.yaml");
    }

    @ParameterizedTest
    @ValueSource(strings = {"blog", "shapes", "tournaments"})
    void exportCloudFormation_whenDesignGiven_printsTheTemplate(String name) throws IOException {
        CommandRun run = run("export", "cloudformation", design(name).toString(), "--tag", "team=data", "--tag", "cost-center=42");

        assertThat(run).isEqualTo(new CommandRun(0, golden(run.out(), name + ".cloudformation.yaml"), ""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"blog", "shapes", "tournaments"})
    void exportTerraform_whenDesignGiven_printsTheResource(String name) throws IOException {
        CommandRun run = run("export", "terraform", design(name).toString(), "--tag", "team=data", "--tag", "cost-center=42");

        assertThat(run).isEqualTo(new CommandRun(0, golden(run.out(), name + ".tf"), ""));
    }

    @Test
    void exportCloudFormation_whenTheTableHasSeveralGsisAndOneLsi_countsEachInItsNumber(@TempDir Path dir) {
        Path file = dir.resolve("shapes.yaml");

        CommandRun run = run("export", "cloudformation", design("shapes").toString(), "-o", file.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "wrote " + file + ": CloudFormation template, table ShapesTable (2 GSIs, 1 LSI)\n", ""));
    }

    @Test
    void exportCloudFormation_whenProtectionsAreTurnedOff_writesThemFalseToTheFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("blog.yaml");

        CommandRun run = run("export", "cloudformation", design("blog").toString(), "--no-point-in-time-recovery", "--no-deletion-protection",
                "-o", file.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "wrote " + file + ": CloudFormation template, table BlogTable (1 GSI, 0 LSIs)\n", ""));
        JsonNode properties = YAML.readTree(file.toFile()).at("/Resources/BlogTable/Properties");
        assertThat(properties.at("/PointInTimeRecoverySpecification/PointInTimeRecoveryEnabled").asBoolean(true)).isFalse();
        assertThat(properties.at("/DeletionProtectionEnabled").isBoolean()).isTrue();
        assertThat(properties.at("/DeletionProtectionEnabled").asBoolean(true)).isFalse();
    }

    @Test
    void exportTerraform_whenProtectionsAreTurnedOff_writesThemFalse() throws IOException {
        CommandRun run = run("export", "terraform", design("blog").toString(), "--no-point-in-time-recovery", "--no-deletion-protection");

        Map<String, Object> resource = terraformResource(run.out());
        assertThat(resource.get("deletion_protection_enabled")).isEqualTo(false);
        assertThat(blocks(resource.get("point_in_time_recovery")).get(0)).isEqualTo(Map.of("enabled", false));
    }

    @Test
    void export_whenFormatIsMissing_exitsTwoNamingTheFormats() {
        CommandRun run = run("export");

        assertThat(run).isEqualTo(new CommandRun(2, "", "Missing format: nosql-workbench, onetable, dynatable, mcp-schema, dynamodb-toolbox, cloudformation or terraform\n"
                + "Run 'singletable export --help' for its options.\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "nosql-workbench", "onetable", "dynatable", "mcp-schema", "dynamodb-toolbox", "cloudformation", "terraform"})
    void help_whenAsked_listsTheFormatsAndEachFormatsOptions(String format) {
        dev.singletable.cli.data.CliRun.of(format.isEmpty() ? new String[] {"export", "--help"} : new String[] {"export", format, "--help"})
                .matchesGolden("help/export" + (format.isEmpty() ? "" : "-" + format) + ".txt");
    }

    @ParameterizedTest
    @ValueSource(strings = {"blog", "shapes"})
    void exportCloudFormation_whenAppliedToTheEmbeddedEngine_createsTheTableTheLibraryCreates(String name) throws IOException {
        CommandRun run = run("export", "cloudformation", design(name).toString());
        JsonNode resource = YAML.readTree(run.out()).path("Resources").elements().next();
        assertThat(resource.path("Type").asText()).isEqualTo("AWS::DynamoDB::Table");

        CreateTableRequest exported = fromCloudFormation(resource.path("Properties"));

        assertThat(describe(exported)).isEqualTo(describe(libraryRequest(name)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"blog", "shapes"})
    void exportTerraform_whenAppliedToTheEmbeddedEngine_createsTheTableTheLibraryCreates(String name) throws IOException {
        CommandRun run = run("export", "terraform", design(name).toString());

        CreateTableRequest exported = fromTerraform(terraformResource(run.out()));

        assertThat(describe(exported)).isEqualTo(describe(libraryRequest(name)));
    }

    @Test
    void exports_whenDesignIsProvisionedWithMultiAttributeKeys_giveTheSameRequestFromBothFormats() throws IOException {
        CreateTableRequest cloudFormation = fromCloudFormation(YAML.readTree(run("export", "cloudformation", design("tournaments").toString()).out())
                .path("Resources").path("Tournaments").path("Properties"));
        CreateTableRequest terraform = fromTerraform(terraformResource(run("export", "terraform", design("tournaments").toString()).out()));

        // multi-attribute GSI keys need DynamoDB Local 3.3+: the requests are compared with the library's instead,
        // whose createTableRequest() is on demand (it creates test tables), so billing is compared with the design's
        ProvisionedThroughput designed = ProvisionedThroughput.builder().readCapacityUnits(5L).writeCapacityUnits(2L).build();
        assertThat(cloudFormation).isEqualTo(terraform);
        assertThat(cloudFormation.billingMode()).isEqualTo(BillingMode.PROVISIONED);
        assertThat(cloudFormation.provisionedThroughput()).isEqualTo(designed);
        assertThat(cloudFormation.globalSecondaryIndexes()).allSatisfy(index -> assertThat(index.provisionedThroughput()).isEqualTo(designed));
        assertThat(normalized(onDemand(cloudFormation))).isEqualTo(normalized(libraryRequest("tournaments")));
    }

    /** A design of one table with a key only, in {@code dir} as {@code file}. */
    private static Path tinyDesign(Path dir, String file, String table) throws IOException {
        return Files.writeString(dir.resolve(file), """
                format: singletable/1
                table:
                  name: "%s"
                  partitionKey: {name: PK, type: S}
                entities:
                  User:
                    attributes:
                      id: {type: string, required: true}
                    keys: {pk: "USER#{id}"}
                """.formatted(table));
    }

    @Test
    void exportCloudFormation_whenTableNamesGiveOneLogicalId_numbersTheLaterOnesAndWritesEveryTable(@TempDir Path dir) throws IOException {
        Path designs = Files.createDirectories(dir.resolve("designs"));
        for (String table : List.of("ab.c", "abc", "ab_c", "ab-c")) {
            tinyDesign(designs, table + ".singletable.yaml", table);
        }

        CommandRun run = run("export", "cloudformation", designs.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        Map<String, String> tableOfResource = new TreeMap<>();
        YAML.readTree(run.out()).path("Resources").fields().forEachRemaining(e -> tableOfResource.put(e.getKey(),
                e.getValue().at("/Properties/TableName").asText()));
        assertThat(tableOfResource).isEqualTo(Map.of("abc", "ab-c", "abc2", "ab.c", "abc3", "ab_c", "abc4", "abc"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void exportTerraform_whenTableNamesGiveOneResourceName_numbersTheLaterOnesAndWritesEveryTable(@TempDir Path dir) throws IOException {
        Path designs = Files.createDirectories(dir.resolve("designs"));
        for (String table : List.of("ab.c", "abc", "ab_c", "ab-c")) {
            tinyDesign(designs, table + ".singletable.yaml", table);
        }

        CommandRun run = run("export", "terraform", designs.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines().filter(line -> line.startsWith("resource ")).toList()).containsExactly(
                "resource \"aws_dynamodb_table\" \"ab-c\" {", "resource \"aws_dynamodb_table\" \"ab_c\" {",
                "resource \"aws_dynamodb_table\" \"ab_c2\" {", "resource \"aws_dynamodb_table\" \"abc\" {");
        Map<String, Object> resources;
        try {
            resources = (Map<String, Object>) ((Map<String, Object>) new HCLParser().parse(run.out()).get("resource")).get("aws_dynamodb_table");
        } catch (Exception e) {
            throw new IOException(e);
        }
        assertThat(resources.values().stream().map(r -> ((Map<String, Object>) r).get("name")).toList())
                .containsExactlyInAnyOrder("ab-c", "ab.c", "ab_c", "abc");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cloudformation", "terraform"})
    void export_whenTwoFilesDeclareOneTable_exitsOneNamingBothFilesAndWritesNothing(String format, @TempDir Path dir) throws IOException {
        Path designs = Files.createDirectories(dir.resolve("designs"));
        tinyDesign(designs, "a.singletable.yaml", "Customers");
        tinyDesign(designs, "b.singletable.yaml", "Customers");
        Path output = dir.resolve("out.txt");

        CommandRun run = run("export", format, designs.toString(), "-o", output.toString());

        assertThat(run).isEqualTo(new CommandRun(1, "", designs.resolve("b.singletable.yaml") + ": table Customers is also the table of "
                + designs.resolve("a.singletable.yaml") + "; an export declares each table once, so nothing is exported: export the files "
                + "one at a time, or rename one table\n"));
        assertThat(output).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"cloudformation", "terraform"})
    void export_whenATagBreaksDynamoDbsRules_exitsTwoNamingTheTagAndTheRule(String format) {
        Map<List<String>, String> refusals = new java.util.LinkedHashMap<>();
        refusals.put(List.of("--tag", "a=1", "--tag", "a=2"), "--tag a=2: key 'a' is also given as --tag a=1; a table has one value per tag key: give it once");
        refusals.put(List.of("--tag", "=x"), "--tag =x: the key is empty; a tag key is 1 to 128 characters");
        refusals.put(List.of("--tag", "aws:created=me"), "--tag aws:created=me: keys starting with 'aws:' are AWS's own; choose another key");
        refusals.put(List.of("--tag", "Aws:x=1"), "--tag Aws:x=1: keys starting with 'Aws:' are AWS's own; choose another key");
        refusals.put(List.of("--tag", "team"), "--tag team: it has no '='; write KEY=VALUE (KEY= for an empty value)");
        refusals.put(List.of("--tag", "k".repeat(129) + "=v"), "--tag " + "k".repeat(129) + "=v: the key is 129 characters; a tag key is at most 128");
        refusals.put(List.of("--tag", "k=" + "v".repeat(257)), "--tag k=" + "v".repeat(257) + ": the value is 257 characters; a tag value is at most 256");
        refusals.put(List.of("--tag", "b=\"${x}"), "--tag b=\"${x}: DynamoDB's tags hold letters, white space, digits and + - = . _ : / @ only");

        refusals.forEach((tags, message) -> {
            List<String> args = new ArrayList<>(List.of("export", format, design("blog").toString()));
            args.addAll(tags);

            CommandRun run = run(args);

            assertThat(new CommandRun(run.exitCode(), run.out(), run.err().lines().findFirst().orElse(""))).as(tags.toString())
                    .isEqualTo(new CommandRun(2, "", message));
        });
    }

    @Test
    void exportCloudFormation_whenTagsUseDynamoDbsOtherCharacters_writesThemAsGiven() throws IOException {
        CommandRun run = run("export", "cloudformation", design("blog").toString(), "--tag", "owner=me@example.org", "--tag", "path=a/b c+d",
                "--tag", "empty=");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(YAML.readTree(run.out()).at("/Resources/BlogTable/Properties/Tags")).isEqualTo(YAML.readTree("""
                - {Key: owner, Value: me@example.org}
                - {Key: path, Value: a/b c+d}
                - {Key: empty, Value: ""}
                """));
    }

    @Test
    void exportTerraform_whenAGsiHasAMultiAttributeKey_requiresTheProviderVersionThatReadsKeySchemaBlocks() {
        CommandRun run = run("export", "terraform", design("tournaments").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().substring(run.out().indexOf("\n\n") + 2, run.out().indexOf("resource "))).isEqualTo("""
                # Tournaments.byRegionAndRound has a multi-attribute key, written as key_schema blocks,
                # which the AWS provider reads from version 6.29.0 on (move this to your terraform block if you have one)
                terraform {
                  required_providers {
                    aws = {
                      source  = "hashicorp/aws"
                      version = ">= 6.29.0"
                    }
                  }
                }

                """);
    }

    @Test
    void exportTerraform_whenNoKeyHasSeveralAttributes_statesNoProviderVersion() {
        CommandRun run = run("export", "terraform", design("blog").toString());

        assertThat(run.out()).doesNotContain("terraform {", "required_providers");
    }

    // ---- reading the exports back

    private static CreateTableRequest fromCloudFormation(JsonNode properties) {
        CreateTableRequest.Builder request = CreateTableRequest.builder()
                .tableName(properties.path("TableName").asText())
                .billingMode(properties.path("BillingMode").asText())
                .keySchema(keySchema(properties.path("KeySchema")))
                .attributeDefinitions(list(properties.path("AttributeDefinitions"), a -> AttributeDefinition.builder()
                        .attributeName(a.path("AttributeName").asText()).attributeType(a.path("AttributeType").asText()).build()));
        throughput(properties).ifPresent(request::provisionedThroughput);
        if (properties.has("GlobalSecondaryIndexes")) {
            request.globalSecondaryIndexes(list(properties.path("GlobalSecondaryIndexes"), i -> {
                GlobalSecondaryIndex.Builder index = GlobalSecondaryIndex.builder().indexName(i.path("IndexName").asText())
                        .keySchema(keySchema(i.path("KeySchema"))).projection(projection(i.path("Projection")));
                throughput(i).ifPresent(index::provisionedThroughput);
                return index.build();
            }));
        }
        if (properties.has("LocalSecondaryIndexes")) {
            request.localSecondaryIndexes(list(properties.path("LocalSecondaryIndexes"), i -> LocalSecondaryIndex.builder()
                    .indexName(i.path("IndexName").asText()).keySchema(keySchema(i.path("KeySchema"))).projection(projection(i.path("Projection"))).build()));
        }
        if (properties.has("StreamSpecification")) {
            request.streamSpecification(s -> s.streamEnabled(true).streamViewType(properties.at("/StreamSpecification/StreamViewType").asText()));
        }
        return request.build();
    }

    private static Optional<ProvisionedThroughput> throughput(JsonNode node) {
        JsonNode throughput = node.path("ProvisionedThroughput");
        return throughput.isMissingNode() ? Optional.empty() : Optional.of(ProvisionedThroughput.builder()
                .readCapacityUnits(throughput.path("ReadCapacityUnits").asLong()).writeCapacityUnits(throughput.path("WriteCapacityUnits").asLong()).build());
    }

    private static List<KeySchemaElement> keySchema(JsonNode array) {
        return list(array, k -> KeySchemaElement.builder().attributeName(k.path("AttributeName").asText()).keyType(k.path("KeyType").asText()).build());
    }

    private static Projection projection(JsonNode node) {
        Projection.Builder projection = Projection.builder().projectionType(node.path("ProjectionType").asText());
        if (node.has("NonKeyAttributes")) {
            projection.nonKeyAttributes(list(node.path("NonKeyAttributes"), JsonNode::asText));
        }
        return projection.build();
    }

    private static <T> List<T> list(JsonNode array, java.util.function.Function<JsonNode, T> element) {
        List<T> list = new ArrayList<>();
        array.forEach(node -> list.add(element.apply(node)));
        return list;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> terraformResource(String hcl) throws IOException {
        Map<String, Object> parsed;
        try {
            parsed = new HCLParser().parse(hcl);
        } catch (Exception e) {
            throw new IOException("the export is not valid HCL: " + e.getMessage(), e);
        }
        Map<String, Object> resources = (Map<String, Object>) ((Map<String, Object>) parsed.get("resource")).get("aws_dynamodb_table");
        assertThat(resources).hasSize(1);
        return (Map<String, Object>) resources.values().iterator().next();
    }

    /** A block HCL repeats is a list of maps; hcl4j gives one block as a map or a one-element list. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> blocks(Object value) {
        if (value == null) {
            return List.of();
        }
        return value instanceof List<?> list ? (List<Map<String, Object>>) list : List.of((Map<String, Object>) value);
    }

    @SuppressWarnings("unchecked")
    private static CreateTableRequest fromTerraform(Map<String, Object> resource) {
        String billing = (String) resource.get("billing_mode");
        CreateTableRequest.Builder request = CreateTableRequest.builder()
                .tableName((String) resource.get("name"))
                .billingMode(billing)
                .keySchema(keys(resource))
                .attributeDefinitions(blocks(resource.get("attribute")).stream().map(a -> AttributeDefinition.builder()
                        .attributeName((String) a.get("name")).attributeType((String) a.get("type")).build()).toList());
        if (resource.containsKey("read_capacity")) {
            request.provisionedThroughput(capacity(resource));
        }
        List<Map<String, Object>> globals = blocks(resource.get("global_secondary_index"));
        if (!globals.isEmpty()) {
            request.globalSecondaryIndexes(globals.stream().map(i -> {
                GlobalSecondaryIndex.Builder index = GlobalSecondaryIndex.builder().indexName((String) i.get("name")).keySchema(keys(i))
                        .projection(terraformProjection(i));
                if (i.containsKey("read_capacity")) {
                    index.provisionedThroughput(capacity(i));
                }
                return index.build();
            }).toList());
        }
        List<Map<String, Object>> locals = blocks(resource.get("local_secondary_index"));
        if (!locals.isEmpty()) {
            request.localSecondaryIndexes(locals.stream().map(i -> LocalSecondaryIndex.builder().indexName((String) i.get("name"))
                    .keySchema(KeySchemaElement.builder().attributeName((String) resource.get("hash_key")).keyType("HASH").build(),
                            KeySchemaElement.builder().attributeName((String) i.get("range_key")).keyType("RANGE").build())
                    .projection(terraformProjection(i)).build()).toList());
        }
        if (Boolean.TRUE.equals(resource.get("stream_enabled"))) {
            request.streamSpecification(s -> s.streamEnabled(true).streamViewType((String) resource.get("stream_view_type")));
        }
        return request.build();
    }

    private static List<KeySchemaElement> keys(Map<String, Object> block) {
        List<Map<String, Object>> keySchema = blocks(block.get("key_schema"));
        if (!keySchema.isEmpty()) {
            return keySchema.stream().map(k -> KeySchemaElement.builder().attributeName((String) k.get("attribute_name"))
                    .keyType((String) k.get("key_type")).build()).toList();
        }
        List<KeySchemaElement> keys = new ArrayList<>();
        keys.add(KeySchemaElement.builder().attributeName((String) block.get("hash_key")).keyType("HASH").build());
        if (block.containsKey("range_key")) {
            keys.add(KeySchemaElement.builder().attributeName((String) block.get("range_key")).keyType("RANGE").build());
        }
        return keys;
    }

    @SuppressWarnings("unchecked")
    private static Projection terraformProjection(Map<String, Object> index) {
        Projection.Builder projection = Projection.builder().projectionType((String) index.get("projection_type"));
        if (index.containsKey("non_key_attributes")) {
            projection.nonKeyAttributes((List<String>) index.get("non_key_attributes"));
        }
        return projection.build();
    }

    private static ProvisionedThroughput capacity(Map<String, Object> block) {
        return ProvisionedThroughput.builder().readCapacityUnits(((Number) block.get("read_capacity")).longValue())
                .writeCapacityUnits(((Number) block.get("write_capacity")).longValue()).build();
    }

    // ---- the library's table, and what the engine makes of a request

    private static CreateTableRequest libraryRequest(String name) {
        return Table.of(SchemaFile.load(design(name)).tableSchema(), db.client()).createTableRequest();
    }

    /** The created table's shape: key schema, attribute definitions, indexes with key schema and projection, billing; names aside. */
    private static String describe(CreateTableRequest request) {
        DynamoDbClient client = db.client();
        String tableName = request.tableName() + "-export-" + TABLES.incrementAndGet();
        client.createTable(request.toBuilder().tableName(tableName).build());
        try {
            TableDescription table = client.describeTable(b -> b.tableName(tableName)).table();
            StringBuilder shape = new StringBuilder();
            shape.append("key ").append(table.keySchema()).append('\n');
            table.attributeDefinitions().stream().sorted(Comparator.comparing(AttributeDefinition::attributeName))
                    .forEach(a -> shape.append("attribute ").append(a.attributeName()).append(' ').append(a.attributeTypeAsString()).append('\n'));
            Map<String, String> indexes = new TreeMap<>();
            table.globalSecondaryIndexes().forEach(i -> indexes.put(i.indexName(), "global " + i.keySchema() + " " + i.projection()));
            table.localSecondaryIndexes().forEach(i -> indexes.put(i.indexName(), "local " + i.keySchema() + " " + i.projection()));
            indexes.forEach((index, description) -> shape.append("index ").append(index).append(' ').append(description).append('\n'));
            shape.append("billing ").append(table.billingModeSummary() == null ? "PROVISIONED" : table.billingModeSummary().billingModeAsString());
            if (table.streamSpecification() != null && Boolean.TRUE.equals(table.streamSpecification().streamEnabled())) {
                shape.append("\nstream ").append(table.streamSpecification().streamViewTypeAsString());
            }
            return shape.toString();
        } finally {
            client.deleteTable(b -> b.tableName(tableName));
        }
    }

    private static CreateTableRequest onDemand(CreateTableRequest request) {
        return request.toBuilder().billingMode(BillingMode.PAY_PER_REQUEST).provisionedThroughput((ProvisionedThroughput) null)
                .globalSecondaryIndexes(request.globalSecondaryIndexes().stream()
                        .map(index -> index.toBuilder().provisionedThroughput((ProvisionedThroughput) null).build()).toList())
                .build();
    }

    /** The request with its lists in a fixed order, for comparing requests made in different orders. */
    private static CreateTableRequest normalized(CreateTableRequest request) {
        return request.toBuilder()
                .attributeDefinitions(request.attributeDefinitions().stream().sorted(Comparator.comparing(AttributeDefinition::attributeName)).toList())
                .globalSecondaryIndexes(request.globalSecondaryIndexes().stream().sorted(Comparator.comparing(GlobalSecondaryIndex::indexName)).toList())
                .localSecondaryIndexes(request.localSecondaryIndexes().stream().sorted(Comparator.comparing(LocalSecondaryIndex::indexName)).toList())
                .build();
    }
}
