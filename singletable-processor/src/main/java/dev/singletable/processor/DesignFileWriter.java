package dev.singletable.processor;

import dev.singletable.internal.kinds.Kind;

import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code @TableDesign} and its entities' models as a schema file (format {@code singletable/1},
 * JSON), the build output the design tools read. Renders text only, like {@link SchemaWriter}: JSON's
 * escaping of strings is all it needs (the AWS SDK's JSON parser, on the path through the core, only reads the
 * example items, {@link ExampleItems}, which arrive here already rendered).
 */
final class DesignFileWriter {
    private static final java.util.regex.Pattern RECORD_TYPE_NAME = java.util.regex.Pattern.compile("[A-Z][A-Za-z0-9_]*");

    private final StringBuilder out = new StringBuilder();
    private List<RelationFacts> relations = List.of();
    /** The @Embeddable models of the compilation by their schema's qualified name, for the file's types. */
    private final Map<String, EntityModel> embeddables = new java.util.LinkedHashMap<>();

    private Map<String, List<String>> examples = Map.of();
    private Map<String, List<String>> relationExamples = Map.of();
    private Map<String, String> sources = Map.of();
    /** The attribute each index condition that only checks its presence checks ({@link PresentConditions}). */
    private Map<String, String> present = Map.of();

    private DesignFileWriter() {
    }

    /** The @Embeddable models among those compiled, by their schema's qualified name. */
    private static Map<String, EntityModel> embeddables(java.util.Collection<EntityModel> compiled) {
        Map<String, EntityModel> found = new java.util.LinkedHashMap<>();
        for (EntityModel model : compiled) {
            if (!model.entity()) {
                found.put(model.packageName() + "." + model.schemaName(), model);
            }
        }
        return found;
    }

    /** The @Embeddable model a record, a list of records or a map of records holds, among those compiled; empty for other types. */
    static java.util.function.Function<EntityModel.TypeCode, Optional<EntityModel>> embeddedIn(java.util.Collection<EntityModel> compiled) {
        DesignFileWriter writer = new DesignFileWriter();
        writer.embeddables.putAll(embeddables(compiled));
        return writer::embedded;
    }

    /**
     * As {@link #write(TableFacts, List, Map)}, with the models compiled alongside (the {@code @Embeddable} records the
     * entities hold become the file's {@code types}) and the table's relations (a {@code relations} block after the collections).
     */
    static Rendered write(TableFacts table, List<EntityModel> entities, Map<String, List<String>> collections,
                          java.util.Collection<EntityModel> compiled, List<RelationFacts> relations) {
        return write(table, entities, collections, compiled, relations, ExampleItems.Examples.NONE, Map.of(), Map.of());
    }

    /**
     * As {@link #write(TableFacts, List, Map, java.util.Collection, List)}, with the example items of each entity (by its name
     * in the file, each item's JSON) and the example pairs of each relation, where in the Java sources each entity is declared (by its name in the file) and the
     * Java index conditions that only check an attribute's presence ({@link PresentConditions}), written as {@code present}.
     */
    static Rendered write(TableFacts table, List<EntityModel> entities, Map<String, List<String>> collections,
                          java.util.Collection<EntityModel> compiled, List<RelationFacts> relations, ExampleItems.Examples examples,
                          Map<String, String> sources, Map<String, String> present) {
        DesignFileWriter writer = new DesignFileWriter();
        writer.relations = relations;
        writer.examples = examples.entities();
        writer.relationExamples = examples.relations();
        writer.sources = sources;
        writer.present = present;
        writer.embeddables.putAll(embeddables(compiled));
        for (EntityModel entity : entities) {
            for (EntityModel.Property property : entity.properties()) {
                if (property.mapped() && !property.bag()) {
                    Optional<String> refused = writer.unwritable(property.typeCode(), new java.util.HashSet<>());
                    if (refused.isPresent()) {
                        return new Rendered(Optional.empty(), Optional.of(entity.element().getSimpleName() + "." + property.javaName()
                                + " (" + refused.get() + ")"), List.of());
                    }
                }
            }
        }
        return writer.renderChecked(table, entities, collections);
    }

    /** What keeps an attribute of this type out of the file, or empty when the file can hold it (embedded records included). */
    private Optional<String> unwritable(EntityModel.TypeCode code, java.util.Set<String> visiting) {
        Optional<EntityModel> record = embedded(code);
        if (record.isEmpty()) {
            return attributeType(code).isPresent() ? Optional.empty() : Optional.of("stored as " + EntityModel.describe(code));
        }
        EntityModel model = record.get();
        if (!RECORD_TYPE_NAME.matcher(model.typeName()).matches()) {
            return Optional.of("embeds " + model.typeName() + ", whose name is no record type name of the format (a capital letter, "
                    + "then letters, digits or underscores)");
        }
        if (!visiting.add(model.typeName())) {
            return Optional.empty(); // a cycle is the core's to refuse; the file says what the records say
        }
        for (EntityModel.Property property : model.properties()) {
            if (property.mapped() && !property.bag()) {
                Optional<String> refused = unwritable(property.typeCode(), visiting);
                if (refused.isPresent()) {
                    return Optional.of("embeds " + model.typeName() + ", whose " + property.javaName() + " is " + refused.get());
                }
            }
        }
        return Optional.empty();
    }

