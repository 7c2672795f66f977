package dev.singletable;


import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a batch or transactional read found, looked up by the keys asked for: the entities found
 * (in the order asked), the keys with no item, and, for a batch whose retry budget ran out, the
 * keys DynamoDB never processed (neither found nor known to be missing).
 *
 * <pre>{@code
 * ItemsByKey result = table.batchGet(keys);
 * Optional<Order> order = result.get(orderKey);
 * result.notFound();        // keys with no item
 * result.orThrow();         // throws BatchIncompleteException if some keys went unprocessed
 * }</pre>
 */
@Stable
public final class ItemsByKey {
    private final Map<ItemKey<?>, Object> found;
    private final List<ItemKey<?>> notFound;
    private final List<ItemKey<?>> unprocessed;
    private final int requestCount;

    /** @param found the entities found, in the order asked */
    public ItemsByKey(Map<ItemKey<?>, Object> found, List<ItemKey<?>> notFound, List<ItemKey<?>> unprocessed, int requestCount) {
        NullArgumentException.check("ItemsByKey.ItemsByKey", "found", found, "notFound", notFound, "unprocessed", unprocessed);
        this.found = Collections.unmodifiableMap(new LinkedHashMap<>(found));
        this.notFound = List.copyOf(notFound);
        this.unprocessed = List.copyOf(unprocessed);
        this.requestCount = requestCount;
    }

    /** The entity at a key asked for; empty when it was not found (or not processed). */
    public <T> Optional<T> get(ItemKey<T> key) {
        NullArgumentException.check("ItemsByKey.get", "key", key);
        Object entity = found.get(key);
        return entity == null ? Optional.empty() : Optional.of(key.entity().javaType().cast(entity));
    }

    /** The entities found, in the order their keys were asked. */
    public List<Object> found() {
        return new ArrayList<>(found.values());
    }

    /** The entities of one type found, in the order asked. */
    public <T> List<T> found(EntitySchema<T> entity) {
        NullArgumentException.check("ItemsByKey.found", "entity", entity);
        List<T> result = new ArrayList<>();
        for (Map.Entry<ItemKey<?>, Object> e : found.entrySet()) {
            if (e.getKey().entity().type().equals(entity.type())) {
                result.add(entity.javaType().cast(e.getValue()));
            }
        }
        return result;
    }

    /** The keys asked for that hold no item (or an item whose TTL has passed), in the order asked. */
    public List<ItemKey<?>> notFound() {
        return notFound;
    }

    /** The keys DynamoDB left unprocessed when the retry budget ran out; always empty for transactional reads. */
    public List<ItemKey<?>> unprocessed() {
        return unprocessed;
    }

    /** True when every key was answered (found or not found). */
    public boolean isComplete() {
        return unprocessed.isEmpty();
    }

    /**
     * This result, when complete.
     *
     * @throws BatchIncompleteException listing the unprocessed keys otherwise
     */
    public ItemsByKey orThrow() {
        if (!unprocessed.isEmpty()) {
            throw new BatchIncompleteException("Batch get left " + unprocessed.size() + " of " + (found.size() + notFound.size()
                    + unprocessed.size()) + " keys unprocessed after its retry budget ran out (DynamoDB left them unprocessed: throttling, or the 16 MB "
                    + "response limit): "
                    + BatchIncompleteException.preview(unprocessed) + "; retry them later or give the batch a larger budget",
                    this);
        }
        return this;
    }

    /** How many requests the read took. */
    public int requestCount() {
        return requestCount;
    }

    @Override
    public String toString() {
        return "ItemsByKey[" + found.size() + " found, " + notFound.size() + " not found, " + unprocessed.size() + " unprocessed]";
    }
}
