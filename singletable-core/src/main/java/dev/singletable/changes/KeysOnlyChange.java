package dev.singletable.changes;

import dev.singletable.Experimental;

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
public final class KeysOnlyChange<T> extends RecordOutcome implements Change<T> {

    KeysOnlyChange(RecordFacts facts) {
        super(facts);
    }

    @Override
    public String toString() {
        return "KeysOnlyChange[" + facts.kind() + " " + facts.keyText() + " #" + facts.sequenceNumber() + "]";
    }
}
