package dev.singletable.schema.internal;

import dev.singletable.Attribute;
import dev.singletable.ClosestName;
import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.Explanation;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.Query;
import dev.singletable.Scan;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import dev.singletable.schema.AccessPatternDefinition.SortCondition;
import dev.singletable.schema.AccessPatternDefinition.Target;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.SchemaDocument;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The named access patterns of a loaded file as core operations: a get, a query (with its sort
 * condition, filter, order and limit) or a scan, run through the table like any other.
 */
final class AccessPatterns {
    private final SchemaDocument document;
    private final DesignBuilder.Design design;
    private final Map<String, AccessPatternDefinition> byName = new LinkedHashMap<>();
    /** Built once: SchemaDocument.entityTypes() builds the map anew on each call, and each pattern's parameters look it up (N² over a design). */
    private final Map<String, EntityDefinition> entityTypes;
    private final FilterConditions filters = new FilterConditions(this);

    AccessPatterns(SchemaDocument document, DesignBuilder.Design design) {
        this.document = document;
        this.design = design;
        this.entityTypes = document.entityTypes();
        document.accessPatterns().forEach(p -> byName.put(p.name(), p));
    }

    AccessPatternDefinition definition(String name) {
        AccessPatternDefinition pattern = byName.get(name);
        if (pattern == null) {
            throw new SchemaDefinitionException("No access pattern '" + name + "' in the schema file"
                    + ClosestName.among(name, byName.keySet()).map(n -> "; did you mean '" + n + "'?").orElse("")
                    + "; the file has " + (byName.isEmpty() ? "none" : String.join(", ", byName.keySet())));
        }
        return pattern;
    }

    /**
     * The pattern's entity as the table given holds it: the design tools run patterns on the upper-bound table, whose
     * entity with a Java-method index is another schema object than the file's table's, and the core matches by identity.
     */
    @SuppressWarnings("unchecked")
    private EntitySchema<DynamicItem> entity(Table table, AccessPatternDefinition pattern) {
        String type = pattern.target().name();
        return table.schema().entity(type).map(entity -> (EntitySchema<DynamicItem>) entity).orElseGet(() -> design.entities().get(type));
    }

    /** The pattern's collection as the table given holds it: its members looked up there by type name, as {@link #entity} does. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private EntityCollection<DynamicItem> collection(Table table, AccessPatternDefinition pattern) {
        EntityCollection<DynamicItem> collection = design.collections().get(pattern.target().name());
        List<EntitySchema<? extends DynamicItem>> members = collection.members();
        EntitySchema<DynamicItem>[] held = new EntitySchema[members.size()];
        boolean same = true;
        for (int i = 0; i < held.length; i++) {
            EntitySchema<? extends DynamicItem> member = members.get(i);
            held[i] = (EntitySchema<DynamicItem>) table.schema().entity(member.type()).orElse(member);
            same &= held[i] == member;
        }
        return same ? collection : EntityCollection.of(DynamicItem.class, held);
    }

    List<DynamicItem> run(Table table, String name, Map<String, ?> parameters) {
        AccessPatternDefinition pattern = definition(name);
        return switch (pattern.operation()) {
            case GET -> {
                checkParameters(pattern, parameters);
                EntitySchema<DynamicItem> entity = entity(table, pattern);
                yield table.get(entity, keyValues(pattern, pattern.key(), parameters), consistency(pattern)).map(List::of).orElse(List.of());
            }
            case QUERY -> pattern.select().isEmpty() ? query(table, name, parameters).list()
                    : partialItems(pattern, queryMaps(table, name, parameters).list());
            case SCAN -> {
                checkParameters(pattern, parameters);
                yield pattern.select().isEmpty() ? scan(table, pattern, parameters).list()
                        : partialItems(pattern, scan(table, pattern, parameters).selectMaps(selected(pattern)).list());
            }
        };
    }

    /** The key of the one item a get pattern reads, for reading the items of several gets in one BatchGetItem. */
    ItemKey<DynamicItem> itemKey(Table table, String name, Map<String, ?> parameters) {
        AccessPatternDefinition pattern = definition(name);
        if (pattern.operation() != Operation.GET) {
            throw new SchemaDefinitionException("Access pattern '" + name + "' is a " + (pattern.operation() == Operation.QUERY
                    ? "query, which reads the items its key condition matches" : "scan, which reads every item of its table or index")
                    + ", not one item by its key: run it with run(table, \"" + name + "\", parameters), or ask itemKey of a get pattern");
        }
        checkParameters(pattern, parameters);
        return ItemKey.of(entity(table, pattern), keyValues(pattern, pattern.key(), parameters));
    }

