package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.SchemaDefinitionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Access patterns on GSIs that project INCLUDE and KEYS_ONLY, in the file format: {@code select} reads what the index holds
 * (the Java API's selectMaps), {@code fetchFullItems} reads the whole items after the index query (a BatchGetItem a page),
 * and a filter's values are parameters like the key's.
 */
class PartialProjectionPatternsOnEngineTest {
    static final Path FILE = Path.of("../singletable-cli/src/test/resources/projections/tickets.singletable.yaml");
    static final SchemaFile DESIGN = SchemaFile.load(FILE);

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).withExamples("Ticket");

    @Test
    void run_whenPatternSelectsWhatItsIncludeIndexHolds_returnsItemsHoldingOnlyThose() {
        List<DynamicItem> items = DESIGN.run(db.table(), "tickets-by-status", Map.of());

        assertThat(items).containsExactly(
                DynamicItem.builder("Ticket").set("ticketId", "T1").set("title", "Login fails").build(),
                DynamicItem.builder("Ticket").set("ticketId", "T3").set("title", "Typo on home page").build(),
                DynamicItem.builder("Ticket").set("ticketId", "T4").set("title", "Dark mode").build());
        assertThat(DESIGN.queryMaps(db.table(), "tickets-by-status", Map.of("status", "CLOSED")).list())
                .containsExactly(Map.of("ticketId", "T2", "title", "Slow search"));
    }

    @Test
    void explain_whenPatternSelects_asksForTheSelectedAttributesAndTheKeys() {
        var request = (software.amazon.awssdk.services.dynamodb.model.QueryRequest) DESIGN.explain(db.table(), "tickets-by-status", Map.of()).request();

        assertThat(request.projectionExpression()).isEqualTo("#ticketId, #title, #pk_2, #sk_2, #pk, #sk, #entityType");
    }

    @Test
    void run_whenPatternFetchesFullItemsAfterKeysOnlyIndex_returnsWholeItems() {
        List<DynamicItem> items = DESIGN.run(db.table(), "tickets-of-assignee", Map.of());

        assertThat(items).containsExactly(DESIGN.examples("Ticket").get(0), DESIGN.examples("Ticket").get(2));
        assertThat(DESIGN.explain(db.table(), "tickets-of-assignee", Map.of()).notes()).containsExactly("then BatchGetItem of the page's keys "
                + "on table TicketsTable (up to 100 keys a request): fetchFullItems reads the whole items that index byAssignee does not hold");
    }

    @Test
    void run_whenFilterValueGivenByName_filtersOnIt() {
        assertThat(DESIGN.run(db.table(), "tickets-of-project", Map.of()).stream().map(i -> i.getString("ticketId"))).containsExactly("T1");
        assertThat(DESIGN.run(db.table(), "tickets-of-project", Map.of("status", "CLOSED")).stream().map(i -> i.getString("ticketId")))
                .containsExactly("T2");
        assertThat(DESIGN.run(db.table(), "tickets-of-project", Map.of("projectId", "P2")).stream().map(i -> i.getString("ticketId")))
                .containsExactly("T3", "T4");
    }

    @Test
    void run_whenParameterUnknown_namesThePatternsParametersWithTheFilters() {
        assertThatThrownBy(() -> DESIGN.run(db.table(), "tickets-of-project", Map.of("stat", "OPEN")))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Access pattern 'tickets-of-project' has no parameter 'stat'; did you mean 'status'?; its parameters are "
                        + "projectId, status");
    }

    @Test
    void query_whenPatternSelects_pointsToQueryMaps() {
        assertThatThrownBy(() -> DESIGN.query(db.table(), "tickets-by-status", Map.of()))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Access pattern 'tickets-by-status' selects [ticketId, title], so its items are maps of those attributes: "
                        + "read it with queryMaps(table, \"tickets-by-status\", parameters), or run(...) for partial items");
    }

    @Test
    void toYaml_whenPatternsSelectAndFetch_writesThemBack() {
        assertThat(SchemaFile.parse(SchemaFileWriter.toYaml(DESIGN.document()), "tickets.yaml").document()).isEqualTo(DESIGN.document());
        assertThat(SchemaFile.parse(SchemaFileWriter.toJson(DESIGN.document()), "tickets.json").document()).isEqualTo(DESIGN.document());
    }

    @Test
    void load_whenSelectOrFetchFullItemsCannotApply_listsEachAtItsPlace() throws IOException {
        String text = Files.readString(FILE)
                .replace("    select: [ticketId, title]\n", "    select: [ticketId, body, titel]\n")
                .replace("    filter: {equals: {status: OPEN}}\n", "    filter: {equals: {status: OPEN}}\n    fetchFullItems: true\n");
        String file = text + """
                  - name: one-ticket
                    operation: get
                    entity: Ticket
                    key: {projectId: P1, ticketId: T1}
                    select: [title]
                  - name: scan-fetching
                    operation: scan
                    entity: Ticket
                    index: byStatus
                    fetchFullItems: true
                  - name: both
                    entity: Ticket
                    index: byAssignee
                    partition: {assignee: bob}
                    select: [title]
                    fetchFullItems: true
                """;

        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(file, "tickets.yaml"));

        assertThat(failure.errors().stream().map(e -> e.kind() + " " + e).collect(Collectors.joining("\n"))).isEqualTo("""
                SCHEMA_DEFINITION tickets.yaml:45:5: accessPatterns[0].fetchFullItems: fetchFullItems reads the table's items after an index query, and this pattern reads the table itself, whose items are whole already; remove fetchFullItems, or name an index
                SCHEMA_DEFINITION tickets.yaml:51:24: accessPatterns[1].select[1]: index byStatus projects INCLUDE [entityType, ticketId, title, status] and does not hold 'body'; select what it holds (ticketId, title, status), or read whole items with fetchFullItems: true instead of select, or project 'body' into byStatus
                UNKNOWN_NAME tickets.yaml:51:30: accessPatterns[1].select[2]: 'titel' is not an attribute of Ticket (did you mean 'title'?); its attributes are projectId, ticketId, title, status, assignee, body, priority
                SCHEMA_DEFINITION tickets.yaml:62:5: accessPatterns[3].select: a get reads one whole item by the table's primary key; select and fetchFullItems are for queries (and select for scans)
                SCHEMA_DEFINITION tickets.yaml:67:5: accessPatterns[4].fetchFullItems: fetchFullItems reads the whole items after a query of an index; a scan has none: scan the table itself, or select what the index holds
                SCHEMA_DEFINITION tickets.yaml:72:14: accessPatterns[5].select[0]: index byAssignee projects KEYS_ONLY and does not hold 'title'; select what it holds (none of Ticket's attributes), or read whole items with fetchFullItems: true instead of select, or project 'title' into byAssignee
                SCHEMA_DEFINITION tickets.yaml:73:5: accessPatterns[5].fetchFullItems: fetchFullItems reads whole items, select reads some attributes; keep one of them""");
    }
}
