package dev.singletable.internal.writes;

import dev.singletable.AttributePath;
import dev.singletable.EntitySchema;
import dev.singletable.Update;
import dev.singletable.internal.declaration.DeclarationFixes;
import dev.singletable.internal.kinds.Kind;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;

/**
 * An update adding to (or subtracting from) a number of a bounded kind ({@code Integer}, {@code Long}). DynamoDB
 * stores any number, so without a guard {@code ADD #i :1} on 2147483647 writes 2147483648, an item the entity can no
 * longer read. The update's condition holds the stored number where the result stays in range:
 * {@code (attribute_not_exists(#i) OR #i <= :max-delta)} for a positive delta, {@code >= :min-delta} for a negative one.
 *
 * @param path   where the number is
 * @param delta  what the update adds to it (the negated amount of a subtraction)
 * @param type   the number's type name, in messages
 * @param min    the smallest value the type holds
 * @param max    the largest value the type holds
 */
record RangeGuard(AttributePath<?, ?> path, BigInteger delta, String type, BigInteger min, BigInteger max) {

    /** The guard of an addition or subtraction of a nonzero amount to a number of a bounded kind; empty for any other action. */
    static Optional<RangeGuard> of(Update.Action<?> action) {
        boolean add = action.operation() == Update.Operation.ADD_NUMBER;
        if (!add && action.operation() != Update.Operation.SUBTRACT_NUMBER) {
            return Optional.empty();
        }
        Optional<Kind> kind = Kind.of(action.path().type());
        AttributeValue amount = action.storedValue().orElseThrow();
        if (kind.flatMap(Kind::minimum).isEmpty() || amount.n() == null) {
            return Optional.empty();
        }
        BigInteger given = new BigDecimal(amount.n()).toBigInteger();
        BigInteger delta = add ? given : given.negate();
        return delta.signum() == 0 ? Optional.empty() : Optional.of(new RangeGuard(action.path(), delta, kind.get().typeName(),
                kind.get().minimum().orElseThrow(), kind.get().maximum().orElseThrow()));
    }

    /** The stored number the result stays in range from: the largest for a positive delta, the smallest for a negative one. */
    BigInteger bound() {
        return delta.signum() > 0 ? max.subtract(delta) : min.subtract(delta);
    }

    /**
     * The condition, given the test that the number is absent ({@code attribute_not_exists(#a)}, or PartiQL's
     * {@code "a" IS MISSING}), the path and the bound as rendered into the request.
     */
    String render(String absent, String renderedPath, String renderedBound) {
        return "(" + absent + " OR " + renderedPath + (delta.signum() > 0 ? " <= " : " >= ") + renderedBound + ")";
    }

    /** The bound as DynamoDB takes it. */
    AttributeValue storedBound() {
        return AttributeValue.fromN(bound().toString());
    }

    /** True when the guard held not for the stored item: its number plus the delta is out of range. */
    boolean refuses(Map<String, AttributeValue> item) {
        return stored(item).map(value -> value.add(delta)).map(result -> result.compareTo(min) < 0 || result.compareTo(max) > 0)
                .orElse(false);
    }

    /** Why the write was refused, from the stored number the delta takes out of range; the fix in the words of the entity's declaration. */
    String reason(EntitySchema<?> entity, BigInteger stored) {
        String where = entity.type() + "." + path;
        return change(entity.type()) + " (stored " + stored + ") would give " + stored.add(delta) + " outside the range of " + type + " [" + min + ", " + max + "]"
                + "; nothing was written. Keep the number in range, or " + DeclarationFixes.widerNumber(entity, where, type);
    }

    /** What the update does to the number: {@code adding 1 to Counter.count}. */
    String change(String entity) {
        return (delta.signum() > 0 ? "adding " + delta + " to " : "subtracting " + delta.negate() + " from ") + entity + "." + path;
    }

    /** The number stored at the path in an item, when it is there and whole. */
    Optional<BigInteger> stored(Map<String, AttributeValue> item) {
        return path.valueIn(item).filter(value -> value.n() != null).flatMap(value -> {
            try {
                return Optional.of(new BigDecimal(value.n()).toBigIntegerExact());
            } catch (ArithmeticException | NumberFormatException e) {
                return Optional.empty();
            }
        });
    }
}
