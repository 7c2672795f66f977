package dev.singletable.internal.reads;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.Flow;

/**
 * The items of a read as a {@link Flow.Publisher}: requests are sent one at a time, only while the
 * subscriber's demand exceeds the items already fetched; the read stops at its limit. Expired items
 * (unless the read includes them) are dropped as they arrive.
 */
final class ItemPublisher<T> implements Flow.Publisher<T> {
    private final DynamoDbAsyncClient client;
    private final ReadDefinition<T> definition;

    ItemPublisher(DynamoDbAsyncClient client, ReadDefinition<T> definition) {
        this.client = client;
        this.definition = definition;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super T> subscriber) {
        Subscription<T> subscription = new Subscription<>(client, definition, subscriber);
        subscriber.onSubscribe(subscription);
    }

    private static final class Subscription<T> implements Flow.Subscription {
        private final DynamoDbAsyncClient client;
        private final ReadDefinition<T> definition;
        private final Flow.Subscriber<? super T> subscriber;
        private final Deque<Map<String, AttributeValue>> buffer = new ArrayDeque<>();
        private Map<String, AttributeValue> startKey = Map.of();
        private long demand;
        private int emitted;
        private int growth = 1;
        private boolean exhausted;
        private boolean fetching;
        private boolean terminated;
        private boolean draining;
        private boolean again;

        Subscription(DynamoDbAsyncClient client, ReadDefinition<T> definition, Flow.Subscriber<? super T> subscriber) {
            this.client = client;
            this.definition = definition;
            this.subscriber = subscriber;
        }

        @Override
        public void request(long n) {
            synchronized (this) {
                if (terminated) {
                    return;
                }
                if (n <= 0) {
                    terminated = true;
                } else {
                    demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
                }
            }
            if (n <= 0) {
                subscriber.onError(new IllegalArgumentException("Flow rule 3.9: request(" + n + ") must ask for a positive number"));
                return;
            }
            drain();
        }

        @Override
        public synchronized void cancel() {
            terminated = true;
            buffer.clear();
        }

        /** Emits what demand and buffer allow, completes at the end, or fetches the next page. Never re-entered. */
        private void drain() {
            synchronized (this) {
                if (draining) {
                    again = true;
                    return;
                }
                draining = true;
            }
            while (true) {
                T next = null;
                boolean complete = false;
                boolean fetch = false;
                RuntimeException error = null;
                synchronized (this) {
                    if (terminated) {
                        draining = false;
                        return;
                    }
                    boolean limitReached = definition.limit() > 0 && emitted >= definition.limit();
                    if (limitReached || (buffer.isEmpty() && exhausted)) {
                        terminated = true;
                        complete = true;
                    } else if (demand > 0 && !buffer.isEmpty()) {
                        try {
                            next = definition.decode(buffer.poll());
                            demand--;
                            emitted++;
                        } catch (RuntimeException e) {
                            terminated = true;
                            error = e;
                        }
                    } else if (demand > 0 && !fetching) {
                        fetching = true;
                        fetch = true;
                    }
                    if (next == null && !complete && error == null) {
                        if (!fetch && again) {
                            again = false;
                            continue; // demand arrived while deciding: look again
                        }
                        draining = false;
                        again = false;
                        if (!fetch) {
                            return;
                        }
                    }
                }
                if (complete) {
                    subscriber.onComplete();
                    return;
                }
                if (error != null) {
                    subscriber.onError(error);
                    return;
                }
                if (next != null) {
                    subscriber.onNext(next);
                    continue;
                }
                if (fetch) {
                    fetchNext();
                    return;
                }
            }
        }

        private void fetchNext() {
            int limit;
            Map<String, AttributeValue> from;
            synchronized (this) {
                limit = definition.requestLimit(emitted + buffer.size(), growth);
                from = startKey;
            }
            AsyncReader.fetch(client, definition, limit, from, false).whenComplete((page, failure) -> {
                if (failure != null) {
                    boolean report;
                    synchronized (this) {
                        report = !terminated;
                        terminated = true;
                    }
                    if (report) {
                        subscriber.onError(AsyncReader.unwrap(failure));
                    }
                    return;
                }
                synchronized (this) {
                    fetching = false;
                    for (Map<String, AttributeValue> item : page.items()) {
                        if (!definition.hides(item)) {
                            buffer.add(item);
                        }
                    }
                    if (limit > 0 && page.count() < limit && growth < ReadDefinition.MAX_GROWTH) {
                        growth *= 2;
                    }
                    startKey = page.lastKey();
                    exhausted = startKey.isEmpty();
                }
                drain();
            });
        }
    }
}
