package dev.singletable.changes;

import dev.singletable.Experimental;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A change to an item of an entity type the table declares but the decoder was not asked for (a decoder of one entity
 * or of a collection sees the table's other types too): reported, not an error.
 *
 * <pre>{@code
 * case IgnoredChange<UserItems> ignored -> { }   // a Group, say, when the decoder reads UserItems
 * }</pre>
 *
 * @param <T> the decoder's type
 */
@Experimental
public final class IgnoredChange<T> implements Change<T> {
    private final RecordFacts facts;
    private final String entityType;

    IgnoredChange(RecordFacts facts, String entityType) {
        this.facts = facts;
        this.entityType = entityType;
    }

    /** The item's entity type, one of the table's but outside the decoder's selection. */
    public String entityType() {
        return entityType;
    }

    @Override
    public String table() {
        return facts.table();
    }

    @Override
    public ChangeKind kind() {
        return facts.kind();
    }

    @Override
    public Map<String, AttributeValue> key() {
        return facts.key();
    }

    @Override
    public String keyText() {
        return facts.keyText();
    }

    @Override
    public String sequenceNumber() {
        return facts.sequenceNumber();
    }

    @Override
    public Optional<Instant> approximateTime() {
        return facts.approximateTime();
    }

    @Override
    public StreamViewType viewType() {
        return facts.viewType();
    }

    @Override
    public String toString() {
        return "IgnoredChange[" + entityType + " " + facts.kind() + " " + facts.keyText() + " #" + facts.sequenceNumber() + "]";
    }
}
