package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Settings of one attribute. Primitives and attributes in primary key slots are always required.
 *
 * <pre>{@code
 * public record User(String id, @Attribute(name = "mail", required = true) String email,
 *                    @Attribute(omitEmpty = true) List<String> tags) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Attribute {
    /** The attribute's name in the item; from the entity's {@link Naming} when empty. */
    String name() default "";

    /** Writing null fails and reading an item without the attribute fails. */
    boolean required() default false;

    /** An empty string, collection or map is not written, like null. */
    boolean omitEmpty() default false;

    /**
     * Null is written as DynamoDB's NULL rather than left out (experimental), so that "known to be empty" and "never
     * set" differ in the item; both read as null. Not for required attributes.
     */
    boolean nullable() default false;
}
