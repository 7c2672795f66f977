package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.ImportResult;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.TableDefinition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The schema of Dynatable ({@code dynatable:1.0.0}: {@code indexes}, {@code models} with a
 * {@code key} of {@code pk}/{@code sk} and {@code attributes}) and of OneTable
 * ({@code onetable:1.1.0}: {@code indexes}, {@code models} whose fields include the key fields,
 * {@code params}). Both write key templates as {@code ${attribute}}; a field named as an index's
 * hash or sort attribute holds that index's template.
 */
final class TemplateModelImporter {
    /**
     * Which of the two formats, with what tells them apart in both directions (this import and
     * {@link TemplateModelExporter}): the tool's name, the format written, the timestamp and type fields it defaults to,
     * and whether a model holds its fields under {@code key} and {@code attributes} (Dynatable) or at its top (OneTable).
     */
    record Flavor(String tool, String format, String createdField, String updatedField, String typeField, boolean splitModels) {
        static final Flavor DYNATABLE = new Flavor("Dynatable", "dynatable:1.0.0", "createdAt", "updatedAt",
                TableDefinition.DEFAULT_ENTITY_TYPE_ATTRIBUTE, true);
        static final Flavor ONETABLE = new Flavor("OneTable", "onetable:1.1.0", "created", "updated", "_type", false);

        static Flavor of(boolean oneTable) {
            return oneTable ? ONETABLE : DYNATABLE;
        }

        /** The format without its version, such as {@code dynatable:}: any version of it is read. */
        String formatPrefix() {
            return format.substring(0, format.indexOf(':') + 1);
        }
    }

    private static final Pattern SLOT = Pattern.compile("\\$\\{([^}]*)}");
    /**
     * The DynamoDB type each type of a model stores its values as; the registry of kinds reads them ({@code Number} a
     * decimal). {@code Date} is an instant, as the models write it with {@code isoDates}.
     */
    static final Map<String, String> STORED_AS = Map.of("String", "S", "Number", "N", "Boolean", "BOOL", "Binary", "B",
            "Buffer", "B", "Set", "SS", "Array", "L", "Object", "M");
    private static final Set<String> KNOWN_FIELD_KEYS = Set.of("type", "required", "value", "generate", "enum", "ttl", "schema", "items",
            "default");
    /** A nested schema's fields are an embedded record's: its own type, no key templates, roles or generated ids. */
    private static final Set<String> KNOWN_RECORD_FIELD_KEYS = Set.of("type", "required", "enum", "schema", "items");

    private final Flavor flavor;
    private final ImportNotes notes = new ImportNotes();
    private final Map<String, RecordTypeDefinition> types = new LinkedHashMap<>();

    private TemplateModelImporter(Flavor flavor) {
        this.flavor = flavor;
    }

    static ImportResult read(JsonNode schema, Flavor flavor, String tableName) {
        TemplateModelImporter importer = new TemplateModelImporter(flavor);
        SchemaDocument document = importer.document(schema, tableName);
        return new ImportResult(document, importer.notes.list());
    }

    /** An index of the schema: its name and the hash and sort field names. */
    private record Index(String name, String hash, Optional<String> sort, boolean local, ProjectionDefinition projection) {
    }

