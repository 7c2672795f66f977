package dev.singletable.annotations;

/**
 * How a Java property name becomes an attribute name: {@code shippedAt} is {@code shippedAt},
 * {@code shipped_at}, {@code ShippedAt} or {@code shipped-at}. A key template's slot cannot name a stored name
 * with {@code -}, so a kebab-case entity gives the attributes of its key slots such a name with {@code @Attribute(name = ...)}.
 *
 * <pre>{@code @Entity(pk = "USER#{userId}", naming = Naming.SNAKE_CASE)}</pre>
 */
public enum Naming {
    CAMEL_CASE,
    SNAKE_CASE,
    PASCAL_CASE,
    KEBAB_CASE
}
