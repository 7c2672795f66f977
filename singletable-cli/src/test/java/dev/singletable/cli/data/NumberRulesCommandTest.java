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
 * A number given where its kind's own rule is narrower than DynamoDB's, refused by that rule with one text in every front
 * end (put, update --set, relate, load): epoch seconds with a fraction of a second, a long outside a long's range or with
 * a fraction (review-s52-cli findings 8 and 9).
 */
class NumberRulesCommandTest {
    private static final String DESIGN = """
            format: singletable/1
            table:
              name: Kinds
              partitionKey: {name: PK, type: S}
              sortKey: {name: SK, type: S}
              entityTypeAttribute: entityType
            entities:
              Thing:
                attributes:
                  id: {type: string, required: true}
                  i: {type: long}
                  n: {type: integer}
                  e: {type: epochSeconds}
                keys: {pk: "THING#{id}", sk: META}
            """;
    private static final String LONG_RANGE = "a long holds whole numbers from -9223372036854775808 to 9223372036854775807";
    private static final String AFTER_9999 = "as epoch seconds is after the year 9999: give epoch seconds from -62167219200 to "
            + "253402300799 or an ISO-8601 instant";

    @TempDir
    Path directory;

    private String design() throws IOException {
        return Files.writeString(directory.resolve("kinds.singletable.yaml"), DESIGN, StandardCharsets.UTF_8).toString();
    }

    private String data() {
        return directory.resolve("data").toString();
    }

    /** An input file of {@code load} in the test's directory. */
    private Path input(String name, String text) throws IOException {
        return Files.writeString(directory.resolve(name), text, StandardCharsets.UTF_8);
    }

    /** The report {@code load} left beside this input file, its directory written as {@code <dir>}. */
    private String report(String file) throws IOException {
        return Files.readString(directory.resolve(file + ".load-report.txt")).replace(directory.toString(), "<dir>");
    }

    @Test
    void putAndUpdate_whenEpochSecondsAreANumberWithAFraction_refuseTheFractionSayingTheWholeSecond() throws IOException {
        String design = design();

        CliRun put = CliRun.of("put", design, "Thing", "id=x", "e=1735689600.5", "--data-dir", data());
        CliRun update = CliRun.of("update", design, "Thing", "id=x", "--set", "e=1735689600.5", "--data-dir", data());

        assertThat(put.exitCode()).isEqualTo(2);
        assertThat(put.err()).startsWith("put Thing: e=1735689600.5: '1735689600.5' has a fraction of a second, and an epochSeconds "
                + "attribute holds whole seconds: give 1735689600\n");
        assertThat(update.exitCode()).isEqualTo(2);
        assertThat(update.err()).startsWith("update Thing: --set e=1735689600.5: '1735689600.5' has a fraction of a second");
    }

    @Test
    void putAndUpdate_whenALongIsBeyondALongsRangeOrHasAFraction_refuseItByALongsRange() throws IOException {
        String design = design();

        CliRun put = CliRun.of("put", design, "Thing", "id=x", "i=1E+200", "--data-dir", data());
        CliRun fraction = CliRun.of("put", design, "Thing", "id=x", "i=1.5", "--data-dir", data());
        CliRun integer = CliRun.of("put", design, "Thing", "id=x", "n=3000000000", "--data-dir", data());
        CliRun update = CliRun.of("update", design, "Thing", "id=x", "--set", "i=1E+200", "--data-dir", data());

        assertThat(put.err()).startsWith("put Thing: i=1E+200: '1E+200' is not a long: " + LONG_RANGE + "\n");
        assertThat(fraction.err()).startsWith("put Thing: i=1.5: '1.5' is not a long: " + LONG_RANGE + "\n");
        assertThat(integer.err()).startsWith("put Thing: n=3000000000: '3000000000' is not an integer: an integer holds whole numbers "
                + "from -2147483648 to 2147483647\n");
        assertThat(update.err()).startsWith("update Thing: --set i=1E+200: '1E+200' is not a long: " + LONG_RANGE + "\n");
    }

    @Test
    void load_whenARowsNumberBreaksItsKindsRule_refusesItAsPutDoes() throws IOException {
        String design = design();
        Path rows = input("things.jsonl", """
                {"entity":"Thing","id":"a","e":1735689600.5}
                {"entity":"Thing","id":"b","i":1E+200}
                """);
        Path stored = input("things.ddb.json", """
                {"Item":{"PK":{"S":"THING#c"},"SK":{"S":"META"},"entityType":{"S":"Thing"},"id":{"S":"c"},"e":{"N":"1735689600.5"}}}
                """);

        CliRun lines = CliRun.of("load", design, rows.toString(), "--data-dir", data(), "--progress-every", "0");
        CliRun dynamoJson = CliRun.of("load", design, stored.toString(), "--data-dir", data(), "--progress-every", "0");

        assertThat(lines.exitCode()).isEqualTo(1);
        assertThat(report("things.jsonl"))
                .isEqualTo("""
                        <dir>/things.jsonl:1: Thing.e: '1735689600.5' has a fraction of a second, and an epochSeconds attribute \
                        holds whole seconds: give 1735689600 (refused)
                        <dir>/things.jsonl:2: Thing.i: '1E+200' is not a long: %s (refused)
                        """.formatted(LONG_RANGE));
        assertThat(dynamoJson.exitCode()).isEqualTo(1);
        assertThat(report("things.ddb.json"))
                .contains("Thing.e: '1735689600.5' has a fraction of a second, and an epochSeconds attribute holds whole seconds: give "
                        + "1735689600 (refused)");
    }

