package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A relation whose edge carries attributes of its own (src/test/resources/relations/roles.singletable.yaml: seed 000's
 * memberships with a required role and a join date) from the command line: {@code relate} taking them after the ends' keys,
 * {@code run Membership.related} showing them, {@code load} of the rows it prints, and the mistakes refused.
 */
class RelationEdgeCommandsTest {
    private static final String ROLES = "src/test/resources/relations/roles.singletable.yaml";

    @TempDir
    Path directory;

    private CliRun run(String... args) {
        return CliRun.of(args).replacing(directory.toString(), "DIR");
    }

    @Test
    void relate_whenGivenTheEdgesValues_writesThemOnBothItemsAndRunRelatedAndLoadCarryThem() throws IOException {
        String data = directory.resolve("data").toString();
        String copy = directory.resolve("copy").toString();

        CliRun put = run("put", ROLES, "User", "userId=9", "userName=Zed", "--data-dir", data);
        CliRun relate = run("relate", ROLES, "Membership", "userId=9", "groupId=2", "role=ADMIN", "joinedAt=2025-01-01T00:00:00Z",
                "--data-dir", data);
        CliRun again = run("relate", ROLES, "Membership", "role=MEMBER", "groupId=1", "userId=9", "--data-dir", data);
        CliRun table = run("run", ROLES, "Membership.related", "userId=9", "--data-dir", data);
        CliRun listing = run("run", ROLES, "Membership.related", "userId=9", "--format", "jsonl", "--data-dir", data);
        String rows = Files.writeString(directory.resolve("memberships.jsonl"), listing.out(), StandardCharsets.UTF_8).toString();
        CliRun load = run("load", ROLES, rows, "--data-dir", copy, "--progress-every", "0");
        CliRun mirror = run("run", ROLES, "Membership.related", "groupId=2", "--format", "jsonl", "--data-dir", copy);

        assertThat(List.of(put, relate, again, table, listing, load, mirror).stream().map(CliRun::exitCode)).containsOnly(0);
        assertThat(mirror.out()).contains("{\"entity\":\"GROUPUSER\",\"userId\":\"9\",\"groupId\":\"2\",\"userName\":\"Zed\","
                + "\"groupName\":\"Readers\",\"role\":\"ADMIN\",\"joinedAt\":\"2025-01-01T00:00:00Z\"}\n");
        RelationWriteCommandsTest.matchGolden("edge-relate-run-load.txt", List.of(relate, again, table, listing, load, mirror));
    }

    @Test
    void relate_whenAnEdgeValueIsMissingUnknownOrOfTheWrongType_isAUsageErrorNamingRelationAttributeAndValue() {
        List<CliRun> runs = List.of(
                CliRun.of("relate", ROLES, "Membership", "userId=123", "groupId=2"),
                CliRun.of("relate", ROLES, "Membership", "userId=123", "groupId=2", "role=ADMIN", "rank=1"),
                CliRun.of("relate", ROLES, "Membership", "userId=123", "groupId=2", "role=OWNER"),
                CliRun.of("relate", ROLES, "Membership", "userId=123", "groupId=2", "role=ADMIN", "joinedAt=yesterday"),
                CliRun.of("unrelate", ROLES, "Membership", "userId=123", "groupId=2", "role=ADMIN"));

        assertThat(runs.stream().map(run -> run.exitCode() + " " + run.out() + run.err()).toList()).containsExactly(
                "2 relate Membership: edge attribute role is required; give the key of each end: userId=... groupId=..., then "
                        + "the edge's values: role=... [joinedAt=...]\nRun 'singletable relate --help' for its options.\n",
                "2 relate Membership: no key or edge attribute 'rank'; give the key of each end: userId=... "
                        + "groupId=..., then the edge's values: role=... [joinedAt=...]\n"
                        + "Run 'singletable relate --help' for its options.\n",
                "2 relate Membership: role=OWNER is not one of MEMBER, ADMIN\n"
                        + "Run 'singletable relate --help' for its options.\n",
                "2 relate Membership: joinedAt=yesterday is not an instant "
                        + "(such as 2025-01-31T12:00:00Z, or epoch seconds)\nRun 'singletable relate --help' for its options.\n",
                "2 unrelate Membership: 'role' is an attribute of the edge, which unrelate does not take: it names the pair by "
                        + "its ends' keys; give the key of each end: userId=... groupId=...\n"
                        + "Run 'singletable unrelate --help' for its options.\n");
    }

    @Test
    void load_whenAnAdjacencyRowLacksARequiredEdgeValueOrHasAWrongOne_refusesThatRowNamingRelationAttributeAndValue()
            throws IOException {
        String rows = Files.writeString(directory.resolve("memberships.jsonl"), """
                {"entity":"USERGROUP","userId":"123","groupId":"1","role":"ADMIN","joinedAt":"2025-01-01T00:00:00Z"}
                {"entity":"USERGROUP","userId":"123","groupId":"2"}
                {"entity":"GROUPUSER","groupId":"2","userId":"456","role":"OWNER"}
                {"entity":"GROUPUSER","groupId":"1","userId":"456","role":"MEMBER","joinedAt":"soon"}
                """, StandardCharsets.UTF_8).toString();
        String data = directory.resolve("data").toString();

        CliRun load = run("load", ROLES, rows, "--data-dir", data, "--progress-every", "0");
        CliRun members = run("run", ROLES, "Membership.related", "groupId=1", "--format", "jsonl", "--data-dir", data);

        assertThat(List.of(load.exitCode(), members.exitCode())).containsExactly(1, 0);
        RelationWriteCommandsTest.matchGolden("edge-load-refused.txt", List.of(load, members));
    }

    @Test
    void describe_whenARelationHasEdgeAttributes_listsThemWithTheirTypes() {
        CliRun.of("describe", ROLES).matchesGolden("describe/roles.txt");
        CliRun.of("describe", ROLES, "--format", "json").matchesGolden("describe/roles.json");
    }
}
