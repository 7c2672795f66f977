package dev.singletable.changes;

import dev.singletable.Experimental;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A change whose record carries no image, only the key: every record of a {@code KEYS_ONLY} stream, and a removal
 * on a {@code NEW_IMAGE} stream (or a creation on an {@code OLD_IMAGE} one). Without an image the entity type is not
 * known; read the item by its key if the change matters.
 *
 * <pre>{@code
 * case KeysOnlyChange<Object> keys -> cache.evict(keys.key());
 * }</pre>
 *
 * @param <T> the decoder's type
 */
@Experimental
public final class KeysOnlyChange<T> implements Change<T> {
    private final RecordFacts facts;

    KeysOnlyChange(RecordFacts facts) {
        this.facts = facts;
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
        return "KeysOnlyChange[" + facts.kind() + " " + facts.keyText() + " #" + facts.sequenceNumber() + "]";
    }
}
