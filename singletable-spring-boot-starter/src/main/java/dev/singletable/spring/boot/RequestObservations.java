package dev.singletable.spring.boot;

import dev.singletable.extension.RequestEvent;
import dev.singletable.extension.RequestListener;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import java.util.Map;

/**
 * One Micrometer {@link Observation} ({@code singletable.request}, contextual name {@code <operation> <table>}) per request,
 * with the low-cardinality key values of {@link RequestTags}, for tracing backends. The core tells of a request once it
 * has returned, so the observation is started and stopped then: a span's start and length are not the request's (the
 * {@code singletable.requests} timer has its duration). Off unless {@code singletable.observations=true}.
 */
final class RequestObservations {
    static final String NAME = "singletable.request";

    private RequestObservations() {
    }

    /** The listener observing each request in {@code registry}. */
    static RequestListener listener(ObservationRegistry registry) {
        return event -> observe(registry, event);
    }

    private static void observe(ObservationRegistry registry, RequestEvent event) {
        Observation observation = Observation.createNotStarted(NAME, registry)
                .contextualName(event.operation() + " " + event.tableName());
        for (Map.Entry<String, String> tag : RequestTags.of(event).entrySet()) {
            observation.lowCardinalityKeyValue(tag.getKey(), tag.getValue());
        }
        observation.start();
        if (!event.succeeded()) {
            observation.error(new RequestFailed(event.errorCode().orElseThrow()));
        }
        observation.stop();
    }

    /** What an observation of a failed request carries as its error: the request's error code. */
    static final class RequestFailed extends RuntimeException {
        RequestFailed(String errorCode) {
            super(errorCode, null, false, false);
        }
    }
}
