package dev.singletable.schema.internal;

import dev.singletable.KeyTemplate;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.KeyDefinition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shard slot through an MCP {@code schema.json}, whose templates name fields alone: the export writes
 * {@code {shard:of=deviceId,count=4}} as {@code {shard}} and an integer field {@code shard}, and names the slot in the
 * description of each pattern across shards ({@link #describe}); the import rebuilds the slot, and the patterns across
 * shards, where the descriptions of an entity's patterns name one slot over one of its fields.
 */
final class McpShards {
    private static final String SHARD = "{" + KeyTemplate.SHARD + "}";
    private static final Pattern NAMED = Pattern.compile(" ?\\(query each shard: (\\{shard:of=([A-Za-z_][A-Za-z0-9_]*),count=(\\d{1,4})}), "
            + "shards 0 to \\d+\\)$");

    private final ImportNotes notes;

    McpShards(ImportNotes notes) {
        this.notes = notes;
    }

    /** What a pattern across shards adds to its description: {@code (query each shard: {shard:of=deviceId,count=4}, shards 0 to 3)}. */
    static String describe(KeyTemplate.Slot slot) {
        return "(query each shard: " + slot + ", shards 0 to " + (slot.shardCount() - 1) + ")";
    }

    /**
     * Each entity whose templates hold {@code {shard}} filled by an integer field {@code shard}, with the slot its patterns'
     * descriptions name, and those patterns across shards; an entity whose patterns name none, or several, keeps the field,
     * with a note.
     */
    void rebuild(Map<String, EntityDefinition> entities, List<Map.Entry<Integer, AccessPatternDefinition>> patterns, String path) {
        entities.replaceAll((name, entity) -> {
            Optional<AttributeDefinition> field = Optional.ofNullable(entity.attributes().get(KeyTemplate.SHARD));
            if (templates(entity).stream().noneMatch(template -> template.contains(SHARD)) || field.map(f -> f.type() != AttributeKind.LONG).orElse(true)) {
                return entity;
            }
            Set<String> named = new LinkedHashSet<>();
            patterns.stream().map(Map.Entry::getValue).filter(p -> p.target().name().equals(name))
                    .forEach(p -> named(p).ifPresent(m -> named.add(m.group(1))));
            Optional<String> of = named.size() == 1 ? Optional.of(KeyTemplate.parse(named.iterator().next()).slots().get(0).attribute())
                    : Optional.empty();
            if (of.isEmpty() || !entity.attributes().containsKey(of.get())) {
                notes.notMapped(path + "." + name, "entity " + name + ": {shard} stays its integer field shard: " + (named.isEmpty()
                        ? "no pattern's description names its shard slot (the export of singletable names it on each pattern across shards)"
                        : "the descriptions of its patterns name " + String.join(", ", named) + ", not one slot over one of its fields")
                        + "; write {shard:of=ATTRIBUTE,count=N} by hand");
                return entity;
            }
            String slot = named.iterator().next();
            patterns.replaceAll(entry -> entry.getValue().target().name().equals(name)
                    ? Map.entry(entry.getKey(), pattern(entry.getValue(), of.get(), entity)) : entry);
            notes.inferred(path + "." + name, "entity " + name + ": {shard} read as " + slot + ", which the descriptions of its patterns "
                    + "across shards name; those patterns read across shards");
            Map<String, AttributeDefinition> attributes = new LinkedHashMap<>(entity.attributes());
            attributes.remove(KeyTemplate.SHARD);
            Map<String, KeyDefinition> indexes = new LinkedHashMap<>();
            entity.indexes().forEach((index, key) -> indexes.put(index, sharded(key, slot)));
            return new EntityDefinition(entity.description(), attributes, sharded(entity.keys(), slot), indexes, entity.attributeBag(),
                    entity.examples(), entity.exampleFile(), entity.states(), entity.volume());
        });
    }

    /**
     * A pattern of a rebuilt entity: one whose description names the slot reads across shards, without the sentence; one
     * that gave a shard reads by the attribute whose hash picks it.
     */
    private static AccessPatternDefinition pattern(AccessPatternDefinition pattern, String of, EntityDefinition entity) {
        if (!pattern.key().containsKey(KeyTemplate.SHARD)) {
            return pattern;
        }
        Map<String, Object> key = new LinkedHashMap<>(pattern.key());
        key.remove(KeyTemplate.SHARD);
        Optional<Matcher> named = named(pattern);
        if (named.isEmpty()) {
            McpSchemaImporter.placeholders(List.of("{" + of + "}"), entity).forEach(key::putIfAbsent);
        }
        Optional<String> description = named.map(m -> pattern.description().orElseThrow().substring(0, m.start())).filter(d -> !d.isEmpty())
                .or(() -> named.isPresent() ? Optional.empty() : pattern.description());
        return new AccessPatternDefinition(pattern.name(), description, pattern.operation(), pattern.target(), pattern.index(), key,
                pattern.sort(), pattern.filter(), pattern.order(), pattern.limit(), pattern.acrossBuckets(), named.isPresent(),
                pattern.rates(), pattern.select(), pattern.fetchFullItems(), pattern.consistentRead());
    }

    private static Optional<Matcher> named(AccessPatternDefinition pattern) {
        return pattern.description().flatMap(McpShards::named);
    }

    private static Optional<Matcher> named(String text) {
        Matcher matcher = NAMED.matcher(text);
        return matcher.find() ? Optional.of(matcher) : Optional.empty();
    }

    private static KeyDefinition sharded(KeyDefinition key, String slot) {
        return new KeyDefinition(key.partition().stream().map(t -> t.replace(SHARD, slot)).toList(),
                key.sort().stream().map(t -> t.replace(SHARD, slot)).toList(), key.when());
    }

    private static List<String> templates(EntityDefinition entity) {
        List<String> templates = new ArrayList<>(SampleEntities.concat(entity.keys().partition(), entity.keys().sort()));
        entity.indexes().values().forEach(key -> templates.addAll(SampleEntities.concat(key.partition(), key.sort())));
        return templates;
    }
}
