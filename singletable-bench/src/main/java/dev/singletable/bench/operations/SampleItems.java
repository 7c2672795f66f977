package dev.singletable.bench.operations;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The items every operation benchmark reads and writes: three customer partitions.
 * <ul>
 *   <li>{@code C1}: the collection, 1 customer, 34 addresses and 65 orders (100 items of 3 types);</li>
 *   <li>{@code C2}: 100 orders (the 100-item query and the batch get of 100 keys);</li>
 *   <li>{@code C3}: 10 orders (the 10-item query; get, put and update work on its first order).</li>
 * </ul>
 */
final class SampleItems {
    static final String COLLECTION_CUSTOMER = "C1";
    static final String HUNDRED_ORDERS_CUSTOMER = "C2";
    static final String TEN_ORDERS_CUSTOMER = "C3";
    private static final long EPOCH = 1_747_645_200L; // 2025-05-19T09:00:00Z
    /** The total the update benchmarks set on {@link #singleOrder}. */
    static final BigDecimal NEW_TOTAL = new BigDecimal("129.99");
    /** The keys of the batch get of 100: every order of {@link #HUNDRED_ORDERS_CUSTOMER}. */
    static final List<String> HUNDRED_ORDER_IDS = orders(HUNDRED_ORDERS_CUSTOMER, 100).stream().map(Order::orderId).toList();

    private SampleItems() {
    }

    static Order order(String customerId, int n) {
        return new Order(customerId, orderId(n), OrderStatus.values()[n % 2], new BigDecimal("129.99").add(BigDecimal.valueOf(n)),
                1 + n % 5, Instant.ofEpochSecond(EPOCH + n * 60L), List.of("gift", "express"));
    }

    static String orderId(int n) {
        return String.format("O%04d", n);
    }

    /** The order that get, put and update work on. */
    static Order singleOrder() {
        return order(TEN_ORDERS_CUSTOMER, 0);
    }

    static List<Order> orders(String customerId, int count) {
        List<Order> orders = new ArrayList<>(count);
        for (int n = 0; n < count; n++) {
            orders.add(order(customerId, n));
        }
        return orders;
    }

    static List<Object> collection() {
        List<Object> items = new ArrayList<>(100);
        items.add(new Customer(COLLECTION_CUSTOMER, "Alice Example", "alice@example.com", Instant.ofEpochSecond(EPOCH)));
        for (int n = 0; n < 34; n++) {
            items.add(new Address(COLLECTION_CUSTOMER, String.format("A%02d", n), n + " Main Street", "Springfield",
                    String.format("%05d", 10_000 + n)));
        }
        items.addAll(orders(COLLECTION_CUSTOMER, 65));
        return items;
    }

    static List<Object> all() {
        List<Object> items = new ArrayList<>(collection());
        items.addAll(orders(HUNDRED_ORDERS_CUSTOMER, 100));
        items.addAll(orders(TEN_ORDERS_CUSTOMER, 10));
        return items;
    }
}
