package dev.singletable.bench.operations;

/** Where an {@link Order} is in its life. */
public enum OrderStatus {
    PLACED,
    PAID,
    SHIPPED,
    DELIVERED
}
