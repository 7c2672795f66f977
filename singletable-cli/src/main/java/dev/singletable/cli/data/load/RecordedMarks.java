package dev.singletable.cli.data.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The marks a {@link LoadCheckpoint} records, the last of each key: a load's per input file ({@code FileMarks} by the
 * file's name), a migration's per scan segment ({@code SegmentMarks} by its number). The writers record marks while the
 * checkpoint is saved from another thread, hence the lock.
 *
 * <pre>{@code
 * checkpoint.segments().find(3).ifPresent(marks -> ...);
 * checkpoint.segments().record(new SegmentMarks(3, after, false, scanned, problems));
 * }</pre>
 *
 * @param <K> the key: a file's name, a segment's number
 * @param <M> the marks
 */
final class RecordedMarks<K, M> {
    private final Map<K, M> byKey;
    private final Function<M, K> key;

    /** Marks keyed by {@code key}, kept in {@code byKey}, whose order is the order they are saved in. */
    RecordedMarks(Map<K, M> byKey, Function<M, K> key) {
        this.byKey = byKey;
        this.key = key;
    }

    /** The marks of {@code key}, when a run recorded any. */
    synchronized Optional<M> find(K key) {
        return Optional.ofNullable(byKey.get(key));
    }

    /** Records {@code marks}, replacing those of its key. */
    synchronized void record(M marks) {
        byKey.put(key.apply(marks), marks);
    }

    /** Every key's marks, in the map's order. */
    synchronized List<M> all() {
        return new ArrayList<>(byKey.values());
    }
}
