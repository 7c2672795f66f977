package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How many items of an {@link Entity} the table is expected to hold, over how many partition key values, and how often
 * they are written: what {@code singletable cost} prices. The processor writes it into the table's design file
 * ({@code count}, {@code partitionKeyValues}, {@code writes}, as a schema file declares them) and onto the generated
 * schema ({@code EntitySchema.volume()}). An element left out is not declared (the cost model takes its default and
 * says so); the processor refuses negative figures, more partition keys than items, and an average above the peak.
 *
 * <pre>{@code
 * @Entity(pk = "POST#{postId}", sk = "COMMENT#{commentId}")
 * @Volume(count = 10_000_000, partitionKeyValues = 2_000_000, writesPeak = 200, writesAverage = 20)
 * public record Comment(String postId, String commentId, String content) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Volume {
    /** Items of the entity. */
    long count() default 0;

    /** Distinct values of the primary partition key among the items (the key's cardinality), at most {@link #count()}. */
    long partitionKeyValues() default 0;

    /** Puts of the entity a second at the busiest time. */
    double writesPeak() default 0;

    /** Puts of the entity a second averaged over a month, at most {@link #writesPeak()}; {@code writesPeak} when left out. */
    double writesAverage() default 0;
}
