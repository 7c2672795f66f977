package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The attribute's text must be one of these values (experimental); checked before any write is sent.
 *
 * <pre>{@code
 * public record Shirt(String id, @AllowedValues({"S", "M", "L"}) String size) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface AllowedValues {
    String[] value();
}
