package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A hook (DynamoMapper's {@code AfterFromItem}): a static method of the entity, called after decoding, returning the entity or a replacement: {@code static Order m(Map<String, AttributeValue> item, Order entity)}.
 * A method of another shape is a compile error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface AfterFromItem {
}
