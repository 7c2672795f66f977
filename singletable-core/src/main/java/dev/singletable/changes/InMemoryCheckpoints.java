package dev.singletable.changes;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

final class InMemoryCheckpoints implements ChangeCheckpoints {
    private final Map<String, String> positions = new ConcurrentHashMap<>();

    @Override
    public Optional<String> position(String streamArn, String shardId) {
        return Optional.ofNullable(positions.get(streamArn + " " + shardId));
    }

    @Override
    public void save(String streamArn, String shardId, String position) {
        positions.put(streamArn + " " + shardId, position);
    }

    @Override
    public String toString() {
        return "ChangeCheckpoints.inMemory" + positions;
    }
}
