package dev.singletable.cli.mcp;

import dev.singletable.design.internal.tables.SampleItems;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code get}, {@code put}, {@code update} and {@code delete} of one item of an entity ({@code {"key": {"entity": "User",
 * "username": "alice"}}}, {@code {"item": {"entity": "User", ...}}} for a put), by the CLI's commands of the same
 * names run in this JVM on the served table with {@code --format json}: the same validation by the core, the same
 * messages, and each answers one JSON object of the item, the requests sent and the capacity. The writes run only on a
 * server started with {@code --allow-writes}, and say so in their annotations.
 */
record ItemTool(ServedDesign served, Operation operation, boolean allowWrites) implements McpTool {
    private static final String KEY = "key";
    private static final String ITEM = "item";
    private static final String IF_NOT_EXISTS = "ifNotExists";
    private static final String SET = "set";
    private static final String REMOVE = "remove";
    private static final String ADD = "add";
    private static final String EXPECT = "expect";
    private static final String WITH_PAIRS = "withPairs";
    /** The line of {@code delete --with-pairs} that counts the pairs deleted, with the item or without it. */
    private static final java.util.regex.Pattern PAIRS = java.util.regex.Pattern.compile(
            "(?:deleted, with |no .*; )(\\d+) pairs? .*");
    /** The comparisons a name of {@code expect} may end in ({@code "stock>="}), the two-character ones first; none is =. */
    private static final List<String> COMPARISONS = List.of("!=", "<=", ">=", "=", "<", ">");

    /** The item commands, named as the CLI's (in lower case), and what they take. */
    enum Operation {
        GET("Read one item of an entity by its key attributes; returns JSON: the item (with its entity), the request sent "
                + "and the capacity it consumed."),
        PUT("Write one item of an entity through its schema: keys composed, required attributes checked, timestamps set, "
                + "generated ids filled when left out. Replaces an item with the same key unless ifNotExists; returns JSON: the item "
                + "as written (its generated ids, timestamps and version included), the requests sent and the capacity they "
                + "consumed."),
        UPDATE("Change one item in place with one UpdateItem: set values at paths (address.city, tags[2]), remove "
                + "paths, add numbers, each only when the expected values hold; returns JSON: the item after the update, the "
                + "request sent and the capacity it consumed."),
        DELETE("Delete one item of an entity by its key attributes, only when the stored item has the expected values, or with "
                + "withPairs together with both adjacency items of each of its pairs in every relation, in one transaction; returns "
                + "JSON: the deleted item (null when there was none), the requests sent, the pairs deleted (withPairs) and the "
                + "capacity consumed.");

        private final String description;

        Operation(String description) {
            this.description = description;
        }

        /** The tool's name: the CLI command it runs. */
        String command() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** Whether it writes, and so runs only with {@code --allow-writes}: all but {@link #GET}. */
        boolean writes() {
            return this != GET;
        }
    }

