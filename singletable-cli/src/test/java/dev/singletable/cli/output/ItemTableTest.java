package dev.singletable.cli.output;

import dev.singletable.Table;
import dev.singletable.examples.AppTable;
import dev.singletable.examples.blog.User;
import dev.singletable.examples.ecommerce.Customer;
import dev.singletable.examples.ecommerce.Inventory;
import dev.singletable.examples.ecommerce.Product;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ItemTableTest {
    private static final Table TABLE = Table.of(AppTable.SCHEMA, DynamoDbClient.builder()
            .region(Region.US_EAST_1).credentialsProvider(AnonymousCredentialsProvider.create())
            .endpointOverride(URI.create("http://127.0.0.1:1")).build());

    private final ItemTable items = new ItemTable(TABLE, Style.plain());

    @Test
    void render_whenMixedTypes_alignsColumnsAndAttributesPerType() {
        List<String> lines = items.render(List.of(
                new Product("HP-300", "Noise-Cancelling Headphones", "Over-ear", "ELECTRONICS/AUDIO/HEADPHONES",
                        new BigDecimal("349.95"), 12),
                new Inventory("HP-300", "DUB1", 12),
                new Inventory("HP-300", "FRA1", 0)), "  ");

        assertThat(lines).containsExactly(
                "  type       PK              SK              attributes",
                "  Product    PRODUCT#HP-300  DETAILS         price=349.95  stock=12  name=Noise-Cancelling Headphones",
                "  Inventory  PRODUCT#HP-300  INVENTORY#DUB1  quantity=12",
                "  Inventory  PRODUCT#HP-300  INVENTORY#FRA1  quantity=0");
    }

    @Test
    void render_whenLongValue_truncatesIt() {
        List<String> lines = items.render(List.of(new Customer("C9", "A".repeat(60), "c9@example.com",
                Instant.parse("2025-01-01T00:00:00Z"))), "");

        assertThat(lines.get(1)).isEqualTo("Customer  CUSTOMER#C9  PROFILE  name=" + "A".repeat(39) + "…  email=c9@example.com");
    }

    @Test
    void render_whenAlsoShownAttributesGiven_appendsThemWholeWithMapEntriesByKey() {
        Map<String, String> links = new LinkedHashMap<>(); // not in key order, as a map read back may be
        links.put("mastodon", "https://mastodon.social/@bob");
        links.put("github", "https://github.com/bob");
        User user = new User("bob", "Bob Jones", "bob@example.com", Optional.empty(), Instant.parse("2025-02-03T14:30:00Z"),
                List.of("en"), links);

        List<String> lines = items.render(List.of(user), "", List.of("languages", "links"));

        assertThat(lines).containsExactly(
                "type  PK        SK       attributes",
                "User  USER#bob  PROFILE  name=Bob Jones  email=bob@example.com  languages=[\"en\"]  "
                        + "links={github: \"https://github.com/bob\", mastodon: \"https://mastodon.social/@bob\"}");
    }

    @Test
    void render_whenStringsInsideAListOrMapHoldCommasAndQuotes_quotesAndEscapesEachAsOneValue() {
        User user = new User("eve", "Eve", "eve@example.com", Optional.empty(), Instant.parse("2025-02-03T14:30:00Z"),
                List.of("a, b", "c"), Map.of("say", "\"hi\""));

        List<String> lines = items.render(List.of(user), "", List.of("languages", "links"));

        assertThat(lines.get(1)).isEqualTo("User  USER#eve  PROFILE  name=Eve  email=eve@example.com  languages=[\"a, b\", \"c\"]  "
                + "links={say: \"\\\"hi\\\"\"}");
    }

    @Test
    void render_whenNoItems_saysSo() {
        assertThat(items.render(List.of(), "    ")).containsExactly("    (no items)");
    }
}
