package dev.singletable.internal.writes;

import dev.singletable.Condition;
import dev.singletable.Placeholders;
import dev.singletable.internal.expressions.Expressions;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parts of a write's condition, joined with AND, rendered into the request's placeholders. On a table with a TTL
 * attribute, an item whose TTL has passed (by the table's clock) counts as absent, as reads hide it: a write that needs
 * the item refuses an expired one, and a write that needs the key free overwrites it.
 */
final class ConditionParts {
    private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

    /** Renders a condition with the names and values themselves, to compare it with a part already rendered. */
    private static final Placeholders RESOLVED = new Placeholders() {
        @Override
        public String name(String attributeName) {
            return "#" + attributeName;
        }

        @Override
        public String value(AttributeValue value) {
            return ":" + value;
        }
    };

    private final Expressions expressions;
    private final String partitionKeyAttribute;
    private final Optional<String> timeToLiveAttribute;
    private final Clock clock;
    private final List<String> parts = new ArrayList<>(4);
    /** A stored item must be unexpired: the TTL part goes last, after the parts that say what the write is about. */
    private boolean unexpired;
    /** The parts that bind less tightly than AND (a caller's OR): parenthesized when joined with any other part. */
    private final Set<Integer> loose = new HashSet<>();

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

    /**
     * The caller's condition, operand by operand of its {@code AND}s: one equal to a part already there (the guard of a
     * range rule, {@code stock >= 2}, given again as the caller's own) or given twice is sent once, as it would hold the
     * same, and its names and values are not added (DynamoDB refuses a value placeholder no expression uses).
     */
    ConditionParts user(Condition user) {
        List<Condition> conjuncts = user.conjuncts();
        Set<String> present = new HashSet<>();
        parts.forEach(part -> present.add(resolved(part)));
        for (Condition conjunct : conjuncts) {
            if (present.add(conjunct.render(RESOLVED))) {
                if (!conjunct.bindsAtLeastAsTightAsAnd()) {
                    loose.add(parts.size());
                }
                parts.add(conjunct.render(expressions));
            }
        }
        return this;
    }

    /** A part with its placeholders replaced by the names and values they stand for, as {@link #RESOLVED} renders one. */
    private String resolved(String part) {
        Matcher placeholder = PLACEHOLDER.matcher(part);
        StringBuilder out = new StringBuilder(part.length() + 16);
        while (placeholder.find()) {
            String found = placeholder.group();
            String name = expressions.names().get(found);
            AttributeValue value = expressions.values().get(found);
            String replacement = name != null ? "#" + name : value != null ? ":" + value : found;
            placeholder.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        return placeholder.appendTail(out).toString();
    }

    Guard guard(Expectation expectation) {
        if (unexpired) {
            String ttl = expressions.name(timeToLiveAttribute.orElseThrow());
            parts.add("(attribute_not_exists(" + ttl + ") OR " + ttl + " > " + now() + ")");
        }
        // whether a part is joined is known only now: live() may have asked for the TTL part after the caller's condition
        List<String> joined = new ArrayList<>(parts.size());
        for (int i = 0; i < parts.size(); i++) {
            joined.add(parts.size() > 1 && loose.contains(i) ? "(" + parts.get(i) + ")" : parts.get(i));
        }
        Optional<String> condition = parts.isEmpty() ? Optional.empty() : Optional.of(String.join(" AND ", joined));
        return Guard.of(condition, expressions, unexpired ? expectation.requiringLive() : expectation);
    }
}