    @Override
    public McpSchema.Tool tool() {
        Map<String, Object> properties = new LinkedHashMap<>();
        if (operation == Operation.PUT) {
            properties.put(ITEM, entities("The item: its entity and attributes, as the pattern tools return items (sets, lists, maps "
                    + "and records as JSON values).", true));
            properties.put(IF_NOT_EXISTS, ToolArguments.ordered("type", "boolean", "description", "Write only when no item has the same key."));
        } else {
            properties.put(KEY, entities("The item's entity and its key attributes.", false));
        }
        if (operation == Operation.UPDATE) {
            properties.put(SET, object("Values to set, by attribute or path (address.city, tags[2])."));
            properties.put(REMOVE, ToolArguments.ordered("type", "array", "items", ToolArguments.ordered("type", "string"), "description", "Paths to remove."));
            properties.put(ADD, object("Numbers to add, by attribute or path."));
        }
        if (operation == Operation.UPDATE || operation == Operation.DELETE) {
            properties.put(EXPECT, object("Values the stored item must have, by attribute or path; nothing changes otherwise. "
                    + "A name may end in a comparison: {\"stock>=\": 2}, {\"status!=\": \"SHIPPED\"} (=, !=, <, <=, >, >=; the "
                    + "ordered ones on strings, numbers and binary values)."));
        }
        if (operation == Operation.DELETE) {
            properties.put(WITH_PAIRS, ToolArguments.ordered("type", "boolean", "description", "Also delete both adjacency items of "
                    + "each pair the item is in, in every relation, in one transaction (the pairs are deleted even when the item is "
                    + "not stored); not with expect."));
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", List.of(operation == Operation.PUT ? ITEM : KEY));
        schema.put("additionalProperties", false);
        String title = operation.command().substring(0, 1).toUpperCase(java.util.Locale.ROOT) + operation.command().substring(1) + " an item";
        return McpSchema.Tool.builder(operation.command(), schema)
                .title(title)
                .description(operation.description + " Table " + served.design().schema().name() + "."
                        + (operation.writes() && !allowWrites ? " Refused: this server was started without --allow-writes." : ""))
                .annotations(switch (operation) {
                    case GET -> McpTool.readOnly(title);
                    case PUT -> McpTool.writes(title, true, true);
                    case UPDATE -> McpTool.writes(title, true, false);
                    case DELETE -> McpTool.writes(title, true, true);
                })
                .build();
    }

    /**
     * One object of any entity type of the design, discriminated by its {@code entity} ({@code const}): each alternative
     * types its attributes as the pattern tools type their parameters and requires what the command requires (the key
     * attributes; for a put, the attributes it must be given). A union in one argument rather than a tool per entity and
     * operation, which would make forty tools of a design of ten entities, more than agent hosts show well; and not at
     * the top of the input schema, where some hosts refuse {@code oneOf}/{@code anyOf}. {@code anyOf}, which more hosts
     * read than {@code oneOf}, means the same here: no object matches two alternatives of different {@code entity}.
     */
    private Map<String, Object> entities(String description, boolean wholeItem) {
        List<Object> alternatives = new ArrayList<>();
        served.design().file().document().entityTypes().forEach((type, definition) -> {
            List<String> keys = served.design().keyAttributes(type);
            Map<String, Object> properties = new LinkedHashMap<>();
            // "@entity" for an entity with an attribute named entity, as the pattern tools' items name it
            String marker = SampleItems.entityField(definition.attributes().keySet());
            properties.put(marker, ToolArguments.ordered("const", type));
            List<String> required = new ArrayList<>(List.of(marker));
            properties.putAll(ToolArguments.attributes(definition, name -> wholeItem || keys.contains(name)));
            required.addAll(wholeItem ? served.design().requiredForPut(type) : keys);
            Map<String, Object> alternative = ToolArguments.ordered("type", "object", "title", type);
            definition.description().ifPresent(text -> alternative.put("description", text));
            alternative.put("properties", properties);
            alternative.put("required", required);
            // a whole item of an entity with an attribute bag may hold attributes the design does not declare; a key never
            alternative.put("additionalProperties", wholeItem && definition.attributeBag());
            alternatives.add(alternative);
        });
        return ToolArguments.ordered("type", "object", "description", description, "anyOf", alternatives);
    }

    private static Map<String, Object> object(String description) {
        return ToolArguments.ordered("type", "object", "description", description);
    }

    @Override
    public McpSchema.CallToolResult call(Map<String, Object> arguments) {
        if (operation.writes() && !allowWrites) {
            throw new WritesRefusedException(operation.command());
        }
        List<String> known = switch (operation) {
            case GET -> List.of(KEY);
            case PUT -> List.of(ITEM, IF_NOT_EXISTS);
            case UPDATE -> List.of(KEY, SET, REMOVE, ADD, EXPECT);
            case DELETE -> List.of(KEY, EXPECT, WITH_PAIRS);
        };
        List<String> unknown = arguments.keySet().stream().filter(name -> !known.contains(name)).toList();
        if (!unknown.isEmpty()) {
            throw new ToolInputException(operation.command() + ": no argument " + String.join(", ", unknown) + "; its arguments are "
                    + String.join(", ", known));
        }
        String object = operation == Operation.PUT ? ITEM : KEY;
        Map<String, Object> attributes = new LinkedHashMap<>(ToolArguments.object(operation.command(), arguments, object));
        Object named = SampleItems.entityFieldOf(attributes.keySet()).map(attributes::remove).orElse(null);
        if (named == null) {
            throw new ToolInputException(operation.command() + ": give " + object + " with its entity, one of "
                    + String.join(", ", served.design().file().document().entityTypes().keySet()));
        }
        if (!(named instanceof String entity)) {
            throw new ToolInputException(operation.command() + ": entity " + ToolArguments.shown(named) + " is not the name of an entity, one of "
                    + String.join(", ", served.design().file().document().entityTypes().keySet()));
        }
        String where = operation.command() + " " + entity;
        // the attribute a name or path is checked as: the attribute itself only (a path into one is the core's to check)
        java.util.function.Function<String, dev.singletable.schema.AttributeDefinition> attribute =
                name -> served.design().attribute(entity, name).orElse(null);
        // an attribute of the entity's attribute bag keeps its JSON type (the CLI's name:=json), as the design types it not
        java.util.function.Predicate<String> inBag = name -> !name.contains(".") && !name.contains("[")
                && Optional.ofNullable(served.design().file().document().entityTypes().get(entity))
                        .filter(definition -> definition.attributeBag() && !definition.attributes().containsKey(name)).isPresent();
        List<String> positional = new ArrayList<>(List.of(entity));
        positional.addAll(ToolArguments.assignments(where, attributes, attribute, operation == Operation.PUT,
                operation == Operation.PUT ? inBag : name -> false));
        List<String> options = options(arguments, where, attribute, inBag);
        ServedDesign.CommandRun run = served.dataCommand(operation.command(), options, positional);
        if (run.exitCode() != 0) {
            return McpTool.error(inToolWords(run.message()));
        }
        return McpTool.result(answer(run));
    }

    /** The command's options for the tool's arguments: {@code --format json}, then what the operation takes. */
    private List<String> options(Map<String, Object> arguments, String where,
                                 java.util.function.Function<String, dev.singletable.schema.AttributeDefinition> attribute,
                                 java.util.function.Predicate<String> inBag) {
        List<String> options = new ArrayList<>(List.of("--format", "json"));
        switch (operation) {
            case GET -> {
                // the key is all it takes
            }
            case PUT -> {
                if (ToolArguments.flag(operation.command(), arguments, IF_NOT_EXISTS)) {
                    options.add("--if-not-exists");
                }
            }
            case UPDATE -> {
                changes(where + " " + SET, arguments, SET, attribute, inBag).forEach(set -> options.add("--set=" + set));
                changes(where + " " + ADD, arguments, ADD, attribute, inBag).forEach(add -> options.add("--add=" + add));
                removals(arguments.get(REMOVE)).forEach(path -> options.add("--remove=" + path));
                guards(where + " " + EXPECT, arguments, attribute, inBag).forEach(e -> options.add("--expect=" + e));
            }
            case DELETE -> {
                guards(where + " " + EXPECT, arguments, attribute, inBag).forEach(e -> options.add("--expect=" + e));
                if (ToolArguments.flag(operation.command(), arguments, WITH_PAIRS)) {
                    options.add("--with-pairs");
                }
            }
        }
        return options;
    }

    /**
     * What the command did, as one JSON object: the item it printed on standard output with {@code --format json}, as
     * {@code item} (get; put: as written; update: after it) or {@code deleted} (null when there was none), and, from the
     * lines it printed on standard error, {@code request} (the requests sent, one a line, each on one line) and
     * {@code consumed}; its other lines there (the engine, the table, "deleted") are left out.
     */
    private com.fasterxml.jackson.databind.node.ObjectNode answer(ServedDesign.CommandRun run) {
        com.fasterxml.jackson.databind.node.ObjectNode result = JSON.createObjectNode();
        String field = operation == Operation.DELETE ? "deleted" : ITEM;
        try {
            result.set(field, run.out().isBlank() ? JSON.nullNode() : JSON.readTree(run.out()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(operation.command() + " printed no JSON item: " + run.out(), e);
        }
        List<String> requests = new ArrayList<>();
        String pairs = null;
        for (String line : run.err().lines().toList()) {
            if (line.startsWith("Request ")) {
                requests.add(line.replaceFirst("^Request +", ""));
            } else if (line.startsWith(" ") && !requests.isEmpty()) {
                String detail = line.strip().replaceFirst("^(\\S+) {2,}", "$1 "); // the padding that aligns a terminal's columns
                requests.set(requests.size() - 1, requests.get(requests.size() - 1) + " " + detail);
            } else if (PAIRS.matcher(line).matches()) {
                pairs = line;
            }
        }
        if (!requests.isEmpty()) {
            result.put("request", String.join("\n", requests));
        }
        if (pairs != null) {
            java.util.regex.Matcher counted = PAIRS.matcher(pairs);
            counted.matches();
            result.put("pairs", Integer.parseInt(counted.group(1)));
        }
        run.consumed().ifPresent(consumed -> result.put("consumed", consumed));
        return result;
    }

    /** A message of the command with its options ({@code --if-not-exists}, {@code --set PATH=VALUE}) named as this tool's arguments. */
    private static String inToolWords(String message) {
        return message.replace("--set PATH=VALUE", SET).replace("--remove PATH", REMOVE).replace("--add PATH=NUMBER", ADD)
                .replace("--if-not-exists", IF_NOT_EXISTS).replace("--with-pairs", WITH_PAIRS).replaceAll("--(set|remove|add|expect)\\b", "$1");
    }

    /** The {@code path=text} of the object argument {@code name} (set, add, expect), where null is refused. */
    private List<String> changes(String where, Map<String, Object> arguments, String name,
                                 java.util.function.Function<String, dev.singletable.schema.AttributeDefinition> attribute,
                                 java.util.function.Predicate<String> inBag) {
        return ToolArguments.assignments(where, ToolArguments.object(operation.command(), arguments, name), attribute, false, inBag);
    }

    /**
     * The {@code expect} object as the command's guards: {@code "stock>=": 2} is {@code stock>=2}, a name without a
     * comparison an equality ({@code "published": false} is {@code published=false}); each value checked as {@code set}'s.
     * An attribute of the entity's bag keeps its JSON type ({@code "views>=": 2} is {@code views:>=2}).
     */
    private List<String> guards(String where, Map<String, Object> arguments,
                                java.util.function.Function<String, dev.singletable.schema.AttributeDefinition> attribute,
                                java.util.function.Predicate<String> inBag) {
        List<String> guards = new ArrayList<>();
        ToolArguments.object(operation.command(), arguments, EXPECT).forEach((name, value) -> {
            String comparison = COMPARISONS.stream().filter(name::endsWith).findFirst().orElse("");
            String path = name.substring(0, name.length() - comparison.length());
            String operator = comparison.isEmpty() ? "=" : comparison;
            if (value != null && !(value instanceof String) && inBag.test(path)) {
                guards.add(path + ":" + operator + ToolArguments.shown(value));
                return;
            }
            guards.add(path + operator + ToolArguments.text(where, path, value, attribute.apply(path)));
        });
        return guards;
    }

    private List<String> removals(Object value) {
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> list)) {
            throw new ToolInputException(operation.command() + ": remove must be a JSON array of paths, not " + ToolArguments.shown(value));
        }
        return list.stream().map(path -> {
            if (!(path instanceof String text)) {
                throw new ToolInputException(operation.command() + ": remove " + ToolArguments.shown(path) + " is not a path");
            }
            return text;
        }).toList();
    }
}
