package dev.singletable.migrations.internal;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The state item, read and written whole: the applied versions (with description and time), the
 * step in progress, and the saved positions of its scans. Only the lock holder writes it.
 */
public final class MigrationState {
    private static final String APPLIED = "applied";
    private static final String IN_PROGRESS = "inProgress";
    private static final String CURSORS = "cursors";

    /** A step recorded as applied. */
    public record Applied(String description, Instant appliedAt) {
    }

    /** A step started and not finished: its version and whether it was going up or down. */
    public record InProgress(long version, boolean up) {
    }

    private final DynamoDbClient client;
    private final StateItems items;
    private final TreeMap<Long, Applied> applied = new TreeMap<>();
    private Optional<InProgress> inProgress = Optional.empty();
    private final Map<String, Map<String, AttributeValue>> cursors = new HashMap<>();

    private MigrationState(DynamoDbClient client, StateItems items) {
        this.client = client;
        this.items = items;
    }

    /** Reads the state item (strongly consistent); empty state when there is none yet. */
    public static MigrationState read(DynamoDbClient client, StateItems items) {
        MigrationState state = new MigrationState(client, items);
        Map<String, AttributeValue> item = client.getItem(b -> b.tableName(items.tableName()).key(items.stateKey())
                .consistentRead(true)).item();
        if (item == null || item.isEmpty()) {
            return state;
        }
        Optional.ofNullable(item.get(APPLIED)).map(AttributeValue::m).orElse(Map.of()).forEach((version, value) ->
                state.applied.put(Long.parseLong(version), new Applied(value.m().get("description").s(),
                        Instant.parse(value.m().get("appliedAt").s()))));
        AttributeValue progress = item.get(IN_PROGRESS);
        if (progress != null && progress.m() != null && !progress.m().isEmpty()) {
            state.inProgress = Optional.of(new InProgress(Long.parseLong(progress.m().get("version").n()),
                    progress.m().get("direction").s().equals("up")));
        }
        Optional.ofNullable(item.get(CURSORS)).map(AttributeValue::m).orElse(Map.of())
                .forEach((name, key) -> state.cursors.put(name, key.m()));
        return state;
    }

    public TreeMap<Long, Applied> applied() {
        return applied;
    }

    public Optional<InProgress> inProgress() {
        return inProgress;
    }

    /** Records that a step starts; keeps the saved scan positions when it is the step in progress already. */
    public void start(long version, boolean up) {
        InProgress next = new InProgress(version, up);
        if (!inProgress.equals(Optional.of(next))) {
            cursors.clear();
        }
        inProgress = Optional.of(next);
        write();
    }

    /** Records that the step in progress finished. */
    public void finish(long version, boolean up, String description, Instant at) {
        if (up) {
            applied.put(version, new Applied(description, at));
        } else {
            applied.remove(version);
        }
        inProgress = Optional.empty();
        cursors.clear();
        write();
    }

    public Optional<Map<String, AttributeValue>> cursor(String name) {
        return Optional.ofNullable(cursors.get(name));
    }

    /** Saves a scan's position; {@code key} empty when the scan is done. */
    public void saveCursor(String name, Map<String, AttributeValue> key) {
        cursors.put(name, key);
        write();
    }

    private void write() {
        Map<String, AttributeValue> item = new HashMap<>(items.stateKey());
        item.put(items.entityTypeAttribute(), AttributeValue.fromS(StateItems.STATE_TYPE));
        Map<String, AttributeValue> appliedMap = new HashMap<>();
        applied.forEach((version, step) -> appliedMap.put(Long.toString(version), AttributeValue.fromM(Map.of(
                "description", AttributeValue.fromS(step.description()),
                "appliedAt", AttributeValue.fromS(step.appliedAt().toString())))));
        item.put(APPLIED, AttributeValue.fromM(appliedMap));
        inProgress.ifPresent(progress -> item.put(IN_PROGRESS, AttributeValue.fromM(Map.of(
                "version", AttributeValue.fromN(Long.toString(progress.version())),
                "direction", AttributeValue.fromS(progress.up() ? "up" : "down")))));
        Map<String, AttributeValue> cursorMap = new HashMap<>();
        cursors.forEach((name, key) -> cursorMap.put(name, AttributeValue.fromM(key)));
        item.put(CURSORS, AttributeValue.fromM(cursorMap));
        client.putItem(b -> b.tableName(items.tableName()).item(item));
    }
}
