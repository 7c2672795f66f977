package dev.singletable.wire.internal.codec;

import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The body of an asynchronous response as the SDK then reads it: the original body collected whole, handed to
 * {@link Decoder}, and what that returns published as one buffer (or what it throws as the stream's error). The
 * SDK's own response handler collects the body whole as well, so nothing streams less than before.
 */
final class DecodingPublisher implements Publisher<ByteBuffer> {
    /** What the SDK reads in place of the body; it throws to fail the attempt (a checksum mismatch). */
    @FunctionalInterface
    interface Decoder {
        ByteBuffer decode(byte[] body, int length);
    }

    private final Publisher<ByteBuffer> body;
    private final int announced;
    private final Decoder decoder;

    DecodingPublisher(Publisher<ByteBuffer> body, int announced, Decoder decoder) {
        this.body = body;
        this.announced = announced;
        this.decoder = decoder;
    }

    @Override
    public void subscribe(Subscriber<? super ByteBuffer> downstream) {
        body.subscribe(new Collector(downstream));
    }

    /** Subscribes to the original body for all of it, and answers the SDK's subscriber once the body is complete. */
    private final class Collector implements Subscriber<ByteBuffer>, Subscription {
        private final Subscriber<? super ByteBuffer> downstream;
        private byte[] bytes = new byte[Math.max(announced, 256)];
        private int length;
        private Subscription upstream;
        // guarded by this: the result waits for the SDK's demand, which may come before or after the body is complete
        private boolean requested;
        private boolean finished;
        private ByteBuffer result;
        private Throwable failure;

        Collector(Subscriber<? super ByteBuffer> downstream) {
            this.downstream = downstream;
        }

        @Override
        public void onSubscribe(Subscription subscription) {
            upstream = subscription;
            downstream.onSubscribe(this);
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(ByteBuffer buffer) {
            int size = buffer.remaining();
            if (length + size > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + size));
            }
            buffer.get(bytes, length, size);
            length += size;
        }

        @Override
        public void onError(Throwable error) {
            finish(null, error);
        }

        @Override
        public void onComplete() {
            ByteBuffer decoded;
            try {
                decoded = decoder.decode(bytes, length);
            } catch (RuntimeException e) {
                finish(null, e);
                return;
            }
            bytes = null;
            finish(decoded, null);
        }

        private void finish(ByteBuffer decoded, Throwable error) {
            synchronized (this) {
                if (finished) {
                    return;
                }
                result = decoded;
                failure = error;
                finished = true;
            }
            deliver();
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                cancel();
                downstream.onError(new IllegalArgumentException("non-positive request " + n + " (Reactive Streams rule 3.9)"));
                return;
            }
            synchronized (this) {
                requested = true;
            }
            deliver();
        }

        @Override
        public void cancel() {
            synchronized (this) {
                finished = true;
                result = null;
                failure = null;
            }
            upstream.cancel();
        }

        private void deliver() {
            ByteBuffer next;
            Throwable error;
            synchronized (this) {
                if (!finished || (result == null && failure == null) || (failure == null && !requested)) {
                    return;
                }
                next = result;
                error = failure;
                result = null;
                failure = null;
            }
            if (error != null) {
                downstream.onError(error);
            } else {
                downstream.onNext(next);
                downstream.onComplete();
            }
        }
    }
}
