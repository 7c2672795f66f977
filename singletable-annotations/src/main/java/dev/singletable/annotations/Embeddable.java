package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record (or class) stored inside entities as a map (M). The processor generates
 * {@code <Name>Schema} with its attribute constants and {@code TYPE}, an {@code AttributeType}
 * that entities use for attributes of this type, and for lists, sets and maps of it.
 *
 * <pre>{@code
 * @Embeddable
 * public record Address(String street, String city) {}
 *
 * @Entity(pk = "CUSTOMER#{id}", sk = "PROFILE")
 * public record Customer(String id, Address home, List<Address> shipTo) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Embeddable {
    Naming naming() default Naming.CAMEL_CASE;
}
