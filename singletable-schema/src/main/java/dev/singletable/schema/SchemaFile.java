package dev.singletable.schema;

import dev.singletable.Experimental;
import dev.singletable.schema.internal.SchemaFiles;
import dev.singletable.schema.internal.LoadedDesign;
import dev.singletable.Attribute;
import dev.singletable.ClosestName;
import dev.singletable.DynamicItem;
import dev.singletable.EdgeValues;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.Explanation;
import dev.singletable.ItemKey;
import dev.singletable.NullArgumentException;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A loaded schema file: its {@link SchemaDocument} and the core model built from it, the same
 * {@link TableSchema} and {@link EntitySchema}s the annotation processor gives, with
 * {@link DynamicItem} as every entity's Java type. Every operation of {@link Table} works on it.
 *
 * <pre>{@code
 * SchemaFile design = SchemaFile.load(Path.of("designs/blog.singletable.yaml"));
 * Table table = Table.of(design.tableSchema(), DynamoDbClient.create());
 * EntitySchema<DynamicItem> post = design.entity("Post");
 * table.create(DynamicItem.builder("Post").set("username", "alice").set("title", "Hello").set("published", true).build());
 * List<DynamicItem> posts = design.run(table, "posts-by-user", Map.of("username", "alice"));
 * }</pre>
 *
 * <p>Loading checks everything at once: a file with mistakes throws one {@link SchemaFileException}
 * listing each, with file, line, column and path. Nothing is half-loaded.
 */
@Experimental
public final class SchemaFile {
    private final SchemaDocument document;
    private final LoadedDesign design;

    private SchemaFile(LoadedDesign design) {
        this.document = design.document();
        this.design = design;
    }

    /**
     * Reads a schema file, YAML or JSON (by its extension, {@code .json} for JSON), and its example
     * files (relative to it).
     *
     * @throws SchemaFileException listing every mistake
     * @throws UncheckedIOException when the file cannot be read
     */
    public static SchemaFile load(Path path) {
        String text;
        try {
            text = Utf8Files.readString(path, TextLimits.DESIGN_FILE);
        } catch (NotUtf8TextException e) {
            throw new SchemaFileException(List.of(new SchemaError(SchemaError.Kind.SYNTAX, path.toString(),
                    (int) Math.min(e.line(), Integer.MAX_VALUE), (int) Math.min(e.column(), Integer.MAX_VALUE), "", e.reason())), false);
        } catch (TextLimitException e) {
            throw new SchemaFileException(List.of(new SchemaError(SchemaError.Kind.LIMIT, path.toString(),
                    (int) Math.min(e.line(), Integer.MAX_VALUE), (int) Math.min(e.column(), Integer.MAX_VALUE), "", e.reason())), false);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read schema file " + path + ": " + e.getMessage(), e);
        }
        Path parent = path.toAbsolutePath().getParent();
        return new SchemaFile(SchemaFiles.load(text, path.toString(), Optional.ofNullable(parent)));
    }

