package dev.singletable.cli.data;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.Condition;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.WriteTransaction;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One action of {@code transact}'s file, read through its entity's schema as the command of the same name reads its
 * arguments: {@code {"action": "update", "entity": "Product", "key": {"sku": "s1"}, "add": {"stock": -2}, "expect":
 * ["stock>=2"]}}. A mistake is a usage error naming the file and line, the action, entity, attribute and value.
 *
 * @param where   the file and line it starts on ({@code actions.jsonl:3})
 * @param what    the action and the entity type it writes ({@code update Product})
 * @param guards  its {@code expect} as given ({@code stock>=2})
 * @param adding  adds it to a transaction
 */
record FileAction(String where, String what, List<String> guards, java.util.function.Consumer<WriteTransaction> adding) {
    /** The actions a file may hold, each with the fields it takes after {@code action} and {@code entity}. */
    enum Kind {
        PUT("item", "expect"),
        CREATE("item"),
        REPLACE("item", "expect"),
        UPDATE("key", "set", "remove", "add", "expect"),
        DELETE("key", "expect"),
        CHECK("key", "expect");

        private final List<String> fields;

        Kind(String... fields) {
            this.fields = List.of(fields);
        }

        String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        static String words() {
            return String.join(", ", Arrays.stream(values()).map(Kind::word).toList());
        }
    }

    /** Reads the actions of a file against one design. */
    record Reader(CommandSpec spec, DataDesign design) {
        /**
         * The action {@code value} at {@code where} holds.
         *
         * @throws ParameterException naming the action, entity, attribute and value of a mistake (the caller adds where)
         */
        FileAction read(String where, JsonNode value) {
            if (!value.isObject()) {
                throw usage("an action is a JSON object such as {\"action\": \"put\", \"entity\": \"...\", \"item\": {...}}, not "
                        + value);
            }
            Kind kind = kind(value.get("action"));
            String name = entityName(value.get("entity"));
            List<String> fields = new ArrayList<>(List.of("action", "entity"));
            fields.addAll(kind.fields);
            value.fieldNames().forEachRemaining(field -> {
                if (!fields.contains(field)) {
                    throw usage(kind.word() + " " + name + ": no field '" + field + "'; the fields of " + kind.word() + " are "
                            + String.join(", ", fields));
                }
            });
            List<String> guards = strings(kind, name, value, "expect");
            return switch (kind) {
                case PUT, CREATE, REPLACE -> written(where, kind, name, value, guards);
                case UPDATE, DELETE, CHECK -> keyed(where, kind, name, value, guards);
            };
        }

        private FileAction written(String where, Kind kind, String name, JsonNode value, List<String> guards) {
            List<String> arguments = assignments(kind, name, value, "item");
            if (value.get("item") == null) {
                throw usage(kind.word() + " " + name + ": give the item's attributes as \"item\": {...}");
            }
            EntitySchema<DynamicItem> entity = design.entity(spec, design.stateOf(spec, kind.word(), name, arguments));
            // put's reading: an attribute the entity does not declare goes to its attribute bag, where it has one
            EntityArguments entityArguments = new EntityArguments(spec, "put", design, entity);
            DynamicItem item = DynamicItem.builder(entity.type())
                    .setAll(entityArguments.values(arguments, "an attribute of " + entity.type()))
                    .unmappedAttributes(entityArguments.bag(arguments)).build();
            try {
                Table.offline(design.schema()).toItem(item); // what the design alone refuses, refused before anything is sent
            } catch (ValidationException e) {
                throw usage(kind.word() + " " + entity.type() + ": " + e.getMessage());
            }
            Condition condition = paths(kind, entity).guards("expect", guards);
            return new FileAction(where, kind.word() + " " + entity.type(), guards, switch (kind) {
                case CREATE -> transaction -> transaction.create(item);
                case REPLACE -> transaction -> transaction.replace(item, condition);
                default -> transaction -> transaction.put(item, condition);
            });
        }