    /** The @Embeddable model a record, a list of records or a map of records holds; empty for other types. */
    private Optional<EntityModel> embedded(EntityModel.TypeCode code) {
        if (code instanceof EntityModel.TypeCode.OmitEmpty omit) {
            return embedded(omit.type());
        }
        if (code instanceof EntityModel.TypeCode.Of of && List.of("optional", "listOf", "mapOf").contains(of.method())
                && (of.method().equals("optional") || of.element() instanceof EntityModel.TypeCode.Nested)) {
            return embedded(of.element());
        }
        if (code instanceof EntityModel.TypeCode.Nested nested) {
            return Optional.ofNullable(embeddables.get(nested.packageName() + "." + nested.schemaName()));
        }
        return Optional.empty();
    }

    /** {@code "type": "Address"} or {@code "type": "list", "of": "Address"} for embedded records; the kind for the rest. */
    String typeFields(EntityModel.TypeCode code) {
        Optional<EntityModel> record = embedded(code);
        if (record.isEmpty()) {
            String kind = attributeType(code).orElseThrow();
            return "\"type\": " + quote(kind) + scalarElement(code).map(element -> ", \"of\": " + quote(element)).orElse("");
        }
        EntityModel.TypeCode shape = code;
        while (shape instanceof EntityModel.TypeCode.OmitEmpty || shape instanceof EntityModel.TypeCode.Of of && of.method().equals("optional")) {
            shape = shape instanceof EntityModel.TypeCode.OmitEmpty omit ? omit.type() : ((EntityModel.TypeCode.Of) shape).element();
        }
        String name = quote(record.get().typeName());
        if (shape instanceof EntityModel.TypeCode.Of of) {
            return "\"type\": " + quote(of.method().equals("listOf") ? "list" : "map") + ", \"of\": " + name;
        }
        return "\"type\": " + name;
    }

    /** The records the entities embed, and those these embed, in the order first met. */
    private List<EntityModel> recordTypes(List<EntityModel> entities) {
        java.util.Map<String, EntityModel> found = new java.util.LinkedHashMap<>();
        java.util.Deque<EntityModel> pending = new java.util.ArrayDeque<>(entities);
        while (!pending.isEmpty()) {
            for (EntityModel.Property property : pending.removeFirst().properties()) {
                if (property.mapped() && !property.bag()) {
                    embedded(property.typeCode()).filter(record -> found.putIfAbsent(record.typeName(), record) == null)
                            .ifPresent(pending::addLast);
                }
            }
        }
        return List.copyOf(found.values());
    }

    private void types(List<EntityModel> records) {
        indent(1).append("\"types\": {\n");
        for (int r = 0; r < records.size(); r++) {
            EntityModel record = records.get(r);
            indent(2).append(quote(record.typeName())).append(": {\n");
            indent(3).append("\"attributes\": {\n");
            List<String> attributes = new ArrayList<>();
            for (EntityModel.Property property : record.properties()) {
                if (!property.mapped() || property.bag()) {
                    continue;
                }
                StringBuilder attribute = new StringBuilder("        ").append(quote(property.attributeName())).append(": {")
                        .append(typeFields(property.typeCode()));
                enumValues(property.typeCode()).ifPresent(values -> attribute.append(", \"values\": [")
                        .append(String.join(", ", values.stream().map(DesignFileWriter::quote).toList())).append("]"));
                if (property.required()) {
                    attribute.append(", \"required\": true");
                }
                attribute.append(optionFields(property.options()));
                attributes.add(attribute.append("}").toString());
            }
            out.append(String.join(",\n", attributes)).append("\n");
            indent(3).append("}\n");
            indent(2).append("}").append(r + 1 < records.size() ? ",\n" : "\n");
        }
        indent(1).append("},\n");
    }

    /**
     * The file's text, or the name of the first thing the format cannot hold (then nothing is written).
     *
     * @return right: the JSON; left: what cannot be expressed
     */
    static Rendered write(TableFacts table, List<EntityModel> entities, Map<String, List<String>> collections) {
        return write(table, entities, collections, List.of(), List.of());
    }