    /**
     * The items of a pattern that selects attributes, as the entity's items holding only those they have: what the
     * file's {@code select} reads, like the Java API's {@code selectMaps(...)}.
     */
    private static List<DynamicItem> partialItems(AccessPatternDefinition pattern, List<Map<String, Object>> maps) {
        List<DynamicItem> items = new ArrayList<>(maps.size());
        maps.forEach(map -> items.add(DynamicItem.builder(pattern.target().name()).setAll(map).build()));
        return items;
    }

    private Attribute<?, ?>[] selected(AccessPatternDefinition pattern) {
        return pattern.select().stream().map(name -> attribute(pattern, name)).toArray(Attribute<?, ?>[]::new);
    }

    /** The note of a pattern that reads whole items after its index query: the BatchGetItem each page sends too. */
    private Explanation withFetchNote(AccessPatternDefinition pattern, Explanation explanation) {
        if (!pattern.fetchFullItems()) {
            return explanation;
        }
        List<String> notes = new ArrayList<>(explanation.notes());
        notes.add("then BatchGetItem of the page's keys on table " + document.table().name() + " (up to 100 keys a request): "
                + "fetchFullItems reads the whole items that index " + pattern.index().orElseThrow() + " does not hold");
        return Explanation.of(explanation.operation(), explanation.request(), notes);
    }

    /** How a get of the pattern reads: strongly consistent when the file says {@code consistentRead: true}. */
    private static ReadConsistency consistency(AccessPatternDefinition pattern) {
        return pattern.consistentRead() ? ReadConsistency.STRONG : ReadConsistency.EVENTUAL;
    }

    /** The request a pattern sends, without sending it. */
    Explanation explain(Table table, String name, Map<String, ?> parameters) {
        AccessPatternDefinition pattern = definition(name);
        return switch (pattern.operation()) {
            case GET -> {
                checkParameters(pattern, parameters);
                EntitySchema<DynamicItem> entity = entity(table, pattern);
                yield Explanation.ofRequest(table.getRequest(entity, keyValues(pattern, pattern.key(), parameters), consistency(pattern)));
            }
            case QUERY -> withFetchNote(pattern, pattern.select().isEmpty() ? query(table, name, parameters).explain()
                    : queryMaps(table, name, parameters).explain());
            case SCAN -> {
                checkParameters(pattern, parameters);
                yield pattern.select().isEmpty() ? scan(table, pattern, parameters).explain() : scan(table, pattern, parameters).selectMaps(selected(pattern)).explain();
            }
        };
    }

    private Scan<DynamicItem> scan(Table table, AccessPatternDefinition pattern, Map<String, ?> parameters) {
        Scan<DynamicItem> scan = pattern.target().kind() == Target.Kind.ENTITY
                ? table.scan(entity(table, pattern))
                : table.scan(collection(table, pattern));
        if (pattern.index().isPresent()) {
            scan = scan.index(pattern.index().get());
        }
        if (pattern.filter().isPresent()) {
            scan = scan.filter(filters.condition(pattern, pattern.filter().get(), parameters));
        }
        if (pattern.limit().isPresent()) {
            scan = scan.limit(pattern.limit().get());
        }
        return pattern.consistentRead() ? scan.consistentRead() : scan;
    }