        private FileAction keyed(String where, Kind kind, String name, JsonNode value, List<String> guards) {
            if (value.get("key") == null) {
                throw usage(kind.word() + " " + name + ": give the item's key attributes as \"key\": {...}");
            }
            EntitySchema<DynamicItem> entity = design.entity(spec, name);
            KeyValues key = new EntityArguments(spec, kind.word(), design, entity).key(assignments(kind, name, value, "key"));
            PathArguments paths = paths(kind, entity);
            Condition condition = paths.guards("expect", guards);
            String what = kind.word() + " " + entity.type();
            if (kind == Kind.CHECK) {
                if (guards.isEmpty()) {
                    throw usage(what + ": a check needs what the stored item must hold, as \"expect\": [\"status=open\"]");
                }
                return new FileAction(where, what, guards, transaction -> transaction.check(entity, key, condition));
            }
            if (kind == Kind.DELETE) {
                return new FileAction(where, what, guards, transaction -> transaction.delete(entity, key, condition));
            }
            List<String> sets = assignments(kind, name, value, "set");
            List<String> removes = strings(kind, name, value, "remove");
            List<String> adds = assignments(kind, name, value, "add");
            if (sets.isEmpty() && removes.isEmpty() && adds.isEmpty()) {
                throw usage(what + ": nothing to change; give \"set\": {PATH: VALUE}, \"remove\": [PATH] or \"add\": {PATH: NUMBER}");
            }
            UnaryOperator<Update<DynamicItem>> changes = paths.changes("", sets, removes, adds);
            return new FileAction(where, what, guards, transaction -> transaction.update(entity, key, changes, condition));
        }

        private PathArguments paths(Kind kind, EntitySchema<DynamicItem> entity) {
            return new PathArguments(spec, kind.word(), entity.type(), design.file());
        }

        private Kind kind(JsonNode action) {
            if (action == null || !action.isTextual()) {
                throw usage("give \"action\": one of " + Kind.words() + (action == null ? "" : ", not " + action));
            }
            return Arrays.stream(Kind.values()).filter(kind -> kind.word().equals(action.textValue())).findFirst()
                    .orElseThrow(() -> usage("no action '" + action.textValue() + "'; give one of " + Kind.words()));
        }

        private String entityName(JsonNode entity) {
            String entities = String.join(", ", design.file().document().entityTypes().keySet());
            if (entity == null || !entity.isTextual()) {
                throw usage("give \"entity\": one of " + entities + (entity == null ? "" : ", not " + entity));
            }
            return entity.textValue();
        }

        /** The object field {@code field} as {@code NAME=VALUE} arguments; a null value is refused, as the bare word null is. */
        private List<String> assignments(Kind kind, String entity, JsonNode action, String field) {
            JsonNode object = action.get(field);
            if (object == null) {
                return List.of();
            }
            if (!object.isObject()) {
                throw usage(kind.word() + " " + entity + ": " + field + " must be a JSON object of attribute names (or paths) and "
                        + "values, not " + object);
            }
            List<String> arguments = new ArrayList<>();
            for (Map.Entry<String, JsonNode> value : object.properties()) {
                if (value.getValue().isNull()) {
                    throw usage(kind.word() + " " + entity + ": " + field + " " + value.getKey() + " is null, which is no value; "
                            + ("item".equals(field) ? "leave it out" : "give a value"));
                }
                arguments.add(value.getKey() + "=" + TransactionFile.text(value.getValue()));
            }
            return arguments;
        }

        /** The array field {@code field} of strings ({@code expect}, {@code remove}). */
        private List<String> strings(Kind kind, String entity, JsonNode action, String field) {
            JsonNode array = action.get(field);
            if (array == null) {
                return List.of();
            }
            if (!array.isArray()) {
                throw usage(kind.word() + " " + entity + ": " + field + " must be a JSON array of strings (\"stock>=2\"), not " + array);
            }
            List<String> strings = new ArrayList<>();
            for (JsonNode element : array) {
                if (!element.isTextual()) {
                    throw usage(kind.word() + " " + entity + ": " + field + " " + element + " is not a string such as \"stock>=2\"");
                }
                strings.add(element.textValue());
            }
            return strings;
        }

        private ParameterException usage(String message) {
            return new ParameterException(spec.commandLine(), message);
        }
    }
}
