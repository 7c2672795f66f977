package dev.singletable.design.internal.lint;

import dev.singletable.internal.kinds.Kind;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** ST013 and the registry's TTL rule: the loader refuses a TTL attribute of a kind DynamoDB cannot expire by, lint its milliseconds. */
class TtlNotEpochSecondsTest {
    private static String design(String type, String expiresAt) {
        return """
                format: singletable/1
                table:
                  name: Sessions
                  partitionKey: {name: PK, type: S}
                  sortKey: {name: SK, type: S}
                  timeToLiveAttribute: expiresAt
                entities:
                  Session:
                    attributes:
                      id: {type: string, required: true}
                      expiresAt: {type: %s}
                    keys: {pk: 'SESSION#{id}', sk: 'META'}
                    examples:
                      - {id: s1, expiresAt: %s}
                """.formatted(type, expiresAt);
    }

    private static List<Finding> ttl(String design) {
        return LintFindings.of(SchemaFile.parse(design, "sessions.singletable.yaml")).stream()
                .filter(finding -> finding.ruleId().equals("ST013")).toList();
    }

    @Test
    void check_whenALongTtlExampleIsMilliseconds_findsItWithTheFix() {
        assertThat(ttl(design("long", "1767225600000"))).extracting(Finding::message, Finding::fix).containsExactly(tuple(
                "Session.expiresAt is the table's TTL attribute and its example 1767225600000 is milliseconds, not seconds, since the epoch",
                "store seconds (divide by 1000), and declare it 'type: epochSeconds' so singletable converts Instants"));
    }

    @Test
    void check_whenTheTtlExamplesAreSecondsOrInstants_findsNothing() {
        assertThat(ttl(design("integer", "1767225600"))).isEmpty();
        assertThat(ttl(design("epochSeconds", "2026-01-01T00:00:00Z"))).isEmpty();
    }

    @Test
    void load_whenTheTtlAttributeIsOfAKindTheRegistryRefuses_isRefusedWithTheRegistrysMessageBeforeAnyLint() {
        for (String type : List.of("decimal", "string", "instant")) {
            assertThatThrownBy(() -> SchemaFile.parse(design(type, "1767225600"), "sessions.singletable.yaml"))
                    .isInstanceOfSatisfying(SchemaFileException.class, e -> assertThat(e.errors()).extracting(SchemaError::message)
                            .contains(Kind.timeToLiveWrongKind("Session", "expiresAt", "type " + type,
                                    "use type: " + Kind.timeToLiveKinds(k -> k.fileName().orElseThrow()))));
        }
    }

    @Test
    void why_whenRead_statesWhatDynamoDbExpiresByInTheRegistrysWords() {
        assertThat(new TtlNotEpochSeconds().why()).isEqualTo("DynamoDB deletes an expired item only when its TTL attribute is "
                + "a Number of epoch seconds; text, or milliseconds, never expire (milliseconds read as dates thousands of years ahead).");
        assertThat(new TtlNotEpochSeconds().why()).contains(Kind.TIME_TO_LIVE_VALUE);
    }
}