    /**
     * Renders entities whose attribute types were checked. A Java index condition is written as {@code {"java": "method"}},
     * which the file's tools cannot evaluate: each is named in the result, for a note (but one that only checks an
     * attribute's presence, written as the {@code present} it is).
     */
    private Rendered renderChecked(TableFacts table, List<EntityModel> entities, Map<String, List<String>> collections) {
        List<JavaCondition> javaConditions = new ArrayList<>();
        for (EntityModel entity : entities) {
            for (EntityModel.IndexModel index : entity.indexes()) {
                if (index.condition() != null && !present.containsKey(PresentConditions.key(entity, index))) {
                    javaConditions.add(new JavaCondition(entity.element().getSimpleName().toString(), index.name(), index.condition()));
                }
            }
        }
        render(table, entities, collections);
        return new Rendered(Optional.of(out.toString()), Optional.empty(), List.copyOf(javaConditions));
    }

    /**
     * The rendered file, or what kept it from being rendered; and the index conditions it holds only as the name of a Java
     * method (which the file's tools cannot evaluate).
     */
    record Rendered(Optional<String> json, Optional<String> notExpressible, List<JavaCondition> javaConditions) {
    }

    /** An entity's index whose {@code when} is a Java method of the entity. */
    record JavaCondition(String entity, String index, String method) {
    }

    private void render(TableFacts table, List<EntityModel> entities, Map<String, List<String>> collections) {
        out.append("{\n");
        field(1, "format", "singletable/1").append(",\n");
        table(table);
        List<EntityModel> records = recordTypes(entities);
        if (!records.isEmpty()) {
            types(records);
        }
        indent(1).append("\"entities\": {\n");
        DesignEntityWriter entityWriter = new DesignEntityWriter(this, out, examples, sources, present);
        for (int e = 0; e < entities.size(); e++) {
            entityWriter.entity(entities.get(e));
            out.append(e + 1 < entities.size() ? ",\n" : "\n");
        }
        indent(1).append("}");
        if (!collections.isEmpty()) {
            out.append(",\n");
            indent(1).append("\"collections\": {\n");
            List<String> rendered = new ArrayList<>();
            collections.forEach((name, members) -> rendered.add("    " + quote(name) + ": {\"members\": ["
                    + String.join(", ", members.stream().map(DesignFileWriter::quote).toList()) + "]}"));
            out.append(String.join(",\n", rendered)).append("\n");
            indent(1).append("}");
        }
        new DesignRelationWriter(this, out, relationExamples).relations(relations);
        out.append("\n}\n");
    }

    /** The file's {@code table}: keys, attributes the table names, billing and indexes. */
    private void table(TableFacts table) {
        indent(1).append("\"table\": {\n");
        field(2, "name", table.name()).append(",\n");
        indent(2).append("\"partitionKey\": ").append(key(table.partitionKey())).append(",\n");
        if (table.hasSortKey()) {
            indent(2).append("\"sortKey\": ").append(key(table.sortKey())).append(",\n");
        }
        field(2, "entityTypeAttribute", table.entityTypeAttribute()).append(",\n");
        if (!table.timeToLiveAttribute().isEmpty()) {
            field(2, "timeToLiveAttribute", table.timeToLiveAttribute()).append(",\n");
        }
        if (!table.stream().isEmpty()) {
            field(2, "stream", table.stream()).append(",\n");
        }
        indent(2).append("\"billing\": {\"mode\": \"PAY_PER_REQUEST\"}");
        if (!table.indexes().isEmpty()) {
            out.append(",\n");
            indent(2).append("\"indexes\": [\n");
            for (int i = 0; i < table.indexes().size(); i++) {
                TableFacts.IndexFacts index = table.indexes().get(i);
                indent(3).append("{\"name\": ").append(quote(index.name())).append(", \"kind\": ")
                        .append(quote(index.local() ? "local" : "global"));
                if (!index.partitionKey().isEmpty()) {
                    out.append(", \"partitionKey\": ").append(keys(index.partitionKey()));
                }
                if (!index.sortKey().isEmpty()) {
                    out.append(", \"sortKey\": ").append(keys(index.sortKey()));
                }
                out.append(", \"projection\": {\"type\": ").append(quote(index.projection()));
                if (index.projection().equals("INCLUDE")) {
                    out.append(", \"attributes\": ").append(strings(index.include()));
                }
                out.append("}}").append(i + 1 < table.indexes().size() ? ",\n" : "\n");
            }
            indent(2).append("]");
        }
        out.append("\n");
        indent(1).append("},\n");
    }

    private static String key(TableFacts.KeyFacts key) {
        return "{\"name\": " + quote(key.name()) + ", \"type\": " + quote(key.type()) + "}";
    }

    /** One key attribute as an object, several as a list of them. */
    private static String keys(List<TableFacts.KeyFacts> keys) {
        return keys.size() == 1 ? key(keys.get(0)) : "[" + String.join(", ", keys.stream().map(DesignFileWriter::key).toList()) + "]";
    }

