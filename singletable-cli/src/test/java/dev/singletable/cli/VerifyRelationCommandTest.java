package dev.singletable.cli;

import dev.singletable.DynamicItem;
import dev.singletable.Relation;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDb;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import dev.singletable.local.LocalDynamoDbExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code singletable verify-relation}: seed 000's memberships, on an endpoint and on the embedded Dynoxide; whole outputs. */
class VerifyRelationCommandTest {
    private static final Path DESIGN = Path.of("../designs/memberships.singletable.yaml");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/verify-relation");

    /** An HTTP engine of its own, to stand for the DynamoDB the user points --endpoint at. */
    @RegisterExtension
    static final LocalDynamoDbExtension endpoint = LocalDynamoDbExtension.engineOnly();

    /** The golden file's text; rewritten with {@code actual} first when run with {@code -Dsingletable.golden.update=true}. */
    private static String golden(Path file, String actual) throws IOException {
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /**
     * The design's users and groups, related 123-1, 123-2 and 456-1; then the mirror of 456-1 deleted (one-sided) and
     * 123-2's copied group name changed (a stale copy).
     */
    @SuppressWarnings("unchecked")
    private static void storeBrokenMemberships(LocalDynamoDb engine) {
        SchemaFile design = SchemaFile.load(DESIGN);
        Table table = Table.of(design.tableSchema(), engine.client());
        table.createTable();
        Relation<DynamicItem, DynamicItem> membership = (Relation<DynamicItem, DynamicItem>) design.tableSchema()
                .relation("Membership").orElseThrow();
        List<DynamicItem> users = design.examples("User");
        List<DynamicItem> groups = design.examples("Group");
        users.forEach(table::put);
        groups.forEach(table::put);
        table.relate(users.get(0), groups.get(0), membership);
        table.relate(users.get(0), groups.get(1), membership);
        table.relate(users.get(1), groups.get(0), membership);
        engine.client().deleteItem(r -> r.tableName("MembershipTable").key(Map.of("PK", AttributeValue.fromS("GROUP#1"),
                "SK", AttributeValue.fromS("USER#456"))));
        engine.client().updateItem(r -> r.tableName("MembershipTable").key(Map.of("PK", AttributeValue.fromS("USER#123"),
                "SK", AttributeValue.fromS("GROUP#2"))).updateExpression("SET groupName = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromS("Old readers"))));
    }

    @Test
    void verifyRelation_whenTheTableAtTheEndpointHasAOneSidedPairAndAStaleCopy_printsBothAndExitsOne() throws IOException {
        LocalDynamoDb engine = endpoint.engine();
        storeBrokenMemberships(engine);

        CommandRun run = run("verify-relation", DESIGN.toString(), "Membership", "--endpoint", engine.endpoint().toString(),
                "--region", engine.region().id());

        String out = run.out().replace(engine.endpoint().toString(), "<endpoint>");
        assertThat(new CommandRun(run.exitCode(), out, run.err()))
                .isEqualTo(new CommandRun(1, golden(GOLDEN.resolve("memberships-broken-at-endpoint.txt"), out), ""));
    }

    @Test
    void verifyRelation_withFix_rewritesTheStaleCopyPrintsItAndLeavesOnlyTheOneSidedPair() throws IOException {
        LocalDynamoDb engine = endpoint.engine();
        storeBrokenMemberships(engine);
        String[] endpointArgs = {"--endpoint", engine.endpoint().toString(), "--region", engine.region().id()};

        CommandRun fixed = run(concat(new String[] {"verify-relation", DESIGN.toString(), "Membership", "--fix"}, endpointArgs));
        CommandRun again = run(concat(new String[] {"verify-relation", DESIGN.toString(), "Membership", "--fix"}, endpointArgs));

        String out = fixed.out().replace(engine.endpoint().toString(), "<endpoint>") + "--- run again\n"
                + again.out().replace(engine.endpoint().toString(), "<endpoint>");
        assertThat(new CommandRun(fixed.exitCode() * 10 + again.exitCode(), out, fixed.err() + again.err()))
                .isEqualTo(new CommandRun(11, golden(GOLDEN.resolve("memberships-fixed-at-endpoint.txt"), out), ""));
    }

    @Test
    void verifyRelation_withFix_whenAPlainDeleteOfAUserLeftItsMemberships_deletesBothItemsOfEachAndRunAgainIsConsistent()
            throws IOException {
        LocalDynamoDb engine = endpoint.engine();
        storeBrokenMemberships(engine);
        String[] endpointArgs = {"--endpoint", engine.endpoint().toString(), "--region", engine.region().id()};
        CommandRun deleted = run(concat(new String[] {"delete", DESIGN.toString(), "User", "userId=123"}, endpointArgs));

        CommandRun fixed = run(concat(new String[] {"verify-relation", DESIGN.toString(), "Membership", "--fix"}, endpointArgs));
        CommandRun again = run(concat(new String[] {"verify-relation", DESIGN.toString(), "Membership"}, endpointArgs));

        String out = fixed.out().replace(engine.endpoint().toString(), "<endpoint>") + "--- run again\n"
                + again.out().replace(engine.endpoint().toString(), "<endpoint>");
        assertThat(deleted.exitCode()).isZero();
        assertThat(new CommandRun(fixed.exitCode() * 10 + again.exitCode(), out, fixed.err() + again.err()))
                .isEqualTo(new CommandRun(11, golden(GOLDEN.resolve("memberships-dangling-fixed-at-endpoint.txt"), out), ""));
    }

    private static String[] concat(String[] first, String[] second) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(first), java.util.Arrays.stream(second)).toArray(String[]::new);
    }

    @Test
    void verifyRelation_withoutEndpoint_checksTheAdjacencyItemsOfTheDesignsExamplesOnTheEmbeddedEngineAndExitsZero() {
        CommandRun run = run("verify-relation", DESIGN.toString(), "Membership");

        // 2 users x 2 groups, an adjacency item on each side of each pair
        assertThat(run).isEqualTo(new CommandRun(0, """
                Engine  Dynoxide started by this command, in memory
                Table   MembershipTable created and the design's 12 example items written (the embedded Dynoxide starts empty)

                Relation Membership: 8 adjacency items scanned, consistent
                2 requests, 2.5 RCU consumed
                """, ""));
    }

    @Test
    void verifyRelation_whenDataDirHoldsTheTableWithAOneSidedPairAndAStaleCopy_printsBothAndExitsOne(
            @org.junit.jupiter.api.io.TempDir Path data) throws IOException {
        try (LocalDynamoDb engine = LocalDynamoDb.builder().dataDirectory(data).start()) {
            storeBrokenMemberships(engine);
        }

        CommandRun run = run("verify-relation", DESIGN.toString(), "Membership", "--data-dir", data.toString(), "--verbose");

        String out = run.out().replace(data.toString(), "<data>");
        assertThat(new CommandRun(run.exitCode(), out, run.err()))
                .isEqualTo(new CommandRun(1, golden(GOLDEN.resolve("memberships-broken-in-data-dir.txt"), out), ""));
    }

    @Test
    void verifyRelation_whenDataDirHoldsNoTable_createsItWithTheExamplesAsTheDataCommandsDoAndChecksThem(
            @org.junit.jupiter.api.io.TempDir Path data) throws IOException {
        CommandRun run = run("verify-relation", DESIGN.toString(), "Membership", "--data-dir", data.toString());

        String out = run.out().replace(data.toString(), "<data>");
        assertThat(new CommandRun(run.exitCode(), out, run.err()))
                .isEqualTo(new CommandRun(0, golden(GOLDEN.resolve("no-table-in-data-dir.txt"), out), ""));
    }

    @Test
    void verifyRelation_whenProfileGivenWithoutEndpoint_isAUsageErrorNamingTheFix() {
        CommandRun run = run("verify-relation", DESIGN.toString(), "Membership", "--profile", "dev");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("--profile needs --endpoint; without it the command runs on the embedded Dynoxide, "
                + "which needs no region or credentials\n");
    }

    @Test
    void help_whenAsked_printsTheGoldenUsageWithTheDataCommandsEngineOptions() throws IOException {
        CommandRun run = run("verify-relation", "--help");

        assertThat(run).isEqualTo(new CommandRun(0, golden(
                Path.of("src/test/resources/golden/help/verify-relation.txt"), run.out()), ""));
    }

    @Test
    void verifyRelation_whenTheDesignHasNoSuchRelation_namesItsRelationsAndExitsTwo() {
        CommandRun run = run("verify-relation", DESIGN.toString(), "Friendship");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("../designs/memberships.singletable.yaml declares no relation 'Friendship'; its relations are "
                + "[Membership]\n");
    }

    @Test
    void export_whenTheDesignDeclaresARelation_writesItsAdjacencyItemsAsFacetsAndSaysWhatIsNotExported(@org.junit.jupiter.api.io.TempDir Path dir) {
        Path model = dir.resolve("memberships.json");

        CommandRun run = run("export", "nosql-workbench", DESIGN.toString(), "-o", model.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "not exported: entities.User.description: entity descriptions\n"
                + "not exported: entities.Group.description: entity descriptions\n"
                + "not exported: collections: GroupMembers\n"
                + "not exported: accessPatterns: 1 named access pattern\n"
                + "not exported: relations: Membership (written as facets of their adjacency items, USERGROUP, GROUPUSER, their example "
                + "pairs as sample items, which an import reads back as the relation, named after its two entities; relate and related "
                + "are not exported)\n"
                + "wrote " + model + ": table MembershipTable, 4 facets, 12 sample items\n", ""));
    }
}
