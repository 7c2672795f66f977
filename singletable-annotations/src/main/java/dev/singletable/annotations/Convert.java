package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores an attribute through two static methods of your own (DynamoMapper's ToMethod and
 * FromMethod): {@code static AttributeValue to(V value)} and {@code static V from(AttributeValue value)},
 * declared in the entity or in {@link #in()}.
 *
 * <pre>{@code
 * public record Order(String id, @Convert(to = "toCents", from = "fromCents") Money total) {
 *     static AttributeValue toCents(Money m) { return AttributeValue.fromN(Long.toString(m.cents())); }
 *     static Money fromCents(AttributeValue v) { return new Money(Long.parseLong(v.n())); }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Convert {
    String to();

    String from();

    /** The class declaring the methods; the entity itself when {@code void.class}. */
    Class<?> in() default void.class;
}
