package dev.singletable.internal.writes;

import dev.singletable.Attribute;
import dev.singletable.AttributePath;
import dev.singletable.EntitySchema;
import dev.singletable.ValidationException;
import dev.singletable.internal.kinds.Kind;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigInteger;
import java.util.Optional;

/**
 * The one rule of a version's increment, for every write that makes one: the next version must be a value of the
 * version's type. DynamoDB stores any number, so without it a put of an Integer version at 2147483647 stores 2147483648,
 * an item the entity can no longer read, and a Long version at its maximum wraps to a negative number in Java.
 *
 * <p>A put (create, replace, a transaction's put, the create of a state move) computes the next version in Java and is
 * refused here before anything is sent, as is an update based on a version it knows (whose condition pins that version,
 * so it needs no guard where the item is stored). An update by key adds 1 where the
 * item is stored, so its condition holds an Integer version below the maximum ({@link #storedGuard}); a Long version
 * is not guarded there: its top is 2^63 increments away, and the guard would lengthen every versioned update's condition.
 */
final class VersionIncrement {
    private VersionIncrement() {
    }

    /** The version a put writes: 1 for an entity without one (or a create), else the next after {@code current}. */
    static Object next(EntitySchema<?> entity, Attribute<?, ? extends Number> version, Optional<Long> current, String operation) {
        current.ifPresent(stored -> check(entity, version, stored, operation));
        long next = current.map(stored -> stored + 1).orElse(1L);
        return version.type().fromAttributeValue(AttributeValue.fromN(Long.toString(next)));
    }

    /**
     * Refuses a write incrementing {@code current} when the next version is out of the version type's range.
     *
     * @throws ValidationException naming the version attribute, its value and the fix
     */
    static void check(EntitySchema<?> entity, Attribute<?, ? extends Number> version, long current, String operation) {
        Kind kind = Kind.of(version.type()).orElseThrow();
        BigInteger max = kind.maximum().orElseThrow();
        if (BigInteger.valueOf(current).compareTo(max) < 0) {
            return;
        }
        String where = entity.type() + "." + version.name();
        throw ValidationException.ofAttribute(version.name(), operation + " of " + entity.type() + ": its version " + where + " is "
                + current + ", the largest " + kind.typeName() + ", so the next version (" + BigInteger.valueOf(current).add(BigInteger.ONE)
                + ") is out of its range; nothing was sent. " + fix(entity, where, kind));
    }

    /** The condition of an update's {@code ADD #version :1} on an Integer version, refusing it at the maximum; empty for a Long. */
    static Optional<RangeGuard> storedGuard(Attribute<?, ? extends Number> version) {
        return Kind.of(version.type()).filter(kind -> kind == Kind.INTEGER).map(kind -> new RangeGuard(AttributePath.of(version),
                BigInteger.ONE, kind.typeName(), kind.minimum().orElseThrow(), kind.maximum().orElseThrow()));
    }

    private static String fix(EntitySchema<?> entity, String where, Kind kind) {
        if (kind != Kind.INTEGER) {
            return "No writer reaches it by increments: another one set it. Write the item anew (delete it, then create it, "
                    + "which starts its version at 1)";
        }
        return switch (entity.declaration()) {
            case BUILDER -> "Declare " + where + " with AttributeTypes.LONG, or write the item anew (delete, then create: version 1)";
            case SCHEMA_FILE -> "Give " + where + " type: long in the schema file, or write the item anew (delete, then create: version 1)";
            case ANNOTATIONS -> "Declare " + where + " as a long (or Long), or write the item anew (delete, then create: version 1)";
        };
    }
}
