package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds an access pattern's parameter to the key template slot (or, with {@link Filter} and {@link Update}, the
 * attribute) of this name, when the parameter's own name differs.
 *
 * <pre>{@code
 * @Get
 * Optional<Customer> customer(@Slot("customerId") String id);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Slot {
    /** The slot's name, as the key template writes it. */
    String value();
}
