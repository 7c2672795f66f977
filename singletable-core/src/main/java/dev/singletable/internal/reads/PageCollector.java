package dev.singletable.internal.reads;

import dev.singletable.Page;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The paging rules, shared by the sync and async runners: how many items to ask for next, when to
 * stop, and where the next page starts. {@code limit(n)} counts returned items; when it cuts a
 * response short, the next page starts after the last returned item, not after the response.
 * Expired items (unless the read includes them) are skipped: not returned, not counted.
 */
final class PageCollector<T> {
    private final ReadDefinition<T> definition;
    private final boolean oneRequest;
    private final List<T> items = new ArrayList<>();
    private int requests;
    private int scanned;
    private double capacity;
    private int growth = 1;
    private Map<String, AttributeValue> startKey;
    private boolean done;

    /**
     * @param oneRequest stop after one request (a page of a read without a limit is one response)
     */
    PageCollector(ReadDefinition<T> definition, Map<String, AttributeValue> startKey, boolean oneRequest) {
        this.definition = definition;
        this.startKey = startKey;
        this.oneRequest = oneRequest;
    }

    boolean done() {
        return done;
    }

    int nextRequestLimit() {
        return definition.requestLimit(items.size(), growth);
    }

    Map<String, AttributeValue> startKey() {
        return startKey;
    }

    void accept(RawPage page, int requestLimit) {
        requests++;
        scanned += page.scanned();
        capacity += page.capacity();
        int limit = definition.limit();
        int consumed = 0; // items looked at: returned, or skipped as expired
        for (Map<String, AttributeValue> item : page.items()) {
            if (limit > 0 && items.size() >= limit) {
                break;
            }
            consumed++;
            if (!definition.hides(item)) {
                items.add(definition.decode(item));
            }
        }
        if (requestLimit > 0 && page.count() < requestLimit && growth < ReadDefinition.MAX_GROWTH) {
            growth *= 2; // a filter dropped items: read more per request rather than send many small ones
        }
        if (consumed < page.items().size()) {
            // the limit cut the response short, right after a returned item: resume after it
            startKey = definition.keyOf(page.items().get(consumed - 1));
        } else {
            startKey = page.lastKey();
        }
        done = startKey.isEmpty() || (limit > 0 && items.size() >= limit) || oneRequest;
    }

    QueryResult<T> result() {
        return new QueryResult<>(items, requests, scanned, capacity);
    }

    Page<T> page() {
        return startKey.isEmpty() ? Page.last(items, requests, capacity)
                : Page.followedBy(items, definition.cursorFor(startKey), requests, capacity);
    }
}
