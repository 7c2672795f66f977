package dev.singletable.internal.writes;

import dev.singletable.Condition;
import dev.singletable.internal.expressions.Expressions;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The parts of a write's condition, joined with AND, rendered into the request's placeholders. On a table with a TTL
 * attribute, an item whose TTL has passed (by the table's clock) counts as absent, as reads hide it: a write that needs
 * the item refuses an expired one, and a write that needs the key free overwrites it.
 */
final class ConditionParts {
    private final Expressions expressions;
    private final String partitionKeyAttribute;
    private final Optional<String> timeToLiveAttribute;
    private final Clock clock;
    private final List<String> parts = new ArrayList<>(4);
    /** A stored item must be unexpired: the TTL part goes last, after the parts that say what the write is about. */
    private boolean unexpired;

    ConditionParts(Expressions expressions, String partitionKeyAttribute, Optional<String> timeToLiveAttribute, Clock clock) {
        this.expressions = expressions;
        this.partitionKeyAttribute = partitionKeyAttribute;
        this.timeToLiveAttribute = timeToLiveAttribute;
        this.clock = clock;
    }

    ConditionParts add(String part) {
        parts.add(part);
        return this;
    }

    ConditionParts existence(Expectation.Existence existence) {
        if (existence == Expectation.Existence.MUST_EXIST) {
            parts.add("attribute_exists(" + expressions.name(partitionKeyAttribute) + ")");
            live();
        } else if (existence == Expectation.Existence.MUST_NOT_EXIST) {
            String absent = "attribute_not_exists(" + expressions.name(partitionKeyAttribute) + ")";
            parts.add(timeToLiveAttribute.map(ttl -> "(" + absent + " OR " + expiredPart(ttl) + ")").orElse(absent));
        }
        return this;
    }

    /**
     * A stored item must not have expired: for writes that act on the item they find (a version read from it, an upsert's
     * changes), as those that need it do. Absent items pass; nothing is added for an entity without the TTL attribute.
     */
    ConditionParts live() {
        unexpired = timeToLiveAttribute.isPresent();
        return this;
    }

    /** The stored item has expired: the condition of the delete that clears it for an upsert or a PartiQL INSERT. */
    ConditionParts expired() {
        parts.add(expiredPart(timeToLiveAttribute.orElseThrow()));
        return this;
    }

    private String expiredPart(String ttl) {
        return expressions.name(ttl) + " <= " + now();
    }

    /** The clock's now in epoch seconds, as the TTL attribute stores it, as a value placeholder. */
    private String now() {
        return expressions.value(AttributeValue.fromN(Long.toString(clock.instant().getEpochSecond())));
    }

    ConditionParts version(String versionAttribute, Optional<Long> expected) {
        expected.ifPresent(version -> parts.add(expressions.name(versionAttribute) + " = "
                + expressions.value(AttributeValue.fromN(version.toString()))));
        return this;
    }

    ConditionParts user(Condition user) {
        if (!user.isNone()) {
            String text = user.render(expressions);
            parts.add(parts.isEmpty() || user.bindsAtLeastAsTightAsAnd() ? text : "(" + text + ")");
        }
        return this;
    }

    Guard guard(Expectation expectation) {
        if (unexpired) {
            String ttl = expressions.name(timeToLiveAttribute.orElseThrow());
            parts.add("(attribute_not_exists(" + ttl + ") OR " + ttl + " > " + now() + ")");
        }
        Optional<String> condition = parts.isEmpty() ? Optional.empty() : Optional.of(String.join(" AND ", parts));
        return Guard.of(condition, expressions, unexpired ? expectation.requiringLive() : expectation);
    }
}
