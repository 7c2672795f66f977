package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A schema file as data: the document model of format {@code singletable/1}, the same whether it
 * was read from YAML or JSON, produced by an import or built in code. It knows nothing of files,
 * lines or parsers ({@link SchemaFile} reads and checks it, {@link SchemaFileWriter} writes it),
 * and holds what the core model cannot: descriptions, sparse conditions as data, access patterns
 * and examples. Maps keep their declaration order.
 *
 * <pre>{@code
 * SchemaDocument design = SchemaFile.load(Path.of("design.singletable.yaml")).document();
 * for (AccessPatternDefinition pattern : design.accessPatterns()) {
 *     System.out.println(pattern.name() + ": " + pattern.description().orElse(""));
 * }
 * }</pre>
 *
 * @param table the table: name, keys, indexes, TTL, entity-type attribute, billing
 * @param entities entity type name to its definition
 * @param collections collection name to its members
 * @param accessPatterns the named access patterns, in declaration order
 * @param relations relation name to its definition (many-to-many relations between two entities)
 * @param types record type name to its definition: the records entities embed ({@code address: {type: Address}})
 */
@Experimental
public record SchemaDocument(TableDefinition table, Map<String, EntityDefinition> entities,
                             Map<String, CollectionDefinition> collections, List<AccessPatternDefinition> accessPatterns,
                             Map<String, RelationDefinition> relations, Map<String, RecordTypeDefinition> types) {
    /** The value of the {@code format} field this version of singletable reads and writes. */
    public static final String FORMAT = "singletable/1";

    public SchemaDocument {
        Objects.requireNonNull(table, "table");
        entities = Definitions.copy(entities, "entities");
        collections = Definitions.copy(collections, "collections");
        accessPatterns = List.copyOf(accessPatterns);
        relations = Definitions.copy(relations, "relations");
        types = Definitions.copy(types, "types");
    }

    /** A document without record types. */
    public SchemaDocument(TableDefinition table, Map<String, EntityDefinition> entities,
                          Map<String, CollectionDefinition> collections, List<AccessPatternDefinition> accessPatterns,
                          Map<String, RelationDefinition> relations) {
        this(table, entities, collections, accessPatterns, relations, Map.of());
    }

    /**
     * The entity types as items name them: each entity, and for an entity whose keys depend on its state one
     * entity type per state ({@link EntityDefinition#inState}), under the state's type name, in declaration order.
     * Access patterns, collections and stored items name these.
     *
     * <pre>{@code
     * document.entityTypes().keySet();   // [Customer, ActiveProduct, ArchivedProduct] for Customer and a Product with two states
     * }</pre>
     */
    public Map<String, EntityDefinition> entityTypes() {
        Map<String, EntityDefinition> types = new java.util.LinkedHashMap<>();
        entities.forEach((name, entity) -> {
            if (entity.states().isEmpty()) {
                types.put(name, entity);
            } else {
                entity.states().get().values().forEach((value, state) -> types.putIfAbsent(state.type(), entity.inState(value)));
            }
        });
        return java.util.Collections.unmodifiableMap(types);
    }

    /** The entity whose states include this entity type, when it is one state of an entity. */
    public java.util.Optional<String> entityOfState(String entityType) {
        Objects.requireNonNull(entityType, "entityType");
        return entities.entrySet().stream().filter(e -> e.getValue().states().map(s -> s.values().values().stream()
                .anyMatch(state -> state.type().equals(entityType))).orElse(false)).map(Map.Entry::getKey).findFirst();
    }

    /**
     * The path of a field as the file writes it: a field of a state's entity type is written under its entity, the state's
     * keys and indexes (and the state itself) under {@code states.values.<value>}; any other path is returned as given.
     * Messages and lint findings about a state's entity type point there.
     *
     * <pre>{@code
     * document.pathAsWritten(List.of("entities", "ActiveProduct", "indexes", "GSI1", "pk"))
     * // [entities, Product, states, values, true, indexes, GSI1, pk]
     * }</pre>
     */
    public List<String> pathAsWritten(List<String> path) {
        Objects.requireNonNull(path, "path");
        if (path.size() < 2 || !path.get(0).equals("entities") || entities.containsKey(path.get(1))) {
            return path;
        }
        for (Map.Entry<String, EntityDefinition> entity : entities.entrySet()) {
            if (entity.getValue().states().isEmpty()) {
                continue;
            }
            for (Map.Entry<String, StatesDefinition.State> state : entity.getValue().states().get().values().entrySet()) {
                if (!state.getValue().type().equals(path.get(1))) {
                    continue;
                }
                List<String> rest = path.subList(2, path.size());
                List<String> written = new java.util.ArrayList<>(List.of("entities", entity.getKey()));
                if (rest.isEmpty() || rest.get(0).equals("keys") || rest.get(0).equals("indexes")) {
                    written.addAll(List.of("states", "values", state.getKey()));
                }
                written.addAll(rest);
                return List.copyOf(written);
            }
        }
        return path;
    }

    /**
     * The relation side whose adjacency items have this item type ({@link RelationDefinition#itemTypeNames}), when the
     * name is one: what a collection's member that is not an entity type names.
     *
     * <pre>{@code
     * document.relationItemType("GROUPUSER").map(RelationItemType::near);   // Optional[Group], Membership's second side
     * document.relationItemType("Group");                                    // Optional.empty(): an entity
     * }</pre>
     */
    public java.util.Optional<RelationItemType> relationItemType(String itemType) {
        Objects.requireNonNull(itemType, "itemType");
        for (Map.Entry<String, RelationDefinition> relation : relations.entrySet()) {
            int side = relation.getValue().itemTypeNames().indexOf(itemType);
            if (side >= 0) {
                return java.util.Optional.of(new RelationItemType(relation.getKey(), relation.getValue(), side == 0));
            }
        }
        return java.util.Optional.empty();
    }

    /** A document without relations. */
    public SchemaDocument(TableDefinition table, Map<String, EntityDefinition> entities,
                          Map<String, CollectionDefinition> collections, List<AccessPatternDefinition> accessPatterns) {
        this(table, entities, collections, accessPatterns, Map.of());
    }
}
