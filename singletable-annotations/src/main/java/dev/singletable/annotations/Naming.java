package dev.singletable.annotations;

/**
 * How a Java property name becomes an attribute name: {@code shippedAt} is {@code shippedAt},
 * {@code shipped_at}, {@code ShippedAt} or {@code shipped-at}.
 *
 * <pre>{@code @Entity(pk = "USER#{userId}", naming = Naming.SNAKE_CASE)}</pre>
 */
public enum Naming {
    CAMEL_CASE,
    SNAKE_CASE,
    PASCAL_CASE,
    KEBAB_CASE
}
