package dev.singletable.internal.reads;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

import java.util.Optional;
import java.util.concurrent.Flow;

/**
 * The items of a read as a {@link Flow.Publisher}, driving the {@link PageLoop}: requests are sent one
 * at a time, only while the subscriber's demand exceeds the items already fetched; the read stops at
 * its limit.
 */
final class ItemPublisher<T, P> implements Flow.Publisher<T> {
    private final PagedRead<T, P> read;
    private final DynamoDbAsyncClient client;

    ItemPublisher(PagedRead<T, P> read, DynamoDbAsyncClient client) {
        this.read = read;
        this.client = client;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super T> subscriber) {
        subscriber.onSubscribe(new Subscription<>(new PageLoop<>(read, Optional.empty(), false), client, subscriber));
    }

    /** What a drain does next, decided under the lock and done outside it. */
    private enum Action { EMIT, COMPLETE, FETCH, STOP }

    private static final class Subscription<T, P> implements Flow.Subscription {
        private final PageLoop<T, P> loop;
        private final DynamoDbAsyncClient client;
        private final Flow.Subscriber<? super T> subscriber;
        private long demand;
        private boolean fetching;
        private boolean terminated;
        private boolean draining;
        private boolean again;

        Subscription(PageLoop<T, P> loop, DynamoDbAsyncClient client, Flow.Subscriber<? super T> subscriber) {
            this.loop = loop;
            this.client = client;
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
        }

        /** Emits what demand and the loop allow, completes at the end, or fetches the next page. Never re-entered. */
        private void drain() {
            synchronized (this) {
                if (draining) {
                    again = true;
                    return;
                }
                draining = true;
            }
            Action action;
            do {
                action = decide();
                switch (action) {
                    case EMIT -> action = emit();
                    case COMPLETE -> subscriber.onComplete();
                    case FETCH -> fetchNext();
                    case STOP -> { }
                }
            } while (action == Action.EMIT);
        }

        private synchronized Action decide() {
            while (true) {
                if (terminated) {
                    draining = false;
                    return Action.STOP;
                }
                PageLoop.State state = loop.state();
                if (state == PageLoop.State.DONE) {
                    terminated = true;
                    return Action.COMPLETE;
                }
                if (demand > 0 && state == PageLoop.State.READY) {
                    demand--;
                    return Action.EMIT;
                }
                boolean fetch = demand > 0 && !fetching;
                if (fetch || !again) {
                    fetching |= fetch;
                    draining = false;
                    again = false;
                    return fetch ? Action.FETCH : Action.STOP;
                }
                again = false; // demand arrived while deciding: look again
            }
        }

        /** Hands the subscriber the next item; an item that does not decode ends the subscription with the error. */
        private Action emit() {
            T item;
            try {
                synchronized (this) {
                    item = loop.take();
                }
            } catch (RuntimeException e) {
                synchronized (this) {
                    terminated = true;
                }
                subscriber.onError(e);
                return Action.STOP;
            }
            subscriber.onNext(item);
            return Action.EMIT;
        }

        private void fetchNext() {
            int limit;
            synchronized (this) {
                limit = loop.requestLimit();
            }
            AsyncReads.fetch(loop, limit, client).whenComplete((page, failure) -> {
                if (failure != null) {
                    boolean report;
                    synchronized (this) {
                        report = !terminated;
                        terminated = true;
                    }
                    if (report) {
                        subscriber.onError(AsyncReads.unwrap(failure));
                    }
                    return;
                }
                synchronized (this) {
                    fetching = false;
                    loop.accept(page, limit);
                }
                drain();
            });
        }
    }
}
