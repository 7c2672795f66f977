package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record (or a class with a constructor or setters) as an entity of a single table.
 * The processor generates {@code <Name>Schema} next to it, holding {@code INSTANCE}, an
 * {@code EntitySchema<Name>}, and one typed {@code Attribute} constant per attribute.
 *
 * <p>Templates name attributes in {@code {slots}}, by Java property name or stored name;
 * an unknown slot is a compile error.
 *
 * <pre>{@code
 * @Entity(type = "Order", pk = "CUSTOMER#{customerId}", sk = "ORDER#{orderId}")
 * @Index(name = "GSI1", pk = "STATUS#{status}", sk = "{createdAt}")
 * public record Order(String customerId, String orderId, OrderStatus status, BigDecimal total, Instant createdAt) {}
 *
 * EntitySchema<Order> schema = OrderSchema.INSTANCE;
 * Attribute<Order, String> customerId = OrderSchema.CUSTOMER_ID;
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Entity {
    /** The entity type name written to the table's entity-type attribute; the simple class name when empty. */
    String type() default "";

    /**
     * The partition key template on the table's primary key, such as {@code CUSTOMER#{customerId}}; empty only
     * when the keys depend on the entity's state ({@link KeyState}).
     */
    String pk() default "";

    /** The sort key template; empty for a table without a sort key. */
    String sk() default "";

    /** How Java property names become attribute names, unless {@link Attribute#name()} says otherwise. */
    Naming naming() default Naming.CAMEL_CASE;
}
