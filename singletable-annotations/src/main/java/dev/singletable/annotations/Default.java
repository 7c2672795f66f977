package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The attribute's default (experimental): written when the value is null (unless the attribute is
 * {@link Attribute#nullable() nullable}), and read when an item lacks the attribute or holds DynamoDB's NULL there
 * (a nullable attribute's NULL reads as null). The text is the value as a
 * schema file writes it ({@code "EUR"}, {@code "3"}, {@code "2.50"}, {@code "true"}, an enum constant's name, an
 * ISO-8601 instant or date); scalar attributes only. A text that does not fit the type is a compile error.
 *
 * <pre>{@code
 * public record Order(String id, @Default("EUR") String currency, @Default("1") Integer quantity) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Default {
    /** The default value's text. */
    String value();
}
