package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A hook (DynamoMapper's {@code BeforeFromItem}): a static method of the entity, called on a modifiable copy of the stored item before decoding: {@code static void m(Map<String, AttributeValue> item)}.
 * A method of another shape is a compile error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface BeforeFromItem {
}