    /**
     * Reads a schema file that is a class-path resource, such as one packaged in the application's jar, and its example
     * files (resources relative to it), through the context class loader (else this class's).
     *
     * <pre>{@code
     * SchemaFile design = SchemaFile.loadResource("designs/shop.singletable.yaml");   // src/main/resources/designs/...
     * }</pre>
     *
     * @throws SchemaFileException listing every mistake
     * @throws UncheckedIOException when there is no such resource, or it cannot be read
     */
    public static SchemaFile loadResource(String name) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return loadResource(context != null ? context : SchemaFile.class.getClassLoader(), name);
    }

    /**
     * {@link #loadResource(String)} from {@code loader}: a resource in a directory is read as a file, one in a jar through
     * the jar's file system, so that its {@code exampleFile}s resolve next to it in both.
     *
     * @throws SchemaFileException listing every mistake
     * @throws UncheckedIOException when there is no such resource, or it cannot be read
     */
    public static SchemaFile loadResource(ClassLoader loader, String name) {
        NullArgumentException.check("SchemaFile.loadResource", "loader", loader);
        NullArgumentException.check("SchemaFile.loadResource", "name", name);
        String resource = name.startsWith("/") ? name.substring(1) : name;
        java.net.URL url = loader.getResource(resource);
        if (url == null) {
            throw new UncheckedIOException(new java.io.FileNotFoundException("No schema file '" + resource + "' on the class path ("
                    + loader + "); put it under src/main/resources (or src/test/resources), or give its path to SchemaFile.load"));
        }
        try {
            java.net.URI uri = url.toURI();
            if (uri.getScheme().equals("file")) {
                return load(Path.of(uri));
            }
            if (uri.getScheme().equals("jar")) {
                String entry = uri.getSchemeSpecificPart().substring(uri.getSchemeSpecificPart().indexOf("!/") + 1);
                java.nio.file.FileSystem jar;
                try {
                    jar = java.nio.file.FileSystems.newFileSystem(uri, java.util.Map.of());
                } catch (java.nio.file.FileSystemAlreadyExistsException open) {
                    return load(java.nio.file.FileSystems.getFileSystem(uri).getPath(entry)); // someone else's: left open
                }
                try (jar) {
                    return load(jar.getPath(entry));
                }
            }
            throw new IOException("resources of scheme " + uri.getScheme() + " cannot be read as files");
        } catch (java.net.URISyntaxException | IOException e) {
            throw new UncheckedIOException("Cannot read schema file resource " + url + ": " + e.getMessage(),
                    e instanceof IOException io ? io : new IOException(e));
        }
    }

    /**
     * Reads schema file text; {@code fileName} names it in errors and picks JSON when it ends in
     * {@code .json}. Example files are looked up relative to the working directory.
     *
     * @throws SchemaFileException listing every mistake
     */
    public static SchemaFile parse(String text, String fileName) {
        return new SchemaFile(SchemaFiles.load(text, fileName, Optional.empty()));
    }

    /**
     * The core model of a document built in code (by an import, say), under the same rules.
     *
     * @throws SchemaFileException listing every mistake, placed by path
     */
    public static SchemaFile of(SchemaDocument document) {
        return new SchemaFile(SchemaFiles.build(document));
    }

    public SchemaDocument document() {
        return document;
    }

    /**
     * The table with every entity, for {@code Table.of(schema, client)}. A write that would decide whether an item is on
     * an index conditioned on a Java method ({@code when: {java: isShipped}}) is refused with a
     * {@link JavaConditionException}: the file cannot run the method.
     */
    public TableSchema tableSchema() {
        return design.table();
    }

    /**
     * The table as the design tools compose items: as {@link #tableSchema()}, but an index conditioned on a Java method
     * takes every item whose key slots have values, as if the method always said yes (an upper bound of the index). For
     * composing keys and sample items, showing and costing the design; items written with it may be on such an index
     * where the Java application keeps them out.
     *
     * <pre>{@code
     * Table composer = Table.offline(design.upperBoundSchema());
     * composer.toItem(order);   // with GSI2's keys whenever shippedAt has a value, whatever isShipped() says
     * }</pre>
     */
    public TableSchema upperBoundSchema() {
        return design.upperBound();
    }

    /**
     * The entity type of this name.
     *
     * @throws SchemaDefinitionException naming the entities (and the closest) when there is none
     */
    public EntitySchema<DynamicItem> entity(String name) {
        EntitySchema<DynamicItem> entity = design.entities().get(name);
        if (entity == null && document.entities().containsKey(name) && document.entities().get(name).states().isPresent()) {
            throw new SchemaDefinitionException("entity " + name + " is stored in states, each an entity type of its own: name one of "
                    + String.join(", ", document.entities().get(name).states().get().values().values().stream()
                    .map(StatesDefinition.State::type).distinct().toList()) + ", or use states(\"" + name + "\")");
        }
        if (entity == null) {
            throw new SchemaDefinitionException(unknown("entity", name, design.entities().keySet()));
        }
        return entity;
    }

    /**
     * The states of an entity whose keys depend on its state ({@code states:} in the file): each state
     * is an entity type of its own, and the state attribute picks it.
     *
     * <pre>{@code
     * EntityStates<?> product = design.states("Product");
     * table.get(design.entity("ArchivedProduct"), KeyValues.of("productId", "P3"));
     * }</pre>
     *
     * @throws SchemaDefinitionException when the file has no entity of this name, or its keys do not depend on its state
     */
    @SuppressWarnings("unchecked")
    public dev.singletable.EntityStates<DynamicItem> states(String entity) {
        NullArgumentException.check("SchemaFile.states", "entity", entity);
        EntityDefinition definition = document.entities().get(entity);
        if (definition == null || definition.states().isEmpty()) {
            throw new SchemaDefinitionException(unknown("entity with states", entity, document.entities().entrySet().stream()
                    .filter(e -> e.getValue().states().isPresent()).map(Map.Entry::getKey).toList()));
        }
        String first = definition.states().get().values().values().iterator().next().type();
        return (dev.singletable.EntityStates<DynamicItem>) tableSchema().states().stream()
                .filter(s -> s.states().stream().anyMatch(state -> state.type().equals(first))).findFirst().orElseThrow();
    }

    /**
     * An attribute of an entity, typed, for updates and conditions: {@code V} is the Java type of the
     * attribute's type in the file ({@code String} for string and enum, {@code Long} for long,
     * {@code Instant} for instant and epochSeconds, {@code Set} for stringSet...).
     *
     * <pre>{@code
     * Attribute<DynamicItem, String> title = design.attribute("Post", "title", String.class);
     * table.update(design.entity("Post"), key, u -> u.set(title, "New title"), Condition.exists(title));
     * }</pre>
     *
     * @throws SchemaDefinitionException when the entity has no such attribute, or its values are of another type
     */
    @SuppressWarnings("unchecked")
    public <V> Attribute<DynamicItem, V> attribute(String entity, String attribute, Class<V> type) {
        EntitySchema<DynamicItem> schema = entity(entity);
        AttributeDefinition definition = document.entityTypes().get(entity).attributes().get(attribute);
        if (definition == null) {
            throw new SchemaDefinitionException(entity + " has no attribute '" + attribute + "'"
                    + ClosestName.among(attribute, document.entityTypes().get(entity).attributes().keySet()).map(n -> " (did you mean '" + n + "'?)").orElse("")
                    + "; its attributes are " + String.join(", ", document.entityTypes().get(entity).attributes().keySet()));
        }
        Class<?> javaType = javaType(definition.type());
        if (!type.equals(javaType)) {
            throw new SchemaDefinitionException(entity + "." + attribute + " is a " + definition.typeText() + " attribute, whose values are "
                    + javaType.getSimpleName() + ", not " + type.getSimpleName() + "; ask for " + javaType.getSimpleName() + ".class");
        }
        return (Attribute<DynamicItem, V>) schema.attribute(attribute).orElseThrow();
    }

    private static Class<?> javaType(AttributeDefinition.AttributeKind kind) {
        return switch (kind) {
            case ENUM -> String.class;
            case RECORD -> DynamicItem.class;
            case RECORD_LIST, LIST -> List.class;
            case RECORD_MAP, MAP -> Map.class;
            // the class of the kind in the core's registry, whose file names the file's are
            default -> dev.singletable.internal.kinds.Kind.ofFileName(kind.fileName()).orElseThrow().javaType();
        };
    }

    /**
     * A document path into an attribute of an entity, for {@link dev.singletable.Update} and
     * {@link dev.singletable.Condition}, written as text: names joined by {@code .} into embedded
     * records (the file's {@code types}) and maps, {@code [n]} for a list element, {@code ["key"]} for a
     * map key of any text. Every element reaches DynamoDB as a placeholder. The value type {@code V} is
     * inferred where the path is used and checked when the update or condition is built, as for
     * {@link dev.singletable.AttributePath#key}; {@link #pathValue} gives values of the right type from text.
     *
     * <pre>{@code
     * table.update(design.entity("Customer"), key, u -> u
     *         .set(design.path("Customer", "shippingAddress.city"), "Paris")  // SET #shippingAddress.#city = :v0
     *         .remove(design.path("Customer", "tags[2]")));                    // REMOVE #tags[2]
     * }</pre>
     *
     * @throws SchemaDefinitionException when the file has no such entity
     * @throws ValidationException naming entity and path when the text is no path, a name is not there (with the
     *         closest), or a step goes into a value that is not a record, list or map
     */
    @SuppressWarnings("unchecked")
    public <V> dev.singletable.AttributePath<DynamicItem, V> path(String entity, String path) {
        NullArgumentException.check("SchemaFile.path", "entity", entity, "path", path);
        entity(entity);
        return (dev.singletable.AttributePath<DynamicItem, V>) design.path(entity, path);
    }

    /**
     * The Java value for the end of a document path from a plain value (text, BigDecimal, Boolean, List or
     * Map, as a command line or data file gives it), converted by the type there: an embedded record from a map
     * of its attributes (required ones checked), a string for a list element of a {@code stringList}...
     *
     * <pre>{@code Long points = design.pathValue("Customer", "loyalty.points", "50");}</pre>
     *
     * @throws ValidationException naming entity, path and value when the path is wrong or the value does not fit
     */
    @SuppressWarnings("unchecked")
    public <V> V pathValue(String entity, String path, Object value) {
        NullArgumentException.check("SchemaFile.pathValue", "entity", entity, "path", path, "value", value);
        entity(entity);
        return (V) design.pathValue(entity, path, value);
    }

    /**
     * The item collection of this name.
     *
     * @throws SchemaDefinitionException naming the collections when there is none
     */
    public EntityCollection<DynamicItem> collection(String name) {
        EntityCollection<DynamicItem> collection = design.collections().get(name);
        if (collection == null) {
            throw new SchemaDefinitionException(unknown("collection", name, design.collections().keySet()));
        }
        return collection;
    }

    /**
     * The example items of an entity: those written in the file, then those of its example file. For an
     * entity with states each item is named by its state's entity type; for a state, its entity's examples in it.
     */
    public List<DynamicItem> examples(String entity) {
        if (!design.examples().containsKey(entity)) {
            entity(entity);
            Optional<String> of = document.entityOfState(entity);
            if (of.isPresent()) { // one state of an entity: those of the entity's examples in that state
                return design.examples().get(of.get()).stream().filter(item -> item.entityType().equals(entity)).toList();
            }
        }
        return design.examples().get(entity);
    }

    /**
     * The sample adjacency items of a relation, as {@code relate} writes them: both items of each of its example pairs (the
     * ends' examples its key slots name, with its edge values), or of every pair of its ends' examples when it gives none;
     * the first side's item first. What the design tools show and an export writes as the relation's sample items.
     *
     * <pre>{@code
     * List<DynamicItem> memberships = design.relationExamples("Membership"); // a USERGROUP item, its GROUPUSER mirror, ...
     * }</pre>
     *
     * @throws SchemaDefinitionException when the file has no such relation
     */
    public List<DynamicItem> relationExamples(String relation) {
        if (!document.relations().containsKey(relation)) {
            throw new SchemaDefinitionException(unknown("relation", relation, document.relations().keySet()));
        }
        return SchemaFiles.relationExamples(this, relation);
    }

    /**
     * An item of the entity from plain values, as a data file or a command line gives them: text,
     * numbers, booleans, lists and maps, each converted by its attribute's type (a number or text for
     * a {@code long}, ISO-8601 text for an {@code instant}, base64 for {@code binary}...). A null value
     * leaves the attribute absent. Keys, required attributes and the item's size are checked when it
     * is written (or by {@code table.toItem}).
     *
     * <pre>{@code
     * DynamicItem post = design.item("Post", Map.of("username", "alice", "postId", "P1", "published", "true"));
     * }</pre>
     *
     * @throws SchemaDefinitionException when the file has no such entity
     * @throws dev.singletable.ValidationException naming the entity, attribute and value, when an attribute
     *         is unknown or a value does not fit its type
     */
    public DynamicItem item(String entity, Map<String, ?> values) {
        NullArgumentException.check("SchemaFile.item", "entity", entity, "values", values);
        if (document.entities().containsKey(entity) && document.entities().get(entity).states().isPresent()) {
            return item(stateOf(entity, values), values);
        }
        entity(entity);
        EntityDefinition definition = document.entityTypes().get(entity);
        DynamicItem.Builder item = DynamicItem.builder(entity);
        for (Map.Entry<String, ?> value : values.entrySet()) {
            if (value.getValue() == null) {
                continue;
            }
            AttributeDefinition attribute = definition.attributes().get(value.getKey());
            if (attribute == null) {
                throw new ValidationException(entity + " has no attribute '" + value.getKey() + "'"
                        + ClosestName.among(value.getKey(), definition.attributes().keySet()).map(n -> " (did you mean '" + n + "'?)").orElse("")
                        + "; its attributes are " + String.join(", ", definition.attributes().keySet()));
            }
            item.set(value.getKey(), typed(entity + "." + value.getKey(), attribute, value.getValue()));
        }
        return item.build();
    }

    /**
     * Values of a relation's edge attributes (its {@code edge:}) from plain values, as {@link #item} converts an entity's:
     * what {@code table.relate(first, second, relation, edge)} takes. Whether the required ones are given is checked by
     * {@code relate}.
     *
     * <pre>{@code
     * EdgeValues edge = design.edgeValues("Membership", Map.of("role", "ADMIN", "joinedAt", "2025-01-01T00:00:00Z"));
     * table.relate(user, group, design.tableSchema().relation("Membership").orElseThrow(), edge);
     * }</pre>
     *
     * @throws SchemaDefinitionException when the file has no such relation
     * @throws ValidationException naming the relation, attribute and value, when an attribute is not one of the edge's or a
     *         value does not fit its type
     */
    public EdgeValues edgeValues(String relation, Map<String, ?> values) {
        NullArgumentException.check("SchemaFile.edgeValues", "relation", relation, "values", values);
        RelationDefinition definition = document.relations().get(relation);
        if (definition == null) {
            throw new SchemaDefinitionException(unknown("relation", relation, document.relations().keySet()));
        }
        Map<String, Attribute<DynamicItem, ?>> attributes = new java.util.LinkedHashMap<>();
        tableSchema().relation(relation).orElseThrow().edgeAttributes().forEach(a -> attributes.put(a.name(), a));
        EdgeValues edge = EdgeValues.none();
        for (Map.Entry<String, ?> value : values.entrySet()) {
            Attribute<DynamicItem, ?> attribute = attributes.get(value.getKey());
            if (attribute == null) {
                throw new ValidationException("Relation " + relation + " has no edge attribute '" + value.getKey() + "'"
                        + ClosestName.among(value.getKey(), attributes.keySet()).map(n -> " (did you mean '" + n + "'?)").orElse("")
                        + "; its edge attributes are " + (attributes.isEmpty() ? "none (declare them under edge:)"
                        : String.join(", ", attributes.keySet())));
            }
            if (value.getValue() != null) {
                edge = withValue(edge, attribute, typed("Relation " + relation + ": edge attribute " + value.getKey(),
                        definition.edge().get(value.getKey()), value.getValue()));
            }
        }
        return edge;
    }

    @SuppressWarnings("unchecked")
    private static <V> EdgeValues withValue(EdgeValues edge, Attribute<DynamicItem, V> attribute, Object value) {
        return edge.and(attribute, (V) value); // converted by the file's type of the same attribute
    }

    /** A plain value converted by the attribute's type; a refusal names {@code where} (entity and attribute), the type and the value. */
    private Object typed(String where, AttributeDefinition attribute, Object value) {
        Object plain = value instanceof Number number && !(number instanceof BigDecimal) ? new BigDecimal(number.toString()) : value;
        try {
            return SchemaFiles.attributeValue(attribute, plain, document.types());
        } catch (IllegalArgumentException e) {
            throw new ValidationException(where + " is " + attribute.typeText() + ": " + e.getMessage(), e);
        }
    }

    /** The entity type of the state the values' state attribute picks, for an entity whose keys depend on its state. */
    private String stateOf(String entity, Map<String, ?> values) {
        StatesDefinition states = document.entities().get(entity).states().orElseThrow();
        Object value = values.get(states.attribute());
        boolean flag = document.entities().get(entity).attributes().get(states.attribute()).type() == AttributeDefinition.AttributeKind.BOOLEAN;
        String text = flag ? String.valueOf(value).toLowerCase(java.util.Locale.ROOT) : String.valueOf(value); // "TRUE" on a command line
        StatesDefinition.State state = value == null ? null : states.values().get(text);
        if (state == null) {
            throw new ValidationException(entity + "." + states.attribute() + (value == null ? " is absent" : " is '" + value + "'")
                    + ", but it picks the item's state and keys (states for " + states.values().keySet() + "); give one of those");
        }
        return state.type();
    }

    /**
     * The access pattern of this name.
     *
     * @throws SchemaDefinitionException naming the patterns when there is none
     */
    public AccessPatternDefinition pattern(String name) {
        return design.pattern(name);
    }

    /**
     * Runs a named access pattern: a get, query or scan as the file declares it, with the
     * parameters given replacing the file's example values (text, converted by the attributes'
     * types, or values of those types).
     *
     * <pre>{@code
     * List<DynamicItem> comments = design.run(table, "comments-on-post", Map.of("postId", "P1"));
     * }</pre>
     *
     * @throws SchemaDefinitionException for an unknown pattern or parameter
     * @throws dev.singletable.ValidationException when a parameter does not fit its attribute's type
     */
    public List<DynamicItem> run(Table table, String pattern, Map<String, ?> parameters) {
        return design.run(table, pattern, parameters);
    }

    /**
     * The query of a named query pattern, to page, stream, count or explain it; with {@code fetchFullItems} where the
     * file says so. A pattern that selects attributes is read with {@link #queryMaps}.
     *
     * <pre>{@code System.out.println(design.query(table, "posts-by-user", Map.of()).explain().json());}</pre>
     *
     * @throws SchemaDefinitionException when the pattern is not a query
     */
    public dev.singletable.Query<DynamicItem> query(Table table, String pattern, Map<String, ?> parameters) {
        return design.query(table, pattern, parameters);
    }

    /**
     * The query of a named query pattern that selects attributes ({@code select: [title, status]} in the file), each item
     * a map of the selected attributes it has, as the Java API's {@code selectMaps(...)} gives them.
     *
     * <pre>{@code
     * List<Map<String, Object>> open = design.queryMaps(table, "open-ticket-titles", Map.of("status", "OPEN")).list();
     * }</pre>
     *
     * @throws SchemaDefinitionException when the pattern is not a query, or selects nothing (then use {@link #query})
     */
    public dev.singletable.Query<Map<String, Object>> queryMaps(Table table, String pattern, Map<String, ?> parameters) {
        return design.queryMaps(table, pattern, parameters);
    }

    /**
     * The key of the item a named get pattern reads, with the parameters given replacing the file's example values: to
     * read the items of several get patterns in one {@link Table#batchGet} (up to 100 keys a request) instead of one
     * GetItem each. The key carries no consistency: read the keys of patterns that say {@code consistentRead: true} with
     * {@code BatchOptions.defaults().consistentRead()}, and the others without. One {@code batchGet} takes a primary key
     * once, so keys of two patterns that read the same item are given once.
     *
     * <pre>{@code
     * ItemKey<DynamicItem> user = design.itemKey(table, "user-by-name", Map.of("username", "alexdebrie"));
     * ItemKey<DynamicItem> post = design.itemKey(table, "post-by-id", Map.of());   // the file's example values
     * ItemsByKey read = table.batchGet(List.of(user, post));
     * Optional<DynamicItem> found = read.get(user);
     * }</pre>
     *
     * @throws SchemaDefinitionException for an unknown pattern or parameter, or a pattern that is not a get
     * @throws dev.singletable.ValidationException when a parameter does not fit its attribute's type
     */
    public ItemKey<DynamicItem> itemKey(Table table, String pattern, Map<String, ?> parameters) {
        NullArgumentException.check("SchemaFile.itemKey", "table", table, "pattern", pattern, "parameters", parameters);
        return design.itemKey(table, pattern, parameters);
    }

    /**
     * The request a named access pattern sends (GetItem, Query or Scan), without sending it: for the
     * design tools' tables and for reviews.
     *
     * <pre>{@code
     * System.out.println(design.explain(table, "posts-by-user", Map.of()).json()); // {"TableName": ..., "KeyConditionExpression": ...}
     * }</pre>
     *
     * @throws SchemaDefinitionException for an unknown pattern or parameter
     * @throws dev.singletable.ValidationException when a parameter does not fit its attribute's type
     */
    public Explanation explain(Table table, String pattern, Map<String, ?> parameters) {
        return design.explain(table, pattern, parameters);
    }

    /**
     * Where a field of the file starts, by its path of names (list positions as numbers), or its
     * nearest parent that was located; empty for a document built in code ({@link #of}).
     *
     * <pre>{@code
     * design.location("entities", "Post", "indexes", "gsi1")  // the line of Post's gsi1 templates
     * design.location("accessPatterns", "2")                  // the third access pattern
     * }</pre>
     */
    public Optional<SourceLocation> location(String... path) {
        NullArgumentException.require(path, "SchemaFile.location", "path", "pass the names of the field's path, or none for the whole file");
        for (String name : path) {
            NullArgumentException.require(name, "SchemaFile.location", "path", "pass a name for each level, such as (\"entities\", \"Post\")");
        }
        return design.location(List.of(path));
    }

    /**
     * Where in the Java sources the entity or access pattern holding the field at this path was declared, for a schema
     * file the annotation processor wrote from a code-first project (its {@code source}: the file relative to its source
     * root, the line, column 1); empty for a field outside entities and access patterns, or a file without {@code source}.
     * Lint findings point there.
     *
     * <pre>{@code
     * SchemaFile design = SchemaFile.loadResource("META-INF/singletable/AppTable.singletable.json");
     * design.codeLocation("accessPatterns", "0", "filter")  // Optional[dev/singletable/examples/blog/Blog.java:27:1]
     * }</pre>
     */
    public Optional<SourceLocation> codeLocation(String... path) {
        NullArgumentException.require(path, "SchemaFile.codeLocation", "path", "pass the names of the field's path, such as (\"entities\", \"Post\")");
        for (String name : path) {
            NullArgumentException.require(name, "SchemaFile.codeLocation", "path", "pass a name for each level, such as (\"entities\", \"Post\")");
        }
        return design.codeLocation(List.of(path));
    }

    /** One line: table, entities, indexes, collections and access patterns counted. */
    public String summary() {
        TableDefinition table = document.table();
        return "table " + table.name() + ": " + count(document.entities().size(), "entity", "entities") + ", "
                + count(table.indexes().size(), "index", "indexes") + ", " + count(document.collections().size(), "collection", "collections")
                + ", " + count(document.accessPatterns().size(), "access pattern", "access patterns");
    }

    private static String count(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    private static String unknown(String what, String name, java.util.Collection<String> known) {
        return "No " + what + " '" + name + "' in the schema file"
                + ClosestName.among(name, known).map(n -> "; did you mean '" + n + "'?").orElse("")
                + "; the file has " + (known.isEmpty() ? "none" : String.join(", ", known));
    }

    @Override
    public String toString() {
        return "SchemaFile[" + summary() + "]";
    }
}
