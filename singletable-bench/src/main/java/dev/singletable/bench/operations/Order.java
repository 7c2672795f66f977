package dev.singletable.bench.operations;

import dev.singletable.annotations.Entity;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** An order in its customer's partition: the entity of the single-item operations and of the order queries. */
@Entity(pk = "CUSTOMER#{customerId}", sk = "ORDER#{orderId}")
public record Order(String customerId, String orderId, OrderStatus status, BigDecimal total, int itemCount,
                    Instant createdAt, List<String> tags) implements CustomerItems {
}
