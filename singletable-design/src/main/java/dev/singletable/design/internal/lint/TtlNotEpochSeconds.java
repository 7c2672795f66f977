package dev.singletable.design.internal.lint;

import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;

import java.math.BigDecimal;
import java.util.Optional;

/** ST013: the table's TTL attribute held as something other than a Number of epoch seconds. */
final class TtlNotEpochSeconds extends LintCheck {
    /** Epoch values from this one up are milliseconds (year 5138 in seconds). */
    static final BigDecimal EPOCH_MILLISECONDS = new BigDecimal("100000000000");

    TtlNotEpochSeconds() {
        super("ST013", "ttl-not-epoch-seconds", Severity.ERROR, "TTL attribute not a number of epoch seconds",
                "DynamoDB deletes an expired item only when its TTL attribute is a Number of seconds since the epoch; text, or milliseconds, "
                        + "never expire (milliseconds read as dates thousands of years ahead).");
    }

    @Override
    void check(LintedDesign design) {
        design.document().table().timeToLiveAttribute().ifPresent(ttl -> design.document().entities().forEach((entity, definition) -> {
            AttributeDefinition attribute = definition.attributes().get(ttl);
            if (attribute == null) {
                return;
            }
            String at = "/entities/" + entity + "/attributes/" + ttl;
            switch (attribute.type()) {
                case EPOCH_SECONDS -> {
                }
                case INTEGER, LONG, DECIMAL -> {
                    Optional<BigDecimal> milliseconds = design.examples(entity).stream().map(e -> e.get(ttl)).filter(BigDecimal.class::isInstance)
                            .map(BigDecimal.class::cast).filter(v -> v.compareTo(EPOCH_MILLISECONDS) >= 0).findFirst();
                    milliseconds.ifPresent(value -> design.add(this, Subject.entity(entity),
                            entity + "." + ttl + " is the table's TTL attribute and its example " + value.toPlainString()
                                    + " is milliseconds, not seconds, since the epoch",
                            "store seconds (divide by 1000), and declare it 'type: epochSeconds' so singletable converts Instants",
                            at));
                }
                default -> design.add(this, Subject.entity(entity),
                        entity + "." + ttl + " is the table's TTL attribute but a " + attribute.type().fileName() + ", stored as "
                                + (attribute.type() == AttributeKind.BOOLEAN ? "a Boolean" : "text") + ": its items never expire",
                        "declare it 'type: epochSeconds' (an Instant stored as a Number of seconds)",
                        at);
            }
        }));
    }
}
