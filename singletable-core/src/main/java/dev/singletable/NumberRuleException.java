package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;

/**
 * An update adding to (or subtracting from) a number was refused because the result would break the attribute's range
 * rule ({@link AttributeRule#min}, a schema file's {@code minimum: 0}); nothing was written. The amount added is not the
 * value written, so the rule is kept by the update's condition ({@code #stock >= :1} for a subtraction of 1 with
 * minimum 0) rather than checked before sending. It is thrown when the engine returns the stored item with the refusal
 * (Amazon DynamoDB, Dynoxide).
 *
 * <pre>{@code
 * try {
 *     table.update(PRODUCT, key, u -> u.subtract(STOCK, 1), Condition.none());   // stock is 0, minimum 0
 * } catch (NumberRuleException e) {
 *     e.path();          // "stock"
 *     e.storedValue();   // Optional[0]
 *     e.rule();          // range of at least 0
 * }
 * }</pre>
 */
@Experimental
public class NumberRuleException extends ConditionFailedException {
    private static final long serialVersionUID = 1L;
    private final String path;
    private final BigDecimal delta;
    private final BigDecimal storedValue;
    private final transient AttributeRule rule;

    public NumberRuleException(String message, String entityType, String operation, Map<String, String> key,
                               Optional<Map<String, AttributeValue>> currentItem, Optional<Object> currentEntity,
                               String path, BigDecimal delta, Optional<BigDecimal> storedValue, AttributeRule rule, Throwable cause) {
        super(message, entityType, operation, key, currentItem, currentEntity, cause);
        this.path = path;
        this.delta = delta;
        this.storedValue = storedValue.orElse(null);
        this.rule = rule;
    }

    /** The attribute added to: {@code "stock"}. */
    public String path() {
        return path;
    }

    /** What the update added (negative for a subtraction). */
    public BigDecimal delta() {
        return delta;
    }

    /** The number stored when the update was refused; empty when the item had none (an addition counts it as 0). */
    public Optional<BigDecimal> storedValue() {
        return Optional.ofNullable(storedValue);
    }

    /** The range rule the result would have broken. */
    public AttributeRule rule() {
        return rule;
    }
}
