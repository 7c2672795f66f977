package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable delete ... --with-pairs} on seed 000's memberships (the design's examples: users 123 and 456, each in
 * groups 1 and 2), on the embedded engine kept in a temporary data directory; whole transcripts against a golden file.
 */
class DeleteWithPairsCommandTest {
    private static final String MEMBERSHIPS = "../designs/memberships.singletable.yaml";
    private static final String VERSIONED = "src/test/resources/relations/versioned-memberships.singletable.yaml";

    @TempDir
    Path directory;

    private CliRun run(String... args) {
        return CliRun.of(args).replacing(directory.toString(), "DIR");
    }

    @Test
    void deleteWithPairs_whenAUserIsInGroups_deletesItAndBothItemsOfEachMembershipAndThenThePairsAPlainDeleteLeft()
            throws IOException {
        String data = directory.resolve("data").toString();

        CliRun deleted = run("delete", MEMBERSHIPS, "User", "userId=123", "--with-pairs", "--data-dir", data);
        CliRun members = run("run", MEMBERSHIPS, "Membership.related", "groupId=1", "--format", "jsonl", "--data-dir", data);
        CliRun plain = run("delete", MEMBERSHIPS, "User", "userId=456", "--data-dir", data);
        CliRun leftOver = run("delete", MEMBERSHIPS, "User", "userId=456", "--with-pairs", "--data-dir", data);
        CliRun verify = run("verify-relation", MEMBERSHIPS, "Membership", "--data-dir", data);

        assertThat(List.of(deleted, members, plain, leftOver, verify).stream().map(CliRun::exitCode)).containsOnly(0);
        RelationWriteCommandsTest.matchGolden("delete-with-pairs.txt", List.of(deleted, members, leftOver, verify));
    }

    @Test
    void deleteWithPairs_whenAVersionedEntityIsNotStored_deletesThePairsNamingItByItsKeyAlone() {
        String data = directory.resolve("data").toString();
        CliRun plain = run("delete", VERSIONED, "User", "userId=456", "--data-dir", data);

        CliRun leftOver = run("delete", VERSIONED, "User", "userId=456", "--with-pairs", "--data-dir", data);
        CliRun members = run("run", VERSIONED, "Membership.related", "groupId=1", "--format", "jsonl", "--data-dir", data);

        assertThat(plain.exitCode()).as(plain.err()).isZero();
        assertThat(leftOver.exitCode()).as(leftOver.err()).isZero();
        assertThat(leftOver.out()).endsWith("no User at PK = \"USER#456\", SK = \"PROFILE\"; 2 pairs naming it deleted (both items of each)\n"
                + "3 requests, 11 WCU consumed\n");
        assertThat(members.out()).isEqualTo("{\"entity\":\"GROUPUSER\",\"userId\":\"123\",\"groupId\":\"1\",\"userName\":\"Ada\","
                + "\"groupName\":\"Admins\"}\n");
    }

    @Test
    void deleteWithPairs_withExpect_isAUsageErrorAndDeletesNothing() {
        CliRun run = run("delete", MEMBERSHIPS, "User", "userId=123", "--with-pairs", "--expect", "userName=Ada");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("--with-pairs deletes in one transaction without conditions: drop --expect (or delete"
                + " without --with-pairs)");
    }
}
