package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a table's design for the tools: the processor writes it, with its entities, as the
 * schema file {@code META-INF/singletable/<name>.singletable.json} of the build output, which
 * {@code singletable check target/classes} and the design commands read. Put it on the class that
 * builds the table's {@code TableSchema}; the two must agree (a test comparing the loaded file with
 * the schema keeps them so).
 *
 * <pre>{@code
 * @TableDesign(name = "AppTable", timeToLiveAttribute = "ttl",
 *         indexes = {@TableDesign.GlobalIndex(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK")},
 *         entities = {Customer.class, Order.class})
 * public final class AppTable { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface TableDesign {
    /** The table name. */
    String name();

    /** The attribute holding the partition key (a string). */
    String partitionKey() default "PK";

    /** The attribute holding the sort key (a string); empty for a table without one. */
    String sortKey() default "SK";

    /** The attribute holding each item's entity type. */
    String entityTypeAttribute() default "entityType";

    /** The TTL attribute; empty for none. */
    String timeToLiveAttribute() default "";

    /** The GSIs, string keys, projection ALL. */
    GlobalIndex[] indexes() default {};

    /** The {@code @Entity} types stored in the table, in order. */
    Class<?>[] entities();

    /** A GSI of the table. */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target({})
    @interface GlobalIndex {
        String name();

        String partitionKey();

        /** Empty for a GSI without a sort key. */
        String sortKey() default "";
    }
}
