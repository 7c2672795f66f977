package dev.singletable.cli.data;

import dev.singletable.design.internal.text.Counted;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;
import dev.singletable.cli.output.DemoFailure;
import dev.singletable.cli.options.DesignFiles;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The DESIGN of a data command: a schema file, or the schema files of a directory or jar, of which
 * {@code --table} picks one when there are several; with one, {@code --table} renames its table.
 *
 * @param name the file's name, for messages
 * @param file the loaded schema file
 * @param schema its table schema, named as {@code --table} says
 */
public record DataDesign(String name, SchemaFile file, TableSchema schema) {

    /**
     * Loads DESIGN: {@code table} ({@code --table}) picks one of several schema files, or renames the table of the only
     * one; the commands on an engine load it through {@link EngineOptions#load}.
     *
     * @throws ParameterException when DESIGN is missing, holds no schema file, or {@code table} picks none
     * @throws DemoFailure when the schema file has mistakes (listed)
     */
    public static DataDesign load(CommandSpec spec, Path design, Optional<String> table) {
        if (!Files.exists(design)) {
            throw DesignFiles.missing(spec, design);
        }
        List<DesignFiles.DesignFile> files = DesignFiles.find(design);
        if (files.isEmpty()) {
            throw new ParameterException(spec.commandLine(), design + ": no schema files (names ending in "
                    + String.join(", ", DesignFiles.SUFFIXES) + ")");
        }
        if (files.size() == 1) {
            DesignFiles.DesignFile only = files.get(0);
            SchemaFile file = load(only);
            return new DataDesign(only.name(), file, renamed(file.tableSchema(), table.orElse(file.tableSchema().name())));
        }
        List<SchemaFile> loaded = files.stream().map(DataDesign::load).toList();
        List<String> tables = loaded.stream().map(f -> f.tableSchema().name()).toList();
        if (table.isEmpty()) {
            throw new ParameterException(spec.commandLine(), design + " holds " + files.size() + " schema files (tables "
                    + String.join(", ", tables) + "); pick one with --table NAME");
        }
        for (int i = 0; i < files.size(); i++) {
            if (tables.get(i).equals(table.get())) {
                return new DataDesign(files.get(i).name(), loaded.get(i), loaded.get(i).tableSchema());
            }
        }
        throw new ParameterException(spec.commandLine(), design + " has no table '" + table.get()
                + "'; its tables are " + String.join(", ", tables));
    }

    private static SchemaFile load(DesignFiles.DesignFile file) {
        try {
            return file.load();
        } catch (SchemaFileException e) {
            throw new DemoFailure(file.name() + " does not load (" + Counted.of(e.errors().size(), "error", "errors")
                    + "): " + e.errors().stream().map(SchemaError::toString).collect(Collectors.joining("; "))
                    + ". Fix the file; 'singletable check " + file.name() + "' lists the mistakes.", e);
        }
    }

    private static TableSchema renamed(TableSchema schema, String name) {
        return schema.name().equals(name) ? schema : schema.toBuilder().name(name).build();
    }