    @Test
    void load_whenARowsNumberIsWrittenWithAnExponent_quotesItAsTheFileWroteIt() throws IOException {
        String design = design();
        Path rows = input("exponents.jsonl", """
                {"entity":"Thing","id":"a","i":1E+30}
                {"entity":"Thing","id":"b","n":2.5E+10}
                {"entity":"Thing","id":"c","n":12.50}
                """);

        CliRun load = CliRun.of("load", design, rows.toString(), "--data-dir", data(), "--progress-every", "0");

        assertThat(load.exitCode()).isEqualTo(1);
        assertThat(report("exponents.jsonl"))
                .isEqualTo("""
                        <dir>/exponents.jsonl:1: Thing.i: '1E+30' is not a long: %s (refused)
                        <dir>/exponents.jsonl:2: Thing.n: '2.5E+10' is not an integer: an integer holds whole numbers from \
                        -2147483648 to 2147483647 (refused)
                        <dir>/exponents.jsonl:3: Thing.n: '12.50' is not an integer: an integer holds whole numbers from \
                        -2147483648 to 2147483647 (refused)
                        """.formatted(LONG_RANGE));
    }

    @Test
    void putUpdateAndLoad_whenEpochSecondsAreBeyondTheYear9999InAnyNotation_refuseThemByTheKindsRange() throws IOException {
        String design = design();
        Path rows = input("far.jsonl", """
                {"entity":"Thing","id":"a","e":1E+200}
                {"entity":"Thing","id":"b","e":1.7356896E+12}
                {"entity":"Thing","id":"c","e":-1E+999999999}
                """);
        Path stored = input("far.ddb.json", """
                {"Item":{"PK":{"S":"THING#d"},"SK":{"S":"META"},"entityType":{"S":"Thing"},"id":{"S":"d"},"e":{"N":"1E+200"}}}
                """);

        CliRun put = CliRun.of("put", design, "Thing", "id=x", "e=1E+200", "--data-dir", data());
        CliRun update = CliRun.of("update", design, "Thing", "id=x", "--set", "e=1E+200", "--data-dir", data());
        CliRun lines = CliRun.of("load", design, rows.toString(), "--data-dir", data(), "--progress-every", "0");
        CliRun dynamoJson = CliRun.of("load", design, stored.toString(), "--data-dir", data(), "--progress-every", "0");

        assertThat(put.exitCode()).isEqualTo(2);
        assertThat(put.err()).startsWith("put Thing: e=1E+200: '1E+200' " + AFTER_9999 + "\n");
        assertThat(update.exitCode()).isEqualTo(2);
        assertThat(update.err()).startsWith("update Thing: --set e=1E+200: '1E+200' " + AFTER_9999 + "\n");
        assertThat(lines.exitCode()).isEqualTo(1);
        assertThat(report("far.jsonl"))
                .isEqualTo("""
                        <dir>/far.jsonl:1: Thing.e: '1E+200' %s (refused)
                        <dir>/far.jsonl:2: Thing.e: '1.7356896E+12' as epoch seconds is after the year 9999; as epoch milliseconds \
                        it is 2025-01-01T00:00:00Z: give seconds (1735689600) or an ISO-8601 instant (refused)
                        <dir>/far.jsonl:3: Thing.e: '-1E+999999999' as epoch seconds is before the year 0000: give epoch seconds \
                        from -62167219200 to 253402300799 or an ISO-8601 instant (refused)
                        """.formatted(AFTER_9999));
        assertThat(dynamoJson.exitCode()).isEqualTo(1);
        assertThat(report("far.ddb.json")).contains("Thing.e: '1E+200' " + AFTER_9999
                + " (refused)");
    }

    @Test
    void putUpdateAndLoad_whenEpochSecondsAreAWholeNumberWrittenWithAFractionPoint_storeThatSecond() throws IOException {
        String design = design();
        Path rows = input("whole.jsonl", """
                {"entity":"Thing","id":"a","e":1735689600.0}
                """);

        CliRun put = CliRun.of("put", design, "Thing", "id=x", "e=1735689600.0", "--data-dir", data());
        CliRun update = CliRun.of("update", design, "Thing", "id=x", "--set", "e=1735689601.000", "--data-dir", data());
        CliRun exponent = CliRun.of("put", design, "Thing", "id=y", "e=1.7356896E+9", "--data-dir", data());
        CliRun load = CliRun.of("load", design, rows.toString(), "--data-dir", data(), "--progress-every", "0");
        CliRun loaded = CliRun.of("get", design, "Thing", "id=a", "--data-dir", data(), "--format", "json");
        CliRun updated = CliRun.of("get", design, "Thing", "id=x", "--data-dir", data(), "--format", "json");

        assertThat(List.of(put, update, exponent, load)).allSatisfy(run -> assertThat(run.exitCode()).as(run.err()).isZero());
        assertThat(exponent.out()).contains("2025-01-01T00:00:00Z");
        assertThat(loaded.out()).contains("\"e\" : \"2025-01-01T00:00:00Z\"");
        assertThat(updated.out()).contains("\"e\" : \"2025-01-01T00:00:01Z\"");
    }
}
