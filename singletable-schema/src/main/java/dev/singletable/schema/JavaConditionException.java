package dev.singletable.schema;

import dev.singletable.Experimental;
import dev.singletable.ValidationException;

import java.util.List;
import java.util.Map;

/**
 * A write refused, before any request was sent, because it would decide whether the item is on an index whose
 * condition is a Java method ({@code when: {java: isShipped}}, as the annotation processor writes
 * {@code @Index(when = "isShipped")}). The schema file names the method but cannot run it: written through the file's
 * {@link SchemaFile#tableSchema()}, the item would be put on the index whenever its key slots have values, where the
 * Java application may keep it out. An item lacking a slot of that index is not refused: it is not on the index whatever
 * the method says. As the method may read any attribute ({@code isShipped()} reads {@code shippedAt}), an update is
 * decided on the item it leaves, not on what it touches: by key alone it needs the stored item first
 * ({@link dev.singletable.StoredValuesNeededException}), and it is refused when that item has the index's key slots.
 *
 * <pre>{@code
 * Table table = Table.of(SchemaFile.load(Path.of("shop.singletable.json")).tableSchema(), client);
 * try {
 *     table.put(order);                     // shippedAt set: GSI2 would hold it whatever isShipped() says
 * } catch (JavaConditionException e) {
 *     e.index();                            // GSI2
 *     e.method();                           // isShipped
 *     e.slots();                            // {shippedAt=2025-01-31T09:00:00Z}: written without shippedAt, it is not on GSI2
 * }
 * }</pre>
 */
@Experimental
public final class JavaConditionException extends ValidationException {
    private static final long serialVersionUID = 1L;

    private final String entityType;
    private final String index;
    private final String method;
    private final Map<String, Object> slots;

    /**
     * @param entityType the entity type of the item refused
     * @param index      the index conditioned on the method
     * @param method     the entity's method, without parentheses
     * @param slots      the index's key slot attributes the item has, with their values, in the order of the key templates
     * @param optional   those of {@code slots} the item may be written without (not required): without any of them it is
     *                   not on the index, and the write is not refused
     */
    public JavaConditionException(String entityType, String index, String method, Map<String, Object> slots, List<String> optional) {
        super("an item of " + entityType + " is on index " + index + " only when the application's Java method " + method
                + "() says so, which the design file names but cannot run; this one has " + index + "'s key slot"
                + (slots.size() == 1 ? " " : "s ") + String.join(", ", slots.entrySet().stream().map(slot -> slot.getKey() + " ("
                + slot.getValue() + ")").toList()) + ", so written from the design file it would be put on the index whatever "
                + method + "() says, where the Java application may keep it out; nothing written. "
                + (optional.isEmpty() ? "Write " : "An item of " + entityType + " without " + String.join(" or ", optional) + " is not on "
                + index + ": write it without " + String.join(" or ", optional) + ", or write ")
                + entityType + " items with the Java application that has " + method + "(), or, if the condition can be said in "
                + "the schema file, declare it there (present, absent, equals, notEquals, beginsWith, all, any) instead of {java: "
                + method + "}");
        this.entityType = entityType;
        this.index = index;
        this.method = method;
        this.slots = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(slots));
    }

    /** The entity type of the item refused. */
    public String entityType() {
        return entityType;
    }

    /** The index conditioned on the Java method. */
    public String index() {
        return index;
    }

    /** The index's key slot attributes the item has, with their values: what puts it on the index. */
    public Map<String, Object> slots() {
        return slots;
    }

    /** The entity's method, without parentheses. */
    public String method() {
        return method;
    }
}