    private SchemaDocument document(JsonNode schema, String tableName) {
        String format = schema.path("format").asText("");
        if (!format.startsWith(flavor.formatPrefix())) {
            throw new DesignImportException("format: '" + format + "' is not a " + flavor.formatPrefix() + " schema; "
                    + (format.isEmpty() ? "add format: '" + flavor.format() + "'"
                    : "import it with the command of its format"));
        }
        if (!format.equals(flavor.format())) {
            notes.notMapped("format", "'" + format + "' is read as " + flavor.format() + ", the version this import knows: check "
                    + "what it left out");
        }
        if (!schema.path("models").isObject() || schema.path("models").isEmpty()) {
            throw new DesignImportException("models: missing or empty; the schema has no entity to import");
        }
        JsonNode params = schema.path("params");
        List<Index> indexes = indexes(schema.path("indexes"));
        Index primary = indexes.get(0);
        Map<String, String> keyTypes = new LinkedHashMap<>();
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        schema.path("models").properties().forEach(model -> entities.put(model.getKey(),
                entity(model.getKey(), model.getValue(), indexes, params, keyTypes)));
        String typeField = params.path("typeField").asText(flavor.typeField());
        Optional<String> ttl = entities.values().stream().flatMap(e -> e.attributes().entrySet().stream())
                .filter(a -> a.getValue().role().equals(Optional.of(AttributeDefinition.Role.TIME_TO_LIVE))).map(Map.Entry::getKey).findFirst();
        params.properties().forEach(param -> {
            if (!Set.of("typeField", "timestamps", "isoDates", "createdField", "updatedField").contains(param.getKey())) {
                notes.notMapped("params." + param.getKey(), "parameter '" + param.getKey() + "' has no singletable/1 equivalent; left out");
            }
        });
        if (schema.has("version")) {
            notes.notMapped("version", "the schema's own version '" + schema.path("version").asText()
                    + "' is not kept (singletable/1 has no design version; your version control has it)");
        }
        List<IndexDefinition> indexDefinitions = new ArrayList<>();
        for (Index index : indexes.subList(1, indexes.size())) {
            List<KeyAttributeDefinition> sort = index.sort().map(s -> List.of(key(s, keyTypes))).orElse(List.of());
            indexDefinitions.add(new IndexDefinition(index.name(), index.local() ? IndexDefinition.IndexKind.LOCAL : IndexDefinition.IndexKind.GLOBAL,
                    Optional.empty(), index.local() ? List.of() : List.of(key(index.hash(), keyTypes)), sort, index.projection()));
        }
        TableDefinition table = new TableDefinition(tableName, Optional.ofNullable(schema.path("description").asText(null)),
                key(primary.hash(), keyTypes), primary.sort().map(s -> key(s, keyTypes)), typeField, ttl,
                BillingDefinition.payPerRequest(), indexDefinitions);
        return new SchemaDocument(table, entities, Map.of(), List.of(), Map.of(), types);
    }

    private static KeyAttributeDefinition key(String name, Map<String, String> keyTypes) {
        return new KeyAttributeDefinition(name, switch (typeName(keyTypes.getOrDefault(name, "String"))) {
            case "Number" -> KeyAttributeDefinition.KeyAttributeType.N;
            case "Binary", "Buffer" -> KeyAttributeDefinition.KeyAttributeType.B;
            default -> KeyAttributeDefinition.KeyAttributeType.S;
        });
    }

    private List<Index> indexes(JsonNode indexes) {
        if (!indexes.path("primary").has("hash")) {
            throw new DesignImportException("indexes.primary.hash: missing; the schema must name its table's partition key attribute, "
                    + "such as indexes: {primary: {hash: 'pk', sort: 'sk'}}");
        }
        List<Index> list = new ArrayList<>();
        list.add(index("primary", indexes.get("primary")));
        indexes.properties().forEach(entry -> {
            if (!entry.getKey().equals("primary")) {
                list.add(index(entry.getKey(), entry.getValue()));
            }
        });
        return list;
    }

    private Index index(String name, JsonNode index) {
        String path = "indexes." + name;
        boolean local = "local".equals(index.path("type").asText());
        JsonNode project = index.path("project");
        ProjectionDefinition projection;
        if (project.isArray()) {
            List<String> attributes = new ArrayList<>();
            project.forEach(a -> attributes.add(a.asText()));
            projection = new ProjectionDefinition(ProjectionDefinition.ProjectionType.INCLUDE, attributes);
        } else if ("keys".equals(project.asText())) {
            projection = new ProjectionDefinition(ProjectionDefinition.ProjectionType.KEYS_ONLY, List.of());
        } else {
            projection = ProjectionDefinition.all();
        }
        index.properties().forEach(field -> {
            if (!Set.of("hash", "sort", "type", "project").contains(field.getKey())) {
                notes.notMapped(path + "." + field.getKey(), "index setting '" + field.getKey() + "' has no singletable/1 equivalent; left out");
            }
        });
        String hash = index.path("hash").asText(null);
        if (hash == null && !local) {
            throw new DesignImportException(path + ".hash: missing; a global index needs its partition key attribute");
        }
        return new Index(name, hash == null ? "" : hash, Optional.ofNullable(index.path("sort").asText(null)), local, projection);
    }

