package dev.singletable.processor.it.readme;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.CreatedAt;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.GeneratedId;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.TimeToLive;

import java.math.BigDecimal;
import java.time.Instant;

/** The README's annotated example, verbatim. */
@Entity(pk = "CUSTOMER#{customerId}", sk = "ORDER#{orderId}")
@Index(name = "GSI1", pk = "STATUS#{status}", sk = "{createdAt}")
@Index(name = "GSI2", pk = "SHIPPED", sk = "{shippedAt}", when = "isShipped")   // sparse: only shipped orders
public record Order(String customerId, @GeneratedId String orderId, OrderStatus status, BigDecimal total,
                    @CreatedAt Instant createdAt, Instant shippedAt, @TimeToLive @Attribute(name = "ttl") Instant expiresAt) implements CustomerItems {
    boolean isShipped() { return shippedAt != null; }
}
