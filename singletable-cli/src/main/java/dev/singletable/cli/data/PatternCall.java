package dev.singletable.cli.data;

import dev.singletable.ClosestName;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.Explanation;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.Query;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import dev.singletable.schema.AccessPatternDefinition.Target;
import dev.singletable.schema.AttributeDefinition;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * One call of a named access pattern of a design: its parameters (given as text, read by their attributes' types, or the
 * file's example values), the request it sends and the items it reads. Shared by {@code singletable run} and the MCP
 * server's pattern tools, so both refuse the same input with the same messages.
 *
 * @param design     the loaded design
 * @param pattern    the access pattern
 * @param parameters its parameters by name, in the file's order (unmodifiable)
 */
public record PatternCall(DataDesign design, AccessPatternDefinition pattern, Map<String, Parameter> parameters) {

    /** A parameter of the pattern: given (as text), or the file's example value. */
    public record Parameter(String name, String text, Object value, boolean given) {
    }

    /**
     * The call of {@code patternName} with the parameters {@code given} (name to text).
     *
     * @param usage makes the exception thrown for bad input from its message, such as
     *              {@code run posts-by-user: parameter published=yes is not a boolean (true or false)}
     */
    public static PatternCall of(DataDesign design, String patternName, Map<String, String> given,
                                 Function<String, ? extends RuntimeException> usage) {
        AccessPatternDefinition pattern;
        try {
            pattern = design.file().pattern(patternName);
        } catch (SchemaDefinitionException e) {
            throw usage.apply(e.getMessage());
        }
        Map<String, Object> fileValues = fileValues(pattern);
        given = boundsAsNamed(pattern, given, usage);
        for (String name : given.keySet()) {
            if (!fileValues.containsKey(name)) {
                throw usage.apply("run " + pattern.name() + ": no parameter '" + name + "'" + hint(name, fileValues.keySet())
                        + "; its parameters are " + parameterNames(pattern));
            }
        }
        Map<String, Parameter> parameters = new LinkedHashMap<>();
        for (Map.Entry<String, Object> fileValue : fileValues.entrySet()) {
            String name = fileValue.getKey();
            boolean isGiven = given.containsKey(name);
            String text = isGiven ? given.get(name) : fileText(fileValue.getValue());
            Object value;
            try {
                value = ArgumentValues.parse(definition(design, pattern, name), text);
            } catch (IllegalArgumentException e) {
                throw usage.apply("run " + pattern.name() + ": parameter " + name + "=" + text + " is not " + e.getMessage());
            }
            parameters.put(name, new Parameter(name, text, value, isGiven));
        }
        return new PatternCall(design, pattern, java.util.Collections.unmodifiableMap(parameters));
    }

    /**
     * The pattern's parameters with the file's example value of each: its key values, its sort key values, the bounds of
     * its {@code between} sort condition or {@code acrossBuckets} range ({@code createdAt.from}, {@code createdAt.to}),
     * then the values its filter compares with (equals, notEquals, beginsWith).
     */
    public static Map<String, Object> fileValues(AccessPatternDefinition pattern) {
        return pattern.parameters();
    }

    /**
     * The given parameters with a range bound spelled {@code createdAt_from} or {@code createdAt_to} (as a DynamoDB MCP
     * {@code schema.json} export names it, whose parameters are identifiers of generated code) under the name the
     * pattern gives it, {@code createdAt.from}; a name the pattern has itself keeps its meaning.
     *
     * @throws RuntimeException from {@code usage} when a bound is given in both spellings
     */
    private static Map<String, String> boundsAsNamed(AccessPatternDefinition pattern, Map<String, String> given,
                                                     Function<String, ? extends RuntimeException> usage) {
        Map<String, String> named = new LinkedHashMap<>();
        Map<String, String> spelling = new LinkedHashMap<>();
        given.forEach((name, text) -> {
            String bound = parameterNamed(pattern, name).orElse(name);
            String earlier = spelling.putIfAbsent(bound, name);
            if (earlier != null) {
                throw usage.apply("run " + pattern.name() + ": parameter " + bound + " is given twice, as " + earlier + " and as "
                        + name + "; give it once");
            }
            named.put(bound, text);
        });
        return named;
    }

    /**
     * The parameter of the pattern that {@code name} gives: the name itself where the pattern has it, else the range
     * bound it spells as a {@code schema.json} export does ({@code createdAt.from} for {@code createdAt_from}); empty
     * for a name of no parameter.
     */
    public static Optional<String> parameterNamed(AccessPatternDefinition pattern, String name) {
        Set<String> names = fileValues(pattern).keySet();
        return names.contains(name) ? Optional.of(name) : identifierBound(name).filter(names::contains);
    }

    /** {@code createdAt.from} for {@code createdAt_from} (and {@code .to} for {@code _to}); empty for any other name. */
    private static Optional<String> identifierBound(String name) {
        for (String suffix : List.of(AccessPatternDefinition.FROM, AccessPatternDefinition.TO)) {
            String identifier = "_" + suffix.substring(1);
            if (name.endsWith(identifier) && name.length() > identifier.length()) {
                return Optional.of(name.substring(0, name.length() - identifier.length()) + suffix);
            }
        }
        return Optional.empty();
    }

    /**
     * What the caller may have meant by an unknown parameter: the bounds of the range the pattern reads of that attribute
     * ({@code price} for {@code price.from} and {@code price.to}), else the closest name.
     */
    private static String hint(String name, java.util.Set<String> names) {
        if (names.contains(name + AccessPatternDefinition.FROM) || names.contains(name + AccessPatternDefinition.TO)) {
            return " (it reads a range of " + name + ": give its bounds as " + name + AccessPatternDefinition.FROM + "=VALUE "
                    + name + AccessPatternDefinition.TO + "=VALUE)";
        }
        return ClosestName.among(name, names).map(n -> " (did you mean '" + n + "'?)").orElse("");
    }

    /** {@code username, postId}, or {@code none}. */
    static String parameterNames(AccessPatternDefinition pattern) {
        Map<String, Object> fileValues = fileValues(pattern);
        return fileValues.isEmpty() ? "none" : String.join(", ", fileValues.keySet());
    }

    /**
     * The attribute a parameter of the pattern is read as (a range bound as the attribute it bounds): that of the first
     * entity it reads that has it.
     */
    public static AttributeDefinition definition(DataDesign design, AccessPatternDefinition pattern, String parameter) {
        String name = pattern.parameterAttribute(parameter);
        List<String> members = pattern.target().kind() == Target.Kind.ENTITY ? List.of(pattern.target().name())
                : design.file().document().collections().get(pattern.target().name()).members();
        for (String member : members) {
            Optional<AttributeDefinition> definition = design.attribute(member, name);
            if (definition.isPresent()) {
                return definition.get();
            }
        }
        throw new IllegalStateException("access pattern " + pattern.name() + " reads by " + name + ", which no entity it reads has");
    }

    /**
     * The example value as the file writes it, and as a NAME=VALUE argument gives it: a list or map as JSON
     * ({@code ["ELECTRONICS","AUDIO"]}), which {@link ArgumentValues#parse} reads back.
     */
    public static String fileText(Object value) {
        if (value instanceof java.util.Collection<?> || value instanceof Map<?, ?>) {
            try {
                return ItemJson.JSON.writeValueAsString(value);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException("example value " + value + " is no JSON value", e);
            }
        }
        return value instanceof java.math.BigDecimal decimal ? decimal.toPlainString() : String.valueOf(value);
    }

    /** The parameters' values by name, for the schema file's {@code query}, {@code run} and {@code explain}. */
    public Map<String, Object> values() {
        Map<String, Object> values = new LinkedHashMap<>();
        parameters.values().forEach(parameter -> values.put(parameter.name(), parameter.value()));
        return values;
    }

    /** The items the pattern reads on {@code table}, at most {@code limit} (null: the pattern's own limit, or all). */
    public List<DynamicItem> items(Table table, Integer limit) {
        if (pattern.operation() == Operation.QUERY && !pattern.select().isEmpty()) {
            Query<Map<String, Object>> query = design.file().queryMaps(table, pattern.name(), values());
            return partialItems((limit == null ? query : query.limit(limit)).list());
        }
        if (pattern.operation() == Operation.QUERY) {
            Query<DynamicItem> query = design.file().query(table, pattern.name(), values());
            return (limit == null ? query : query.limit(limit)).list();
        }
        List<DynamicItem> items = design.file().run(table, pattern.name(), values());
        return limit == null || items.size() <= limit ? items : items.subList(0, limit);
    }

    /**
     * A page of at most {@code limit} items of a query pattern, after the one {@code cursor} (null: the first) ended;
     * empty for a get or scan pattern, which read at most their limit of items with {@link #items}.
     */
    public Optional<Page<DynamicItem>> page(Table table, int limit, String cursor) {
        if (pattern.operation() != Operation.QUERY) {
            return Optional.empty();
        }
        if (!pattern.select().isEmpty()) {
            Query<Map<String, Object>> query = design.file().queryMaps(table, pattern.name(), values()).limit(limit);
            Page<Map<String, Object>> page = cursor == null ? query.page() : query.page(cursor);
            return Optional.of(page.cursor().isPresent()
                    ? Page.followedBy(partialItems(page.items()), page.cursor().get(), page.requestCount(), page.consumedCapacity())
                    : Page.last(partialItems(page.items()), page.requestCount(), page.consumedCapacity()));
        }
        Query<DynamicItem> query = design.file().query(table, pattern.name(), values()).limit(limit);
        return Optional.of(cursor == null ? query.page() : query.page(cursor));
    }

    /** The maps a pattern that selects attributes reads, as its entity's items holding only those. */
    private List<DynamicItem> partialItems(List<Map<String, Object>> maps) {
        return maps.stream().map(map -> DynamicItem.builder(pattern.target().name()).setAll(map).build()).toList();
    }

    /** The request the pattern sends (the first, for a query or scan that takes several), without sending it. */
    public Explanation explanation(Table table, Integer limit) {
        return switch (pattern.operation()) {
            case QUERY -> {
                Explanation whole = design.file().explain(table, pattern.name(), values());
                if (limit == null) {
                    yield whole; // with the note of the BatchGetItem that fetchFullItems sends after the query
                }
                Query<?> query = pattern.select().isEmpty() ? design.file().query(table, pattern.name(), values())
                        : design.file().queryMaps(table, pattern.name(), values());
                yield Explanation.of(whole.operation(), query.limit(limit).toRequest(), whole.notes());
            }
            case GET -> {
                EntitySchema<DynamicItem> entity = design.file().entity(pattern.target().name());
                KeyValues key = KeyValues.none();
                for (Map.Entry<String, Object> value : values().entrySet()) {
                    key = key.and(value.getKey(), value.getValue());
                }
                yield table.explainGet(entity, key);
            }
            case SCAN -> {
                var scan = pattern.target().kind() == Target.Kind.ENTITY ? table.scan(design.file().entity(pattern.target().name()))
                        : table.scan(design.file().collection(pattern.target().name()));
                if (pattern.index().isPresent()) {
                    scan = scan.index(pattern.index().get());
                }
                Integer most = limit != null ? limit : pattern.limit().orElse(null);
                if (most != null) {
                    scan = scan.limit(most);
                }
                if (pattern.filter().isEmpty()) {
                    yield scan.explain();
                }
                // the file's scan sends its filter; the Limit is that of this call's limit, as the library sets it
                Explanation filtered = design.file().explain(table, pattern.name(), values());
                yield Explanation.of(filtered.operation(), ((software.amazon.awssdk.services.dynamodb.model.ScanRequest) filtered.request())
                        .toBuilder().limit(scan.toRequest().limit()).build(), filtered.notes());
            }
        };
    }
}