    /**
     * The query of a pattern that reads whole items (with {@code fetchFullItems} where the file says so); a pattern that
     * selects attributes is read with {@link #queryMaps}.
     */
    Query<DynamicItem> query(Table table, String name, Map<String, ?> parameters) {
        AccessPatternDefinition pattern = definition(name);
        if (!pattern.select().isEmpty()) {
            throw new SchemaDefinitionException("Access pattern '" + name + "' selects " + pattern.select() + ", so its items are maps "
                    + "of those attributes: read it with queryMaps(table, \"" + name + "\", parameters), or run(...) for partial items");
        }
        Query<DynamicItem> query = wholeItems(table, pattern, parameters);
        return pattern.fetchFullItems() ? query.fetchFullItems() : query;
    }

    /** The query of a pattern that selects attributes ({@code select}): each item a map of those it has. */
    Query<Map<String, Object>> queryMaps(Table table, String name, Map<String, ?> parameters) {
        AccessPatternDefinition pattern = definition(name);
        if (pattern.select().isEmpty()) {
            throw new SchemaDefinitionException("Access pattern '" + name + "' reads whole items, not selected attributes: read it "
                    + "with query(table, \"" + name + "\", parameters), or give it select: [...] in the file");
        }
        return wholeItems(table, pattern, parameters).selectMaps(selected(pattern));
    }

    private Query<DynamicItem> wholeItems(Table table, AccessPatternDefinition pattern, Map<String, ?> parameters) {
        String name = pattern.name();
        if (pattern.operation() != Operation.QUERY) {
            throw new SchemaDefinitionException("Access pattern '" + name + "' is a " + pattern.operation().name().toLowerCase(java.util.Locale.ROOT)
                    + ", not a query; run it with run(table, \"" + name + "\", parameters)");
        }
        checkParameters(pattern, parameters);
        Query<DynamicItem> query = pattern.target().kind() == Target.Kind.ENTITY
                ? table.query(entity(table, pattern))
                : table.query(collection(table, pattern));
        if (pattern.index().isPresent()) {
            query = query.index(pattern.index().get());
        }
        query = query.partition(keyValues(pattern, pattern.key(), parameters));
        if (pattern.sort().isPresent()) {
            SortCondition sort = pattern.sort().get();
            KeyValues values = keyValues(pattern, sort.values(), parameters);
            query = switch (sort.operator()) {
                case EQUALS -> query.sortEquals(values);
                case BEGINS_WITH -> query.sortBeginsWith(values);
                case LESS_THAN -> query.sortLessThan(values);
                case LESS_THAN_OR_EQUAL -> query.sortLessThanOrEqual(values);
                case GREATER_THAN -> query.sortGreaterThan(values);
                case GREATER_THAN_OR_EQUAL -> query.sortGreaterThanOrEqual(values);
                case BETWEEN -> query.sortBetween(keyValues(pattern, sort.values(), bound(parameters, AccessPatternDefinition.FROM)),
                        keyValues(pattern, sort.to(), bound(parameters, AccessPatternDefinition.TO)));
                case BEGINS_WITH_RAW -> query.sortBeginsWithRaw(sort.rawPrefix().orElseThrow());
                case CHILDREN -> query.sortChildren(values);
                case SUBTREE -> query.sortSubtree(values);
            };
        }
        if (pattern.filter().isPresent()) {
            query = query.filter(filters.condition(pattern, pattern.filter().get(), parameters));
        }
        if (pattern.acrossBuckets().isPresent()) {
            AccessPatternDefinition.BucketRange range = pattern.acrossBuckets().get();
            query = query.acrossBuckets(attribute(pattern, range.attribute()),
                    typed(pattern, range.attribute(), given(parameters, range.attribute() + AccessPatternDefinition.FROM, range.from())),
                    typed(pattern, range.attribute(), given(parameters, range.attribute() + AccessPatternDefinition.TO, range.to())));
        }
        if (pattern.acrossShards()) {
            query = query.acrossShards();
        }
        if (pattern.order().orElse(AccessPatternDefinition.Order.ASCENDING) == AccessPatternDefinition.Order.DESCENDING) {
            query = query.descending();
        }
        if (pattern.limit().isPresent()) {
            query = query.limit(pattern.limit().get());
        }
        return pattern.consistentRead() ? query.consistentRead() : query;
    }

