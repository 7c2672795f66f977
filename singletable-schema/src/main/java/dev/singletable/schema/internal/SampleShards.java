package dev.singletable.schema.internal;

import dev.singletable.KeyTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A shard slot read back from sample items: a slot of its own whose values are shard numbers of one width, each the shard
 * that {@code {shard:of=attribute,count=N}} gives the item's attribute, for one attribute and one count alone. Our own
 * export writes a sharded index key's values so ({@code READINGS#2025-05-19#2}), and an import that read the number as a
 * plain slot lost the count and the pattern across shards.
 */
final class SampleShards {
    private SampleShards() {
    }

    /** A slot a shard could be, its values by item (empty where an item has none) and each item's attribute texts. */
    record Candidate(List<String> values, List<Map<String, String>> known, Set<String> attributes) {
    }

    /**
     * The one shard slot that gives every item its value ({@code {shard:of=deviceId,count=4}}), or empty when none
     * does or more than one attribute or count would (too few items to tell: the slot stays a slot of its own).
     */
    static Optional<String> shardSlot(Candidate candidate) {
        List<Integer> holding = new ArrayList<>();
        int width = -1;
        int highest = 0;
        for (int i = 0; i < candidate.values().size(); i++) {
            String value = candidate.values().get(i);
            if (value.isEmpty()) {
                continue;
            }
            if (!value.chars().allMatch(c -> c >= '0' && c <= '9') || width != -1 && value.length() != width || value.length() > 4) {
                return Optional.empty();
            }
            width = value.length();
            highest = Math.max(highest, Integer.parseInt(value));
            holding.add(i);
        }
        if (holding.size() < 2) {
            return Optional.empty();
        }
        // a shard is written with as many digits as the highest shard, count - 1
        int lowest = Math.max(Math.max(2, highest + 1), width == 1 ? 2 : (int) Math.pow(10, width - 1) + 1);
        int most = (int) Math.pow(10, width);
        List<String> fits = new ArrayList<>();
        for (String attribute : candidate.attributes()) {
            for (int count = lowest; count <= most; count++) {
                KeyTemplate.Slot slot = KeyTemplate.parse("{" + KeyTemplate.SHARD + ":of=" + attribute + ",count=" + count + "}").slots().get(0);
                if (holding.stream().allMatch(i -> candidate.known().get(i).containsKey(attribute)
                        && slot.shardOf(candidate.known().get(i).get(attribute)) == Integer.parseInt(candidate.values().get(i)))) {
                    fits.add(slot.toString());
                }
            }
        }
        return fits.size() == 1 ? Optional.of(fits.get(0)) : Optional.empty();
    }
}
