package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A hook (DynamoMapper's {@code AfterToItem}): a static method of the entity, called on the complete item, keys included: {@code static void m(Order entity, Map<String, AttributeValue> item)}.
 * A method of another shape is a compile error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface AfterToItem {
}
