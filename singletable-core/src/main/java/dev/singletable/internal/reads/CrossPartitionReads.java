package dev.singletable.internal.reads;

import dev.singletable.Page;
import dev.singletable.QueryResult;
import dev.singletable.SingleTableException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The one reader of queries across partitions, time buckets and shards alike: plans the partition
 * queries ({@link ReadDefinition#partitions()}, refused before sending when too many), drives a
 * {@link MergeLoop} over them on either client, sending the queries of the lanes that ran dry at once,
 * at most {@code parallelism} at a time.
 */
final class CrossPartitionReads {
    private CrossPartitionReads() {
    }

    // ---------------------------------------------------------------- synchronous

    static <T> QueryResult<T> execute(ReadDefinition<T> read, DynamoDbClient client) {
        MergeLoop<T> loop = new MergeLoop<>(read, read.partitions(), Optional.empty(), false).reportingCapacity();
        return loop.result(drain(loop, client, read.parallelism()));
    }

    static <T> List<T> list(ReadDefinition<T> read, DynamoDbClient client) {
        MergeLoop<T> loop = new MergeLoop<>(read, read.partitions(), Optional.empty(), false);
        return drain(loop, client, read.parallelism());
    }

    static <T> Page<T> page(ReadDefinition<T> read, DynamoDbClient client, Optional<String> cursor) {
        MergeLoop<T> loop = new MergeLoop<>(read, read.partitions(), cursor, read.limit() == 0).reportingCapacity();
        return loop.page(read, drain(loop, client, read.parallelism()));
    }

    static <T> Stream<T> stream(ReadDefinition<T> read, DynamoDbClient client) {
        MergeLoop<T> loop = new MergeLoop<>(read, read.partitions(), Optional.empty(), false);
        BiConsumer<MergeLoop<T>, DynamoDbClient> fetch = fetcher(read.parallelism());
        return StreamSupport.stream(new Spliterators.AbstractSpliterator<T>(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
            @Override
            public boolean tryAdvance(Consumer<? super T> action) {
                return BlockingReads.advance(loop, client, fetch, action);
            }
        }, false);
    }

    static long count(ReadDefinition<?> read, DynamoDbClient client) {
        long total = 0;
        for (ReadDefinition<?> partition : read.partitions()) {
            total += BlockingReads.count(partition, client);
        }
        return total;
    }

    private static <T> List<T> drain(MergeLoop<T> loop, DynamoDbClient client, int parallelism) {
        List<T> items = new ArrayList<>();
        Consumer<T> add = items::add;
        BiConsumer<MergeLoop<T>, DynamoDbClient> fetch = fetcher(parallelism);
        while (BlockingReads.advance(loop, client, fetch, add)) {
            // advance adds each item
        }
        return items;
    }

    /** Fetches the lanes that ran dry, at most {@code parallelism} at once. */
    private static <T> BiConsumer<MergeLoop<T>, DynamoDbClient> fetcher(int parallelism) {
        return (loop, client) -> fetch(loop, loop.needing(), client, parallelism);
    }

    /** Sends the lanes' requests, at most {@code parallelism} at once, and hands the pages to the loop in lane order. */
    private static <T> void fetch(MergeLoop<T> loop, List<Integer> lanes, DynamoDbClient client, int parallelism) {
        int[] limits = new int[lanes.size()];
        List<Callable<RawPage<Map<String, AttributeValue>>>> calls = new ArrayList<>(lanes.size());
        for (int i = 0; i < lanes.size(); i++) {
            limits[i] = loop.requestLimit(lanes.get(i));
            PageRequest<?, ?, Map<String, AttributeValue>> request = loop.request(lanes.get(i), limits[i]);
            calls.add(() -> request.send(client));
        }
        if (calls.size() == 1 || parallelism == 1) {
            for (int i = 0; i < calls.size(); i++) {
                loop.accept(lanes.get(i), sendHere(calls.get(i)), limits[i]);
            }
            return;
        }
        ExecutorService executor = Executors.newFixedThreadPool(Math.min(parallelism, calls.size()), runnable -> {
            Thread thread = new Thread(runnable, "singletable-partition-query");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<RawPage<Map<String, AttributeValue>>>> pages = executor.invokeAll(calls);
            for (int i = 0; i < pages.size(); i++) {
                loop.accept(lanes.get(i), pages.get(i).get(), limits[i]);
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SingleTableException("interrupted while waiting for the partition queries of a query across partitions", e);
        } finally {
            executor.shutdownNow();
        }
    }

    private static <R> R sendHere(Callable<R> call) {
        try {
            return call.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    // ---------------------------------------------------------------- asynchronous

    static <T> CompletableFuture<QueryResult<T>> executeAsync(ReadDefinition<T> read, DynamoDbAsyncClient client) {
        return start(read, Optional.empty(), false, true).thenCompose(loop -> {
            List<T> items = new ArrayList<>();
            return drain(loop, client, read.parallelism(), items).thenApply(done -> loop.result(items));
        });
    }

    static <T> CompletableFuture<List<T>> listAsync(ReadDefinition<T> read, DynamoDbAsyncClient client) {
        return start(read, Optional.empty(), false, false).thenCompose(loop -> {
            List<T> items = new ArrayList<>();
            return drain(loop, client, read.parallelism(), items).thenApply(done -> items);
        });
    }

    static <T> CompletableFuture<Page<T>> pageAsync(ReadDefinition<T> read, DynamoDbAsyncClient client, Optional<String> cursor) {
        return start(read, cursor, read.limit() == 0, true).thenCompose(loop -> {
            List<T> items = new ArrayList<>();
            return drain(loop, client, read.parallelism(), items).thenApply(done -> loop.page(read, items));
        });
    }

    static CompletableFuture<Long> countAsync(ReadDefinition<?> read, DynamoDbAsyncClient client) {
        List<? extends ReadDefinition<?>> partitions;
        try {
            partitions = read.partitions();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        CompletableFuture<Long> total = CompletableFuture.completedFuture(0L);
        for (ReadDefinition<?> partition : partitions) {
            total = total.thenCompose(before -> AsyncReads.count(partition, client).thenApply(count -> before + count));
        }
        return total;
    }

    /** The items of {@link #listAsync}, handed to the subscriber as it asks for them. */
    static <T> Flow.Publisher<T> publisher(ReadDefinition<T> read, DynamoDbAsyncClient client) {
        return subscriber -> {
            CompletableFuture<List<T>> items = listAsync(read, client);
            subscriber.onSubscribe(new Flow.Subscription() {
                private long demand;
                private int next;
                private boolean cancelled;
                private boolean finished;

                @Override
                public synchronized void request(long n) {
                    if (n <= 0) {
                        cancel();
                        subscriber.onError(new IllegalArgumentException("request(" + n + "): demand must be positive (rule 3.9)"));
                        return;
                    }
                    demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
                    items.whenComplete((list, failure) -> deliver(list, failure));
                }

                private synchronized void deliver(List<T> list, Throwable failure) {
                    if (cancelled || finished) {
                        return;
                    }
                    if (failure != null) {
                        finished = true;
                        subscriber.onError(AsyncReads.unwrap(failure));
                        return;
                    }
                    while (demand > 0 && next < list.size() && !cancelled) {
                        demand--;
                        subscriber.onNext(list.get(next++));
                    }
                    if (next >= list.size() && !cancelled) {
                        finished = true;
                        subscriber.onComplete();
                    }
                }

                @Override
                public synchronized void cancel() {
                    cancelled = true;
                }
            });
        };
    }

    private static <T> CompletableFuture<MergeLoop<T>> start(ReadDefinition<T> read, Optional<String> cursor, boolean onePage,
                                                              boolean capacity) {
        try {
            MergeLoop<T> loop = new MergeLoop<>(read, read.partitions(), cursor, onePage);
            return CompletableFuture.completedFuture(capacity ? loop.reportingCapacity() : loop);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static <T> CompletableFuture<Void> drain(MergeLoop<T> loop, DynamoDbAsyncClient client, int parallelism, List<T> items) {
        try {
            MergeLoop.State state;
            while ((state = loop.state()) == MergeLoop.State.READY) {
                items.add(loop.take());
            }
            if (state == MergeLoop.State.DONE) {
                return CompletableFuture.completedFuture(null);
            }
            return fetchAsync(loop, loop.needing(), client, parallelism, 0).thenCompose(done -> drain(loop, client, parallelism, items));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The lanes from {@code from} on, {@code parallelism} at a time; each wave's pages accepted in lane order. */
    private static <T> CompletableFuture<Void> fetchAsync(MergeLoop<T> loop, List<Integer> lanes, DynamoDbAsyncClient client,
                                                         int parallelism, int from) {
        if (from >= lanes.size()) {
            return CompletableFuture.completedFuture(null);
        }
        int to = Math.min(lanes.size(), from + parallelism);
        List<CompletableFuture<RawPage<Map<String, AttributeValue>>>> wave = new ArrayList<>(to - from);
        int[] limits = new int[to - from];
        for (int i = from; i < to; i++) {
            limits[i - from] = loop.requestLimit(lanes.get(i));
            wave.add(loop.request(lanes.get(i), limits[i - from]).send(client));
        }
        return CompletableFuture.allOf(wave.toArray(new CompletableFuture<?>[0])).thenCompose(done -> {
            for (int i = from; i < to; i++) {
                loop.accept(lanes.get(i), wave.get(i - from).join(), limits[i - from]);
            }
            return fetchAsync(loop, lanes, client, parallelism, to);
        });
    }
}
