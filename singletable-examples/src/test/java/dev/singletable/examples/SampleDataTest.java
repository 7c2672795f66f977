package dev.singletable.examples;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.examples.ecommerce.CatalogProduct;
import dev.singletable.examples.ecommerce.CatalogProductSchema;
import dev.singletable.examples.ecommerce.Inventory;
import dev.singletable.examples.ecommerce.Order;
import dev.singletable.examples.ecommerce.OrderItem;
import dev.singletable.examples.ecommerce.Product;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class SampleDataTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(AppTable.SCHEMA);

    private final SampleData data = SampleData.create();

    @Test
    void load_whenRunTwice_writesEveryItemOnceUnderItsOwnKey() {
        Table table = db.table();

        int written = data.load(table);
        data.load(table);

        Set<Map<String, String>> keys = new HashSet<>();
        data.all().forEach(item -> keys.add(table.keyOf(item)));
        int stored = db.client().scan(ScanRequest.builder().tableName(db.tableName()).select(Select.COUNT).build()).count();
        assertThat(written).isEqualTo(data.all().size());
        assertThat(keys).hasSize(written);
        assertThat(stored).isEqualTo(written);
    }

    @Test
    void load_whenTheStatefulProductWasArchived_writesItActiveAgainAndDropsTheArchivedCopy() {
        Table table = db.table();
        int written = data.load(table);
        KeyValues lamp = KeyValues.of(CatalogProductSchema.PRODUCT_ID, "P-LAMP");
        table.update(table.get(CatalogProductSchema.ACTIVE_PRODUCT, lamp).orElseThrow(), u -> u.set(CatalogProductSchema.ARCHIVED, true));

        data.load(table);

        int stored = db.client().scan(ScanRequest.builder().tableName(db.tableName()).select(Select.COUNT).build()).count();
        assertThat(stored).isEqualTo(written);
        assertThat(table.get(CatalogProductSchema.ACTIVE_PRODUCT, lamp)).contains(new CatalogProduct("P-LAMP", "Desk Lamp", false, null, 1L));
        assertThat(table.get(CatalogProductSchema.ARCHIVED_PRODUCT, lamp)).isEqualTo(Optional.empty());
    }

    @Test
    void orders_whenBuilt_totalTheirItems() {
        for (Order order : data.orders()) {
            BigDecimal sum = data.orderItems().stream().filter(i -> i.orderId().equals(order.orderId()))
                    .map(OrderItem::lineTotal).reduce(BigDecimal.ZERO, BigDecimal::add);
            assertThat(order.total()).as(order.orderId()).isEqualByComparingTo(sum);
        }
    }

    @Test
    void products_whenBuilt_holdTheStockOfEveryLocation() {
        for (Product product : data.products()) {
            int sum = data.inventory().stream().filter(i -> i.productId().equals(product.productId()))
                    .mapToInt(Inventory::quantity).sum();
            assertThat(product.stock()).as(product.productId()).isEqualTo(sum);
        }
    }

    @Test
    void create_whenClocksDiffer_changesOnlySessionTimes() {
        SampleData early = SampleData.create(Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC));
        SampleData late = SampleData.create(Clock.fixed(Instant.parse("2031-06-01T12:00:00Z"), ZoneOffset.UTC));

        assertThat(early.all().stream().filter(i -> !early.sessions().contains(i)).toList())
                .isEqualTo(late.all().stream().filter(i -> !late.sessions().contains(i)).toList());
        assertThat(early.sessions()).extracting(s -> s.sessionId())
                .isEqualTo(late.sessions().stream().map(s -> s.sessionId()).toList());
        assertThat(early.sessions()).allSatisfy(s -> assertThat(s.isActiveAt(Instant.parse("2030-01-01T00:00:00Z"))).isTrue());
    }
}
