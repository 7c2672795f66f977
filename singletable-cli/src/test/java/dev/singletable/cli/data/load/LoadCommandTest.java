package dev.singletable.cli.data.load;

import dev.singletable.TableNotFoundException;
import dev.singletable.DynamicItem;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.cli.CommandRun;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileExport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code singletable load} end to end: the command against the embedded engine over HTTP (as against any
 * endpoint), whole outputs compared with golden files (paths and the endpoint replaced by
 * placeholders), and the table read back.
 */
class LoadCommandTest {
    /** A design of notes with a string list, map and set, and a decimal. */
    private static final String NOTES = """
            format: singletable/1
            table:
              name: Notes
              partitionKey: {name: PK}
              sortKey: {name: SK}
            entities:
              Note:
                attributes:
                  noteId: {type: string, required: true}
                  tags: {type: stringList}
                  labels: {type: stringMap}
                  flags: {type: stringSet}
                  amount: {type: decimal}
                keys: {pk: "NOTE#{noteId}", sk: NOTE}
            """;

    private static final String DESIGN = "../designs/blog.singletable.yaml";
    /** A design of number and binary sets, a document, a list of integers. */
    private static final String SHAPES = "src/test/resources/shapes/shapes.singletable.yaml";
    private static final SchemaFile BLOG = SchemaFile.load(Path.of(DESIGN));
    private static final Path GOLDEN = Path.of("src/test/resources/golden/load");
    private static final AtomicInteger TABLES = new AtomicInteger();

    static {
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn"); // as Main sets it
        System.getProperties().putIfAbsent("aws.java.v1.disableDeprecationAnnouncement", "true");
    }

    @RegisterExtension
    static final LocalDynamoDbExtension DB = LocalDynamoDbExtension.engineOnly();

    @TempDir
    Path directory;

    private final String tableName = "LoadCommandTest-" + TABLES.incrementAndGet() + "-" + System.nanoTime();

    private CommandRun load(String... args) {
        return loadInto(DESIGN, args);
    }

    private CommandRun loadInto(String design, String... args) {
        List<String> all = new ArrayList<>(List.of("load", design));
        all.addAll(List.of(args));
        all.addAll(List.of("--endpoint", DB.engine().endpoint().toString(), "--table", tableName, "--progress-every", "0"));
        return CommandRun.run(all).mapOutputs(this::placeholders);
    }

    private String placeholders(String text) {
        return text.replace(directory.toString(), "<dir>").replace(DB.engine().endpoint().toString(), "<endpoint>")
                .replace(tableName, "<table>").replace(System.lineSeparator(), "\n");
    }

    private Table table() {
        return Table.of(BLOG.tableSchema().toBuilder().name(tableName).build(), DB.client());
    }

    private long count(String entity) {
        return table().scan(BLOG.entity(entity)).count();
    }

