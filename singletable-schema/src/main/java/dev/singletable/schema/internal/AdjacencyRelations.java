package dev.singletable.schema.internal;

import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.RelationDefinition;
import dev.singletable.schema.SchemaDocument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Relations read back from imported entities that are a relation's two adjacency item types, as our exports write them
 * (NoSQL Workbench facets, MCP schema entities): two entities whose keys mirror each other ({@code USER#{userId} /
 * GROUP#{groupId}} and {@code GROUP#{groupId} / USER#{userId}}), each key the partition key of one other entity, alike in
 * their attributes. Their attributes held by one end are copies, the others the edge's; their examples (pairs of the ends'
 * examples) the relation's. Where anything is ambiguous the two stay entities, with a note saying why.
 */
final class AdjacencyRelations {
    private final ImportNotes notes;

    AdjacencyRelations(ImportNotes notes) {
        this.notes = notes;
    }

    /** The document with each pair of adjacency item types that identify one relation as that relation. */
    SchemaDocument rebuild(SchemaDocument document, String path) {
        Map<String, EntityDefinition> entities = new LinkedHashMap<>(document.entities());
        Map<String, RelationDefinition> relations = new LinkedHashMap<>(document.relations());
        List<String> names = new ArrayList<>(entities.keySet());
        Set<String> read = new LinkedHashSet<>();
        document.accessPatterns().forEach(pattern -> read.add(pattern.target().name()));
        document.collections().values().forEach(collection -> read.addAll(collection.members()));
        for (int a = 0; a < names.size(); a++) {
            for (int b = a + 1; b < names.size(); b++) {
                EntityDefinition first = entities.get(names.get(a));
                EntityDefinition second = entities.get(names.get(b));
                if (first != null && second != null && mirrored(first.keys(), second.keys())) {
                    relation(names.get(a), names.get(b), entities, read, path).ifPresent(relation -> {
                        entities.remove(relation.itemTypes().get(0));
                        entities.remove(relation.itemTypes().get(1));
                        relations.put(unique(relation.first() + relation.second(), entities.keySet(), relations.keySet()), relation);
                    });
                }
            }
        }
        return new SchemaDocument(document.table(), entities, document.collections(), document.accessPatterns(), relations, document.types());
    }

    private static boolean mirrored(KeyDefinition first, KeyDefinition second) {
        return first.partition().size() == 1 && first.sort().size() == 1 && first.partition().equals(second.sort())
                && first.sort().equals(second.partition()) && !first.partition().equals(first.sort());
    }

    /** The relation the two adjacency item types are, or empty (with a note) when the entities do not tell it alone. */
    private Optional<RelationDefinition> relation(String firstType, String secondType, Map<String, EntityDefinition> entities,
                                                  Set<String> read, String path) {
        EntityDefinition items = entities.get(firstType);
        EntityDefinition mirror = entities.get(secondType);
        String at = path + "." + firstType;
        String pair = "entities " + firstType + " and " + secondType + " have mirrored keys, as a relation's adjacency items do, but ";
        List<String> firstEnds = ends(items.keys().partition().get(0), entities, firstType, secondType);
        List<String> secondEnds = ends(items.keys().sort().get(0), entities, firstType, secondType);
        if (firstEnds.size() != 1 || secondEnds.size() != 1 || firstEnds.equals(secondEnds)) {
            notes.notMapped(at, pair + "not each key is the partition key of one other entity (" + items.keys().partition().get(0) + ": "
                    + describe(firstEnds) + "; " + items.keys().sort().get(0) + ": " + describe(secondEnds) + "); kept as entities: declare "
                    + "the relation by hand");
            return Optional.empty();
        }
        if (!items.attributes().keySet().equals(mirror.attributes().keySet()) || !items.indexes().isEmpty() || !mirror.indexes().isEmpty()
                || read.contains(firstType) || read.contains(secondType)) {
            notes.notMapped(at, pair + "their attributes differ, or they have indexes or access patterns, which a relation's items do not; "
                    + "kept as entities: declare the relation by hand");
            return Optional.empty();
        }
        EntityDefinition first = entities.get(firstEnds.get(0));
        EntityDefinition second = entities.get(secondEnds.get(0));
        Set<String> slots = new LinkedHashSet<>(McpSchemaImporter.slots(SampleEntities.concat(items.keys().partition(), items.keys().sort())));
        List<String> copyFromFirst = new ArrayList<>();
        List<String> copyFromSecond = new ArrayList<>();
        Map<String, AttributeDefinition> edge = new LinkedHashMap<>();
        for (Map.Entry<String, AttributeDefinition> attribute : items.attributes().entrySet()) {
            String name = attribute.getKey();
            boolean ofFirst = first.attributes().containsKey(name);
            boolean ofSecond = second.attributes().containsKey(name);
            if (slots.contains(name)) {
                continue;
            }
            if (ofFirst && ofSecond) {
                notes.notMapped(at, pair + name + " is an attribute of both " + firstEnds.get(0) + " and " + secondEnds.get(0)
                        + ", so which end it copies is not known; kept as entities: declare the relation by hand");
                return Optional.empty();
            }
            if (ofFirst) {
                copyFromFirst.add(name);
            } else if (ofSecond) {
                copyFromSecond.add(name);
            } else {
                edge.put(name, attribute.getValue());
            }
        }
        List<Map<String, Object>> examples = new ArrayList<>();
        for (Map<String, Object> example : items.examples()) {
            Map<String, Object> pairOf = new LinkedHashMap<>(example);
            pairOf.keySet().removeAll(copyFromFirst);
            pairOf.keySet().removeAll(copyFromSecond);
            examples.add(pairOf);
        }
        notes.inferred(at, "entities " + firstType + " and " + secondType + " read as the adjacency items of a relation of "
                + firstEnds.get(0) + " and " + secondEnds.get(0) + " (their keys mirror each other and each is the partition key of one "
                + "end" + (copyFromFirst.isEmpty() && copyFromSecond.isEmpty() ? "" : "; the ends' attributes they hold are copies, not "
                + "propagated: set propagateCopies if writes of an end rewrite them") + "); name the relation in the file");
        return Optional.of(new RelationDefinition(Optional.empty(), firstEnds.get(0), secondEnds.get(0), items.keys(), mirror.keys(),
                List.of(firstType, secondType), copyFromFirst, copyFromSecond, false, edge, examples));
    }

    /** The entities, other than the two adjacency types, whose partition key template is this one. */
    private static List<String> ends(String template, Map<String, EntityDefinition> entities, String firstType, String secondType) {
        List<String> ends = new ArrayList<>();
        entities.forEach((name, entity) -> {
            if (!name.equals(firstType) && !name.equals(secondType) && entity.keys().partition().equals(List.of(template))) {
                ends.add(name);
            }
        });
        return ends;
    }

    private static String describe(List<String> ends) {
        return ends.isEmpty() ? "none" : String.join(", ", ends);
    }

    private static String unique(String base, Set<String> entities, Set<String> relations) {
        String unique = base;
        for (int n = 2; entities.contains(unique) || relations.contains(unique); n++) {
            unique = base + n;
        }
        return unique;
    }
}
