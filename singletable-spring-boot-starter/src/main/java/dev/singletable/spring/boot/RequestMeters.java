package dev.singletable.spring.boot;

import dev.singletable.extension.RequestEvent;
import dev.singletable.extension.RequestListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

import java.util.Map;

/**
 * Micrometer meters of every request a table sends:
 * <ul>
 *   <li>{@code singletable.requests}, a timer: tags {@code table}, {@code operation}, {@code entity}, {@code pattern},
 *       {@code index}, {@code outcome}, {@code error.code};</li>
 *   <li>{@code singletable.capacity.consumed}, a counter of capacity units DynamoDB reported: tags {@code table},
 *       {@code operation}, {@code entity}, {@code pattern}, {@code index}, {@code capacity} ({@code read} or {@code write}),
 *       for requests that succeeded (failed requests report none);</li>
 *   <li>{@code singletable.items}, a counter of items returned or written: the same tags as the capacity counter less
 *       {@code capacity}.</li>
 * </ul>
 */
final class RequestMeters {
    static final String REQUESTS = "singletable.requests";
    static final String CAPACITY = "singletable.capacity.consumed";
    static final String ITEMS = "singletable.items";

    private RequestMeters() {
    }

    /** The listener recording each request into {@code registry}. */
    static RequestListener listener(MeterRegistry registry) {
        return event -> record(registry, event);
    }

    private static void record(MeterRegistry registry, RequestEvent event) {
        Map<String, String> tags = RequestTags.of(event);
        Timer.builder(REQUESTS).description("Requests sent to DynamoDB by singletable's tables")
                .tags(tags(tags)).register(registry).record(event.duration());
        if (event.succeeded()) {
            Tags common = Tags.of("table", tags.get("table"), "operation", tags.get("operation"), "entity", tags.get("entity"),
                    "pattern", tags.get("pattern"), "index", tags.get("index"));
            Counter.builder(CAPACITY).description("Capacity units DynamoDB reported for singletable's requests").baseUnit("units")
                    .tags(common.and("capacity", RequestTags.capacity(event))).register(registry).increment(event.consumedCapacity());
            Counter.builder(ITEMS).description("Items returned or written by singletable's requests").baseUnit("items")
                    .tags(common).register(registry).increment(event.itemCount());
        }
    }

    private static Tags tags(Map<String, String> tags) {
        Tags all = Tags.empty();
        for (Map.Entry<String, String> tag : tags.entrySet()) {
            all = all.and(tag.getKey(), tag.getValue());
        }
        return all;
    }
}
