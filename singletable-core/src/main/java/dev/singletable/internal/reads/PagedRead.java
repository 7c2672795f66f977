package dev.singletable.internal.reads;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Optional;

/**
 * What the {@link PageLoop} needs of a read: its requests, its paging rules, its decoder, and its
 * cursors. Queries and scans resume from a start key, PartiQL statements from a token.
 *
 * @param <T> what each item decodes to
 * @param <P> the position a read resumes from
 */
interface PagedRead<T, P> {
    /** The greatest number of items to return; 0 for all. */
    int limit();

    /**
     * The {@code Limit} of the next request, after {@code returned} items, with the growth factor of
     * earlier pages that a filter thinned out; 0 for none.
     */
    int requestLimit(int returned, int growth);

    /** The request that reads the next page from {@code from}, or from the start. */
    PageRequest<?, ?, P> request(int limit, Optional<P> from);

    /** Which stored items the read skips as expired, and how it decodes the others. */
    ItemReading<T> items();

    /** The position right after this returned item, for a page cut short by the limit. */
    P positionAfter(Map<String, AttributeValue> item);

    String cursorFor(P position);

    P positionOf(String cursor);
}