    /** The golden file's text; run with {@code -Dsingletable.golden.update=true} to write {@code actual} there first. */
    private static String golden(String name, String actual) throws IOException {
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(GOLDEN.resolve(name), actual, StandardCharsets.UTF_8);
        }
        return Files.readString(GOLDEN.resolve(name), StandardCharsets.UTF_8);
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(directory.resolve(name), text, StandardCharsets.UTF_8);
    }

    @Test
    void load_whenRowsAreBad_reportsEachWithItsLineAndWritesNoneOfThem() throws IOException {
        Path file = write("bad.jsonl", String.join("\n",
                "{\"entity\": \"User\", \"username\": \"alice\", \"name\": \"Alice\", \"email\": \"alice@example.com\"}",
                "{\"entity\": \"Pots\", \"username\": \"alice\", \"postId\": \"P1\", \"title\": \"Hello\", \"published\": true}",
                "{\"entity\": \"PostTag\", \"postId\": \"P1\"}",
                "{\"entity\": \"Post\", \"username\": \"alice\", \"postId\": \"P2\", \"title\": \"Hello\", \"published\": \"yes\"}",
                "{\"entity\": \"User\", \"username\": \"bob\", \"name\": \"Bob\", \"email\": \"bob@example.com\", \"bio\": \""
                        + "x".repeat(401 * 1024) + "\"}",
                "{\"entity\": \"User\", \"username\": \"alice\", \"nmae\": \"Alice\"}",
                "") + "\n");

        CommandRun run = load(file.toString());

        assertThat(run).isEqualTo(new CommandRun(1, golden("bad-rows.txt", run.out()), ""));
        assertThat(Files.readString(directory.resolve("bad.jsonl.load-report.txt")).replace(directory.toString(), "<dir>"))
                .isEqualTo(golden("bad-rows.report.txt", Files.readString(directory.resolve("bad.jsonl.load-report.txt")).replace(directory.toString(), "<dir>")));
        assertThat(List.of(count("User"), count("Post"), count("PostTag"), count("Comment"))).containsExactly(1L, 0L, 0L, 0L);
    }

    @Test
    void load_whenANumberHasMoreDigitsThanDynamoDbHolds_refusesTheRowWithTheRoundedNumberNotJavaAdvice() throws IOException {
        Path numbers = write("numbers.jsonl", """
                {"entity": "Thing", "id": "a", "doc": {"x": 12345678901234567890123456789012345678901}}
                {"entity": "Thing", "id": "b", "title": 12345678901234567890123456789012345678901}
                """);

        CommandRun run = loadInto("src/test/resources/arguments/things.singletable.yaml", numbers.toString());

        assertThat(run.exitCode()).as(run.out()).isEqualTo(1);
        assertThat(Files.readString(directory.resolve("numbers.jsonl.load-report.txt")).replace(directory.toString(), "<dir>")).isEqualTo("""
                <dir>/numbers.jsonl:1: Thing.doc: 12345678901234567890123456789012345678901 has 41 significant digits, and DynamoDB \
                numbers hold at most 38: give it rounded to 38 (12345678901234567890123456789012345679000), or give the number as \
                text in JSON quotes to keep every digit (refused)
                <dir>/numbers.jsonl:2: Thing.title is string: got the number 12345678901234567890123456789012345678901, not a string; \
                write text in quotes ("12345678901234567890123456789012345678901") (refused)
                """);
    }

    @Test
    void load_whenEpochSecondsHaveAFraction_refusesTheRowNamingTheSecondToGiveNotJavaAdvice() throws IOException {
        Path fractions = write("fractions.jsonl", """
                {"entity": "Thing", "id": "c", "es": "2025-01-01T00:00:00.5Z"}
                """);

        CommandRun run = loadInto("src/test/resources/arguments/things.singletable.yaml", fractions.toString());

        assertThat(run.exitCode()).as(run.out()).isEqualTo(1);
        assertThat(Files.readString(directory.resolve("fractions.jsonl.load-report.txt")).replace(directory.toString(), "<dir>")).isEqualTo("""
                <dir>/fractions.jsonl:1: Thing.es: '2025-01-01T00:00:00.5Z' has a fraction of a second, and an epochSeconds \
                attribute holds whole seconds: give 2025-01-01T00:00:00Z (refused)
                """);
    }

    @Test
    void load_whenAPathKeySlotIsAnEmptyList_refusesTheRowSayingWhatToGiveNotJavaAdvice() throws IOException {
        Path paths = write("paths.jsonl", """
                {"entity": "Category", "catalog": "main", "path": [], "name": "e"}
                """);

        CommandRun run = loadInto("../designs/patterns.singletable.yaml", paths.toString());

        assertThat(run.exitCode()).as(run.out()).isEqualTo(1);
        assertThat(Files.readString(directory.resolve("paths.jsonl.load-report.txt")).replace(directory.toString(), "<dir>")).isEqualTo("""
                <dir>/paths.jsonl:1: Category.path is the path in key template 'CATEGORY#{path}', which needs at least one segment: \
                give one or more, such as path='["ELECTRONICS","AUDIO"]' (in a file, ["ELECTRONICS", "AUDIO"]) (refused)
                """);
    }

    @Test
    void load_whenAnEarlierLoadLeftAReportAndNothingIsRefusedNow_deletesTheStaleReport() throws IOException {
        Path file = write("fixed.jsonl", "{\"entity\": \"Pots\", \"username\": \"alice\", \"postId\": \"P1\"}\n");
        CommandRun first = load(file.toString());
        write("fixed.jsonl", "{\"entity\": \"User\", \"username\": \"alice\", \"name\": \"Alice\", \"email\": \"alice@example.com\"}\n");

        CommandRun second = load(file.toString());

        assertThat(List.of(first.exitCode(), second.exitCode(), Files.exists(directory.resolve("fixed.jsonl.load-report.txt")),
                second.out().contains("report"))).containsExactly(1, 0, false, false);
    }

    @Test
    void load_whenAnEarlierLoadLeftAReportAndFewerRowsAreRefusedNow_replacesTheReport() throws IOException {
        Path file = write("again.jsonl", "{\"entity\": \"Pots\", \"username\": \"alice\", \"postId\": \"P1\"}\n"
                + "{\"entity\": \"Pots\", \"username\": \"bob\", \"postId\": \"P2\"}\n");
        load(file.toString());
        write("again.jsonl", "{\"entity\": \"User\", \"username\": \"alice\", \"name\": \"Alice\", \"email\": \"alice@example.com\"}\n"
                + "{\"entity\": \"Pots\", \"username\": \"bob\", \"postId\": \"P2\"}\n");

        load(file.toString());

        assertThat(Files.readString(directory.resolve("again.jsonl.load-report.txt")).replace(directory.toString(), "<dir>").lines()
                .map(line -> line.substring(0, line.indexOf(": ") + 1)).toList()).containsExactly("<dir>/again.jsonl:2:");
    }

    @Test
    void load_whenARowGivesAKeyTwice_refusesItNamingLineAndKeyAndWritesNoneOfIt() throws IOException {
        Path file = write("twice.jsonl", String.join("\n",
                "{\"entity\": \"User\", \"username\": \"amy\", \"name\": \"Amy\", \"email\": \"amy@example.com\", \"name\": \"Ann\"}",
                "{\"entity\": \"User\", \"entity\": \"Nope\", \"username\": \"bea\", \"name\": \"Bea\", \"email\": \"bea@example.com\"}",
                "{\"entity\": \"User\", \"username\": \"cat\", \"name\": \"Cat\", \"email\": \"cat@example.com\"}",
                "") + "\n");
        Path export = write("twice.json", "{\"Item\": {\"entityType\": {\"S\": \"User\"}, \"username\": {\"S\": \"dan\"}, "
                + "\"name\": {\"S\": \"Dan\"}, \"email\": {\"S\": \"dan@example.com\", \"S\": \"d@example.com\"}}}\n");

        CommandRun run = load(file.toString(), export.toString());

        assertThat(run).isEqualTo(new CommandRun(1, golden("duplicate-keys.txt", run.out()), ""));
        assertThat(table().scan(BLOG.entity("User")).list()).extracting(user -> user.getString("username")).containsExactly("cat");
    }

    @Test
    void load_whenRunsJsonLinesOfStateEntities_loadsEachUnderItsStatesKeysAsRunReadThem() throws IOException {
        // designs/products.singletable.yaml but unversioned: its Product is stored by its state, ActiveProduct or ArchivedProduct
        Path design = write("products.singletable.yaml", Files.readString(Path.of("../designs/products.singletable.yaml"))
                .replace("      version:\n        type: long\n        role: version\n", ""));
        SchemaFile products = SchemaFile.load(design);
        String active = CommandRun.run("run", design.toString(), "active-products-by-name", "--format", "jsonl").out();
        String archived = CommandRun.run("run", design.toString(), "archived-products-by-time", "--format", "jsonl").out();
        Path file = write("products.jsonl", active + archived
                + "{\"entity\": \"Product\", \"productId\": \"P7\", \"name\": \"Clock\", \"archived\": false}\n");

        CommandRun run = loadInto(design.toString(), file.toString());

        assertThat(run).isEqualTo(new CommandRun(0, golden("states.txt", run.out()), ""));
        Table table = Table.of(products.tableSchema().toBuilder().name(tableName).build(), DB.client());
        List<String> stored = new ArrayList<>();
        for (String type : List.of("ActiveProduct", "ArchivedProduct")) {
            table.scan(products.entity(type)).list().forEach(item -> stored.add(type + " " + item.getString("productId") + " "
                    + item.getString("name")));
        }
        assertThat(stored).containsExactlyInAnyOrder("ActiveProduct P1 Desk Lamp", "ActiveProduct P2 Bookshelf",
                "ActiveProduct P7 Clock", "ArchivedProduct P3 Typewriter", "ArchivedProduct P4 Fax Machine");
        assertThat(CommandRun.run("run", design.toString(), "archived-products-by-time", "--format", "jsonl", "--endpoint",
                DB.engine().endpoint().toString(), "--table", tableName).out()).isEqualTo(archived);
    }

    @Test
    void load_whenTheEntityIsVersioned_createsEachItemWithItsConditionAndNeverOverwritesAnotherVersion() throws IOException {
        String products = "../designs/products.singletable.yaml"; // Product: versioned, and stored by its state
        String active = CommandRun.run("run", products, "active-products-by-name", "--format", "jsonl").out();
        String archived = CommandRun.run("run", products, "archived-products-by-time", "--format", "jsonl").out();
        Path file = write("products.jsonl", active + archived);
        List<String> onTheTable = List.of("--endpoint", DB.engine().endpoint().toString(), "--table", tableName);

        CommandRun first = loadInto(products, file.toString());
        List<String> put = new ArrayList<>(List.of("put", products, "Product", "productId=P1", "name=Desk Lamp 2", "archived=false", "version=1"));
        put.addAll(onTheTable);
        assertThat(CommandRun.run(put).exitCode()).isZero(); // P1 is at version 2 now
        CommandRun again = loadInto(products, file.toString());

        assertThat(first).isEqualTo(new CommandRun(0, golden("versioned.txt", first.out()), ""));
        assertThat(again).isEqualTo(new CommandRun(1, golden("versioned-again.txt", again.out()), ""));
        List<String> run = new ArrayList<>(List.of("run", products, "archived-products-by-time", "--format", "jsonl"));
        run.addAll(onTheTable);
        assertThat(CommandRun.run(run).out()).isEqualTo(archived);
        List<String> get = new ArrayList<>(List.of("get", products, "ActiveProduct", "productId=P1", "--format", "json"));
        get.addAll(onTheTable);
        assertThat(CommandRun.run(get).out()).contains("\"name\" : \"Desk Lamp 2\"", "\"version\" : 2");
    }

    @Test
    void load_whenRowsGiveTheirOwnTimestampsAndVersion_restoresThemAsGiven() throws IOException {
        Path lines = write("old.jsonl", """
                {"entity":"User","username":"old","name":"O","email":"o@x","createdAt":"2020-01-01T00:00:00Z","updatedAt":"2021-06-01T00:00:00Z"}
                {"entity":"User","username":"fresh","name":"F","email":"f@x"}
                """);
        Path export = write("old.json", """
                {"Item":{"pk":{"S":"USER#old2"},"sk":{"S":"USER#old2"},"entityType":{"S":"User"},"username":{"S":"old2"},"name":{"S":"O"},"email":{"S":"o"},"createdAt":{"S":"2020-01-01T00:00:00Z"},"updatedAt":{"S":"2021-06-01T00:00:00Z"}}}
                """);

        assertThat(load(lines.toString()).exitCode()).isZero();
        assertThat(load(export.toString()).exitCode()).isZero();

        DynamicItem old = table().get(BLOG.entity("User"), KeyValues.of("username", "old")).orElseThrow();
        assertThat(old.getInstant("createdAt")).hasToString("2020-01-01T00:00:00Z");
        assertThat(old.getInstant("updatedAt")).hasToString("2021-06-01T00:00:00Z");
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "old2")).orElseThrow().getInstant("updatedAt"))
                .hasToString("2021-06-01T00:00:00Z");
        DynamicItem fresh = table().get(BLOG.entity("User"), KeyValues.of("username", "fresh")).orElseThrow();
        assertThat(fresh.getInstant("updatedAt")).as("a row without one gets the load's instant").isEqualTo(fresh.getInstant("createdAt"));
    }

    @Test
    void load_whenAVersionedRowGivesItsVersion_restoresIt() throws IOException {
        String products = "../designs/products.singletable.yaml"; // Product: versioned, and stored by its state
        Path versioned = write("versioned.jsonl", """
                {"entity":"ActiveProduct","productId":"V7","name":"Seven","archived":false,"version":7}
                """);

        assertThat(loadInto(products, versioned.toString()).exitCode()).isZero();

        List<String> get = new ArrayList<>(List.of("get", products, "ActiveProduct", "productId=V7", "--format", "json",
                "--endpoint", DB.engine().endpoint().toString(), "--table", tableName));
        assertThat(CommandRun.run(get).out()).contains("\"version\" : 7");
    }

    @Test
    void load_whenListsAndMapsAreEmpty_storesThemEmptyKeepsEveryDigitAndRefusesAnEmptySet() throws IOException {
        Path design = write("notes.singletable.yaml", NOTES);
        Path file = write("notes.jsonl", String.join("\n",
                "{\"entity\": \"Note\", \"noteId\": \"N1\", \"tags\": [], \"labels\": {}, \"amount\": 123456789012345678901234567890.5}",
                "{\"entity\": \"Note\", \"noteId\": \"N2\", \"tags\": null, \"labels\": {\"k\": \"v\"}, \"flags\": [\"x\"]}",
                "{\"entity\": \"Note\", \"noteId\": \"N3\", \"flags\": []}",
                ""));
        SchemaFile notes = SchemaFile.load(design);

        CommandRun run = loadInto(design.toString(), file.toString());

        Table table = Table.of(notes.tableSchema().toBuilder().name(tableName).build(), DB.client());
        assertThat(table.scan(notes.entity("Note")).list()).containsExactlyInAnyOrder(
                DynamicItem.builder("Note").set("noteId", "N1").set("tags", List.of()).set("labels", Map.of())
                        .set("amount", new java.math.BigDecimal("123456789012345678901234567890.5")).build(),
                DynamicItem.builder("Note").set("noteId", "N2").set("labels", Map.of("k", "v")).set("flags", java.util.Set.of("x")).build());
        assertThat(run).isEqualTo(new CommandRun(1, golden("empty-collections.txt", run.out()), ""));
    }

    @Test
    void load_whenAStringListSetOrMapHoldsANumberOrBoolean_refusesTheRowNamingAttributeAndElement() throws IOException {
        Path design = write("notes.singletable.yaml", NOTES);
        Path file = write("notes.jsonl", String.join("\n",
                "{\"entity\": \"Note\", \"noteId\": \"N1\", \"tags\": [\"a\", 1e3]}",
                "{\"entity\": \"Note\", \"noteId\": \"N2\", \"labels\": {\"k\": true}}",
                "{\"entity\": \"Note\", \"noteId\": \"N3\", \"flags\": [\"x\", 2]}",
                "{\"entity\": \"Note\", \"noteId\": \"N4\", \"tags\": [\"1e3\"], \"labels\": {\"k\": \"true\"}}",
                ""));
        Path csv = write("notes.csv", "noteId,tags\nN5,\"[\"\"a\"\", 5]\"\n");
        SchemaFile notes = SchemaFile.load(design);

        CommandRun run = loadInto(design.toString(), file.toString());
        CommandRun fromCsv = loadInto(design.toString(), csv.toString(), "--entity", "Note");

        assertThat(run).isEqualTo(new CommandRun(1, golden("string-elements-wrong-type.txt", run.out()), ""));
        assertThat(fromCsv.exitCode()).isEqualTo(1);
        assertThat(fromCsv.out()).contains("<dir>/notes.csv:2: Note.tags is stringList: [1] is the number 5, not a string; write text "
                + "in quotes (\"5\")");
        Table table = Table.of(notes.tableSchema().toBuilder().name(tableName).build(), DB.client());
        assertThat(table.scan(notes.entity("Note")).list()).containsExactly(DynamicItem.builder("Note").set("noteId", "N4")
                .set("tags", List.of("1e3")).set("labels", Map.of("k", "true")).build());
    }

    @Test
    void load_whenJsonLinesAreRunsOutputOfEmbeddedRecords_loadsThemBackAsRunPrintedThem() throws IOException {
        String customers = "../designs/customers.singletable.yaml"; // Customer: an Address, a map and a list of them, a Loyalty
        String printed = CommandRun.run("run", customers, "customer-profile", "--format", "jsonl").out()
                .replace("\"customerId\":\"C1\"", "\"customerId\":\"C9\""); // not one of the examples a new table is given
        Path file = write("customers.jsonl", printed);
        List<String> runOnTheTable = new ArrayList<>(List.of("run", customers, "customer-profile", "customerId=C9", "--format", "jsonl"));
        runOnTheTable.addAll(onTheTable());

        CommandRun run = loadInto(customers, file.toString());

        assertThat(printed).contains("\"shippingAddress\":{\"street\":\"12 St James's Square\",\"city\":\"London\",\"zip\":\"SW1Y 4JH\","
                + "\"country\":\"GB\"}", "\"pastAddresses\":[{\"street\":\"6 Marylebone Road\",\"city\":\"London\"}]",
                "\"loyalty\":{\"tier\":\"GOLD\",\"points\":1200}");
        assertThat(run.exitCode()).as(run.out()).isZero();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        assertThat(json.readTree(CommandRun.run(runOnTheTable).out())).as("the map's entries in any order").isEqualTo(json.readTree(printed));
        assertThat(getJson(customers, "Customer", "customerId=C9").get("addresses").get("home")).isEqualTo(json.readTree(
                "{\"street\": \"12 St James's Square\", \"city\": \"London\", \"zip\": \"SW1Y 4JH\", \"country\": \"GB\"}"));
    }

    @Test
    void load_whenRunPrintedAnEntityWithAnAttributeNamedEntity_loadsTheAttributeBackUnderItsEntity() throws IOException {
        Path design = Path.of("src/test/resources/audit/audit.singletable.yaml"); // AuditEvent: id, entity, action
        String printed = CommandRun.run("run", design.toString(), "event", "--format", "jsonl").out();
        Path file = write("audit.jsonl", printed + "{\"entity\": \"User\", \"username\": \"x\"}\n");

        CommandRun run = loadInto(design.toString(), file.toString());

        assertThat(printed).isEqualTo("{\"@entity\":\"AuditEvent\",\"id\":\"e1\",\"entity\":\"Invoice\",\"action\":\"created\"}\n");
        assertThat(run.out()).as("a row naming its entity by \"entity\" is read as before")
                .contains("audit.jsonl:2: No entity 'User' in the schema file; the file has AuditEvent");
        assertThat(getJson(design.toString(), "AuditEvent", "id=e1")).isEqualTo(new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(printed));
    }

    @Test
    void load_whenADocumentHoldsNull_storesItAsNullAndLeavesATopLevelNullOut() throws IOException {
        Path file = write("shapes.jsonl", "{\"entity\": \"Shape\", \"id\": \"n1\", \"code\": null, "
                + "\"doc\": {\"deleted\": null, \"n\": 1, \"l\": [null, {\"x\": null}]}}\n");
        SchemaFile shapes = SchemaFile.load(Path.of(SHAPES));

        CommandRun run = loadInto(SHAPES, file.toString());

        assertThat(run.exitCode()).as(run.out()).isZero();
        DynamicItem stored = Table.of(shapes.tableSchema().toBuilder().name(tableName).build(), DB.client())
                .get(shapes.entity("Shape"), KeyValues.of("id", "n1")).orElseThrow();
        Map<String, Object> nested = new java.util.HashMap<>();
        nested.put("x", null);
        Map<String, Object> doc = new java.util.HashMap<>();
        doc.put("deleted", null);
        doc.put("n", java.math.BigDecimal.ONE);
        doc.put("l", java.util.Arrays.asList(null, nested));
        assertThat(stored.values().get("doc")).isEqualTo(doc);
        assertThat(stored.has("code")).as("a top-level null is the attribute left out").isFalse();
    }

    @Test
    void load_whenCsvCellsAreSetsDocumentsAndListsWrittenAsJson_storesWhatPutStoresForTheSameText() throws IOException {
        Path file = write("shapes.csv", "id,sizes,keys,doc,scores\nc1,\"[41,42]\",\"[\"\"AQI=\"\"]\",\"{\"\"a\"\":[1,null],\"\"b\"\":{}}\",\"[3,1,3]\"\n");
        List<String> put = new ArrayList<>(List.of("put", SHAPES, "Shape", "id=c2", "sizes=[41,42]", "keys=[\"AQI=\"]",
                "doc={\"a\":[1,null],\"b\":{}}", "scores=[3,1,3]"));
        put.addAll(onTheTable());

        CommandRun run = loadInto(SHAPES, file.toString(), "--entity", "Shape");

        assertThat(run.exitCode()).as(run.out()).isZero();
        assertThat(CommandRun.run(put).exitCode()).isZero();
        assertThat(getJson(SHAPES, "Shape", "id=c1")).isEqualTo(getJson(SHAPES, "Shape", "id=c2").put("id", "c1"));
        assertThat(getJson(SHAPES, "Shape", "id=c1").toString()).contains("\"sizes\":[41,42]", "\"a\":[1,null]");
    }

    @Test
    void load_whenCsvCellsAreRecordsAndListsAndMapsOfThem_storesWhatPutStoresForTheSameText() throws IOException {
        String customers = "../designs/customers.singletable.yaml";
        String address = "{\"street\":\"1 Promenade\",\"city\":\"Nice\"}";
        String cells = String.join(",", csvCell(address), csvCell("{\"home\":" + address + "}"), csvCell("[" + address + "]"),
                csvCell("[\"vip\"]"), csvCell("{\"tier\":\"GOLD\",\"points\":5}"));
        Path file = write("customers.csv", "customerId,name,email,shippingAddress,addresses,pastAddresses,tags,loyalty\n"
                + "C8,Ada,ada@example.com," + cells + "\n");
        List<String> put = new ArrayList<>(List.of("put", customers, "Customer", "customerId=C9", "name=Ada", "email=ada@example.com",
                "shippingAddress=" + address, "addresses={\"home\":" + address + "}", "pastAddresses=[" + address + "]", "tags=[\"vip\"]",
                "loyalty={\"tier\":\"GOLD\",\"points\":5}"));
        put.addAll(onTheTable());

        CommandRun run = loadInto(customers, file.toString(), "--entity", "Customer");

        assertThat(run.exitCode()).as(run.out()).isZero();
        assertThat(CommandRun.run(put).exitCode()).isZero();
        assertThat(getJson(customers, "Customer", "customerId=C8")).isEqualTo(getJson(customers, "Customer", "customerId=C9").put("customerId", "C8"));
    }

    @Test
    void load_whenACsvHeaderNamesAColumnTwice_refusesTheFileNamingTheColumnAndBothPositions() throws IOException {
        Path file = write("posts.csv", """
                username,postId,title,content,title
                alice,P1,Hello,One,Hi
                """);

        CommandRun run = load(file.toString(), "--entity", "Post");

        assertThat(run.exitCode()).isNotZero();
        assertThat((run.out() + run.err()).replaceAll("\\s+", " ")).contains("<dir>/posts.csv:1: column 'title' appears twice (columns 3 "
                + "and 5); which cell is meant is not known, so rename or remove one of them");
        assertThat(count("Post")).isZero();
    }

    private List<String> onTheTable() {
        return List.of("--endpoint", DB.engine().endpoint().toString(), "--table", tableName);
    }

    /** The item as {@code get --format json} prints it from the test's table (members in the order read back). */
    private com.fasterxml.jackson.databind.node.ObjectNode getJson(String design, String entity, String key) throws IOException {
        List<String> get = new ArrayList<>(List.of("get", design, entity, key, "--format", "json"));
        get.addAll(onTheTable());
        CommandRun run = CommandRun.run(get);
        assertThat(run.exitCode()).as(run.err()).isZero();
        return (com.fasterxml.jackson.databind.node.ObjectNode) new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.out());
    }

    /** The text as one CSV cell: in quotes, a quote inside written twice. */
    private static String csvCell(String text) {
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }

    @Test
    void load_whenACsvQuoteIsNeverClosed_refusesAtItsLineSayingTheRowsAfterItWereNotLoaded() throws IOException {
        Path file = write("quotes.csv", """
                username,postId,title,content,published
                alice,P1,Hello,"One, two",true
                bob,P2,"Draft,,false
                carol,P3,Hi,,true
                dave,P4,Hey,,false
                """);

        CommandRun run = load(file.toString(), "--entity", "Post");

        assertThat(run).isEqualTo(new CommandRun(1, golden("csv-unclosed-quote.txt", run.out()), ""));
        assertThat(table().scan(BLOG.entity("Post")).list()).extracting(post -> post.getString("postId")).containsExactly("P1");
    }

    @Test
    void load_whenACsvQuoteClosesOnALaterLineInsideARow_refusesAtTheLineItOpened() throws IOException {
        Path broken = write("broken.csv", """
                username,postId,title,content,published
                bob,P2,"Draft,,false
                carol,P3,Hi,"x",true
                dave,P4,Hey,,false
                """);
        Path multiLine = write("multi.csv", "username,postId,title,content,published\nerin,P5,Hi,\"One\ntwo\",true\nfay,P6,Yo,,false\n");

        CommandRun run = load(broken.toString(), "--entity", "Post");
        CommandRun multi = load(multiLine.toString(), "--entity", "Post");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("<dir>/broken.csv:2: a quoted value opened in this row is not closed on its line, so it ran on into "
                + "the lines after it and broke there (Unexpected character ('x' (code 120)): Expected column separator character (',' "
                + "(code 44)) or end-of-line); nothing from line 2 on was loaded. Close the quote (a quote inside a value is written "
                + "twice: \"\")", "refused       1 row of bad input");
        assertThat(multi.exitCode()).as("a quoted value may hold a line break").isZero();
        assertThat(table().scan(BLOG.entity("Post")).list()).extracting(post -> post.getString("postId") + " " + post.find("content", String.class).orElse("-"))
                .containsExactlyInAnyOrder("P5 One\ntwo", "P6 -");
    }

    @Test
    void load_whenCsvOfOneEntity_convertsEachCellByItsAttributeType() throws IOException {
        Path file = write("posts.csv", """
                username,postId,title,content,published
                alice,P1,Hello,"One, two",true
                bob,P2,Draft,,false
                """);

        CommandRun run = load(file.toString(), "--entity", "Post");

        assertThat(run).isEqualTo(new CommandRun(0, golden("csv.txt", run.out()), ""));
        DynamicItem p1 = table().get(BLOG.entity("Post"), KeyValues.of("username", "alice").and("postId", "P1")).orElseThrow();
        DynamicItem p2 = table().get(BLOG.entity("Post"), KeyValues.of("username", "bob").and("postId", "P2")).orElseThrow();
        assertThat(List.of(p1.getString("title"), p1.getString("content"), p1.getBoolean("published"), p2.getBoolean("published"),
                p2.has("content"))).containsExactly("Hello", "One, two", true, false, false);
    }

    @Test
    void load_whenCsvRowsAreOfAnAdjacencyItemType_writesEachPairAndRefusesAnEdgeValueAsJsonLinesDoes() throws IOException {
        String weights = "src/test/resources/relations/weights.singletable.yaml"; // relation Membership: USERGROUP / GROUPUSER
        Path csv = write("memberships.csv", "userId,groupId,role,weight,labels\n1,g1,ADMIN,2.5,\"[\"\"a\"\",\"\"b\"\"]\"\n1,g2,,1E+200,\n");

        CommandRun run = loadInto(weights, csv.toString(), "--entity", "USERGROUP");

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(placeholders(Files.readString(directory.resolve("memberships.csv.load-report.txt")))).isEqualTo("<dir>/memberships.csv:3: "
                + "USERGROUP.weight: 1E+200 is 1E+126 or more in magnitude, which no DynamoDB number holds: to keep it, make the "
                + "attribute a string (type: string in the schema file) (refused)\n");
        List<String> stored = new ArrayList<>();
        DB.client().scan(r -> r.tableName(tableName)).items().forEach(item -> stored.add(item.get("PK").s() + " " + item.get("SK").s()
                + " " + item.get("weight").n() + " " + item.get("labels").l().stream().map(v -> v.s()).toList()));
        assertThat(stored).containsExactlyInAnyOrder("USER#1 GROUP#g1 2.5 [a, b]", "GROUP#g1 USER#1 2.5 [a, b]");
    }

    @Test
    void load_whenEntityIsNeitherAnEntityNorAnAdjacencyItemType_namesBothKinds() throws IOException {
        Path csv = write("memberships.csv", "userId,groupId\n1,g1\n");

        CommandRun run = loadInto("src/test/resources/relations/weights.singletable.yaml", csv.toString(), "--entity", "USERGRUOP");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err().replace("\n", " ")).contains("No entity 'USERGRUOP'", "; or an adjacency item type of its relations: USERGROUP, GROUPUSER");
    }

    @Test
    void load_whenCsvRowsHaveTooFewColumnsABadCellOrTooManyColumns_reportsEachAtItsOwnLine() throws IOException {
        Path file = write("short.csv", """
                username,postId,title,content,published
                alice,P1,Hello,"One, two",true
                bob,P2
                carol,P3,Hi,,yes
                dave,P4,Hi,,false,extra
                erin,P5,Hi,,true
                """);

        CommandRun run = load(file.toString(), "--entity", "Post");

        String report = Files.readString(directory.resolve("short.csv.load-report.txt")).replace(directory.toString(), "<dir>");
        assertThat(List.of(run.exitCode(), report.lines().map(line -> line.substring(0, line.indexOf(": "))).toList()))
                .isEqualTo(List.of(1, List.of("<dir>/short.csv:3", "<dir>/short.csv:4", "<dir>/short.csv:5")));
    }

    @Test
    void load_whenDynamoDbJsonExport_takesTheEntityFromItsTypeAttributeAndRecomposesKeys() throws IOException {
        Path file = write("export.json", """
                {"Item": {"pk": {"S": "USER#carol"}, "sk": {"S": "USER#carol"}, "entityType": {"S": "User"}, "username": {"S": "carol"}, "name": {"S": "Carol"}, "email": {"S": "carol@example.com"}}}
                {"Item": {"pk": {"S": "POST#P9"}, "sk": {"S": "TAG#java"}, "gsi1pk": {"S": "TAG#java"}, "gsi1sk": {"S": "POST#P9"}, "entityType": {"S": "PostTag"}, "postId": {"S": "P9"}, "tag": {"S": "java"}}}
                {"Item": {"pk": {"S": "USER#dave"}, "username": {"S": "dave"}}}
                """);

        CommandRun run = load(file.toString());

        assertThat(run).isEqualTo(new CommandRun(1, golden("dynamodb-json.txt", run.out()), ""));
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "carol")).orElseThrow().getString("email"))
                .isEqualTo("carol@example.com");
        assertThat(BLOG.run(table(), "posts-with-tag", Map.of("tag", "java"))).hasSize(1);
    }

    @Test
    void load_whenDynamoDbJsonRowsNameNoEntityType_placesEachByTheOneEntityWhoseKeyTemplatesComposeItsKeys() throws IOException {
        Path file = write("untyped.json", """
                {"Item": {"pk": {"S": "USER#erin"}, "sk": {"S": "USER#erin"}, "name": {"S": "Erin"}, "email": {"S": "erin@example.com"}}}
                {"Item": {"pk": {"S": "POST#P7"}, "sk": {"S": "TAG#kotlin"}, "gsi1pk": {"S": "TAG#kotlin"}, "gsi1sk": {"S": "POST#P7"}}}
                {"Item": {"pk": {"S": "INVOICE#1"}, "sk": {"S": "INVOICE#1"}, "total": {"N": "5"}}}
                """);

        CommandRun run = load(file.toString());

        assertThat(run).isEqualTo(new CommandRun(1, golden("dynamodb-json-untyped.txt", run.out()), ""));
        // the slot values come from the keys: username from USER#erin, postId and tag from POST#P7 / TAG#kotlin
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "erin")).orElseThrow().getString("email"))
                .isEqualTo("erin@example.com");
        assertThat(BLOG.run(table(), "posts-with-tag", Map.of("tag", "kotlin"))).hasSize(1);
    }

    @Test
    void load_whenDynamoDbJsonRowsNameTheirTypeAndKeepTheirIdsOnlyInTheKeys_readsTheSlotValuesBackFromTheKeys() throws IOException {
        // the seeds' items: {"PK": "USER#123", "SK": "PROFILE", "Type": "USER"} with no username attribute
        Path file = write("typed.json", """
                {"Item": {"pk": {"S": "USER#erin"}, "sk": {"S": "USER#erin"}, "entityType": {"S": "User"}, "name": {"S": "Erin"}, "email": {"S": "erin@example.com"}}}
                {"Item": {"pk": {"S": "POST#P7"}, "sk": {"S": "TAG#kotlin"}, "gsi1pk": {"S": "TAG#kotlin"}, "gsi1sk": {"S": "POST#P7"}, "entityType": {"S": "PostTag"}}}
                """);

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).as(run.out()).isZero();
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "erin")).orElseThrow().getString("email"))
                .isEqualTo("erin@example.com");
        assertThat(BLOG.run(table(), "posts-with-tag", Map.of("tag", "kotlin"))).hasSize(1);
    }

    @Test
    void load_whenATypedDynamoDbJsonRowsKeysDisagreeWithItsAttributesOrAreNotItsTemplates_refusesSayingTheValuesWereLookedForInTheKeys()
            throws IOException {
        Path file = write("typed-bad.json", """
                {"Item": {"pk": {"S": "USER#erin"}, "sk": {"S": "USER#erin"}, "entityType": {"S": "User"}, "username": {"S": "fred"}, "name": {"S": "F"}, "email": {"S": "f@example.com"}}}
                {"Item": {"pk": {"S": "USR-erin"}, "sk": {"S": "USER#erin"}, "entityType": {"S": "User"}, "name": {"S": "Erin"}, "email": {"S": "erin@example.com"}}}
                """);

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("<dir>/typed-bad.json:1: User: the row was stored under pk=USER#erin, sk=USER#erin, but the design "
                        + "composes pk=USER#fred, sk=USER#fred from its attributes")
                .contains("<dir>/typed-bad.json:2: User: the value of slot 'username' is neither given in the row nor "
                        + "readable from its key pk=USR-erin, sk=USER#erin: ")
                .contains("; give the values as attributes, or store the key as User's templates USER#{username} / USER#{username} compose it");
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "fred"))).isEmpty();
    }

    @Test
    void load_whenADynamoDbJsonRowsEntityTypeIsNotAString_refusesItNamingTheAttributeAndItsType() throws IOException {
        Path file = write("numbered.json", """
                {"Item": {"pk": {"S": "USER#erin"}, "sk": {"S": "USER#erin"}, "entityType": {"N": "1"}, "username": {"S": "erin"}}}
                """);

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("<dir>/numbered.json:1: the entity-type attribute 'entityType' is a DynamoDB N ({\"N\":\"1\"}); "
                + "it must be a string (S) naming an entity type of the design (");
    }

    @Test
    void load_whenADynamoDbJsonRowsEntityTypeIsNotAStringAndEntityIsGiven_refusesItRatherThanReadingItAsAbsent() throws IOException {
        Path file = write("nulled.json", """
                {"Item": {"pk": {"S": "USER#erin"}, "sk": {"S": "USER#erin"}, "entityType": {"NULL": true}, "username": {"S": "erin"}, \
                "name": {"S": "Erin"}, "email": {"S": "erin@example.com"}}}
                """);

        CommandRun run = load(file.toString(), "--entity", "User");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("<dir>/nulled.json:1: the entity-type attribute 'entityType' is a DynamoDB NULL ({\"NULL\":true}); "
                + "it must be a string (S) naming an entity type of the design (User, Post, Comment, PostTag)\n");
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "erin"))).isEmpty();
    }

    @Test
    void load_whenAnUntypedDynamoDbJsonRowsBinaryKeyIsNotBase64_refusesItNamingTheAttribute() throws IOException {
        Path file = write("blobs.json", """
                {"Item": {"PK": {"B": "not base64!"}}}
                {"Item": {"PK": {"B": "AQID"}}}
                """);

        CommandRun run = loadInto("src/test/resources/load/blobs.singletable.yaml", file.toString(), "--dry-run");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("<dir>/blobs.json:1: key attribute 'PK' is binary (B) and its value \"not base64!\" is not base64")
                .contains("would write   1 item\n");
    }

    @Test
    void load_whenAnUntypedDynamoDbJsonRowsKeyHoldsAnEscapedDelimiter_readsTheWholeSlotValueBack() throws IOException {
        // USER#a\#b is the key the design composes for username a#b: the '#' inside the value is escaped
        Path file = write("escaped.json", """
                {"Item": {"pk": {"S": "USER#a\\\\#b"}, "sk": {"S": "USER#a\\\\#b"}, "name": {"S": "A B"}, "email": {"S": "ab@example.com"}}}
                """);

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "a#b")).orElseThrow().getString("email"))
                .isEqualTo("ab@example.com");
    }

    @Test
    void load_whenADynamoDbJsonRowsKeysAreNotThoseTheDesignComposes_refusesItNamingBothKeysAndHowToReKey() throws IOException {
        Path file = write("old-keys.json", """
                {"Item": {"pk": {"S": "USER#a#b"}, "sk": {"S": "USER#a#b"}, "entityType": {"S": "User"}, "username": {"S": "a#b"}, "name": {"S": "Old"}, "email": {"S": "o@example.com"}}}
                {"Item": {"pk": {"S": "POST#P9"}, "sk": {"S": "TAG#java"}, "gsi1pk": {"S": "TAG#jav"}, "entityType": {"S": "PostTag"}, "postId": {"S": "P9"}, "tag": {"S": "java"}}}
                {"Item": {"pk": {"S": "USER#carol"}, "entityType": {"S": "User"}, "username": {"S": "carol"}, "name": {"S": "Carol"}, "email": {"S": "carol@example.com"}}}
                """);

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(Files.readString(directory.resolve("old-keys.json.load-report.txt")).replace(directory.toString(), "<dir>")).isEqualTo("""
                <dir>/old-keys.json:1: User: the row was stored under pk=USER#a#b, sk=USER#a#b, but the design composes pk=USER#a\\#b, \
                sk=USER#a\\#b from its attributes, so it would be written with other keys than in its source. If the source was keyed \
                another way (other code's key design, or a singletable build before 0.1, which left '#' in a slot value unescaped: \
                CUSTOMER#a#b is now CUSTOMER#a\\#b), remove pk, sk from the rows to write them under the design's keys (and delete the \
                old items, if they are in this table); else correct the row's attribute values (refused)
                <dir>/old-keys.json:2: PostTag: the row was stored under pk=POST#P9, sk=TAG#java, gsi1pk=TAG#jav, but the design \
                composes pk=POST#P9, sk=TAG#java, gsi1pk=TAG#java from its attributes, so it would be written with other keys than in \
                its source. If the source was keyed another way (other code's key design, or a singletable build before 0.1, which \
                left '#' in a slot value unescaped: CUSTOMER#a#b is now CUSTOMER#a\\#b), remove pk, sk, gsi1pk from the rows to write \
                them under the design's keys (and delete the old items, if they are in this table); else correct the row's attribute \
                values (refused)
                """);
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "a#b"))).isEmpty();
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "carol"))).isPresent();
    }

    @Test
    void load_whenDynamoDbJsonValuesHaveTheWrongJsonType_refusesEachNamingLineAttributeAndWhatItFound() throws IOException {
        Path design = write("things.singletable.yaml", """
                format: singletable/1
                table:
                  name: Things
                  partitionKey: {name: PK}
                entities:
                  Thing:
                    attributes:
                      id: {type: string, required: true}
                      b: {type: boolean}
                      name: {type: string}
                      ss: {type: stringSet}
                      n: {type: decimal}
                      l: {type: stringList}
                      m: {type: stringMap}
                    keys: {pk: "THING#{id}"}
                """);
        Path file = write("things.json", """
                {"Item": {"id": {"S": "T1"}, "b": {"BOOL": "yes"}}}
                {"Item": {"id": {"S": "T2"}, "b": {"BOOL": 1}}}
                {"Item": {"id": {"S": "T3"}, "name": {"S": {"x": 1}}}}
                {"Item": {"id": {"S": "T4"}, "ss": {"SS": "abc"}}}
                {"Item": {"id": {"S": "T5"}, "n": {"N": "abc"}}}
                {"Item": {"id": {"S": "T6"}, "n": {"N": 5}}}
                {"Item": {"id": {"S": "T7"}, "name": {"NULL": false}}}
                {"Item": {"id": {"S": "T8"}, "ss": {"SS": ["a", 1]}}}
                {"Item": {"id": {"S": "T9"}, "l": {"L": {"S": "a"}}}}
                {"Item": {"id": {"S": "T10"}, "m": {"M": [1]}}}
                {"Item": {"id": {"S": "T11"}, "l": {"L": [{"S": "a"}, {"BOOL": "no"}]}}}
                {"Item": {"id": {"S": "T12"}, "b": {"BOOL": true}, "name": {"NULL": true}, "ss": {"SS": ["a"]}, "n": {"N": "5"}}}
                """);

        CommandRun run = loadInto(design.toString(), file.toString(), "--entity", "Thing");

        assertThat(run).isEqualTo(new CommandRun(1, golden("dynamodb-json-wrong-types.txt", run.out()), ""));
        SchemaFile things = SchemaFile.load(design);
        assertThat(Table.of(things.tableSchema().toBuilder().name(tableName).build(), DB.client()).scan(things.entity("Thing")).list())
                .containsExactly(DynamicItem.builder("Thing").set("id", "T12").set("b", true).set("ss", java.util.Set.of("a"))
                        .set("n", new java.math.BigDecimal("5")).build());
    }

    @Test
    void load_whenAnS3ExportsGzippedDataFile_readsItsDynamoDbJsonAsItIsDecompressed() throws IOException {
        Path file = directory.resolve("0123abcd.json.gz");
        try (java.io.Writer out = new java.io.OutputStreamWriter(new java.util.zip.GZIPOutputStream(Files.newOutputStream(file)),
                java.nio.charset.StandardCharsets.UTF_8)) {
            out.write("""
                    {"Item": {"pk": {"S": "USER#gina"}, "sk": {"S": "USER#gina"}, "entityType": {"S": "User"}, "username": {"S": "gina"}, "name": {"S": "Gina"}, "email": {"S": "gina@example.com"}}}
                    {"Item": {"pk": {"S": "USER#hal"}, "sk": {"S": "USER#hal"}, "entityType": {"S": "User"}, "username": {"S": "hal"}, "name": {"S": "Hal"}, "email": {"S": "hal@example.com"}}}
                    """);
        }

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).as(run.out()).isZero();
        assertThat(run.out()).contains("DynamoDB JSON");
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "hal")).orElseThrow().getString("email")).isEqualTo("hal@example.com");
    }

    @Test
    void load_whenAGzFileIsNotGzip_saysSoAndLoadsNothing() throws IOException {
        Path file = write("broken.json.gz", "{\"Item\": {}}\n");

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isNotZero();
        assertThat((run.out() + run.err()).replaceAll("\\s+", " ")).contains("<dir>/broken.json.gz: not a gzip file (Not in GZIP format); a .gz file "
                + "must be gzip-compressed, as an S3 export's data files are").doesNotContain("\tat ", "IOException");
    }

    @Test
    void load_whenNoSqlWorkbenchModel_loadsItsTableDataOnce() throws IOException {
        Path model = write("blog.nosql-workbench.json", SchemaFileExport.noSqlWorkbench(BLOG));

        CommandRun run = load(model.toString());

        assertThat(run).isEqualTo(new CommandRun(0, golden("nosql-workbench.txt", run.out()), ""));
        assertThat(List.of(count("User"), count("Post"), count("Comment"), count("PostTag"))).containsExactly(2L, 3L, 3L, 3L);
    }

    @Test
    void load_whenDryRun_checksEveryRowAndSendsNothing() throws IOException {
        Path file = write("items.jsonl", """
                {"entity": "User", "username": "erin", "name": "Erin", "email": "erin@example.com"}
                {"entity": "User", "username": "frank", "name": "Frank"}
                """);

        CommandRun run = load(file.toString(), "--dry-run");

        assertThat(run).isEqualTo(new CommandRun(1, golden("dry-run.txt", run.out()), ""));
        assertThat(table().schema().name()).isEqualTo(tableName);
    }

    @Test
    void load_whenResumedAfterACompleteLoad_saysTheLoadHadFinishedAndSkipsEveryItem() throws IOException {
        Path file = write("users.jsonl", """
                {"entity": "User", "username": "gina", "name": "Gina", "email": "gina@example.com"}
                {"entity": "User", "username": "hal", "name": "Hal", "email": "hal@example.com"}
                """);
        load(file.toString());

        String checkpoint = placeholders(Files.readString(directory.resolve("users.jsonl.load-checkpoint.json")));

        CommandRun run = load(file.toString(), "--resume");

        assertThat(run).isEqualTo(new CommandRun(0, golden("resume-complete.txt", run.out()), ""));
        assertThat(count("User")).isEqualTo(2);
        assertThat(checkpoint).contains("\"format\" : \"singletable-load-checkpoint/4\",\n  \"table\" : \"<table>\",\n  \"target\" : "
                + "\"DynamoDB at <endpoint> (region us-east-1)\",", "\"finished\" : true,");
    }

    @Test
    void load_whenResumedOnAnotherEngine_refusesNamingWhereTheCheckpointsLoadWentAndWritesNothing() throws IOException {
        Path file = write("users.jsonl", "{\"entity\": \"User\", \"username\": \"gina\", \"name\": \"Gina\", \"email\": \"gina@example.com\"}\n");
        load(file.toString());
        Path data = directory.resolve("other-data");

        CommandRun intoDataDir = CommandRun.run(List.of("load", DESIGN, file.toString(), "--resume", "--data-dir", data.toString(),
                "--table", tableName, "--progress-every", "0")).mapOutputs(this::placeholders);
        CommandRun inMemory = CommandRun.run(List.of("load", DESIGN, file.toString(), "--resume", "--table", tableName,
                "--progress-every", "0")).mapOutputs(this::placeholders);

        assertThat(new CommandRun(intoDataDir.exitCode(), intoDataDir.out(), intoDataDir.err().replace("\n", " "))).isEqualTo(new CommandRun(1, "",
                " singletable load failed. --resume: <dir>/users.jsonl.load-checkpoint.json is the checkpoint of a load into table <table> "
                + "on DynamoDB at <endpoint> (region us-east-1), not on Dynoxide data in <dir>/other-data, where the rows it records as "
                + "done were never written; resume with the options that reach that engine (--data-dir, or --endpoint and --region), or "
                + "load into this one again without --resume (Run again with --verbose for the details.) "));
        assertThat(inMemory.err().replace("\n", " ")).contains("is the checkpoint of a load into table <table> on DynamoDB at <endpoint> "
                + "(region us-east-1), not on Dynoxide in memory,");
    }

    @Test
    void load_whenResumedInMemoryAfterALoadInMemory_refusesAsTheDataEndedWithThatRun() throws IOException {
        Path file = write("users.jsonl", "{\"entity\": \"User\", \"username\": \"gina\", \"name\": \"Gina\", \"email\": \"gina@example.com\"}\n");
        CommandRun first = CommandRun.run(List.of("load", DESIGN, file.toString(), "--progress-every", "0"));

        CommandRun resumed = CommandRun.run(List.of("load", DESIGN, file.toString(), "--resume", "--progress-every", "0"))
                .mapOutputs(this::placeholders);

        assertThat(first.exitCode()).isZero();
        assertThat(new CommandRun(resumed.exitCode(), resumed.out(), resumed.err().replace("\n", " "))).isEqualTo(new CommandRun(1, "",
                " singletable load failed. --resume: the embedded engine without --data-dir keeps its data in memory for one run only, "
                + "so nothing the checkpoint <dir>/users.jsonl.load-checkpoint.json records as written is there; load again without "
                + "--resume (and with --data-dir to keep the data for a later --resume) (Run again with --verbose for the details.) "));
    }

    @Test
    void load_whenCsvIsNotUtf8_namesLineColumnAndByteAndWritesNothing() throws IOException {
        // a spreadsheet's CSV saved as Windows-1252: "Renée" with é as the one byte 0xE9
        Path file = Files.write(directory.resolve("comments.csv"), new byte[]{'p', 'o', 's', 't', 'I', 'd', ',', 'u', 's', 'e', 'r',
                'n', 'a', 'm', 'e', ',', 'b', 'o', 'd', 'y', '\n', 'p', '1', ',', 'R', 'e', 'n', (byte) 0xE9, 'e', ',', 'h', 'i', '\n'});

        CommandRun run = load(file.toString(), "--entity", "Comment");

        assertThat(new CommandRun(run.exitCode(), run.out(), run.err().replace("\n", " "))).isEqualTo(new CommandRun(1, "", " singletable load failed. "
                + "Cannot read <dir>/comments.csv:2:7: not UTF-8 text (byte 0xE9); save the file as UTF-8 (a spreadsheet's \"CSV UTF-8\", "
                + "or iconv -f WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or Windows-1252). (Run again with --verbose for the "
                + "details.) "));
        // the file is read through (counting its rows) before anything is sent: not even the table was created
        assertThatThrownBy(() -> count("Comment")).isInstanceOf(TableNotFoundException.class);
    }

    @Test
    void load_whenJsonLinesAreNotUtf8_saysToSaveItAsUtf8InTheEditorAndWritesNothing() throws IOException {
        // "Renée" with é as the one byte 0xE9, as an editor set to Windows-1252 saves it
        Path file = Files.write(directory.resolve("comments.jsonl"), new byte[]{'{', '"', 'n', '"', ':', '"', 'R', 'e', 'n', (byte) 0xE9,
                'e', '"', '}', '\n'});

        CommandRun run = load(file.toString(), "--entity", "Comment");

        assertThat(new CommandRun(run.exitCode(), run.out(), run.err().replace("\n", " "))).isEqualTo(new CommandRun(1, "", " singletable load failed. "
                + "Cannot read <dir>/comments.jsonl:1:10: not UTF-8 text (byte 0xE9); save the file as UTF-8 in your editor (or iconv -f "
                + "WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or Windows-1252). (Run again with --verbose for the details.) "));
        assertThatThrownBy(() -> count("Comment")).isInstanceOf(TableNotFoundException.class);
    }

    @Test
    void load_whenCsvAndJsonLinesStartWithAByteOrderMark_readTheFirstColumnAndRow() throws IOException {
        // a spreadsheet's "CSV UTF-8" and some Windows editors start the file with EF BB BF
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        Path users = Files.write(directory.resolve("users.jsonl"), concat(bom, ("{\"entity\": \"User\", \"username\": \"lea\", "
                + "\"name\": \"Lea\", \"email\": \"lea@example.com\"}\n").getBytes(StandardCharsets.UTF_8)));
        Path posts = Files.write(directory.resolve("posts.csv"), concat(bom, "username,postId,title,content,published\nlea,p1,Hello,First post,true\n"
                .getBytes(StandardCharsets.UTF_8)));

        assertThat(load(users.toString()).exitCode()).isZero();
        assertThat(load(posts.toString(), "--entity", "Post").exitCode()).isZero();

        assertThat(count("User")).isEqualTo(1);
        assertThat(count("Post")).isEqualTo(1);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = java.util.Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    @Test
    void load_whenResumeWithoutCheckpoint_saysHowToStart() throws IOException {
        Path file = write("users.jsonl", "{\"entity\": \"User\", \"username\": \"ivy\", \"name\": \"Ivy\", \"email\": \"ivy@example.com\"}\n");

        CommandRun run = load(file.toString(), "--resume");

        assertThat(new CommandRun(run.exitCode(), run.out(), run.err().replace("\n", " "))).isEqualTo(new CommandRun(1, "", " singletable load failed. "
                + "--resume: no checkpoint <dir>/users.jsonl.load-checkpoint.json; an interrupted load leaves one there (or name it with "
                + "--checkpoint); without it, load again from the start (Run again with --verbose for the details.) "));
    }

    @Test
    void load_whenNoCapacity_writesAndSaysCapacityWasNotRequested() throws IOException {
        Path file = write("users.jsonl", """
                {"entity": "User", "username": "jan", "name": "Jan", "email": "jan@example.com"}
                {"entity": "User", "username": "kim", "name": "Kim", "email": "kim@example.com"}
                """);

        CommandRun run = load(file.toString(), "--no-capacity");

        assertThat(run).isEqualTo(new CommandRun(0, golden("no-capacity.txt", run.out()), ""));
        assertThat(count("User")).isEqualTo(2);
    }

    /**
     * Two users, to load into a table made beforehand with the design's keys and index, and one more index that another
     * tool added, whose key is the users' email as a number: DynamoDB refuses their BatchWriteItem (the table check compares
     * the design's keys and indexes, not indexes it does not know).
     */
    private Path usersForATableWithAForeignNumberIndex() throws IOException {
        DB.client().createTable(b -> b.tableName(tableName)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("gsi1pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("gsi1sk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("email").attributeType(ScalarAttributeType.N))
                .globalSecondaryIndexes(g -> g.indexName("gsi1")
                        .keySchema(k -> k.attributeName("gsi1pk").keyType(KeyType.HASH), k -> k.attributeName("gsi1sk").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL)),
                        g -> g.indexName("byEmailNumber").keySchema(k -> k.attributeName("email").keyType(KeyType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))
                .billingMode(BillingMode.PAY_PER_REQUEST));
        return write("users.jsonl", """
                {"entity": "User", "username": "jan", "name": "Jan", "email": "jan@example.com"}
                {"entity": "User", "username": "kim", "name": "Kim", "email": "kim@example.com"}
                """);
    }

    @Test
    void load_whenTheBatchWriteFails_countsTheFailedRequestAndNamesIt() throws IOException {
        CommandRun run = load(usersForATableWithAForeignNumberIndex().toString());

        assertThat(run).isEqualTo(new CommandRun(1, golden("batch-failed.txt", run.out()), ""));
        assertThat(count("User")).isZero();
    }

    @Test
    void load_whenTheBatchWriteFailsWithNoCapacity_countsTheFailedRequestAndNamesItAsWithCapacity() throws IOException {
        CommandRun run = load(usersForATableWithAForeignNumberIndex().toString(), "--no-capacity");

        assertThat(run).isEqualTo(new CommandRun(1, golden("batch-failed.no-capacity.txt", run.out()), ""));
        assertThat(count("User")).isZero();
    }

    @Test
    void load_whenNoCapacityWithDryRun_refusesTheMix() throws IOException {
        Path file = write("users.jsonl", "{\"entity\": \"User\", \"username\": \"lea\", \"name\": \"Lea\", \"email\": \"lea@example.com\"}\n");

        CommandRun run = load(file.toString(), "--no-capacity", "--dry-run");

        assertThat(new CommandRun(run.exitCode(), run.out(), run.err().lines().findFirst().orElse(""))).isEqualTo(new CommandRun(2, "",
                "--dry-run writes nothing, so there is no capacity to ask for: give one of --dry-run and --no-capacity"));
    }

    private static String putJson(String username) {
        CommandRun put = CommandRun.run(List.of("put", DESIGN, "User", "username=" + username, "name=N", "email=" + username + "@example.com",
                "--format", "json"));
        assertThat(put.exitCode()).isZero();
        return put.out();
    }

    /** What {@code put --format json} prints for the user, on one line. */
    private static String oneLine(String username) {
        return String.join("", putJson(username).lines().map(String::strip).toList()) + "\n";
    }

    @Test
    void load_whenFileIsWhatPutFormatJsonPrints_loadsTheItem() throws IOException {
        String printed = putJson("erin");
        assertThat(printed.lines().count()).isGreaterThan(1); // pretty-printed: the case that was taken for an empty model
        Path file = write("erin.json", printed);

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("<dir>/erin.json: JSON items, 1 item\n", "written       1 item in 1 BatchWriteItem request");
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "erin")).orElseThrow().getString("email"))
                .isEqualTo("erin@example.com");
    }

    @Test
    void load_whenPrettyObjectsFollowOneAnotherOrStandInAnArray_loadsEach() throws IOException {
        Path sequence = write("two.json", putJson("fred") + putJson("gina"));
        Path array = write("array.json", "[\n" + putJson("hank") + ",\n" + putJson("ivy") + "]\n");

        CommandRun run = load(sequence.toString(), array.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("<dir>/two.json: JSON items, 2 items\n", "<dir>/array.json: JSON items, 2 items\n", "written       4 items");
        assertThat(table().scan(BLOG.entity("User")).count()).isEqualTo(4);
    }

    @Test
    void load_whenEachItemIsOneLine_labelsTheFileJsonLines() throws IOException {
        Path lines = write("lines.jsonl", oneLine("jack") + oneLine("kim"));
        Path pretty = write("pretty.jsonl", putJson("lee") + oneLine("mia"));

        CommandRun run = load(lines.toString(), pretty.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("<dir>/lines.jsonl: JSON Lines, 2 items\n", "<dir>/pretty.jsonl: JSON items, 2 items\n");
    }

    @Test
    void load_whenOneLineItemsAndItemsOverSeveralLinesMix_loadsEvery() throws IOException {
        Path lineFirst = write("line-first.json", oneLine("nia") + putJson("olaf"));
        Path prettyFirst = write("pretty-first.json", putJson("pia") + oneLine("quin") + putJson("rex"));
        Path twoOnALine = write("two-on-a-line.json", oneLine("ray").strip() + " " + oneLine("sam"));

        CommandRun run = load(lineFirst.toString(), prettyFirst.toString(), twoOnALine.toString());

        assertThat(run.exitCode()).as(run.out()).isZero();
        assertThat(run.out()).contains("<dir>/line-first.json: JSON items, 2 items\n", "<dir>/pretty-first.json: JSON items, 3 items\n",
                "<dir>/two-on-a-line.json: JSON items, 2 items\n", "written       7 items");
        assertThat(table().scan(BLOG.entity("User")).count()).isEqualTo(7);
    }

    @Test
    void load_whenAFileOfItemsOverSeveralLinesIsBroken_refusesItNamingLineAndColumn() throws IOException {
        Path file = write("broken.json", oneLine("tom") + "{\n  \"entity\": \"User\",\n  \"username\": ?\n}\n" + putJson("uma"));

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("<dir>/broken.json: JSON items, 2 items\n",
                "<dir>/broken.json:2: not JSON: Unexpected character ('?' (code 63)): expected a valid value (JSON String, Number, "
                        + "Array, Object or token 'null', 'true' or 'false') at line 4, column 15; the file's items span lines, so "
                        + "where the next one starts is not known and nothing after this was read\n");
    }

    @Test
    void load_whenALineOfJsonLinesIsBroken_refusesThatLineAloneAndReadsTheRest() throws IOException {
        Path file = write("cut.jsonl", "{\"entity\": \"User\", \"username\": \"vic\", \"name\": \"V\", \"email\": \"v@example.com\"}\n"
                + "{\"entity\": \"User\", \"username\":\n"
                + "{\"entity\": \"User\", \"username\": \"wyn\", \"name\": \"W\", \"email\": \"w@example.com\"}\n");

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("<dir>/cut.jsonl: JSON Lines, 3 items\n", "<dir>/cut.jsonl:2: column 31: not JSON", "written       2 items");
    }

    @Test
    void load_whenALineOfJsonLinesHasABadCharacter_refusesItNamingTheColumn() throws IOException {
        Path file = write("bad.jsonl", "{\"entity\": \"User\", \"username\": \"vic\", \"name\": \"V\", \"email\": \"v@example.com\"}\n"
                + "{\"entity\": \"User\", \"username\": ?, \"name\": \"X\"}\n"
                + "{\"entity\": \"User\", \"username\": \"wyn\", \"name\": \"W\", \"email\": \"w@example.com\"}\n");

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("<dir>/bad.jsonl: JSON Lines, 3 items\n",
                "<dir>/bad.jsonl:2: column 32: not JSON: Unexpected character ('?' (code 63)): expected a valid value (JSON String, "
                        + "Number, Array, Object or token 'null', 'true' or 'false')\n", "written       2 items");
    }

    @Test
    void load_whenAPrettyObjectIsNeitherItemNorModel_refusesItAtItsLine() throws IOException {
        Path file = write("other.json", "{\n  \"foo\": 1\n}\n\n{\n  \"entity\": \"User\",\n  \"username\": \"x\"\n");

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("<dir>/other.json: JSON items, 2 items\n",
                "<dir>/other.json:1: no \"entity\" field naming the item's entity; add one, or give --entity\n",
                "<dir>/other.json:5: not JSON: the file ends inside this value (a closing } or ] is missing); the file's items span "
                        + "lines, so where the next one starts is not known and nothing after this was read\n")
                .doesNotContain("NoSQL Workbench");
    }

    @Test
    void load_whenANoSqlWorkbenchModelHasNoItems_refusesIt() throws IOException {
        Path file = write("model.json", "{\n  \"ModelName\": \"Blog\",\n  \"DataModel\": [{\"TableName\": \"BlogTable\"}]\n}\n");

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("<dir>/model.json: a NoSQL Workbench model with no items (its tables have no TableData); nothing to load");
    }

    @Test
    void load_whenDynamoDbJsonValuesAreOfTheWrongType_namesEntityAttributeTypeAndTheDynamoDbJsonFix() throws IOException {
        Path file = write("ddb.json", """
                {"Item": {"entityType": {"S": "Post"}, "username": {"S": "alice"}, "postId": {"S": "P1"}, "title": {"S": "t"}, "published": {"BOOL": "yes"}}}
                {"Item": {"entityType": {"S": "Post"}, "username": {"S": "alice"}, "postId": {"S": "P2"}, "title": {"N": "12"}, "published": {"BOOL": true}}}
                """);

        CommandRun run = load(file.toString(), "--dry-run");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains(
                "<dir>/ddb.json:1: Post.published is boolean: BOOL takes true or false, found the string \"yes\"\n",
                "<dir>/ddb.json:2: Post.title is string: got {\"N\": \"12\"}; give {\"S\": \"12\"}\n");
    }
}
