package dev.singletable.examples.spring;

import java.math.BigDecimal;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

@Entity(pk = "CUSTOMER#{customerId}", sk = "ORDER#{orderId}")
@Index(name = "GSI1", pk = "STATUS#{status}", sk = "ORDER#{orderId}")
public record Order(String customerId, String orderId, String status, BigDecimal total) {
}
