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
 * The checks of put's values (the bare word null, numbers DynamoDB cannot hold, epoch seconds with a fraction) made for
 * every entry point that takes values: relate's edge values and load's adjacency rows, with a hint that fits the
 * attribute's kind (test design {@code relations/weights.singletable.yaml}).
 */
class EdgeAndRowValuesCommandTest {
    private static final String WEIGHTS = "src/test/resources/relations/weights.singletable.yaml";

    @TempDir
    Path directory;

    /** A data directory holding User 1 and Group 2, the ends the tests relate; its path. */
    private String storedEnds() {
        String data = directory.resolve("data").toString();
        CliRun.of("put", WEIGHTS, "User", "userId=1", "--data-dir", data);
        CliRun.of("put", WEIGHTS, "Group", "groupId=2", "--data-dir", data);
        return data;
    }

    /** Each run's exit code, standard output and standard error, as one text. */
    private static List<String> outcomes(CliRun... runs) {
        return java.util.Arrays.stream(runs).map(run -> run.exitCode() + " " + run.out() + run.err()).toList();
    }

    @Test
    void relate_whenAnEdgeValueIsBareNullOutOfRangeOrAFractionOfASecond_isAUsageErrorAsPutSaysIt() {
        String data = storedEnds();

        List<String> runs = outcomes(
                CliRun.of("relate", WEIGHTS, "Membership", "userId=1", "groupId=2", "role=null", "--data-dir", data),
                CliRun.of("relate", WEIGHTS, "Membership", "userId=1", "groupId=2", "weight=1E+200", "--data-dir", data),
                CliRun.of("relate", WEIGHTS, "Membership", "userId=1", "groupId=2", "since=2025-01-01T00:00:00.5Z", "--data-dir", data));

        assertThat(runs).containsExactly(
                "2 relate Membership: role=null: null is no value here; to have none, leave role out; for the text null, give "
                        + "role='\"null\"' (in JSON quotes)\nRun 'singletable relate --help' for its options.\n",
                "2 relate Membership: weight=1E+200: 1E+200 is 1E+126 or more in magnitude, which no DynamoDB number holds: to "
                        + "keep it, make the attribute a string (type: string in the schema file)\n"
                        + "Run 'singletable relate --help' for its options.\n",
                "2 relate Membership: since=2025-01-01T00:00:00.5Z: '2025-01-01T00:00:00.5Z' has a fraction of a second, and an epochSeconds "
                        + "attribute holds whole seconds: give 2025-01-01T00:00:00Z\nRun 'singletable relate --help' for its options.\n");
    }

    @Test
    void relateAndLoad_whenEpochSecondsAreANumberWithAFraction_refuseTheFractionSayingTheWholeSecond() throws IOException {
        String data = storedEnds();

        CliRun relate = CliRun.of("relate", WEIGHTS, "Membership", "userId=1", "groupId=2", "since=1735689600.5", "--data-dir", data);
        String report = load("fractions.jsonl", """
                {"entity":"USERGROUP","userId":"1","groupId":"2","since":1735689600.5}
                """);

        assertThat(relate.exitCode()).isEqualTo(2);
        assertThat(relate.err()).startsWith("relate Membership: since=1735689600.5: '1735689600.5' has a fraction of a second, and an "
                + "epochSeconds attribute holds whole seconds: give 1735689600\n");
        assertThat(report).isEqualTo("<dir>/fractions.jsonl:1: USERGROUP.since: '1735689600.5' has a fraction of a second, and an "
                + "epochSeconds attribute holds whole seconds: give 1735689600 (refused)\n");
    }

    @Test
    void relateAndLoad_whenEpochSecondsAreBeyondTheYear9999_refuseThemByTheKindsRangeAsPutDoes() throws IOException {
        String data = storedEnds();

        CliRun relate = CliRun.of("relate", WEIGHTS, "Membership", "userId=1", "groupId=2", "since=1E+200", "--data-dir", data);
        String report = load("far.jsonl", """
                {"entity":"USERGROUP","userId":"1","groupId":"2","since":1E+200}
                """);

        String rule = "'1E+200' as epoch seconds is after the year 9999: give epoch seconds from -62167219200 to 253402300799 or an "
                + "ISO-8601 instant";
        assertThat(relate.exitCode()).isEqualTo(2);
        assertThat(relate.err()).startsWith("relate Membership: since=1E+200: " + rule + "\n");
        assertThat(report).isEqualTo("<dir>/far.jsonl:1: USERGROUP.since: " + rule + " (refused)\n");
    }

    @Test
    void relate_whenEpochSecondsAreAWholeNumberWrittenWithAFractionPoint_storesThatSecond() {
        String data = storedEnds();

        CliRun relate = CliRun.of("relate", WEIGHTS, "Membership", "userId=1", "groupId=2", "since=1735689600.0", "--data-dir", data);

        assertThat(relate.exitCode()).as(relate.err()).isZero();
        assertThat(relate.out()).contains("\"since\":\"2025-01-01T00:00:00Z\"");
    }

