package dev.singletable.cli.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.cli.data.TransactCommand;
import io.modelcontextprotocol.spec.McpSchema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code transact}: up to 100 actions of any entities in one TransactWriteItems, all written or none, by the CLI's
 * {@code transact --format json} run in this JVM on the served table, the actions as its file holds them
 * ({@code {"action": "update", "entity": "Product", "key": {"sku": "s1"}, "add": {"stock": -2}, "expect": ["stock>=2"]}}):
 * the same reading, validation and messages. It answers the command's JSON, each action with its index in
 * {@code actions} (from 0): written or not; on a cancellation each action's reason and the stored item a guard failed on;
 * on bad input the index, action and entity at fault and the command's message (an error result). With {@code explain}
 * it sends nothing and answers the request, and so runs on a server without {@code --allow-writes}, where it otherwise
 * refuses.
 */
record TransactTool(ServedDesign served, boolean allowWrites) implements McpTool {
    private static final String NAME = "transact";
    private static final String ACTIONS = "actions";
    private static final String EXPLAIN = "explain";

    @Override
    public McpSchema.Tool tool() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put(ACTIONS, ToolArguments.ordered("type", "array", "minItems", 1, "maxItems", 100, "description",
                "The actions, each of one item of an entity, as the transact command's file holds them.", "items",
                ToolArguments.ordered("anyOf", alternatives())));
        properties.put(EXPLAIN, ToolArguments.ordered("type", "boolean", "description", "Send nothing: answer the TransactWriteItems "
                + "request the actions make (runs on a server without --allow-writes)."));
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", List.of(ACTIONS));
        schema.put("additionalProperties", false);
        String title = "Write items in one transaction";
        return McpSchema.Tool.builder(NAME, schema)
                .title(title)
                .description("Write up to 100 items of any entities in one TransactWriteItems, all or none: put, create (only where "
                        + "no item has the key), replace (only where one has), update (set, remove, add at paths), delete, or check "
                        + "(a condition on an item, writing nothing), each only when its expect guards hold. Returns JSON: written or "
                        + "not, each action with its index, entity, key and result; when canceled, each action's reason and the stored "
                        + "item a guard failed on. With explain, the request only; nothing sent. Table "
                        + served.design().schema().name() + "." + (allowWrites ? "" : " Refused but with explain: this server was "
                        + "started without --allow-writes."))
                .annotations(McpTool.writes(title, true, false))
                .build();
    }

    /**
     * One alternative per entity type, discriminated by {@code entity} ({@code const}) as the item tools' are: its
     * attributes typed in {@code item}, its key attributes in {@code key}; the fields of every action, which the command
     * matches to the action given.
     */
    private List<Object> alternatives() {
        List<Object> alternatives = new ArrayList<>();
        served.design().file().document().entityTypes().forEach((type, definition) -> {
            List<String> keys = served.design().keyAttributes(type);
            Map<String, Object> properties = new LinkedHashMap<>();
            properties.put("action", ToolArguments.ordered("type", "string", "enum", TransactCommand.actionWords()));
            properties.put("entity", ToolArguments.ordered("const", type));
            properties.put("item", ToolArguments.ordered("type", "object", "description", "put, create, replace: the item.",
                    "properties", ToolArguments.attributes(definition, name -> true), "additionalProperties", definition.attributeBag()));
            properties.put("key", ToolArguments.ordered("type", "object", "description", "update, delete, check: its key attributes.",
                    "properties", ToolArguments.attributes(definition, keys::contains), "required", keys, "additionalProperties", false));
            properties.put("set", ToolArguments.ordered("type", "object", "description", "update: values to set, by attribute or path "
                    + "(address.city, tags[2])."));
            properties.put("remove", ToolArguments.ordered("type", "array", "items", ToolArguments.ordered("type", "string"),
                    "description", "update: paths to remove."));
            properties.put("add", ToolArguments.ordered("type", "object", "description", "update: numbers to add, by attribute or path."));
            properties.put("expect", ToolArguments.ordered("type", "array", "items", ToolArguments.ordered("type", "string"),
                    "description", "What the stored item must hold for the action to run (check: needed): \"stock>=2\", "
                            + "\"status!=SHIPPED\" (=, !=, <, <=, >, >=)."));
            Map<String, Object> alternative = ToolArguments.ordered("type", "object", "title", type);
            definition.description().ifPresent(text -> alternative.put("description", text));
            alternative.put("properties", properties);
            alternative.put("required", List.of("action", "entity"));
            alternative.put("additionalProperties", false);
            alternatives.add(alternative);
        });
        return alternatives;
    }

    @Override
    public McpSchema.CallToolResult call(Map<String, Object> arguments) {
        List<String> unknown = arguments.keySet().stream().filter(name -> !name.equals(ACTIONS) && !name.equals(EXPLAIN)).toList();
        if (!unknown.isEmpty()) {
            throw new ToolInputException(NAME + ": no argument " + String.join(", ", unknown) + "; its arguments are " + ACTIONS + ", "
                    + EXPLAIN);
        }
        boolean explain = ToolArguments.flag(NAME, arguments, EXPLAIN);
        if (!explain && !allowWrites) {
            throw new WritesRefusedException(NAME);
        }
        if (!(arguments.get(ACTIONS) instanceof List<?> actions) || actions.isEmpty()) {
            throw new ToolInputException(NAME + ": give " + ACTIONS + ", a JSON array of 1 to 100 actions such as {\"action\": \"put\", "
                    + "\"entity\": \"...\", \"item\": {...}}, not " + ToolArguments.shown(arguments.get(ACTIONS)));
        }
        List<String> options = new ArrayList<>(List.of("--format", "json"));
        if (explain) {
            options.add("--explain");
        }
        Path file = file(actions);
        ServedDesign.CommandRun run;
        try {
            run = served.dataCommand(NAME, options, List.of(file.toString()));
        } finally {
            delete(file);
        }
        if (run.out().isBlank()) {
            return McpTool.error(run.message().replace(file.toString(), ACTIONS));
        }
        ObjectNode answer = answer(run, file);
        return answer.has("error") || (!explain && !answer.path("written").booleanValue())
                ? McpTool.error(answer) : McpTool.result(answer);
    }

    /** The actions in a file of JSON Lines, one a line, so that the action of index i is on line i + 1. */
    private static Path file(List<?> actions) {
        try {
            Path file = Files.createTempFile("singletable-transact-", ".jsonl");
            StringBuilder lines = new StringBuilder();
            for (Object action : actions) {
                lines.append(JSON.writeValueAsString(action)).append('\n');
            }
            return Files.writeString(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("transact: could not write the actions for the transact command", e);
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("transact: could not delete " + file, e);
        }
    }

    /**
     * The command's JSON without the lines of its file, which the caller never saw; an error's message begins with the
     * action at fault ({@code actions[1]: put Product: no attribute 'stok'...}); the capacity consumed added.
     */
    private ObjectNode answer(ServedDesign.CommandRun run, Path file) {
        ObjectNode answer;
        try {
            answer = (ObjectNode) JSON.readTree(run.out());
        } catch (JsonProcessingException | ClassCastException e) {
            throw new IllegalStateException("transact printed no JSON object: " + run.out(), e);
        }
        answer.path(ACTIONS).forEach(action -> ((ObjectNode) action).remove("line"));
        JsonNode error = answer.path("error");
        if (error.isObject()) {
            ObjectNode fault = (ObjectNode) error;
            fault.remove("line");
            String message = fault.path("message").asText();
            fault.put("message", fault.has("index") ? ACTIONS + "[" + fault.get("index").asInt() + "]: " + message
                    : message.replace(file.toString(), ACTIONS));
        }
        run.consumed().ifPresent(consumed -> answer.put("consumed", consumed));
        return answer;
    }
}
