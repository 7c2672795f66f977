package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a sealed interface whose permitted types are entities read together by one query. The
 * processor generates {@code <Name>Collection.INSTANCE}, an {@code EntityCollection<Name>}.
 *
 * <pre>{@code
 * @ItemCollection
 * public sealed interface CustomerItems permits Customer, Order {}
 *
 * for (CustomerItems item : table.query(CustomerItemsCollection.INSTANCE).partition(...).list()) {
 *     switch (item) {
 *         case Customer c -> ...
 *         case Order o -> ...
 *     }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ItemCollection {
}
