package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable run DESIGN Relation.related [slot=value]} on seed 000's memberships
 * ({@code designs/memberships.singletable.yaml}, on the embedded engine, holding the examples and the
 * adjacency items of every pair of them): the query {@code related} sends from either side and the adjacency items it
 * reads, against golden transcripts.
 */
class RelationRunCommandTest {
    private static final String MEMBERSHIPS = "../designs/memberships.singletable.yaml";

    @Test
    void put_whenItNamesARelationOrItsAdjacencyItemType_saysWhatItIsAndHowRelationsAreWritten() {
        CliRun putItem = CliRun.of("put", MEMBERSHIPS, "USERGROUP", "userId=1", "groupId=2");
        CliRun putRelation = CliRun.of("put", MEMBERSHIPS, "Membership", "userId=1", "groupId=2");

        String how = ". A relation's items are written in pairs, both items of a pair in one transaction: 'singletable relate "
                + "DESIGN Membership userId=... groupId=...' relates two stored entities and 'singletable unrelate' deletes the pair; "
                + "load writes a row of either item type with its mirror; put, update and delete write entities only, and "
                + "'singletable verify-relation' checks the pairs stored";
        assertThat(putItem.exitCode()).isEqualTo(2);
        assertThat(putItem.err()).isEqualTo("put USERGROUP: USERGROUP is not an entity but an adjacency item type of relation "
                + "Membership: the item in User's partition naming a related Group, whose mirror is a GROUPUSER" + how
                + "\nRun 'singletable put --help' for its options.\n");
        assertThat(putRelation.err()).startsWith("put Membership: Membership is a relation between User and Group (its adjacency "
                + "items are USERGROUP and GROUPUSER), not an entity" + how);
    }

    @Test
    void run_whenARelationReadIsNamed_readsTheFirstExamplesAdjacencyItems() {
        CliRun run = CliRun.of("run", MEMBERSHIPS, "Membership.related");

        run.matchesGolden("run/relation/membership-related.table.txt");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void run_whenACollectionListsAnEntityAndARelationsItemType_readsTheGroupAndItsAdjacencyItemsTyped() {
        CliRun run = CliRun.of("run", MEMBERSHIPS, "group-with-members");

        run.matchesGolden("run/relation/group-with-members.table.txt");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void run_whenTheSecondSidesKeyIsGiven_readsFromTheSecondSide() {
        CliRun run = CliRun.of("run", MEMBERSHIPS, "Membership.related", "groupId=2", "--format", "jsonl");

        run.matchesGolden("run/relation/membership-related.group-2.jsonl.txt");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void run_whenTheSideIsNamedAndExplainAsked_printsTheQueryOnly() {
        CliRun run = CliRun.of("run", MEMBERSHIPS, "Membership.related(User)", "userId=456", "--explain");

        run.matchesGolden("run/relation/membership-related-user.explain.txt");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void run_whenAParameterIsNotTheNearEntitysKey_isAUsageErrorNamingTheKey() {
        CliRun run = CliRun.of("run", MEMBERSHIPS, "Membership.related(User)", "groupId=1");

        assertThat(run).isEqualTo(new CliRun(run.args(), 2, "", """
                run Membership.related(User): 'groupId=1' is not one of its parameters [userId] (the User's key), as NAME=VALUE
                Run 'singletable run --help' for its options.
                """));
    }
}
