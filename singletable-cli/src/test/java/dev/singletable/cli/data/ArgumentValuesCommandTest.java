package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Values given on the command line ({@code put}/{@code keys} NAME=VALUE, {@code update --set PATH=VALUE}) refused for a
 * reason of their own, in the command line's terms: a JSON key given twice, epoch milliseconds given as seconds, a
 * fraction of a second for epoch seconds, the bare word null (test design {@code arguments/things.singletable.yaml}).
 */
class ArgumentValuesCommandTest {
    private static final String THINGS = "src/test/resources/arguments/things.singletable.yaml";
    private static final String SHOP = "../designs/ecommerce.singletable.yaml";
    private static final String PATTERNS = "../designs/patterns.singletable.yaml";

    @Test
    void put_whenAJsonValueGivesAKeyTwice_isUsageErrorNamingEntityAttributeAndKey() {
        CliRun map = CliRun.of("put", THINGS, "Thing", "id=1", "sm={\"a\":\"1\",\"a\":\"2\"}");
        CliRun nested = CliRun.of("put", THINGS, "Thing", "id=1", "doc={\"x\":1,\"y\":{\"z\":[{\"q\":1,\"q\":2}]}}");

        assertThat(map.exitCode()).isEqualTo(2);
        assertThat(map.out()).isEmpty();
        assertThat(map.err()).isEqualTo("""
                put Thing: sm={"a":"1","a":"2"}: the key "a" is given twice in the value of sm; which value is meant is not known, \
                so keep one of them
                Run 'singletable put --help' for its options.
                """);
        assertThat(nested.err()).startsWith("put Thing: doc={\"x\":1,\"y\":{\"z\":[{\"q\":1,\"q\":2}]}}: the key \"q\" is given twice "
                + "in the value of doc.y.z[0];");
    }

    @Test
    void update_whenAJsonValueGivesAKeyTwice_isUsageErrorNamingEntityPathAndKey() {
        CliRun run = CliRun.of("update", THINGS, "Thing", "id=1", "--set", "sm={\"b\":\"1\",\"b\":\"2\"}");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("""
                update Thing: --set sm={"b":"1","b":"2"}: the key "b" is given twice in the value of sm; which value is meant is not \
                known, so keep one of them
                Run 'singletable update --help' for its options.
                """);
    }

    @Test
    void putAndKeys_whenAnInstantIsEpochMilliseconds_sayWhatItIsAsLoadDoes() {
        CliRun put = CliRun.of("put", THINGS, "Thing", "id=1", "es=1735689600000");
        CliRun keys = CliRun.of("keys", THINGS, "Thing", "id=1", "at=1735689600000");

        assertThat(put.exitCode()).isEqualTo(2);
        assertThat(put.err()).isEqualTo("""
                put Thing: es=1735689600000: '1735689600000' as epoch seconds is after the year 9999; as epoch milliseconds it is \
                2025-01-01T00:00:00Z: give seconds (1735689600) or an ISO-8601 instant
                Run 'singletable put --help' for its options.
                """);
        assertThat(keys.exitCode()).isEqualTo(2);
        assertThat(keys.err()).startsWith("keys Thing: at=1735689600000: '1735689600000' as epoch seconds is after the year 9999;");
    }

    @Test
    void putAndUpdate_whenEpochSecondsHaveAFraction_sayTheWholeSecondToGive() {
        CliRun put = CliRun.of("put", THINGS, "Thing", "id=1", "es=2025-01-01T00:00:00.999Z");
        CliRun update = CliRun.of("update", THINGS, "Thing", "id=1", "--set", "es=2025-01-01T00:00:00.999Z");

        assertThat(put.exitCode()).isEqualTo(2);
        assertThat(put.out()).as("refused before the engine starts").isEmpty();
        assertThat(put.err()).isEqualTo("""
                put Thing: es=2025-01-01T00:00:00.999Z: '2025-01-01T00:00:00.999Z' has a fraction of a second, and an epochSeconds \
                attribute holds whole seconds: give 2025-01-01T00:00:00Z
                Run 'singletable put --help' for its options.
                """);
        assertThat(update.exitCode()).isEqualTo(2);
        assertThat(update.err()).startsWith("update Thing: --set es=2025-01-01T00:00:00.999Z: '2025-01-01T00:00:00.999Z' has a fraction "
                + "of a second, and an epochSeconds attribute holds whole seconds: give 2025-01-01T00:00:00Z\n");
    }

    @Test
    void putAndUpdate_whenANumberHasMoreDigitsThanDynamoDbHolds_sayTheRoundedNumberToGive() {
        String digits = "12345678901234567890123456789012345678901";
        CliRun put = CliRun.of("put", SHOP, "Order", "customerId=C1", "orderId=O1", "status=PAID", "total=" + digits,
                "createdAt=2025-01-01T00:00:00Z");
        CliRun update = CliRun.of("update", SHOP, "Order", "customerId=C1", "orderId=O1", "--set", "total=" + digits);
        CliRun nested = CliRun.of("put", THINGS, "Thing", "id=1", "doc={\"x\":[1E+130]}");

        assertThat(List.of(put.exitCode(), update.exitCode(), nested.exitCode())).containsExactly(2, 2, 2);
        String why = digits + ": " + digits + " has 41 significant digits, and DynamoDB numbers hold at most 38: give it rounded to "
                + "38 (12345678901234567890123456789012345679000), or make the attribute a string (type: string in the schema file) "
                + "to keep every digit\n";
        assertThat(put.err()).startsWith("put Order: total=" + why);
        assertThat(update.err()).startsWith("update Order: --set total=" + why);
        assertThat(nested.err()).startsWith("put Thing: doc={\"x\":[1E+130]}: 1E+130 is 1E+126 or more in magnitude, which no "
                + "DynamoDB number holds: to keep it, give the number as text in JSON quotes\n");
    }

