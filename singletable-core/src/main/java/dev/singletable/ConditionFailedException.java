package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Optional;

/**
 * DynamoDB refused a write because its condition did not hold. Names the entity type, the
 * operation and the item's key, and carries the item as it was when the condition failed
 * (singletable asks for it with {@code ReturnValuesOnConditionCheckFailure=ALL_OLD}, which costs
 * no capacity): raw, and decoded when it is an item of the written entity type.
 *
 * <pre>{@code
 * try {
 *     table.update(PRODUCT, key, u -> u.subtract(STOCK, 5), Condition.ge(STOCK, 5));
 * } catch (ConditionFailedException e) {
 *     Optional<Product> now = e.currentEntity(Product.class);   // the stock as it is
 * }
 * }</pre>
 */
@Stable
public class ConditionFailedException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final String entityType;
    private final String operation;
    private final Map<String, String> key;
    private final transient Map<String, AttributeValue> currentItem;
    private final transient Object currentEntity;
    private final boolean mayHaveBeenApplied;

    public ConditionFailedException(String message, String entityType, String operation,
                                    Map<String, String> key, Throwable cause) {
        this(message, entityType, operation, key, Optional.empty(), Optional.empty(), cause);
    }

    public ConditionFailedException(String message, String entityType, String operation, Map<String, String> key,
                                    Optional<Map<String, AttributeValue>> currentItem, Optional<Object> currentEntity,
                                    Throwable cause) {
        super(message, cause);
        this.entityType = entityType;
        this.operation = operation;
        this.key = Map.copyOf(key);
        this.currentItem = currentItem.map(Map::copyOf).orElse(null);
        this.currentEntity = currentEntity.orElse(null);
        this.mayHaveBeenApplied = mayHaveBeenApplied(cause);
    }

    /**
     * True when the SDK sent the write more than once and an earlier attempt may have been applied
     * (it timed out, lost its connection or got a 5xx), so the item this refusal found may be the write's own work (a retried
     * {@code create} finds the item it created). Compare {@link #currentItem()} with what was written.
     */
    @Override
    public boolean mayHaveBeenApplied() {
        return mayHaveBeenApplied;
    }

    /** The entity type the write was for, e.g. {@code "Order"}. */
    public String entityType() {
        return entityType;
    }

    /** The operation that failed, e.g. {@code "create"}. */
    public String operation() {
        return operation;
    }

    /** The item's primary key: key attribute name to its string value. */
    public Map<String, String> key() {
        return key;
    }

    /** The stored item when the condition failed, as DynamoDB returned it; empty when there was none. */
    public Optional<Map<String, AttributeValue>> currentItem() {
        return Optional.ofNullable(currentItem);
    }

    /** The stored item decoded, when there was one and it is of the written entity type. */
    public Optional<Object> currentEntity() {
        return Optional.ofNullable(currentEntity);
    }

    /** The stored item decoded as {@code type}, when there was one of that type. */
    public <E> Optional<E> currentEntity(Class<E> type) {
        return type.isInstance(currentEntity) ? Optional.of(type.cast(currentEntity)) : Optional.empty();
    }
}
