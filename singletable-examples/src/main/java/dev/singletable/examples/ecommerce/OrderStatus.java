package dev.singletable.examples.ecommerce;

/** Where an {@link Order} is in its life. */
public enum OrderStatus {
    PENDING,
    PAID,
    SHIPPED,
    DELIVERED,
    CANCELLED
}
