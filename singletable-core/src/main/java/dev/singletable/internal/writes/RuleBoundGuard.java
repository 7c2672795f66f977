package dev.singletable.internal.writes;

import dev.singletable.AttributePath;
import dev.singletable.AttributeRule;
import dev.singletable.EntitySchema;
import dev.singletable.Update;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;

/**
 * An update adding to (or subtracting from) a number whose attribute has a range rule ({@code minimum: 0}). The amount
 * is not the value written, so the rule cannot be checked before sending: the update's condition holds the stored
 * number where the result keeps the bound it could cross, {@code #stock >= :1} for a subtraction of 1 with minimum 0
 * (a decrement never crosses a maximum, an increment never a minimum). An absent number counts as 0 for an addition.
 * Past it, {@link dev.singletable.NumberRuleException} names the rule. Where the number's type has a range too
 * ({@link RangeGuard}), only the tighter of the two guards is sent.
 *
 * @param path    the number added to: an attribute, an embedded record's attribute, a list element or a map value
 * @param delta   what the update adds to it (the negated amount of a subtraction)
 * @param rule    the range rule the result keeps
 * @param limit   the bound of the rule the delta could cross: the minimum for a negative delta, the maximum for a positive one
 */
record RuleBoundGuard(AttributePath<?, ?> path, BigDecimal delta, AttributeRule rule, BigDecimal limit) {

    /**
     * The guard of an addition or subtraction of a nonzero amount to a number with range rules (its path's rules: an
     * attribute's, an embedded record's attribute's, or a list's or map's for an element), by the tightest rule the delta
     * could cross; empty for any other action.
     */
    static Optional<RuleBoundGuard> of(Update.Action<?> action) {
        boolean add = action.operation() == Update.Operation.ADD_NUMBER;
        boolean number = add || action.operation() == Update.Operation.SUBTRACT_NUMBER;
        Optional<String> amount = action.storedValue().map(AttributeValue::n);
        if (!number || amount.isEmpty()) {
            return Optional.empty();
        }
        BigDecimal delta = add ? new BigDecimal(amount.get()) : new BigDecimal(amount.get()).negate();
        Optional<RuleBoundGuard> tightest = Optional.empty();
        for (AttributeRule rule : action.path().rules()) {
            Optional<BigDecimal> limit = rule.kind() != AttributeRule.Kind.RANGE ? Optional.empty()
                    : delta.signum() < 0 ? rule.minimum() : delta.signum() > 0 ? rule.maximum() : Optional.empty();
            Optional<RuleBoundGuard> guard = limit.map(bound -> new RuleBoundGuard(action.path(), delta, rule, bound));
            if (guard.isPresent() && tightest.map(t -> guard.get().atLeastAsTightAs(t.bound())).orElse(true)) {
                tightest = guard;
            }
        }
        return tightest;
    }

    /** The stored number the result keeps the limit from: {@code limit - delta}. */
    BigDecimal bound() {
        return limit.subtract(delta);
    }

    /**
     * True when this guard refuses every stored number a guard of the same delta with {@code otherBound} refuses, so that
     * it alone is sent: its bound is the lower one for an addition, the higher one for a subtraction. An absent number it
     * lets through (when the delta alone keeps the limit) is then within the other's bound too.
     */
    boolean atLeastAsTightAs(BigDecimal otherBound) {
        int order = bound().compareTo(otherBound);
        return delta.signum() > 0 ? order <= 0 : order >= 0;
    }

    /** The bound as DynamoDB takes it. */
    AttributeValue storedBound() {
        return AttributeValue.fromN(bound().toPlainString());
    }

    /**
     * The condition, given the test that the number is absent ({@code attribute_not_exists(#a)}, or PartiQL's
     * {@code "a" IS MISSING}), the path and the bound as rendered into the request. An absent number may be added to
     * only where the delta alone keeps the limit.
     */
    String render(String absent, String renderedPath, String renderedBound) {
        String kept = renderedPath + (delta.signum() < 0 ? " >= " : " <= ") + renderedBound;
        return keeps(delta) ? "(" + absent + " OR " + kept + ")" : kept;
    }

    /** True when the guard held not for the stored item: its number (0 when absent) plus the delta crosses the limit. */
    boolean refuses(Map<String, AttributeValue> item) {
        return !keeps(stored(item).orElse(BigDecimal.ZERO).add(delta));
    }

    /** Why the write was refused, naming the rule; the fix in the caller's hands. */
    String reason(EntitySchema<?> entity, Map<String, AttributeValue> item) {
        Optional<BigDecimal> stored = stored(item);
        BigDecimal result = stored.orElse(BigDecimal.ZERO).add(delta);
        String change = (delta.signum() > 0 ? "adding " + delta.toPlainString() + " to " : "subtracting " + delta.negate().toPlainString()
                + " from ") + entity.type() + "." + path;
        return change + " (" + stored.map(n -> "stored " + n.toPlainString()).orElse("absent, counted as 0") + ") would give "
                + result.toPlainString() + ", " + (delta.signum() < 0 ? "below the minimum " : "above the maximum ") + limit.toPlainString()
                + " of its rule (" + rule + "); nothing was written. Change it by less, or check the stored value first";
    }

    private boolean keeps(BigDecimal result) {
        return delta.signum() < 0 ? result.compareTo(limit) >= 0 : result.compareTo(limit) <= 0;
    }

    /** The number stored at the attribute in an item, when it is there. */
    Optional<BigDecimal> stored(Map<String, AttributeValue> item) {
        return path.valueIn(item).map(AttributeValue::n).flatMap(text -> {
            try {
                return Optional.of(new BigDecimal(text));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }
}
