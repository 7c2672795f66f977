package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A write of a versioned entity found another version stored than the one it was based on:
 * someone else wrote the item in between. Nothing was written. Re-read and re-apply the change,
 * for example with {@link Table#retryOnConflict}.
 *
 * <pre>{@code
 * try {
 *     table.replace(order.withStatus(SHIPPED));
 * } catch (VersionConflictException e) {
 *     e.expectedVersion(); e.storedVersion(); e.currentEntity(Order.class);
 * }
 * }</pre>
 */
@Stable
public class VersionConflictException extends ConditionFailedException {
    private static final long serialVersionUID = 1L;
    private final Long expectedVersion;
    private final Long storedVersion;

    public VersionConflictException(String message, String entityType, String operation, Map<String, String> key,
                                    OptionalLong expectedVersion, OptionalLong storedVersion,
                                    Optional<Map<String, AttributeValue>> currentItem, Optional<Object> currentEntity,
                                    Throwable cause) {
        super(message, entityType, operation, key, currentItem, currentEntity, cause);
        this.expectedVersion = expectedVersion.isPresent() ? expectedVersion.getAsLong() : null;
        this.storedVersion = storedVersion.isPresent() ? storedVersion.getAsLong() : null;
    }

    /** The version the write was based on; empty when it expected no item at all. */
    public OptionalLong expectedVersion() {
        return expectedVersion == null ? OptionalLong.empty() : OptionalLong.of(expectedVersion);
    }

    /** The version stored when the write was refused; empty when there was no item (or no version). */
    public OptionalLong storedVersion() {
        return storedVersion == null ? OptionalLong.empty() : OptionalLong.of(storedVersion);
    }
}
