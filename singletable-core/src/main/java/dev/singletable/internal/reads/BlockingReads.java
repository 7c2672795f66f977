package dev.singletable.internal.reads;

import dev.singletable.Page;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** Drives the {@link PageLoop} on the synchronous client: each request is sent when the loop needs its page. */
final class BlockingReads {
    private BlockingReads() {
    }

    /**
     * Hands the next item to {@code action}, fetching on the caller's thread with {@code fetch} until one is ready; false
     * at the end of the read. The one blocking driver of both loops: a cross-partition read fetches its lanes its own way.
     */
    static <T, L extends ItemLoop<T>> boolean advance(L loop, DynamoDbClient client, BiConsumer<? super L, DynamoDbClient> fetch,
                                                     Consumer<? super T> action) {
        while (true) {
            switch (loop.state()) {
                case READY -> {
                    action.accept(loop.take());
                    return true;
                }
                case DONE -> {
                    return false;
                }
                case NEEDS_PAGES -> fetch.accept(loop, client);
            }
        }
    }

    /** Fetches the loop's next page on the caller's thread. */
    private static <T, P> void fetch(PageLoop<T, P> loop, DynamoDbClient client) {
        int limit = loop.requestLimit();
        loop.accept(loop.request(limit).send(client), limit);
    }

    static <T, P> QueryResult<T> execute(PagedRead<T, P> read, DynamoDbClient client) {
        PageLoop<T, P> loop = new PageLoop<>(read, Optional.empty(), false).reportingCapacity();
        return loop.result(drain(loop, client));
    }

    /** The items of {@link #execute}, without asking for the capacity a result would report. */
    static <T, P> List<T> list(PagedRead<T, P> read, DynamoDbClient client) {
        PageLoop<T, P> loop = new PageLoop<>(read, Optional.empty(), false);
        return loop.result(drain(loop, client)).items();
    }

    static <T, P> Page<T> page(PagedRead<T, P> read, DynamoDbClient client, Optional<P> from) {
        PageLoop<T, P> loop = new PageLoop<>(read, from, read.limit() == 0).reportingCapacity();
        return loop.page(drain(loop, client));
    }

    private static <T, P> List<T> drain(PageLoop<T, P> loop, DynamoDbClient client) {
        List<T> items = new ArrayList<>();
        Consumer<T> add = items::add;
        while (advance(loop, client, BlockingReads::fetch, add)) {
            // advance adds each item
        }
        return items;
    }

    /** Items one response at a time: the next request is sent only when the stream needs its items. */
    static <T, P> Stream<T> stream(PagedRead<T, P> read, DynamoDbClient client) {
        PageLoop<T, P> loop = new PageLoop<>(read, Optional.empty(), false);
        return StreamSupport.stream(new Spliterators.AbstractSpliterator<T>(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
            @Override
            public boolean tryAdvance(Consumer<? super T> action) {
                return advance(loop, client, BlockingReads::fetch, action);
            }
        }, false);
    }

    static long count(ReadDefinition<?> definition, DynamoDbClient client) {
        long total = 0;
        Optional<Map<String, AttributeValue>> from = Optional.empty();
        do {
            RawPage<Map<String, AttributeValue>> page = definition.countRequest(from).send(client);
            total += definition.countOf(page);
            from = page.next();
        } while (from.isPresent());
        return total;
    }
}
