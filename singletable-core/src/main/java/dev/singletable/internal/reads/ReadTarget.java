package dev.singletable.internal.reads;

import dev.singletable.internal.table.RequestRunner;

import dev.singletable.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * What reads need from a table, sync or async: its schema, the runner that sends and reports, the
 * cursor signer, and the clock that tells expired items.
 */
public interface ReadTarget {
    TableSchema schema();

    RequestRunner runner();

    CursorCodec cursors();

    /** The clock for TTL checks (and, on a table that writes, timestamps). */
    Clock clock();

    /**
     * True when the item's TTL attribute (epoch seconds) is at or before the clock's now: DynamoDB
     * deletes such items lazily, so reads hide them. False without a TTL attribute, or when the item
     * has none or a value that is not a number.
     */
    default boolean isExpired(Map<String, AttributeValue> item) {
        Optional<String> attribute = schema().timeToLiveAttribute();
        if (attribute.isEmpty()) {
            return false;
        }
        AttributeValue ttl = item.get(attribute.get());
        if (ttl == null || ttl.n() == null) {
            return false;
        }
        try {
            return new BigDecimal(ttl.n()).compareTo(BigDecimal.valueOf(clock().instant().getEpochSecond())) <= 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