    @Test
    void relateAndUnrelate_whenAnEndKeyIsBareNull_isAUsageErrorAsPutSaysIt() {
        String data = storedEnds();

        List<String> runs = outcomes(CliRun.of("relate", WEIGHTS, "Membership", "userId=null", "groupId=2", "--data-dir", data),
                CliRun.of("unrelate", WEIGHTS, "Membership", "userId=1", "groupId=null", "--data-dir", data));

        assertThat(runs).containsExactly(
                "2 relate Membership: userId=null: null is no value here; userId is required, so give it a value; for the text null, give "
                        + "userId='\"null\"' (in JSON quotes)\nRun 'singletable relate --help' for its options.\n",
                "2 unrelate Membership: groupId=null: null is no value here; groupId is required, so give it a value; for the text null, give "
                        + "groupId='\"null\"' (in JSON quotes)\nRun 'singletable unrelate --help' for its options.\n");
    }

    @Test
    void relate_whenAStringEdgeValueIsNullInJsonQuotes_storesTheText() {
        String data = storedEnds();

        CliRun relate = CliRun.of("relate", WEIGHTS, "Membership", "userId=1", "groupId=2", "role=\"null\"", "--data-dir", data);

        assertThat(relate.exitCode()).as(relate.err()).isZero();
        assertThat(relate.out()).contains("\"role\":\"null\"");
    }

    @Test
    void relate_whenAListEdgeValueIsGiven_storesTheListAndRefusesABadElementAsPutDoes() {
        String data = storedEnds();

        CliRun relate = CliRun.of("relate", WEIGHTS, "Membership", "userId=1", "groupId=2", "labels=[\"a\",\"b\"]", "--data-dir", data);
        CliRun badElement = CliRun.of("relate", WEIGHTS, "Membership", "userId=1", "groupId=2", "labels=[\"a\",null]", "--data-dir", data);

        assertThat(relate.exitCode()).as(relate.err()).isZero();
        assertThat(relate.out()).contains("\"labels\":[\"a\",\"b\"]");
        assertThat(badElement.exitCode()).isEqualTo(2);
        assertThat(badElement.err()).startsWith("relate").contains("labels").doesNotContain("is not a list of string values");
    }

    @Test
    void updateSet_whenAWholeAttributeHoldsANumberOutOfRange_givesTheHintOfItsKindAsPutDoes() {
        String data = storedEnds();

        CliRun put = CliRun.of("put", WEIGHTS, "User", "userId=1", "scores=[1E+200]", "--data-dir", data);
        CliRun update = CliRun.of("update", WEIGHTS, "User", "userId=1", "--set", "scores=[1E+200]", "--data-dir", data);

        assertThat(update.exitCode()).isEqualTo(2);
        assertThat(put.err()).contains("make the attribute a set of strings");
        assertThat(update.err()).contains("make the attribute a set of strings").doesNotContain("make the attribute a string ");
    }

    @Test
    void load_whenAnAdjacencyRowHasANumberDynamoDbCannotHoldOrAFractionOfASecond_refusesTheRowInTheFilesTerms() throws IOException {
        String report = load("memberships.jsonl", """
                {"entity":"USERGROUP","userId":"1","groupId":"2","weight":1E+200}
                {"entity":"GROUPUSER","userId":"1","groupId":"3","weight":0.123456789012345678901234567890123456789}
                {"entity":"USERGROUP","userId":"1","groupId":"4","since":"2025-01-01T00:00:00.5Z"}
                """);

        assertThat(report).isEqualTo("""
                <dir>/memberships.jsonl:1: USERGROUP.weight: 1E+200 is 1E+126 or more in magnitude, which no DynamoDB number \
                holds: to keep it, make the attribute a string (type: string in the schema file) (refused)
                <dir>/memberships.jsonl:2: GROUPUSER.weight: 0.123456789012345678901234567890123456789 has 39 significant digits, \
                and DynamoDB numbers hold at most 38: give it rounded to 38 (0.12345678901234567890123456789012345679), or make \
                the attribute a string (type: string in the schema file) to keep every digit (refused)
                <dir>/memberships.jsonl:3: USERGROUP.since: '2025-01-01T00:00:00.5Z' has a fraction of a second, and an \
                epochSeconds attribute holds whole seconds: give 2025-01-01T00:00:00Z (refused)
                """);
    }

    @Test
    void load_whenANumberOutOfRangeIsAnElement_theHintFitsTheAttributesKind() throws IOException {
        String report = load("users.jsonl", """
                {"entity":"User","userId":"1","tags":[1E+200]}
                {"entity":"User","userId":"2","scores":[1E+200]}
                {"entity":"User","userId":"3","doc":{"x":[1E+200]}}
                """);

        assertThat(report).isEqualTo("""
                <dir>/users.jsonl:1: User.tags is stringList: [0] is the number 1E+200, not a string; write text in quotes \
                ("1E+200") (refused)
                <dir>/users.jsonl:2: User.scores: 1E+200 is 1E+126 or more in magnitude, which no DynamoDB number holds: to keep \
                it, make the attribute a set of strings (type: stringSet in the schema file) (refused)
                <dir>/users.jsonl:3: User.doc: 1E+200 is 1E+126 or more in magnitude, which no DynamoDB number holds: to keep it, \
                give the number as text in JSON quotes (refused)
                """);
    }

    /** The load report of loading these rows into an empty table. */
    private String load(String name, String rows) throws IOException {
        Path file = Files.writeString(directory.resolve(name), rows, StandardCharsets.UTF_8);
        CliRun load = CliRun.of("load", WEIGHTS, file.toString(), "--data-dir", directory.resolve("data").toString(),
                "--progress-every", "0");
        assertThat(load.exitCode()).as(load.out() + load.err()).isEqualTo(1);
        return Files.readString(directory.resolve(name + ".load-report.txt")).replace(directory.toString(), "<dir>");
    }
}
