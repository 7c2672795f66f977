package shop;

import dev.singletable.annotations.AfterFromItem;
import dev.singletable.annotations.AfterToItem;
import dev.singletable.annotations.BeforeFromItem;
import dev.singletable.annotations.BeforeToItem;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.GeneratedId;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.TimeToLive;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

@Entity(type = "Order", pk = "CUSTOMER#{customerId}", sk = "ORDER#{orderId}")
@Index(name = "GSI1", pk = "STATUS#{status}", sk = "{createdAt}")
@Index(name = "GSI2", pk = "SHIPPED", sk = "{shippedAt}", when = "isShipped")
public record Order(String customerId, @GeneratedId String orderId, OrderStatus status, BigDecimal total,
                    Instant createdAt, Instant shippedAt, List<LineItem> lines, Address shipTo,
                    @TimeToLive Instant expiresAt) implements CustomerItems {

    boolean isShipped() {
        return shippedAt != null;
    }

    @BeforeToItem
    static void before(Order order, Map<String, AttributeValue> item) {
        item.put("schemaVersion", AttributeValue.fromN("2"));
    }

    @AfterToItem
    static void after(Order order, Map<String, AttributeValue> item) {
        item.put("GSI9PK", AttributeValue.fromS("ALL"));
    }

    @BeforeFromItem
    static void migrate(Map<String, AttributeValue> item) {
        item.remove("schemaVersion");
    }

    @AfterFromItem
    static Order afterRead(Map<String, AttributeValue> item, Order order) {
        return order;
    }
}
