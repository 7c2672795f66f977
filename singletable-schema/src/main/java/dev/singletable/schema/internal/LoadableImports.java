package dev.singletable.schema.internal;

import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.CollectionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.ImportNote;
import dev.singletable.schema.ImportResult;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFileException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * An import's document made one that loads, as {@code singletable check} reads its file: an example that does not fit its
 * entity is left out, then an entity that still does not load, then the access patterns and collections that do not
 * (those of an entity left out among them), each with a note saying why; what is left is written.
 * A mistake outside every entity (the table, a collection) is left for the caller to report, with nothing written.
 */
final class LoadableImports {
    private static final String NAME = "imported.singletable.yaml";
    private static final int ROUNDS = 6;

    private LoadableImports() {
    }

    static ImportResult loadable(ImportResult result, Function<SchemaDocument, String> yaml) {
        SchemaDocument document = result.document();
        List<ImportNote> notes = new ArrayList<>(result.notes());
        for (int round = 0; round < ROUNDS; round++) {
            List<SchemaError> errors;
            try {
                SchemaLoader.load(yaml.apply(document), NAME, Optional.empty());
                break;
            } catch (SchemaFileException e) {
                errors = e.errors();
            }
            Optional<SchemaDocument> fixed = leaveOut(document, errors, notes);
            if (fixed.isEmpty()) {
                break;
            }
            document = fixed.get();
        }
        return new ImportResult(document, notes);
    }

    /** What the errors of one round are about: examples, entities, access patterns (by index) and collections. */
    private record Faults(Map<String, Set<Integer>> examples, Map<String, List<String>> entities, Map<Integer, List<String>> patterns,
                          Map<String, List<String>> collections) {
        boolean none() {
            return examples.isEmpty() && entities.isEmpty() && patterns.isEmpty() && collections.isEmpty();
        }
    }

    /** The document without the examples and entities the errors are about; empty when an error is about neither. */
    private static Optional<SchemaDocument> leaveOut(SchemaDocument document, List<SchemaError> errors, List<ImportNote> notes) {
        Optional<Faults> faults = faults(errors, notes);
        if (faults.isEmpty()) {
            return Optional.empty();
        }
        Map<String, EntityDefinition> kept = keptEntities(document, faults.get(), notes);
        if (kept.isEmpty() || faults.get().none()) {
            return Optional.empty();
        }
        return Optional.of(new SchemaDocument(document.table(), kept, keptCollections(document, faults.get(), notes),
                keptPatterns(document, faults.get(), notes), document.relations(), document.types()));
    }

    /** The errors sorted by what they are about; empty when one is about none of them (the table, say). */
    private static Optional<Faults> faults(List<SchemaError> errors, List<ImportNote> notes) {
        Faults faults = new Faults(new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>());
        for (SchemaError error : errors) {
            String path = error.path();
            if (path.startsWith("accessPatterns[") && path.indexOf(']') > 0) {
                // a pattern of an entity left out in an earlier round, or one that does not load itself: it goes, the rest stays
                int index = Integer.parseInt(path.substring("accessPatterns[".length(), path.indexOf(']')));
                faults.patterns().computeIfAbsent(index, i -> new ArrayList<>()).add(path + ": " + error.message());
                continue;
            }
            if (path.startsWith("collections.")) {
                String rest = path.substring("collections.".length());
                faults.collections().computeIfAbsent(rest.substring(0, firstOf(rest, ".[")), c -> new ArrayList<>())
                        .add(path + ": " + error.message());
                continue;
            }
            if (!path.startsWith("entities.")) {
                return Optional.empty();
            }
            entityFault(error, faults, notes);
        }
        return Optional.of(faults);
    }

    /** An error about an entity: one of its examples, which alone goes, or the entity itself. */
    private static void entityFault(SchemaError error, Faults faults, List<ImportNote> notes) {
        String path = error.path();
        String rest = path.substring("entities.".length());
        int end = firstOf(rest, ".[");
        String entity = rest.substring(0, end);
        String within = rest.substring(end);
        if (within.startsWith(".examples[") && within.indexOf(']') > 0) {
            int index = Integer.parseInt(within.substring(".examples[".length(), within.indexOf(']')));
            faults.examples().computeIfAbsent(entity, e -> new LinkedHashSet<>()).add(index);
            notes.add(new ImportNote(ImportNote.Kind.NOT_MAPPED, path, "example left out: " + error.message()));
        } else {
            faults.entities().computeIfAbsent(entity, e -> new ArrayList<>())
                    .add((within.isEmpty() ? "" : within.substring(1) + ": ") + error.message());
        }
    }

    private static Map<String, EntityDefinition> keptEntities(SchemaDocument document, Faults faults, List<ImportNote> notes) {
        Map<String, EntityDefinition> kept = new LinkedHashMap<>();
        document.entities().forEach((name, entity) -> {
            if (faults.entities().containsKey(name)) {
                notes.add(new ImportNote(ImportNote.Kind.NOT_MAPPED, "entities." + name, "entity " + name + " left out: it does not load as "
                        + "imported (" + String.join("; ", faults.entities().get(name)) + "); add it to the schema file by hand"));
                return;
            }
            Set<Integer> bad = faults.examples().getOrDefault(name, Set.of());
            List<Map<String, Object>> good = new ArrayList<>();
            for (int i = 0; i < entity.examples().size(); i++) {
                if (!bad.contains(i)) {
                    good.add(entity.examples().get(i));
                }
            }
            kept.put(name, new EntityDefinition(entity.description(), entity.attributes(), entity.keys(), entity.indexes(), entity.attributeBag(),
                    good, entity.exampleFile(), entity.states(), entity.volume()));
        });
        return kept;
    }

    private static Map<String, CollectionDefinition> keptCollections(SchemaDocument document, Faults faults, List<ImportNote> notes) {
        Map<String, CollectionDefinition> kept = new LinkedHashMap<>();
        document.collections().forEach((name, collection) -> {
            if (faults.collections().containsKey(name)) {
                notes.add(new ImportNote(ImportNote.Kind.NOT_MAPPED, "collections." + name, "collection " + name + " left out: it does not "
                        + "load as imported (" + String.join("; ", faults.collections().get(name)) + "); add it to the schema file by hand"));
            } else {
                kept.put(name, collection);
            }
        });
        return kept;
    }

    private static List<AccessPatternDefinition> keptPatterns(SchemaDocument document, Faults faults, List<ImportNote> notes) {
        List<AccessPatternDefinition> kept = new ArrayList<>();
        for (int i = 0; i < document.accessPatterns().size(); i++) {
            AccessPatternDefinition pattern = document.accessPatterns().get(i);
            if (faults.patterns().containsKey(i)) {
                notes.add(new ImportNote(ImportNote.Kind.NOT_MAPPED, "accessPatterns." + pattern.name(), "pattern " + pattern.name()
                        + " left out: it does not load as imported (" + String.join("; ", faults.patterns().get(i))
                        + "); add it to the schema file by hand"));
            } else {
                kept.add(pattern);
            }
        }
        return kept;
    }

    private static int firstOf(String text, String characters) {
        int first = text.length();
        for (char c : characters.toCharArray()) {
            int at = text.indexOf(c);
            if (at >= 0 && at < first) {
                first = at;
            }
        }
        return first;
    }
}
