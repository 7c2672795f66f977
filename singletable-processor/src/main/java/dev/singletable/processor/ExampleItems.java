package dev.singletable.processor;

import dev.singletable.internal.kinds.Kind;
import software.amazon.awssdk.protocols.jsoncore.JsonNode;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The example items of {@code @TableDesign(examples = ...)}: a JSON Lines resource read at compile time, each line checked
 * against the entity its entity-type attribute names, and rendered as the schema file's {@code examples} of that entity.
 * Lines are parsed with the AWS SDK's JSON parser (the core's dependency, so on the processor's path already); each line is
 * one JSON document, which is why a line number is all a message needs.
 */
final class ExampleItems {
    /** The processor option naming directories to look for the resource in, before the class output and the source path. */
    static final String RESOURCES_OPTION = "singletable.resources";

    private final ProcessingEnvironment env;
    private final Diagnostics diagnostics;
    private final TypeElement holder;
    private final AnnotationMirror mirror;
    private final String table;
    private final String resource;
    private final Function<EntityModel.TypeCode, Optional<EntityModel>> embedded;
    private int errors;

    private ExampleItems(ProcessingEnvironment env, Diagnostics diagnostics, TypeElement holder, AnnotationMirror mirror, String table,
                         String resource, Function<EntityModel.TypeCode, Optional<EntityModel>> embedded) {
        this.env = env;
        this.diagnostics = diagnostics;
        this.holder = holder;
        this.mirror = mirror;
        this.table = table;
        this.resource = resource;
        this.embedded = embedded;
    }

    /**
     * The checked items of a resource, each the JSON of one example: the entities' by the name the schema file gives their
     * entity, and the example pairs of the relations (adjacency items, by the relation's name) without their entity type.
     */
    record Examples(Map<String, List<String>> entities, Map<String, List<String>> relations) {
        static final Examples NONE = new Examples(Map.of(), Map.of());
    }

    /** The checked items of the resource; empty when a line was reported (the compilation fails then). */
    static Optional<Examples> read(ProcessingEnvironment env, Diagnostics diagnostics, TypeElement holder, AnnotationMirror mirror,
                                   TableFacts table, String resource, List<EntityModel> entities, List<RelationFacts> relations,
                                   Function<EntityModel.TypeCode, Optional<EntityModel>> embedded) {
        ExampleItems items = new ExampleItems(env, diagnostics, holder, mirror, table.name(), resource, embedded);
        Optional<String> text = items.text();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        AdjacencyExamples pairs = new AdjacencyExamples(relations, items);
        Map<String, List<String>> examples = items.check(text.get(), table.entityTypeAttribute(), entities, pairs);
        Map<String, List<String>> relationExamples = pairs.checked();
        return items.errors == 0 ? Optional.of(new Examples(examples, relationExamples)) : Optional.empty();
    }

    /** The resource's text from the first place holding it; reported when none does. */
    private Optional<String> text() {
        List<String> looked = new ArrayList<>();
        String option = env.getOptions().get(RESOURCES_OPTION);
        if (option != null && !option.isBlank()) {
            for (String directory : option.split(java.util.regex.Pattern.quote(File.pathSeparator))) {
                Path file = Path.of(directory.strip()).resolve(resource);
                looked.add(file.toString());
                if (Files.isRegularFile(file)) {
                    try {
                        return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
                    } catch (IOException e) {
                        report("could not read " + file + " (" + e.getMessage() + "); check that the file is readable UTF-8");
                        return Optional.empty();
                    }
                }
            }
        }
        for (StandardLocation location : List.of(StandardLocation.CLASS_OUTPUT, StandardLocation.SOURCE_PATH)) {
            looked.add(location.getName());
            try {
                FileObject file = env.getFiler().getResource(location, "", resource);
                return Optional.of(file.getCharContent(true).toString());
            } catch (IOException | IllegalArgumentException | IllegalStateException e) {
                // not there (or no such location in this compiler): the next place
            }
        }
        report("the examples resource '" + resource + "' is in none of " + looked + "; put it under src/main/resources (Maven copies "
                + "resources to the class output before it compiles), or pass the directory holding it with -A" + RESOURCES_OPTION
                + "=DIR (Gradle: the project's src/main/resources)");
        return Optional.empty();
    }