    private EntityDefinition entity(String name, JsonNode model, List<Index> indexes, JsonNode params, Map<String, String> keyTypes) {
        String path = "models." + name;
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        Map<String, String> fieldPaths = new LinkedHashMap<>();
        fields(model, path, fields, fieldPaths);
        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        Map<String, String> keyTemplates = new LinkedHashMap<>();
        Set<String> keyFields = new java.util.LinkedHashSet<>();
        for (Index index : indexes) {
            keyFields.add(index.hash());
            index.sort().ifPresent(keyFields::add);
        }
        fields.forEach((field, definition) -> {
            String at = fieldPaths.get(field);
            definition.properties().forEach(setting -> {
                if (!KNOWN_FIELD_KEYS.contains(setting.getKey())) {
                    notes.notMapped(at + "." + setting.getKey(), "field setting '" + setting.getKey() + "' has no singletable/1 equivalent; left out");
                }
            });
            String type = definition.path("type").asText("String");
            if (keyFields.contains(field)) {
                keyTypes.putIfAbsent(field, type);
                if (definition.has("value")) {
                    keyTemplates.put(field, template(definition.path("value").asText(), at + ".value"));
                    return;
                }
                keyTemplates.put(field, "{" + field + "}");
            } else if (definition.has("value")) {
                notes.notMapped(at + ".value", "a value template on '" + field + "', which is no index's key attribute: singletable/1 "
                        + "derives key attributes only; left out");
                return;
            }
            attributes.put(field, attribute(name, field, definition, at, false));
        });
        timestamps(name, params, attributes);
        for (String field : keyFields) {
            // a key on an attribute the model has (such as OneTable's timestamps on an LSI) is that attribute itself
            if (!keyTemplates.containsKey(field) && attributes.containsKey(field)) {
                keyTemplates.put(field, "{" + field + "}");
            }
        }
        Index primary = indexes.get(0);
        String pk = keyTemplates.get(primary.hash());
        if (pk == null) {
            throw new DesignImportException(path + ": no field '" + primary.hash() + "' (the primary index's hash); give the model "
                    + "its key, such as " + primary.hash() + ": {type: String, value: 'USER#${username}'}");
        }
        List<String> sk = primary.sort().map(s -> Optional.ofNullable(keyTemplates.get(s)).orElseThrow(() -> new DesignImportException(
                path + ": no field '" + s + "' (the primary index's sort); give the model its sort key template"))).map(List::of).orElse(List.of());
        Map<String, KeyDefinition> entityIndexes = entityIndexes(indexes, keyTemplates, path);
        return new EntityDefinition(Optional.empty(), attributes, new KeyDefinition(List.of(pk), sk, Optional.empty()), entityIndexes,
                false, List.of(), Optional.empty());
    }

    /** The model's fields (Dynatable's under key and attributes, OneTable's at its top), each with its path. */
    private void fields(JsonNode model, String path, Map<String, JsonNode> fields, Map<String, String> fieldPaths) {
        if (flavor.splitModels()) {
            model.path("key").properties().forEach(f -> {
                fields.put(f.getKey(), f.getValue());
                fieldPaths.put(f.getKey(), path + ".key." + f.getKey());
            });
            model.path("attributes").properties().forEach(f -> {
                fields.put(f.getKey(), f.getValue());
                fieldPaths.put(f.getKey(), path + ".attributes." + f.getKey());
            });
            model.properties().forEach(f -> {
                if (!Set.of("key", "attributes").contains(f.getKey())) {
                    notes.notMapped(path + "." + f.getKey(), "model setting '" + f.getKey() + "' has no singletable/1 equivalent; left out");
                }
            });
        } else {
            model.properties().forEach(f -> {
                fields.put(f.getKey(), f.getValue());
                fieldPaths.put(f.getKey(), path + "." + f.getKey());
            });
        }
    }

