package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The entity's key templates on one secondary index (GSI or LSI) of the table; repeat it for
 * several indexes. With {@link #when()} the index is sparse: its keys are written only for
 * entities the named method says yes to. An index with a multi-attribute key takes one template
 * per key attribute, in the index's order ({@code pk = {"{tournament}", "{region}"}}); a template
 * that is exactly one slot naming an attribute stored under the key attribute's name makes that
 * attribute the key itself (nothing extra is written).
 *
 * <pre>{@code
 * @Entity(pk = "CUSTOMER#{customerId}", sk = "ORDER#{orderId}")
 * @Index(name = "GSI1", pk = "STATUS#{status}", sk = "{createdAt}")
 * @Index(name = "GSI2", pk = "SHIPPED", sk = "{shippedAt}", when = "isShipped")
 * public record Order(String customerId, String orderId, OrderStatus status, Instant createdAt, Instant shippedAt) {
 *     boolean isShipped() { return shippedAt != null; }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Indexes.class)
public @interface Index {
    /** The index's name, as declared on the table. */
    String name();

    /** The partition key template; one per attribute (up to four) for a multi-attribute key. */
    String[] pk();

    /** The sort key template; one per attribute (up to four) for a multi-attribute key; empty for an index without a sort key. */
    String[] sk() default {};

    /**
     * A method deciding whether the entity is in this index: an instance method {@code boolean m()}
     * of the entity or a static {@code boolean m(Entity)} in it. Empty: the keys are written
     * whenever all their slots have values.
     */
    String when() default "";
}