    private Map<String, List<String>> check(String text, String typeAttribute, List<EntityModel> entities, AdjacencyExamples pairs) {
        Map<String, EntityModel> byType = new LinkedHashMap<>();
        for (EntityModel entity : entities) {
            byType.put(entity.typeName(), entity);
            entity.states().ifPresent(states -> states.states().forEach(state -> byType.put(state.type(), entity)));
        }
        Map<String, List<String>> examples = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            String at = resource + ":" + (i + 1);
            JsonNode node;
            try {
                node = JsonNode.parser().parse(line);
            } catch (RuntimeException e) {
                report(at + ": the line is no JSON (" + firstLine(e) + "); write one JSON object a line");
                continue;
            }
            if (!node.isObject()) {
                report(at + ": the line is no JSON object; write one item a line, such as {\"" + typeAttribute + "\": \""
                        + byType.keySet().iterator().next() + "\", ...}");
                continue;
            }
            Map<String, JsonNode> values = node.asObject();
            JsonNode type = values.get(typeAttribute);
            if (type == null || !type.isString()) {
                report(at + ": the item names no entity type in '" + typeAttribute + "'; add \"" + typeAttribute + "\": one of "
                        + byType.keySet());
                continue;
            }
            EntityModel entity = byType.get(type.asString());
            Map<String, JsonNode> item = new LinkedHashMap<>(values);
            item.remove(typeAttribute);
            if (entity == null && pairs.add(at, type.asString(), item)) {
                continue;
            }
            if (entity == null) {
                List<String> types = new ArrayList<>(byType.keySet());
                types.addAll(pairs.itemTypes());
                report(at + ": '" + typeAttribute + "' is '" + type.asString() + "', which is no entity type of table " + table
                        + "; give one of " + types);
                continue;
            }
            if (record(at, type.asString(), entity, item)) {
                examples.computeIfAbsent(entity.typeName(), name -> new ArrayList<>()).add(json(node, typeAttribute));
                pairs.endExample(entity, item);
            }
        }
        return examples;
    }

    /** Checks an item (or an embedded record) against its model's attributes; reports and returns false on the first mistake. */
    private boolean record(String at, String owner, EntityModel model, Map<String, JsonNode> values) {
        Map<String, EntityModel.Property> attributes = new LinkedHashMap<>();
        boolean bag = false;
        for (EntityModel.Property property : model.properties()) {
            if (property.bag()) {
                bag = true;
            } else if (property.mapped()) {
                attributes.put(property.attributeName(), property);
            }
        }
        for (Map.Entry<String, JsonNode> value : values.entrySet()) {
            EntityModel.Property property = attributes.get(value.getKey());
            if (property == null) {
                if (bag) {
                    continue;
                }
                report(at + ": " + owner + " has no attribute '" + value.getKey() + "' (attributes: " + attributes.keySet()
                        + "); remove it, or name one of these");
                return false;
            }
            String name = owner + "." + value.getKey();
            if (value.getValue().isNull()) {
                report(at + ": " + name + " is null; leave the attribute out of the line instead");
                return false;
            }
            if (!value(at, name, property.typeCode(), value.getValue())) {
                return false;
            }
        }
        for (EntityModel.Property property : attributes.values()) {
            if (property.required() && !values.containsKey(property.attributeName())) {
                report(at + ": " + owner + " lacks its required attribute '" + property.attributeName() + "'; give it a value");
                return false;
            }
        }
        return true;
    }

    /** An edge attribute's value: one of an enum's values, or a value of its kind; reported when it is not. */
    boolean edgeValue(String at, String name, RelationFacts.EdgeFacts edge, JsonNode value) {
        if (edge.kind() == Kind.ENUM) {
            return value.isString() && edge.values().contains(value.asString()) || wrong(at, name, value, "one of " + edge.values());
        }
        return fits(edge.kind(), value) || wrong(at, name, value, edge.kind().fileValue());
    }

    /** Whether the value fits the type, reported (at the line, naming the attribute) when it does not. */
    boolean value(String at, String name, EntityModel.TypeCode code, JsonNode value) {
        EntityModel.TypeCode shape = code;
        while (shape instanceof EntityModel.TypeCode.OmitEmpty || shape instanceof EntityModel.TypeCode.Of of && of.method().equals("optional")) {
            shape = shape instanceof EntityModel.TypeCode.OmitEmpty omit ? omit.type() : ((EntityModel.TypeCode.Of) shape).element();
        }
        Optional<EntityModel> record = embedded.apply(shape);
        if (record.isPresent()) {
            if (shape instanceof EntityModel.TypeCode.Of of && of.method().equals("listOf")) {
                if (!value.isArray()) {
                    return wrong(at, name, value, "a list of " + record.get().typeName() + " records");
                }
                for (int i = 0; i < value.asArray().size(); i++) {
                    if (!nested(at, name + "[" + i + "]", record.get(), value.asArray().get(i))) {
                        return false;
                    }
                }
                return true;
            }
            if (shape instanceof EntityModel.TypeCode.Of of && of.method().equals("mapOf")) {
                if (!value.isObject()) {
                    return wrong(at, name, value, "a map of " + record.get().typeName() + " records");
                }
                for (Map.Entry<String, JsonNode> entry : value.asObject().entrySet()) {
                    if (!nested(at, name + "." + entry.getKey(), record.get(), entry.getValue())) {
                        return false;
                    }
                }
                return true;
            }
            return nested(at, name, record.get(), value);
        }
        String fileName = DesignFileWriter.attributeType(shape).orElse("");
        if (fileName.equals("enum")) {
            List<String> allowed = DesignFileWriter.enumValues(shape).orElse(List.of());
            if (!value.isString() || !allowed.contains(value.asString())) {
                return wrong(at, name, value, "one of " + allowed);
            }
            return true;
        }
        // a type the file cannot hold keeps the whole file from being written
        return Kind.ofFileName(fileName).map(kind -> fits(kind, value) || wrong(at, name, value, kind.fileValue())).orElse(true);
    }

    /**
     * True when the JSON value is one of the kind, read as the schema file reads it: numbers as JSON numbers, booleans as
     * JSON booleans, other scalars as strings the registry's parser reads ({@code epochSeconds} either), lists and sets of
     * strings as arrays, maps of strings as objects; documents and sets of numbers or binaries as they come.
     */
    private static boolean fits(Kind kind, JsonNode value) {
        return switch (kind.storedAs()) {
            case "N" -> value.isNumber() ? parses(plain(value), kind)
                    : !Number.class.isAssignableFrom(kind.javaType()) && value.isString() && parses(value.asString(), kind);
            case "BOOL" -> value.isBoolean();
            case "S", "B" -> value.isString() && parses(value.asString(), kind);
            case "SS", "L" -> value.isArray() && value.asArray().stream().allMatch(JsonNode::isString);
            case "M" -> Kind.mapValueType(kind.type()).isEmpty()
                    || value.isObject() && value.asObject().values().stream().allMatch(JsonNode::isString);
            default -> true;
        };
    }

    private boolean nested(String at, String name, EntityModel record, JsonNode value) {
        if (!value.isObject()) {
            return wrong(at, name, value, "an embedded " + record.typeName() + " record (a JSON object)");
        }
        return record(at, name, record, value.asObject());
    }

    /** A JSON number as plain text ({@code 1e3} as {@code 1000}, {@code 42.0} as {@code 42}), or the number when it is none. */
    private static String plain(JsonNode value) {
        try {
            return new BigDecimal(value.asNumber()).stripTrailingZeros().toPlainString();
        } catch (NumberFormatException e) {
            return value.asNumber();
        }
    }

    private static boolean parses(String text, Kind kind) {
        try {
            kind.parse(text);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private boolean wrong(String at, String name, JsonNode value, String expected) {
        report(at + ": " + name + " is " + shown(value) + ", not " + expected + "; write it as " + expected);
        return false;
    }

    void report(String problem) {
        errors++;
        AnnotationValue value = mirror == null ? null : mirror.getElementValues().entrySet().stream()
                .filter(e -> e.getKey().getSimpleName().contentEquals("examples")).map(Map.Entry::getValue).findFirst().orElse(null);
        diagnostics.report(Message.DESIGN_EXAMPLES, holder, mirror, value, table, problem);
    }

    private static String firstLine(RuntimeException e) {
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        String message = String.valueOf(cause.getMessage());
        return message.lines().findFirst().orElse(message);
    }

    /** A value as the message shows it: its JSON, cut after 60 characters. */
    private static String shown(JsonNode value) {
        String json = json(value, null);
        return json.length() > 60 ? json.substring(0, 57) + "..." : json;
    }

    /** The node as JSON on one line, without the member named {@code leftOut} (the entity type, which the file's key gives). */
    static String json(JsonNode node, String leftOut) {
        if (node.isObject()) {
            return node.asObject().entrySet().stream().filter(e -> !e.getKey().equals(leftOut))
                    .map(e -> DesignFileWriter.quote(e.getKey()) + ": " + json(e.getValue(), null))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        if (node.isArray()) {
            return node.asArray().stream().map(n -> json(n, null)).collect(Collectors.joining(", ", "[", "]"));
        }
        if (node.isString()) {
            return DesignFileWriter.quote(node.asString());
        }
        if (node.isNumber()) {
            return node.asNumber();
        }
        if (node.isBoolean()) {
            return Boolean.toString(node.asBoolean());
        }
        return "null";
    }
}
