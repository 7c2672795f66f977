package dev.singletable.cli.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.ConditionFailedException;
import dev.singletable.DynamicItem;
import dev.singletable.RequestJson;
import dev.singletable.TableSchema;
import dev.singletable.TransactionCanceledException;
import dev.singletable.schema.SchemaFile;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What became of each action of {@code transact}'s file, in the command line's terms: why DynamoDB canceled it (the stored
 * values its guards compared, not the Java API's {@code currentItem()}), and, for {@code --format json}, every action as
 * one JSON object with its index (from 0), line, action, entity, key and result, the reason and the stored item where it was canceled:
 *
 * <pre>{@code
 * {"written": false, "actions": [{"index": 2, "line": "order.jsonl:3", "action": "check", "entity": "Product",
 *   "key": {"PK": "PRODUCT#s2", "SK": "METADATA"}, "result": "canceled", "reason": {"code": "ConditionalCheckFailed",
 *   "message": "the stored item has discontinued=true (expected discontinued!=true)", "expected": ["discontinued!=true"],
 *   "stored": {...}}}]}
 * }</pre>
 *
 * @param actions       the file's actions, in order
 * @param request       the request they made
 * @param schema        the table's schema, for its key attributes and the stored item as JSON
 * @param file          the schema file, for the paths the guards name
 */
record ActionOutcomes(List<FileAction> actions, TransactWriteItemsRequest request, TableSchema schema, SchemaFile file) {
    /** The result of every action: {@code written} ({@code held} for a check), or {@code not sent} (with {@code --explain}). */
    ObjectNode json(String result) {
        ObjectNode root = ItemJson.JSON.createObjectNode();
        root.put("written", result.equals("written"));
        ArrayNode list = root.putArray("actions");
        for (int i = 0; i < actions.size(); i++) {
            // a check writes nothing: where the others were written, its guards held
            boolean check = actions.get(i).what().startsWith("check ");
            list.add(action(i).put("result", check && result.equals("written") ? "held" : result));
        }
        return root;
    }

    /**
     * With {@code --explain}: every action {@code not sent}, then the request as DynamoDB's API has it
     * ({@code TransactItems}...), without its {@code ClientRequestToken}: a token of this transaction, never sent, which a
     * transaction made of the same file again would not carry.
     */
    ObjectNode explained() {
        ObjectNode root = json("not sent");
        try {
            ObjectNode rendered = (ObjectNode) ItemJson.JSON.readTree(RequestJson.render(request));
            rendered.remove("ClientRequestToken");
            root.set("request", rendered);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the request rendered as no JSON", e);
        }
        return root;
    }

    /**
     * A file refused as a whole before anything was sent, with {@code --format json}: {@code {"written": false, "error":
     * {"message": ...}}}.
     */
    static ObjectNode refused(String message) {
        return refusal(ItemJson.JSON.createObjectNode(), message);
    }

    /**
     * A file refused for one of its actions before anything was sent, with {@code --format json}: {@code {"written": false,
     * "error": {"index": 1, "action": "put", "entity": "Product", "line": "actions.jsonl:2", "message": ...}}}, the index
     * from 0 in the file's order, the action and entity as far as the file gives them.
     *
     * @param where   the file and line ({@code actions.jsonl:2})
     * @param value   the action as the file holds it
     * @param message what is wrong and the fix, without where
     */
    static ObjectNode refused(int index, String where, JsonNode value, String message) {
        ObjectNode error = ItemJson.JSON.createObjectNode().put("index", index);
        for (String field : List.of("action", "entity")) {
            if (value.path(field).isTextual()) {
                error.put(field, value.get(field).textValue());
            }
        }
        return refusal(error.put("line", where), message);
    }

    private static ObjectNode refusal(ObjectNode error, String message) {
        ObjectNode root = ItemJson.JSON.createObjectNode().put("written", false);
        root.set("error", error.put("message", message));
        return root;
    }

    /** Each action with DynamoDB's reason for it; those that were fine have {@code "result": "fine, not written"}. */
    ObjectNode json(TransactionCanceledException canceled) {
        ObjectNode root = ItemJson.JSON.createObjectNode();
        root.put("written", false);
        ArrayNode list = root.putArray("actions");
        for (TransactionCanceledException.Reason reason : canceled.reasons()) {
            ObjectNode action = action(reason.index());
            if (!reason.failed()) {
                list.add(action.put("result", "fine, not written"));
                continue;
            }
            action.put("result", "canceled");
            ObjectNode why = action.putObject("reason").put("code", reason.code()).put("message", why(reason));
            List<String> guards = actions.get(reason.index()).guards();
            if (!guards.isEmpty()) {
                guards.forEach(why.putArray("expected")::add);
            }
            reason.conditionFailure().flatMap(failure -> failure.currentEntity(DynamicItem.class))
                    .ifPresent(stored -> why.set("stored", ItemJson.of(schema, stored)));
            list.add(action);
        }
        return root;
    }

    /**
     * Why DynamoDB canceled the action, for people at a command line: a failed guard as the stored values it compared
     * ({@code the stored item has discontinued=true (expected discontinued!=true)}); any other refusal as the core says it.
     */
    String why(TransactionCanceledException.Reason reason) {
        FileAction action = actions.get(reason.index());
        Optional<ConditionFailedException> failure = reason.conditionFailure();
        // the core's own message of a failed condition ends in the Java hint currentItem(), the stored item its caller reads
        boolean guardFailed = failure.isPresent() && failure.get().getClass() == ConditionFailedException.class
                && failure.get().currentItem().isPresent() && !action.guards().isEmpty();
        if (guardFailed) {
            return FailedGuards.stored(failure.get(), action.guards(), file);
        }
        String message = reason.message() == null || reason.message().isBlank() ? "" : reason.message();
        return failure.isPresent() && !action.guards().isEmpty() ? message + " (expected " + String.join(", ", action.guards()) + ")"
                : message;
    }

    /** The action's index, line, action, entity and key (as the request has it). */
    private ObjectNode action(int index) {
        FileAction action = actions.get(index);
        String[] what = action.what().split(" ", 2);
        ObjectNode node = ItemJson.JSON.createObjectNode().put("index", index).put("line", action.where())
                .put("action", what[0]).put("entity", what[1]);
        ObjectNode key = node.putObject("key");
        key(request.transactItems().get(index)).forEach((name, value) -> {
            if (value.n() != null) {
                key.put(name, new BigDecimal(value.n()));
            } else {
                key.put(name, value.s() != null ? value.s() : String.valueOf(value));
            }
        });
        return node;
    }

    /** The primary key of one action of the request. */
    private Map<String, AttributeValue> key(TransactWriteItem item) {
        Map<String, AttributeValue> whole = item.put() != null ? item.put().item() : item.update() != null ? item.update().key()
                : item.delete() != null ? item.delete().key() : item.conditionCheck().key();
        List<String> names = new ArrayList<>(List.of(schema.partitionKeyAttribute()));
        schema.sortKeyAttribute().ifPresent(names::add);
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        names.forEach(name -> key.put(name, whole.get(name)));
        return key;
    }
}
