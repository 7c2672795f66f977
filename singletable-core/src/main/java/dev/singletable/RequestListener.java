package dev.singletable;

/**
 * Told about every request a {@link Table} sends, for metrics or request counting.
 *
 * <pre>{@code
 * Table table = Table.builder(schema, client)
 *         .listener(event -> meter.record(event.operation(), event.consumedCapacity()))
 *         .build();
 * }</pre>
 */
@FunctionalInterface
public interface RequestListener {
    void onRequest(RequestEvent event);
}