    /** The names a caller may give: those of {@link AccessPatternDefinition#parameters()}. */
    static Set<String> parameterNames(AccessPatternDefinition pattern) {
        return pattern.parameters().keySet();
    }

    /** The values of one bound of a range by attribute: those parameters named {@code attribute + suffix}. */
    private static Map<String, Object> bound(Map<String, ?> parameters, String suffix) {
        Map<String, Object> bound = new LinkedHashMap<>();
        parameters.forEach((name, value) -> {
            if (name.endsWith(suffix)) {
                bound.put(name.substring(0, name.length() - suffix.length()), value);
            }
        });
        return bound;
    }

    private static void checkParameters(AccessPatternDefinition pattern, Map<String, ?> parameters) {
        Set<String> names = parameterNames(pattern);
        for (String parameter : parameters.keySet()) {
            if (!names.contains(parameter)) {
                throw new SchemaDefinitionException("Access pattern '" + pattern.name() + "' has no parameter '" + parameter + "'"
                        + ClosestName.among(parameter, names).map(n -> "; did you mean '" + n + "'?").orElse("")
                        + "; its parameters are " + (names.isEmpty() ? "none" : String.join(", ", names)));
            }
        }
    }

    private KeyValues keyValues(AccessPatternDefinition pattern, Map<String, Object> fileValues, Map<String, ?> parameters) {
        KeyValues values = KeyValues.none();
        for (Map.Entry<String, Object> value : fileValues.entrySet()) {
            Object given = parameters.containsKey(value.getKey()) ? parameters.get(value.getKey()) : value.getValue();
            values = values.and(value.getKey(), typed(pattern, value.getKey(), given));
        }
        return values;
    }

    Object typed(AccessPatternDefinition pattern, String attribute, Object value) {
        AttributeDefinition definition = attributeDefinition(pattern, attribute);
        boolean fileValue = value instanceof String || value instanceof BigDecimal || value instanceof Boolean
                || value instanceof List<?> || value instanceof Map<?, ?>;
        if (!fileValue) {
            return value;
        }
        try {
            return DynamicTypes.valueOf(definition, value, document.types());
        } catch (IllegalArgumentException e) {
            throw new ValidationException("Access pattern '" + pattern.name() + "', " + attribute + ": attribute '" + attribute + "' is "
                    + definition.typeText() + ": " + e.getMessage());
        }
    }

    AttributeDefinition attributeDefinition(AccessPatternDefinition pattern, String attribute) {
        for (String member : members(pattern)) {
            AttributeDefinition definition = entityTypes.get(member).attributes().get(attribute);
            if (definition != null) {
                return definition;
            }
        }
        throw new SchemaDefinitionException("Access pattern '" + pattern.name() + "': no attribute '" + attribute + "'");
    }

    /** The entities the pattern reads, whose attributes its values name: a collection's adjacency item types left out. */
    private List<String> members(AccessPatternDefinition pattern) {
        return pattern.target().kind() == Target.Kind.ENTITY ? List.of(pattern.target().name())
                : document.collections().get(pattern.target().name()).members().stream().filter(entityTypes::containsKey).toList();
    }

    @SuppressWarnings("unchecked")
    Attribute<DynamicItem, Object> attribute(AccessPatternDefinition pattern, String name) {
        for (String member : members(pattern)) {
            var attribute = design.entities().get(member).attribute(name);
            if (attribute.isPresent()) {
                return (Attribute<DynamicItem, Object>) attribute.get();
            }
        }
        throw new SchemaDefinitionException("Access pattern '" + pattern.name() + "': no attribute '" + name + "'");
    }

    /** The caller's value of a parameter, or the file's. */
    static Object given(Map<String, ?> parameters, String name, Object fileValue) {
        return parameters.containsKey(name) ? parameters.get(name) : fileValue;
    }
}
