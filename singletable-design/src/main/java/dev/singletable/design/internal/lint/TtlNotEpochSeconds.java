package dev.singletable.design.internal.lint;

import dev.singletable.internal.kinds.Kind;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * ST013: the table's TTL attribute holding milliseconds where DynamoDB reads seconds. Which kinds a TTL attribute may
 * have is the registry's rule ({@link Kind#timeToLive()}): a design breaking it is refused when it is loaded, with the
 * registry's message, before any lint rule runs; what is left to find is a number of the wrong unit in the examples.
 */
final class TtlNotEpochSeconds extends LintCheck {
    /** Epoch values from this one up are milliseconds (year 5138 in seconds). */
    static final BigDecimal EPOCH_MILLISECONDS = new BigDecimal("100000000000");

    TtlNotEpochSeconds() {
        super("ST013", "ttl-not-epoch-seconds", Severity.ERROR, "TTL attribute not a number of epoch seconds",
                "DynamoDB deletes an expired item only when its TTL attribute is " + Kind.TIME_TO_LIVE_VALUE + "; text, or "
                        + "milliseconds, never expire (milliseconds read as dates thousands of years ahead).");
    }

    @Override
    void check(LintedDesign design) {
        design.document().table().timeToLiveAttribute().ifPresent(ttl -> design.document().entities().forEach((entity, definition) -> {
            if (!definition.attributes().containsKey(ttl)) {
                return;
            }
            // an epochSeconds example is read as an Instant: only the number kinds hold the number as written
            Optional<BigDecimal> milliseconds = design.examples(entity).stream().map(e -> e.get(ttl)).filter(BigDecimal.class::isInstance)
                    .map(BigDecimal.class::cast).filter(v -> v.compareTo(EPOCH_MILLISECONDS) >= 0).findFirst();
            milliseconds.ifPresent(value -> design.add(this, Subject.entity(entity),
                    entity + "." + ttl + " is the table's TTL attribute and its example " + value.toPlainString()
                            + " is milliseconds, not seconds, since the epoch",
                    "store seconds (divide by 1000), and declare it 'type: epochSeconds' so singletable converts Instants",
                    "/entities/" + entity + "/attributes/" + ttl));
        }));
    }
}
