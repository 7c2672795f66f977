package dev.singletable.spring.boot;

import dev.singletable.extension.RequestEvent;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The tags of one request, shared by the meters and the observations. Every value comes from a bounded set: the
 * operation, the table and index names of the designs, the schema's entity types, the access pattern names of the
 * application's code, DynamoDB's error codes. Never a key or attribute value.
 */
final class RequestTags {
    /** The tag value of an absent index, entity, pattern or error code. */
    static final String NONE = "none";
    private static final Set<String> THROTTLED = Set.of("ProvisionedThroughputExceededException", "ThrottlingException",
            "RequestLimitExceeded");

    private RequestTags() {
    }

    /** The tags of a request sent in the access pattern in scope on this thread, if any: {@link #of(RequestEvent, String)}. */
    static Map<String, String> of(RequestEvent event) {
        return of(event, AccessPatternScope.current().orElse(null));
    }

    /** Tag name to value, in the order the README lists them. */
    static Map<String, String> of(RequestEvent event, String pattern) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("table", event.tableName());
        tags.put("operation", event.operation());
        tags.put("entity", entity(event));
        tags.put("pattern", pattern == null ? NONE : pattern);
        tags.put("index", event.indexName().orElse(NONE));
        tags.put("outcome", outcome(event));
        tags.put("error.code", event.errorCode().orElse(NONE));
        return tags;
    }

    static String entity(RequestEvent event) {
        return event.entityTypes().isEmpty() ? NONE : String.join(",", event.entityTypes());
    }

    /** {@code success}, {@code condition_failed}, {@code throttled} or {@code error}. */
    static String outcome(RequestEvent event) {
        if (event.succeeded()) {
            return "success";
        }
        String code = event.errorCode().orElseThrow();
        if (code.equals("ConditionalCheckFailedException")) {
            return "condition_failed";
        }
        return THROTTLED.contains(code) ? "throttled" : "error";
    }

    /** {@code write} for a request that wrote items (its consumed capacity is write units), else {@code read}: {@link RequestEvent#writes()}. */
    static String capacity(RequestEvent event) {
        return event.writes() ? "write" : "read";
    }
}