    /**
     * The entity of this name.
     *
     * @throws ParameterException naming the entities (and the closest) when there is none
     */
    public EntitySchema<DynamicItem> entity(CommandSpec spec, String entity) {
        var definition = file.document().entities().get(entity);
        if (definition != null && definition.states().isPresent()) {
            // the core's message advises states("Product"), a Java call; here the user names the state's entity type
            var states = definition.states().get();
            throw new ParameterException(spec.commandLine(), spec.name() + " " + entity + ": " + entity + " is stored in states, "
                    + "each an entity type with keys of its own, picked by " + states.attribute() + ": name the item's, "
                    + String.join(" or ", states.values().entrySet().stream().map(e -> e.getValue().type() + " (" + states.attribute()
                    + "=" + e.getKey() + ")").toList()));
        }
        Optional<String> relation = notAnEntity(file, entity);
        if (relation.isPresent()) {
            throw new ParameterException(spec.commandLine(), spec.name() + " " + entity + ": " + relation.get());
        }
        try {
            return file.entity(entity);
        } catch (SchemaDefinitionException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * Why {@code name}, when it names a relation of the file or one of its adjacency item types ({@code Membership},
     * {@code USERGROUP}), is not an entity the item commands write, and how such items are written: by {@code relate}
     * (both items of a pair, checking that both ends are stored) or {@code load}. Empty for any other name.
     */
    public static Optional<String> notAnEntity(SchemaFile file, String name) {
        for (var relation : file.tableSchema().relations()) {
            String first = relation.firstSideItems().type();
            String second = relation.secondSideItems().type();
            String what;
            if (name.equals(relation.name())) {
                what = name + " is a relation between " + relation.first().type() + " and " + relation.second().type()
                        + " (its adjacency items are " + first + " and " + second + "), not an entity";
            } else if (name.equals(first) || name.equals(second)) {
                boolean isFirst = name.equals(first);
                what = name + " is not an entity but an adjacency item type of relation " + relation.name() + ": the item in "
                        + (isFirst ? relation.first() : relation.second()).type() + "'s partition naming a related "
                        + (isFirst ? relation.second() : relation.first()).type() + ", whose mirror is a " + (isFirst ? second : first);
            } else {
                continue;
            }
            String ends = String.join(" ", new AdjacencyItems(file, relation).keyNames().stream().map(key -> key + "=...").toList());
            return Optional.of(what + ". A relation's items are written in pairs, both items of a pair in one transaction: "
                    + "'singletable relate DESIGN " + relation.name() + " " + ends + "' relates two stored entities and 'singletable "
                    + "unrelate' deletes the pair; load writes a row of either item type with its mirror; put, update and delete "
                    + "write entities only, and 'singletable verify-relation' checks the pairs stored");
        }
        return Optional.empty();
    }

    /**
     * The entity type an item of {@code name} is: for an entity stored by its state, the state its state attribute's
     * value among {@code values} (NAME=VALUE arguments) picks ({@code Product archived=true} is an ArchivedProduct);
     * else the name as given.
     *
     * @throws ParameterException naming the state attribute and its values when it is missing or picks no state
     */
    public String stateOf(CommandSpec spec, String command, String name, List<String> values) {
        var definition = file.document().entities().get(name);
        if (definition == null || definition.states().isEmpty()) {
            return name;
        }
        var states = definition.states().get();
        boolean flag = definition.attributes().get(states.attribute()).type().storedAs().equals("BOOL"); // true/false in any case
        String given = values.stream().filter(a -> a.startsWith(states.attribute() + "=")).map(a -> a.substring(states.attribute().length() + 1))
                .findFirst().orElse(null);
        var state = given == null ? null : states.values().get(flag ? given.toLowerCase(java.util.Locale.ROOT) : given);
        if (state == null) {
            throw new ParameterException(spec.commandLine(), command + " " + name + ": " + states.attribute() + (given == null ? " is missing" : " = "
                    + given + " has no state") + ", and it picks the item's keys (" + String.join(", ", states.values().entrySet().stream()
                    .map(e -> e.getKey() + " -> " + e.getValue().type()).toList()) + "); give " + states.attribute() + "="
                    + states.values().keySet().iterator().next() + " or another of those values");
        }
        return state.type();
    }

    /**
     * Why {@code value} cannot be {@code attribute}'s when it is an empty list and the attribute is the path slot of one of
     * the entity's key templates ({@code CATEGORY#{path}}), which needs a segment: said with the argument or file value to
     * give, as the core's refusal advises Java code. Empty for any other value.
     */
    public static Optional<String> emptyPath(EntitySchema<DynamicItem> entity, String attribute, Object value) {
        if (!(value instanceof java.util.List<?> list) || !list.isEmpty()) {
            return Optional.empty();
        }
        java.util.List<dev.singletable.IndexKey> keys = new java.util.ArrayList<>(java.util.List.of(entity.primaryKey()));
        keys.addAll(entity.indexKeys().values());
        return keys.stream().flatMap(key -> key.templates().stream()).filter(t -> t.attributeNames().contains(attribute)).findFirst()
                .map(template -> attribute + " is the path in key template '" + template.text() + "', which needs at least one "
                        + "segment: give one or more, such as " + attribute + "='[\"ELECTRONICS\",\"AUDIO\"]' (in a file, [\"ELECTRONICS\", \"AUDIO\"])");
    }

    /** The definition of an entity's attribute, as the file writes it. */
    public Optional<AttributeDefinition> attribute(String entity, String attribute) {
        EntityDefinition definition = file.document().entityTypes().get(entity);
        return definition == null ? Optional.empty() : Optional.ofNullable(definition.attributes().get(attribute));
    }

    /** The attribute names of an entity type's primary key, partition key first. */
    public List<String> keyAttributes(String entityType) {
        EntitySchema<DynamicItem> entity = file.entity(entityType);
        List<String> names = new java.util.ArrayList<>(entity.primaryKey().partition().attributeNames());
        entity.primaryKey().sort().map(dev.singletable.KeyTemplate::attributeNames).ifPresent(sort -> sort.stream()
                .filter(name -> !names.contains(name)).forEach(names::add));
        return List.copyOf(names);
    }

    /**
     * The attributes a put of the entity type must be given, in the file's order: its key attributes but generated ids,
     * and its required attributes but generated ids and those singletable maintains (timestamps, version).
     */
    public List<String> requiredForPut(String entityType) {
        List<String> keys = keyAttributes(entityType);
        return file.document().entityTypes().get(entityType).attributes().entrySet().stream()
                .filter(a -> a.getValue().generated().isEmpty())
                .filter(a -> keys.contains(a.getKey()) || a.getValue().required() && a.getValue().role().isEmpty())
                .map(java.util.Map.Entry::getKey).toList();
    }

    /** The example items of every entity, in the file's order, then the adjacency items relating every pair of a relation's examples. */
    public List<DynamicItem> examples() {
        List<DynamicItem> examples = new java.util.ArrayList<>(file.document().entities().keySet().stream()
                .flatMap(entity -> file.examples(entity).stream()).toList());
        // the adjacency items of every pair of a relation's examples, as the design tools show them
        examples.addAll(dev.singletable.design.internal.tables.RelationTables.sampleItems(file));
        return List.copyOf(examples);
    }
}