    /** The created and updated attributes the model's timestamps param adds. */
    private void timestamps(String name, JsonNode params, Map<String, AttributeDefinition> attributes) {
        if (params.path("timestamps").asBoolean(false)) {
            AttributeKind kind = params.path("isoDates").asBoolean(false) ? AttributeKind.INSTANT : AttributeKind.EPOCH_SECONDS;
            if (kind == AttributeKind.EPOCH_SECONDS) {
                notes.notMapped("params.isoDates", "dates stored as numbers are milliseconds in " + flavor.tool()
                        + " and seconds in singletable (epochSeconds); the timestamps of " + name + " are read as epochSeconds: check existing data");
            }
            attributes.putIfAbsent(params.path("createdField").asText(flavor.createdField()),
                    new AttributeDefinition(kind, false, List.of(), Optional.of(AttributeDefinition.Role.CREATED_AT), Optional.empty(), Optional.empty()));
            attributes.putIfAbsent(params.path("updatedField").asText(flavor.updatedField()),
                    new AttributeDefinition(kind, false, List.of(), Optional.of(AttributeDefinition.Role.UPDATED_AT), Optional.empty(), Optional.empty()));
        }
    }

    /** The entity's keys on the secondary indexes whose key fields it has. */
    private Map<String, KeyDefinition> entityIndexes(List<Index> indexes, Map<String, String> keyTemplates, String path) {
        Map<String, KeyDefinition> entityIndexes = new LinkedHashMap<>();
        for (Index index : indexes.subList(1, indexes.size())) {
            String hash = index.local() ? null : keyTemplates.get(index.hash());
            Optional<String> sort = index.sort().map(keyTemplates::get);
            if ((index.local() || hash != null) && (index.sort().isEmpty() || sort.isPresent())) {
                entityIndexes.put(index.name(), new KeyDefinition(index.local() ? List.of() : List.of(hash), sort.stream().toList(), Optional.empty()));
            } else if (hash != null || sort.isPresent()) {
                notes.notMapped(path, "has only one of index " + index.name() + "'s key fields; singletable/1 needs both to place it in the index: left out of it");
            }
        }
        return entityIndexes;
    }

    private String template(String value, String path) {
        StringBuilder template = new StringBuilder();
        Matcher matcher = SLOT.matcher(value);
        int last = 0;
        while (matcher.find()) {
            template.append(value, last, matcher.start()).append('{');
            String slot = matcher.group(1);
            if (slot.contains(":")) {
                notes.notMapped(path, "slot '${" + slot + "}' pads or formats its value, which this import does not translate; "
                        + "kept as {" + slot.split(":", 2)[0] + "}: add a format such as {" + slot.split(":", 2)[0] + ":%05d} by hand");
                slot = slot.split(":", 2)[0];
            }
            template.append(slot).append('}');
            last = matcher.end();
        }
        template.append(value.substring(last));
        return template.toString();
    }

    /** The type's name as the Java constructor spells it: OneTable's specification writes them in lower case ("string"). */
    private static String typeName(String type) {
        return type.isEmpty() ? type : Character.toUpperCase(type.charAt(0)) + type.substring(1);
    }

