package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@code Map<String, AttributeValue>} that receives the item's unmapped attributes on read and writes them back, so attributes written by newer code survive.
 *
 * <pre>{@code
 * public record Session(String id, @AttributeBag Map<String, AttributeValue> value) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface AttributeBag {
}