    static String strings(List<String> texts) {
        return "[" + String.join(", ", texts.stream().map(DesignFileWriter::quote).toList()) + "]";
    }

    static String entityType(EntityModel entity) {
        return entity.typeName();
    }

    static Optional<String> attributeType(EntityModel.TypeCode code) {
        if (code instanceof EntityModel.TypeCode.OmitEmpty omit) {
            return attributeType(omit.type());
        }
        if (code instanceof EntityModel.TypeCode.Constant constant) {
            return Kind.named(constant.name()).flatMap(Kind::fileName); // the file name of the core's registry
        }
        if (code instanceof EntityModel.TypeCode.EnumOf) {
            return Optional.of("enum");
        }
        if (code instanceof EntityModel.TypeCode.Of of) {
            Optional<String> element = attributeType(of.element());
            if (of.method().equals("optional")) {
                return element;
            }
            if (element.isPresent() && element.get().equals("string")) {
                return switch (of.method()) {
                    case "setOf" -> Optional.of("stringSet");
                    case "listOf" -> Optional.of("stringList");
                    case "mapOf" -> Optional.of("stringMap");
                    default -> Optional.empty();
                };
            }
            if (element.isPresent() && of.method().equals("setOf")
                    && Kind.ofFileName(element.get()).filter(kind -> kind.storedAs().equals("N")).isPresent()) {
                return Optional.of("numberSet");
            }
            if (element.isPresent() && Kind.ofFileName(element.get()).filter(DesignFileWriter::listable).isPresent()
                    && (of.method().equals("listOf") || of.method().equals("mapOf"))) {
                return Optional.of(of.method().equals("listOf") ? "list" : "map");
            }
        }
        return Optional.empty();
    }

    /** The kinds a list or map of the file can hold besides records ({@code {"type": "list", "of": "integer"}}): scalars, binaries, documents. */
    private static boolean listable(Kind kind) {
        return kind.keyable() && kind != Kind.ENUM || kind == Kind.BYTES || kind == Kind.DOCUMENT;
    }

    /** The element kind of a list or map of scalars, for its {@code "of"}. */
    private static Optional<String> scalarElement(EntityModel.TypeCode code) {
        if (code instanceof EntityModel.TypeCode.OmitEmpty omit) {
            return scalarElement(omit.type());
        }
        if (code instanceof EntityModel.TypeCode.Of of && of.method().equals("optional")) {
            return scalarElement(of.element());
        }
        if (code instanceof EntityModel.TypeCode.Of of && (of.method().equals("listOf") || of.method().equals("mapOf"))) {
            return attributeType(of.element()).filter(name -> Kind.ofFileName(name).filter(DesignFileWriter::listable).isPresent());
        }
        return Optional.empty();
    }

    /** The nullable flag, default and rules of an attribute as the file writes them. */
    static String optionFields(EntityModel.ValueOptions options) {
        StringBuilder fields = new StringBuilder();
        if (options.nullable()) {
            fields.append(", \"nullable\": true");
        }
        if (options.defaultText() != null) {
            fields.append(", \"default\": ").append(quote(options.defaultText()));
        }
        if (options.pattern() != null) {
            fields.append(", \"pattern\": ").append(quote(options.pattern()));
        }
        if (options.min() != null) {
            fields.append(", \"minimum\": ").append(options.min());
        }
        if (options.max() != null) {
            fields.append(", \"maximum\": ").append(options.max());
        }
        if (options.minLength() != null) {
            fields.append(", \"minLength\": ").append(options.minLength()).append(", \"maxLength\": ").append(options.maxLength());
        }
        if (!options.allowed().isEmpty()) {
            fields.append(", \"allowedValues\": ").append(strings(options.allowed()));
        }
        return fields.toString();
    }

    static Optional<List<String>> enumValues(EntityModel.TypeCode code) {
        if (code instanceof EntityModel.TypeCode.OmitEmpty omit) {
            return enumValues(omit.type());
        }
        if (code instanceof EntityModel.TypeCode.Of of && of.method().equals("optional")) {
            return enumValues(of.element());
        }
        if (code instanceof EntityModel.TypeCode.EnumOf enumOf) {
            TypeElement type = enumOf.type();
            return Optional.of(type.getEnclosedElements().stream().filter(e -> e.getKind() == ElementKind.ENUM_CONSTANT)
                    .map(e -> e.getSimpleName().toString()).toList());
        }
        return Optional.empty();
    }

    StringBuilder field(int depth, String name, String value) {
        return indent(depth).append(quote(name)).append(": ").append(quote(value));
    }

    StringBuilder indent(int depth) {
        return out.append("  ".repeat(depth));
    }

    /** Text as a JSON string (escaped as a Java string literal is: the two share their escapes). */
    static String quote(String text) {
        return JavaSource.literal(text);
    }
}