    private AttributeDefinition attribute(String owner, String field, JsonNode definition, String path, boolean embedded) {
        String type = typeName(definition.path("type").asText("String"));
        JsonNode nested = type.equals("Array") ? definition.path("items") : definition;
        boolean holdsRecords = nested.path("schema").isObject() && (type.equals("Object")
                || type.equals("Array") && typeName(nested.path("type").asText("Object")).equals("Object"));
        if (holdsRecords) {
            String recordType = recordType(owner, field, nested.path("schema"), path + (type.equals("Array") ? ".items" : "") + ".schema");
            return AttributeDefinition.ofRecords(type.equals("Array") ? AttributeKind.RECORD_LIST : AttributeKind.RECORD, recordType,
                    definition.path("required").asBoolean(false));
        }
        AttributeKind kind = type.equals("Date") ? AttributeKind.INSTANT
                : Optional.ofNullable(STORED_AS.get(type)).flatMap(DynamicTypes::readAs).orElseGet(() -> {
                    notes.notMapped(path + ".type", "type '" + type + "' has no singletable/1 type; read as string");
                    return AttributeKind.STRING;
                });
        boolean stringItems = type.equals("Array") && typeName(definition.path("items").path("type").asText("")).equals("String");
        if ((type.equals("Array") && !stringItems) || type.equals("Object")) {
            notes.inferred(path + ".type", type + " read as " + kind.fileName() + " (without a nested schema, singletable/1 lists and maps "
                    + "hold strings; give it one, as OneTable allows, to import its values as a record type): check '" + field + "'");
        }
        List<String> values = new ArrayList<>();
        definition.path("enum").forEach(v -> values.add(v.asText()));
        if (!values.isEmpty()) {
            kind = AttributeKind.ENUM;
        }
        if (embedded) { // its generate and ttl settings were reported with the record type's other settings
            return new AttributeDefinition(kind, definition.path("required").asBoolean(false), values, Optional.empty(), Optional.empty(),
                    Optional.empty());
        }
        Optional<AttributeDefinition.IdGenerator> generated = Optional.empty();
        String generate = definition.path("generate").asText("");
        if (generate.equals("ulid") || generate.equals("uuid")) {
            generated = Optional.of(generate.equals("ulid") ? AttributeDefinition.IdGenerator.ULID : AttributeDefinition.IdGenerator.UUID);
        } else if (!generate.isEmpty()) {
            notes.notMapped(path + ".generate", "generator '" + generate + "' is not ulid or uuid; left out");
        }
        Optional<AttributeDefinition.Role> role = Optional.empty();
        if (definition.path("ttl").asBoolean(false)) {
            role = Optional.of(AttributeDefinition.Role.TIME_TO_LIVE);
            kind = AttributeKind.EPOCH_SECONDS;
        }
        AttributeDefinition attribute = new AttributeDefinition(kind, definition.path("required").asBoolean(false), values, role, generated,
                Optional.empty());
        // both formats write the default when the value is missing, as singletable/1's default: does (and reads it back)
        return definition.has("default") ? attribute.withOptions(false, Optional.ofNullable(PlainValues.of(definition.path("default"))),
                List.of()) : attribute;
    }

    /**
     * The record type of a nested schema, named after its field ("address" gives Address), or after its model and field
     * when another nested schema took that name with other fields; one type when two schemas have the same fields.
     */
    private String recordType(String owner, String field, JsonNode schema, String path) {
        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        schema.properties().forEach(f -> {
            String at = path + "." + f.getKey();
            f.getValue().properties().forEach(setting -> {
                if (!KNOWN_RECORD_FIELD_KEYS.contains(setting.getKey())) {
                    notes.notMapped(at + "." + setting.getKey(), "field setting '" + setting.getKey() + "' of a nested schema has no "
                            + "singletable/1 equivalent (a record type's attributes have a type, required and enum values); left out");
                }
            });
            attributes.put(f.getKey(), attribute(owner, f.getKey(), f.getValue(), at, true));
        });
        RecordTypeDefinition definition = new RecordTypeDefinition(Optional.empty(), attributes);
        String base = typeName(field);
        for (String name : List.of(base, typeName(owner) + base)) {
            RecordTypeDefinition taken = types.get(name);
            if (taken == null || taken.equals(definition)) {
                types.put(name, definition);
                notes.inferred(path, "nested schema read as the record type " + name + " (named after " + (name.equals(base) ? "the field" : "the model and field") + ")");
                return name;
            }
        }
        throw new DesignImportException(path + ": the record type names " + base + " and " + typeName(owner) + base + " are both taken by other "
                + "nested schemas; rename the field");
    }
}
