package dev.singletable;

import java.util.Map;

/**
 * The asynchronous {@link Query}: the same immutable builder, with terminal operations that return
 * futures and a publisher instead of blocking.
 *
 * <pre>{@code
 * CompletableFuture<Page<Order>> page = table.query(ORDER).partition(CUSTOMER_ID, "C1").limit(20).page(cursor);
 * table.query(ORDER).index("GSI1").partition(STATUS, OrderStatus.PENDING).publisher().subscribe(subscriber);
 * }</pre>
 */
@Stable
public interface AsyncQuery<T> extends QueryParameters<T, AsyncQuery<T>>, AsyncResults<T> {
    /** Reads only these attributes, each item as a map of attribute name to decoded value (absent attributes left out). */
    AsyncQuery<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes);
}
