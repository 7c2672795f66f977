package dev.singletable.it;

import dev.singletable.KeyValues;
import dev.singletable.RequestJson;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static dev.singletable.it.ShapesModel.MATCH;
import static dev.singletable.it.ShapesModel.Match;
import static dev.singletable.it.ShapesModel.TOURNAMENTS;
import static dev.singletable.it.ShapesModel.X_POINTS;
import static dev.singletable.it.ShapesModel.X_REGION;
import static dev.singletable.it.ShapesModel.X_ROUND;
import static dev.singletable.it.ShapesModel.X_TOURNAMENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Multi-attribute GSI keys (DynamoDB, November 2025): the exact requests singletable renders, on every engine (nothing is
 * sent); and the queries sent, on an engine that has such keys (Dynoxide 1.2.1 and dynalite refuse the table: skipped
 * there).
 */
class MultiAttributeKeysTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    private static Table table() {
        return Table.of(TOURNAMENTS, db.client());
    }

    /** The request as {@code src/test/resources/multi-attribute-keys/<name>.json} has it. */
    private static String expected(String name) {
        try (InputStream in = MultiAttributeKeysTest.class.getResourceAsStream("/multi-attribute-keys/" + name + ".json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).stripTrailing();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static KeyValues springEu() {
        return KeyValues.of(X_TOURNAMENT, "spring").and(X_REGION, "eu");
    }

    @Test
    void createTableRequest_whenGsiHasMultiAttributeKeys_rendersEveryKeyAttributeAndItsType() {
        assertThat(RequestJson.render(table().createTableRequest())).isEqualTo(expected("create-table"));
    }

    /**
     * The same queries sent, where the engine has multi-attribute keys (Amazon DynamoDB; not Dynoxide 1.2.1, not dynalite,
     * where this is skipped with the reason): a table of its own is created, written and queried, then deleted.
     */
    @Test
    @RequiresEngineFeature(EngineFeature.MULTI_ATTRIBUTE_KEYS)
    void queries_onAnEngineWithMultiAttributeKeys_readTheMatchesTheirConditionsSelect() {
        Table table = Table.of(TOURNAMENTS.toBuilder().name(TOURNAMENTS.name() + "-" + System.nanoTime()).build(), db.client());
        table.createTable();
        try {
            List<Match> matches = List.of(new Match("m1", "spring", "eu", 1, 5), new Match("m2", "spring", "eu", 2, 10),
                    new Match("m3", "spring", "eu", 2, 30), new Match("m4", "spring", "eu", 3, 7), new Match("m5", "spring", "us", 2, 30),
                    new Match("m6", "autumn", "eu", 2, 30));
            matches.forEach(table::put);

            assertThat(table.query(MATCH).index("ByTournament").partition(springEu()).list()).extracting(Match::matchId)
                    .containsExactly("m1", "m2", "m3", "m4");
            assertThat(table.query(MATCH).index("ByTournament").partition(springEu()).sortEquals(KeyValues.of(X_ROUND, 2)).list())
                    .extracting(Match::matchId).containsExactly("m2", "m3");
            assertThat(table.query(MATCH).index("ByTournament").partition(springEu())
                    .sortGreaterThan(KeyValues.of(X_ROUND, 2).and(X_POINTS, 10L)).list()).extracting(Match::matchId).containsExactly("m3");
            assertThat(table.query(MATCH).index("ByTournament").partition(springEu())
                    .sortBetween(KeyValues.of(X_ROUND, 2).and(X_POINTS, 10L), KeyValues.of(X_ROUND, 2).and(X_POINTS, 50L)).list())
                    .extracting(Match::matchId).containsExactly("m2", "m3");
        } finally {
            table.deleteTable();
        }
    }

    @Test
    void query_withEveryPartitionAttribute_rendersEqualityOnEach() {
        assertThat(RequestJson.render(table().query(MATCH).index("ByTournament").partition(springEu()).toRequest()))
                .isEqualTo(expected("query-every-partition-attribute"));
    }

    @Test
    void query_withRangeOnTheLastSortAttributeGiven_rendersEqualityOnTheOnesBefore() {
        assertThat(RequestJson.render(table().query(MATCH).index("ByTournament").partition(springEu())
                .sortGreaterThan(KeyValues.of(X_ROUND, 2).and(X_POINTS, 10L)).toRequest()))
                .isEqualTo(expected("query-range-on-last-sort-attribute"));
    }

    @Test
    void query_withBetweenOnTheLastSortAttribute_rendersBetweenOnItOnly() {
        assertThat(RequestJson.render(table().query(MATCH).index("ByTournament").partition(springEu())
                .sortBetween(KeyValues.of(X_ROUND, 2).and(X_POINTS, 10L), KeyValues.of(X_ROUND, 2).and(X_POINTS, 50L)).toRequest()))
                .isEqualTo(expected("query-between-on-last-sort-attribute"));
    }

    @Test
    void query_withTheFirstSortAttributeOnly_rendersEqualityOnIt() {
        assertThat(RequestJson.render(table().query(MATCH).index("ByTournament").partition(springEu())
                .sortEquals(KeyValues.of(X_ROUND, 3)).toRequest()))
                .isEqualTo(expected("query-first-sort-attribute-only"));
    }

    @Test
    void query_whenASortAttributeIsSkipped_failsBeforeSending() {
        assertThatThrownBy(() -> table().query(MATCH).index("ByTournament").partition(springEu())
                .sortGreaterThan(KeyValues.of(X_POINTS, 10L)).toRequest())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Match: a value for 'points' needs values for every sort key attribute before it; "
                        + "multi-attribute sort conditions go left to right");
    }

    @Test
    void query_whenBetweenRangesOverTwoAttributes_failsBeforeSending() {
        assertThatThrownBy(() -> table().query(MATCH).index("ByTournament").partition(springEu())
                .sortBetween(KeyValues.of(X_ROUND, 1).and(X_POINTS, 10L), KeyValues.of(X_ROUND, 2).and(X_POINTS, 50L)).toRequest())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Match: sortBetween on a multi-attribute sort key ranges over its last given attribute only; "
                        + "'round' differs between from and to: give it one value");
    }

    @Test
    void query_whenAPartitionAttributeIsMissing_failsBeforeSending() {
        assertThatThrownBy(() -> table().query(MATCH).index("ByTournament").partition(KeyValues.of(X_TOURNAMENT, "spring")).toRequest())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Match index ByTournament partition key template '{region}' needs a value for 'region'; given: [tournament]");
    }

    @Test
    void toItem_whenKeysAreTheEntitysOwnAttributes_writesNoExtraAttribute() {
        assertThat(table().toItem(new Match("m1", "spring", "eu", 3, 42L))).isEqualTo(Map.of(
                "PK", AttributeValue.fromS("MATCH#m1"), "SK", AttributeValue.fromS("MATCH"),
                "entityType", AttributeValue.fromS("Match"), "matchId", AttributeValue.fromS("m1"),
                "tournament", AttributeValue.fromS("spring"), "region", AttributeValue.fromS("eu"),
                "round", AttributeValue.fromN("3"), "points", AttributeValue.fromN("42")));
    }
}
