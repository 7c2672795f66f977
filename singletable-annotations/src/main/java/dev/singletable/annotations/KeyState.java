package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One state of an entity whose keys depend on its state (seed 001's "conditional keys"): for this value of the
 * attribute marked {@link StateAttribute}, the entity is stored as entity type {@link #type()} under these keys.
 * Give every value a state: {@code "true"} and {@code "false"} for a boolean, every constant for an enum. The
 * {@code @Entity} of such a record gives no {@code pk}; the processor generates {@code ProductSchema.STATES}
 * (an {@code EntityStates}) and one constant per state, and a state change moves the item in one transaction.
 *
 * <pre>{@code
 * @Entity
 * @KeyState(value = "false", type = "ActiveProduct", pk = "ACTIVE_PRODUCT#{productId}", sk = "METADATA",
 *           indexes = @Index(name = "GSI1", pk = "ACTIVE_PRODUCT", sk = "{name}"))
 * @KeyState(value = "true", type = "ArchivedProduct", pk = "ARCHIVED_PRODUCT#{productId}", sk = "METADATA",
 *           indexes = @Index(name = "GSI1", pk = "ARCHIVED_PRODUCT", sk = "{archivedAt}"))
 * public record Product(String productId, String name, @StateAttribute boolean archived, Instant archivedAt) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(KeyStates.class)
public @interface KeyState {
    /** The state attribute's value: {@code "true"} or {@code "false"} for a boolean, a constant's name for an enum. */
    String value();

    /** The state's entity type name, written to the table's entity-type attribute, such as {@code ArchivedProduct}. */
    String type();

    /** The partition key template on the table's primary key in this state. */
    String pk();

    /** The sort key template in this state; empty for a table without a sort key. */
    String sk() default "";

    /** The state's keys on the table's indexes; an entity in this state is absent from the indexes not named. */
    Index[] indexes() default {};
}
