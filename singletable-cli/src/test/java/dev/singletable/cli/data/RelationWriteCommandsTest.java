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
 * Writing a relation's adjacency items from the command line, on seed 000's memberships and the embedded engine (its
 * tables kept in a temporary data directory from one command to the next): {@code load} of the rows {@code run
 * Membership.related} prints, {@code relate} and {@code unrelate}; whole transcripts against golden files.
 */
class RelationWriteCommandsTest {
    private static final String MEMBERSHIPS = "../designs/memberships.singletable.yaml";
    private static final String ENTITIES = """
            {"entity":"User","userId":"123","userName":"Ada"}
            {"entity":"Group","groupId":"1","groupName":"Admins"}
            {"entity":"Group","groupId":"2","groupName":"Readers"}
            """;

    @TempDir
    Path directory;

    /** The runs' transcripts, one after the other, as the golden file {@code relations/NAME} has them. */
    static void matchGolden(String name, List<CliRun> runs) throws IOException {
        String transcript = String.join("", runs.stream().map(CliRun::transcript).toList());
        Path golden = CliRun.GOLDEN.resolve("relations").resolve(name);
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, transcript, StandardCharsets.UTF_8);
        }
        assertThat(transcript).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    private CliRun run(String... args) {
        return CliRun.of(args).replacing(directory.toString(), "DIR");
    }

    private String write(String file, String text) throws IOException {
        return Files.writeString(directory.resolve(file), text, StandardCharsets.UTF_8).toString();
    }

    @Test
    void load_whenTheRowsAreWhatRunRelatedPrints_writesEachPairWithItsMirrorAndTheRelationIsConsistent() throws IOException {
        String listing = CliRun.of("run", MEMBERSHIPS, "Membership.related", "userId=123", "--format", "jsonl").out();
        String entities = write("entities.jsonl", ENTITIES);
        String memberships = write("memberships.jsonl", listing);
        String data = directory.resolve("data").toString();

        CliRun load = run("load", MEMBERSHIPS, entities, memberships, "--data-dir", data, "--progress-every", "0");
        CliRun verify = run("verify-relation", MEMBERSHIPS, "Membership", "--data-dir", data);
        CliRun mirror = run("run", MEMBERSHIPS, "Membership.related", "groupId=2", "--format", "jsonl", "--data-dir", data);

        assertThat(listing).startsWith("{\"entity\":\"USERGROUP\",\"userId\":\"123\",\"groupId\":\"1\"");
        assertThat(List.of(load.exitCode(), verify.exitCode(), mirror.exitCode())).containsExactly(0, 0, 0);
        matchGolden("load-related-listing.txt", List.of(load, verify, mirror));
    }

    @Test
    void load_whenAFileHoldsBothItemsOfPairs_writesEachPairOnceAndRefusesAMirrorWithOtherValues() throws IOException {
        String entities = write("entities.jsonl", ENTITIES);
        String scan = write("scan.jsonl", """
                {"entity":"USERGROUP","userId":"123","groupId":"1","userName":"Ada","groupName":"Admins"}
                {"entity":"GROUPUSER","userId":"123","groupId":"1","userName":"Ada","groupName":"Admins"}
                {"entity":"GROUPUSER","userId":"123","groupId":"2","userName":"Ada","groupName":"Readers"}
                {"entity":"USERGROUP","userId":"123","groupId":"2","userName":"Ada","groupName":"Old readers"}
                {"entity":"USERGROUP","userId":"123","userName":"Ada"}
                {"entity":"USERGROUP","userId":"123","groupId":"3","role":"admin"}
                """);
        String data = directory.resolve("data").toString();

        CliRun load = run("load", MEMBERSHIPS, entities, scan, "--data-dir", data, "--progress-every", "0");
        CliRun verify = run("verify-relation", MEMBERSHIPS, "Membership", "--data-dir", data);

        assertThat(List.of(load.exitCode(), verify.exitCode())).containsExactly(1, 0);
        matchGolden("load-both-sides.txt", List.of(load, verify));
    }

    @Test
    void relateAndUnrelate_whenBothEndsAreStored_writeAndDeleteBothItemsOfThePair() throws IOException {
        String data = directory.resolve("data").toString();

        CliRun put = run("put", MEMBERSHIPS, "User", "userId=9", "userName=Zed", "--data-dir", data);
        CliRun relate = run("relate", MEMBERSHIPS, "Membership", "userId=9", "groupId=2", "--data-dir", data);
        CliRun members = run("run", MEMBERSHIPS, "Membership.related", "groupId=2", "--format", "jsonl", "--data-dir", data);
        CliRun again = run("relate", MEMBERSHIPS, "Membership", "groupId=2", "userId=9", "--data-dir", data);
        CliRun verify = run("verify-relation", MEMBERSHIPS, "Membership", "--data-dir", data);
        CliRun unrelate = run("unrelate", MEMBERSHIPS, "Membership", "userId=9", "groupId=2", "--data-dir", data);
        CliRun after = run("run", MEMBERSHIPS, "Membership.related", "groupId=2", "--format", "jsonl", "--data-dir", data);
        CliRun unrelateAgain = run("unrelate", MEMBERSHIPS, "Membership", "userId=9", "groupId=2", "--data-dir", data);

        assertThat(List.of(put, relate, members, again, verify, unrelate, after, unrelateAgain).stream().map(CliRun::exitCode))
                .containsOnly(0);
        matchGolden("relate-unrelate.txt", List.of(relate, members, again, verify, unrelate, after, unrelateAgain));
    }

    @Test
    void relate_whenAnEndIsNotStored_writesNothingAndExitsOne() {
        CliRun run = CliRun.of("relate", MEMBERSHIPS, "Membership", "userId=9", "groupId=7");

        assertThat(run).isEqualTo(new CliRun(run.args(), 1, """
                Engine  Dynoxide started by this command, in memory
                Table   MembershipTable created and the design's 12 example items written (the embedded Dynoxide starts empty)
                2 requests, 0 WCU and 1 RCU consumed
                """, """
                not found: no User at PK = "USER#9", SK = "PROFILE" in MembershipTable; relate relates stored entities: put it \
                first (singletable put ../designs/memberships.singletable.yaml User ...)
                not found: no Group at PK = "GROUP#7", SK = "DETAILS" in MembershipTable; relate relates stored entities: put it \
                first (singletable put ../designs/memberships.singletable.yaml Group ...)
                """));
    }

    @Test
    void relate_whenTheArgumentsAreNotBothEndsKeys_isAUsageErrorNamingThem() {
        List<CliRun> runs = List.of(
                CliRun.of("relate", MEMBERSHIPS, "Membership", "userId=9"),
                CliRun.of("relate", MEMBERSHIPS, "Membership", "userId=9", "grupId=2"),
                CliRun.of("unrelate", MEMBERSHIPS, "Membership", "userId=9", "groupId=2", "userId=8"),
                CliRun.of("relate", MEMBERSHIPS, "Membership", "userId"),
                CliRun.of("unrelate", MEMBERSHIPS, "Membershp", "userId=9", "groupId=2"));

        assertThat(runs.stream().map(run -> run.exitCode() + " " + run.out() + run.err()).toList()).containsExactly(
                "2 relate Membership: missing groupId; give the key of each end: userId=... groupId=...\n"
                        + "Run 'singletable relate --help' for its options.\n",
                "2 relate Membership: no key attribute 'grupId' (did you mean 'groupId'?); give the key of each end: userId=... "
                        + "groupId=...\nRun 'singletable relate --help' for its options.\n",
                "2 unrelate Membership: userId given twice\nRun 'singletable unrelate --help' for its options.\n",
                "2 relate Membership: 'userId' is not NAME=VALUE; give the key of each end: userId=... groupId=...\n"
                        + "Run 'singletable relate --help' for its options.\n",
                "2 ../designs/memberships.singletable.yaml declares no relation 'Membershp' (did you mean 'Membership'?); its "
                        + "relations are [Membership]\nRun 'singletable unrelate --help' for its options.\n");
    }

    @Test
    void help_whenAsked_printsTheGoldenUsageOfRelateAndUnrelate() {
        CliRun.of("relate", "--help").matchesGolden("relations/relate-help.txt");
        CliRun.of("unrelate", "--help").matchesGolden("relations/unrelate-help.txt");
    }
}
