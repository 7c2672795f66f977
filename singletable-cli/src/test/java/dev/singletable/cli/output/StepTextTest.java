package dev.singletable.cli.output;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.examples.AppTable;
import dev.singletable.examples.PatternStep;
import dev.singletable.examples.ecommerce.Order;
import dev.singletable.examples.ecommerce.OrderSchema;
import dev.singletable.examples.ecommerce.OrderStatus;
import dev.singletable.examples.ecommerce.Product;
import dev.singletable.examples.ecommerce.ProductSchema;
import dev.singletable.examples.ecommerce.ShopPatterns;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StepTextTest {
    /** Requests are built, never sent: the client points nowhere. */
    private static final Table TABLE = Table.of(AppTable.SCHEMA, DynamoDbClient.builder()
            .region(Region.US_EAST_1).credentialsProvider(AnonymousCredentialsProvider.create())
            .endpointOverride(URI.create("http://127.0.0.1:1")).build());

    @Test
    void of_whenCallOfAGeneratedPattern_showsTheRequestTheGeneratedMethodBuildsWithoutSendingIt() {
        PatternStep get = PatternStep.call(TABLE, ShopPatterns::of, shop -> shop.order("C2", "O1005"));
        PatternStep query = PatternStep.call(TABLE, ShopPatterns::of, shop -> shop.ordersByStatusBetween(OrderStatus.DELIVERED,
                Instant.parse("2025-02-01T00:00:00Z"), Instant.parse("2025-03-31T23:59:59Z")));

        assertThat(StepText.of(get, "AppTable")).isEqualTo("GetItem AppTable: PK = \"CUSTOMER#C2\", SK = \"ORDER#O1005\"");
        assertThat(StepText.of(query, "AppTable")).isEqualTo("Query GSI1: GSI1PK = \"STATUS#DELIVERED\" AND GSI1SK BETWEEN "
                + "\"2025-02-01T00:00:00.000000000Z\" AND \"2025-03-31T23:59:59.000000000Z\"");
    }

    @Test
    void lines_whenChangeThroughPaths_showsTheKeyThenTheUpdateWithNamesAndValues() {
        PatternStep step = dev.singletable.examples.AccessPatterns.byId(TABLE, "nested-update").step();

        assertThat(StepText.lines(step, "AppTable", 200)).containsExactly(
                "UpdateItem AppTable: PK = \"USER#bob\", SK = \"PROFILE\"; SET links.mastodon = \"https://mastodon.social/@bob\" "
                        + "REMOVE languages[1]");
    }

    @Test
    void lines_whenMoveBetweenStates_showsTheReadTheTransactionOfBothKeysAndTheReadAtTheNewKey() {
        PatternStep step = dev.singletable.examples.AccessPatterns.byId(TABLE, "archive-product").step();

        assertThat(StepText.lines(step, "AppTable", 80)).containsExactly(
                "GetItem AppTable: PK = \"ACTIVE_PRODUCT#P-LAMP\", SK = \"METADATA\"",
                "                  then TransactWriteItems: Delete ACTIVE_PRODUCT#P-LAMP / METADATA if its version is the one read, "
                        + "Put ARCHIVED_PRODUCT#P-LAMP / METADATA if free",
                "                  then GetItem ARCHIVED_PRODUCT#P-LAMP / METADATA");
    }

    @Test
    void of_whenQueryOnIndexWithBetweenDescending_substitutesNamesAndValues() {
        PatternStep step = PatternStep.run(TABLE.query(OrderSchema.INSTANCE).index("GSI1")
                .partition(OrderSchema.STATUS, OrderStatus.PENDING)
                .sortBetween(KeyValues.of(OrderSchema.CREATED_AT, Instant.parse("2025-05-01T00:00:00Z")),
                        KeyValues.of(OrderSchema.CREATED_AT, Instant.parse("2025-05-31T00:00:00Z")))
                .descending()
                .limit(5));

        assertThat(StepText.of(step, "AppTable")).isEqualTo("Query GSI1: GSI1PK = \"STATUS#PENDING\" AND GSI1SK BETWEEN "
                + "\"2025-05-01T00:00:00.000000000Z\" AND \"2025-05-31T00:00:00.000000000Z\"; descending; limit 5");
    }

    @Test
    void lines_whenTooWide_putsEachClauseOnItsOwnLineUnderTheFirst() {
        PatternStep step = PatternStep.run(TABLE.query(ProductSchema.INSTANCE).index("GSI1")
                .partition(ProductSchema.CATEGORY, "ELECTRONICS/AUDIO/HEADPHONES")
                .sortBetween(KeyValues.of(ProductSchema.PRICE, new BigDecimal("40.00")),
                        KeyValues.of(ProductSchema.PRICE, new BigDecimal("150.00"))));

        assertThat(StepText.lines(step, "AppTable", 96)).containsExactly(
                "Query GSI1: GSI1PK = \"CATEGORY#ELECTRONICS/AUDIO/HEADPHONES\"",
                "            AND GSI1SK BETWEEN \"PRICE#0000040.00\" AND \"PRICE#0000150.00\"");
        assertThat(StepText.lines(step, "AppTable", 200)).hasSize(1);
        // only products are on GSI1 with CATEGORY# keys: no entity-type filter (issue 10)
    }

    @Test
    void lines_whenPartialPrefixRange_showsTheUnprintableUpperBoundAsEscape() {
        PatternStep step = PatternStep.run(TABLE.query(OrderSchema.INSTANCE).partition(OrderSchema.CUSTOMER_ID, "C1")
                .sortBetween(KeyValues.none(), KeyValues.none()));

        assertThat(StepText.lines(step, "AppTable", 200)).isEqualTo(List.of(
                "Query AppTable: PK = \"CUSTOMER#C1\" AND SK BETWEEN \"ORDER#\" AND \"ORDER#\\u{10FFFF}\""));
    }
}
