package dev.singletable.wire.internal.codec;

import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DecodingPublisherTest {

    /** Publishes its parts when asked, then completes or fails. */
    private static Publisher<ByteBuffer> body(RuntimeException failure, String... parts) {
        return subscriber -> subscriber.onSubscribe(new Subscription() {
            private boolean done;

            @Override
            public void request(long n) {
                if (done) {
                    return;
                }
                done = true;
                for (String part : parts) {
                    subscriber.onNext(ByteBuffer.wrap(part.getBytes(StandardCharsets.UTF_8)));
                }
                if (failure == null) {
                    subscriber.onComplete();
                } else {
                    subscriber.onError(failure);
                }
            }

            @Override
            public void cancel() {
                done = true;
            }
        });
    }

    /** Records every signal; requests only when told. */
    private static final class Recorder implements Subscriber<ByteBuffer> {
        final List<String> signals = new ArrayList<>();
        Subscription subscription;

        @Override
        public void onSubscribe(Subscription s) {
            subscription = s;
            signals.add("subscribed");
        }

        @Override
        public void onNext(ByteBuffer buffer) {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            signals.add("next " + new String(bytes, StandardCharsets.UTF_8));
        }

        @Override
        public void onError(Throwable error) {
            signals.add("error " + error.getMessage());
        }

        @Override
        public void onComplete() {
            signals.add("complete");
        }
    }

    private static final DecodingPublisher.Decoder UPPER = (bytes, length) ->
            ByteBuffer.wrap(new String(bytes, 0, length, StandardCharsets.UTF_8).toUpperCase().getBytes(StandardCharsets.UTF_8));

    @Test
    void subscribe_whenTheBodyCompletesBeforeDemand_publishesTheDecodedBodyOnceAsked() {
        Recorder recorder = new Recorder();
        new DecodingPublisher(body(null, "ab", "c", "de"), 3, UPPER).subscribe(recorder);
        List<String> beforeDemand = List.copyOf(recorder.signals);

        recorder.subscription.request(1);
        recorder.subscription.request(1);

        assertThat(List.of(beforeDemand, recorder.signals)).isEqualTo(List.of(List.of("subscribed"),
                List.of("subscribed", "next ABCDE", "complete")));
    }

    @Test
    void subscribe_whenTheDecoderThrows_failsTheStreamWithoutDemand() {
        Recorder recorder = new Recorder();
        new DecodingPublisher(body(null, "x"), 0, (bytes, length) -> {
            throw new IllegalStateException("checksum");
        }).subscribe(recorder);

        assertThat(recorder.signals).isEqualTo(List.of("subscribed", "error checksum"));
    }

    @Test
    void subscribe_whenTheBodyFails_passesTheFailureOnAndDecodesNothing() {
        Recorder recorder = new Recorder();
        new DecodingPublisher(body(new IllegalStateException("reset"), "x"), 0, UPPER).subscribe(recorder);
        recorder.subscription.request(5);

        assertThat(recorder.signals).isEqualTo(List.of("subscribed", "error reset"));
    }

    @Test
    void subscribe_whenCancelledBeforeDemand_publishesNothing() {
        Recorder recorder = new Recorder();
        new DecodingPublisher(body(null, "x"), 0, UPPER).subscribe(recorder);

        recorder.subscription.cancel();
        recorder.subscription.request(1);

        assertThat(recorder.signals).isEqualTo(List.of("subscribed"));
    }
}