    @Test
    void putAndGet_whenAPathKeySlotIsAnEmptyList_isUsageErrorSayingWhatToGive() {
        CliRun put = CliRun.of("put", PATTERNS, "Category", "catalog=main", "path=[]", "name=e");
        CliRun get = CliRun.of("get", PATTERNS, "Category", "path=[]");

        assertThat(List.of(put.exitCode(), get.exitCode())).containsExactly(2, 2);
        assertThat(put.out()).isEmpty();
        assertThat(put.err()).isEqualTo("""
                put Category: path=[]: path is the path in key template 'CATEGORY#{path}', which needs at least one segment: give \
                one or more, such as path='["ELECTRONICS","AUDIO"]' (in a file, ["ELECTRONICS", "AUDIO"])
                Run 'singletable put --help' for its options.
                """);
        assertThat(get.err()).startsWith("get Category: path=[]: path is the path in key template 'CATEGORY#{path}'");
    }

    @Test
    void putAndGet_whenAKeySlotIsEmpty_areRefusedBeforeAnEngineStarts() {
        CliRun put = CliRun.of("put", "../designs/blog.singletable.yaml", "Post", "username=alice", "title=x", "published=true", "postId=");
        CliRun get = CliRun.of("get", "../designs/blog.singletable.yaml", "Post", "username=alice", "postId=");

        assertThat(put.exitCode()).isEqualTo(2);
        assertThat(put.out()).isEmpty();
        assertThat(put.err()).isEqualTo("""
                put Post: postId is empty; a key slot needs text (an empty one would leave the template's literal text alone in its \
                place); give postId a value
                Run 'singletable put --help' for its options.
                """);
        assertThat(get.exitCode()).isEqualTo(2);
        assertThat(get.out()).isEmpty();
        assertThat(get.err()).startsWith("get Post: postId is empty; a key slot needs text");
    }

    @Test
    void putAndUpdate_whenAStringIsTheBareWordNull_isUsageErrorSayingHowToHaveNoneOrTheText() {
        CliRun put = CliRun.of("put", THINGS, "Thing", "id=1", "title=null");
        CliRun set = CliRun.of("update", THINGS, "Thing", "id=1", "--set", "title=null");
        CliRun number = CliRun.of("update", THINGS, "Thing", "id=1", "--set", "qty=null");

        assertThat(put.exitCode()).isEqualTo(2);
        assertThat(put.err()).isEqualTo("""
                put Thing: title=null: null is no value here; to have none, leave title out; for the text null, give title='"null"' \
                (in JSON quotes)
                Run 'singletable put --help' for its options.
                """);
        assertThat(set.exitCode()).isEqualTo(2);
        assertThat(set.err()).isEqualTo("""
                update Thing: --set title=null: null is no value here; to have none, give --remove title; for the text null, give \
                --set 'title="null"' (in JSON quotes)
                Run 'singletable update --help' for its options.
                """);
        assertThat(number.err()).startsWith("update Thing: --set qty=null: null is no value here; to have none, give --remove qty\n");
    }

    @Test
    void putAndUpdate_whenARequiredAttributeIsTheBareWordNull_sayItIsRequiredNotToLeaveItOut() {
        CliRun put = CliRun.of("put", "../designs/blog.singletable.yaml", "User", "username=x", "name=null", "email=e");
        CliRun set = CliRun.of("update", "../designs/blog.singletable.yaml", "User", "username=x", "--set", "name=null");

        assertThat(put.exitCode()).isEqualTo(2);
        assertThat(put.err()).isEqualTo("""
                put User: name=null: null is no value here; name is required, so give it a value; for the text null, give \
                name='"null"' (in JSON quotes)
                Run 'singletable put --help' for its options.
                """);
        assertThat(set.exitCode()).isEqualTo(2);
        assertThat(set.err()).startsWith("update User: --set name=null: null is no value here; name is required, so give it a "
                + "value; for the text null, give --set 'name=\"null\"' (in JSON quotes)\n");
    }

    @Test
    void putAndUpdate_whenNullIsInJsonQuotes_storeTheText(@TempDir Path data) {
        String dir = data.toString();

        CliRun put = CliRun.of("put", THINGS, "Thing", "id=1", "title=\"null\"", "--format", "json", "--data-dir", dir);
        CliRun update = CliRun.of("update", THINGS, "Thing", "id=1", "--set", "note=\"null\"", "--format", "json", "--data-dir", dir);

        assertThat(put.exitCode()).isZero();
        assertThat(put.out()).contains("\"title\" : \"null\"");
        assertThat(update.exitCode()).isZero();
        assertThat(update.out()).contains("\"title\" : \"null\"").contains("\"note\" : \"null\"");
    }

    @Test
    void update_whenANullableAttributeIsSetToNull_setsItToNull(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", THINGS, "Thing", "id=1", "note=x", "--data-dir", dir);

        CliRun run = CliRun.of("update", THINGS, "Thing", "id=1", "--set", "note=null", "--format", "json", "--data-dir", dir);

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).contains("SET #note = :v0").contains(":v0 = null");
        assertThat(run.out()).doesNotContain("note");
    }
}
