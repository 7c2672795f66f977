package dev.singletable.cli.data;

import dev.singletable.AttributeTypes;
import dev.singletable.ClosestName;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.design.internal.text.JsonValues;
import dev.singletable.schema.AttributeDefinition;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code name=value} arguments of {@code get}, {@code put} and {@code delete}, read through
 * an entity of the design: each name an attribute of it, each value of its type. Mistakes are
 * usage errors naming the command, entity, attribute, value and what was expected. {@code name:=json} gives the value
 * as JSON: for an undeclared attribute of the entity's attribute bag, the way to give anything but a string
 * ({@code n:=4}, {@code legacy:=true}, {@code dims:='{"w":3}'}), as {@code name=text} is always the text as written; for a
 * declared attribute, the JSON value read as the attribute's type ({@code price:=9.5}, {@code name:='"Desk"'}), so that
 * every value of {@code get --format json} can be given back so.
 */
final class EntityArguments {
    private final CommandSpec spec;
    private final String command;
    private final DataDesign design;
    private final EntitySchema<DynamicItem> entity;

    EntityArguments(CommandSpec spec, String command, DataDesign design, EntitySchema<DynamicItem> entity) {
        this.spec = spec;
        this.command = command;
        this.design = design;
        this.entity = entity;
    }

    /** The attribute names of the entity's primary key, partition key first. */
    List<String> keyAttributes() {
        return design.keyAttributes(entity.type());
    }

    /** The arguments as typed values by attribute name, in the order given. */
    Map<String, Object> values(List<String> arguments, String what) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (String argument : arguments) {
            ArgumentValues.Argument parsed = declaredText(ArgumentValues.Argument.parse(argument).orElseThrow(() -> usage(
                    "'" + argument + "' is not NAME=VALUE (" + what + ")")));
            if (intoBag(parsed.name())) {
                continue; // see bag(): an undeclared attribute put into the entity's attribute bag
            }
            AttributeDefinition definition = design.attribute(entity.type(), parsed.name()).orElseThrow(() -> usage(
                    "no attribute '" + unjson(parsed.name()) + "'"
                            + ClosestName.among(unjson(parsed.name()), attributeNames()).map(n -> " (did you mean '" + n + "'?)").orElse("")
                            + "; its attributes are " + String.join(", ", attributeNames())));
            Object value;
            try {
                value = ArgumentValues.parse(parsed.name(), definition, parsed.text());
            } catch (IllegalArgumentException e) {
                throw usage(ArgumentValues.refused(parsed, e));
            }
            java.util.Optional<String> emptyPath = DataDesign.emptyPath(entity, parsed.name(), value);
            if (emptyPath.isPresent()) {
                throw usage(parsed + ": " + emptyPath.get());
            }
            refuseEmptySlot(parsed.name(), value);
            if (definition.type().holdsRecords() || byDefinition(definition)) {
                try {
                    value = design.file().pathValue(entity.type(), parsed.name(), value);
                } catch (dev.singletable.ValidationException e) {
                    String message = e.getMessage();
                    throw usage(parsed.name() + "=" + parsed.text() + ": "
                            + (message.startsWith(entity.type() + ": ") ? message.substring(entity.type().length() + 2) : message));
                }
            }
            if (values.put(parsed.name(), value) != null) {
                throw usage(parsed.name() + " given twice");
            }
        }
        return values;
    }

    /**
     * The arguments of attributes the entity does not declare, for {@code put} of an entity with an attribute bag:
     * {@code name=text} a string, the text as written whatever it reads as ({@code zip=12345} the string "12345");
     * {@code name:=json} the JSON value ({@code n:=4} a number, {@code legacy:=true} a boolean, {@code dims:='{"w":3}'} a
     * map), as {@code DynamicItem} takes any value into its bag in Java. What {@code get --format json} shows of the bag
     * goes back unchanged: a JSON string as {@code name=text}, any other value as {@code name:=value}.
     */
    Map<String, AttributeValue> bag(List<String> arguments) {
        Map<String, AttributeValue> bag = new LinkedHashMap<>();
        for (String argument : arguments) {
            ArgumentValues.Argument.parse(argument).filter(parsed -> intoBag(unjson(parsed.name()))).ifPresent(parsed -> {
                String name = unjson(parsed.name());
                Object value = name.equals(parsed.name()) ? parsed.text() : jsonValue(name, parsed.text(), this::usage);
                if (bag.put(name, AttributeTypes.DOCUMENT_VALUE.toAttributeValue(value)) != null) {
                    throw usage(name + " given twice");
                }
            });
        }
        return bag;
    }

    /** The name of an argument without the {@code :} of {@code name:=json}. */
    static String unjson(String name) {
        return name.endsWith(":") && name.length() > 1 ? name.substring(0, name.length() - 1) : name;
    }

    /**
     * The plain value of {@code name:=text}, refused naming the way to give text when it is no JSON; {@code usage} makes the
     * command's usage error of a message.
     */
    static Object jsonValue(String name, String text, java.util.function.Function<String, ParameterException> usage) {
        try {
            return JsonValues.plain(ArgumentValues.json(name, text));
        } catch (ArgumentValues.Refusal e) {
            throw usage.apply(name + ":=" + text + ": " + e.reason());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw usage.apply(name + ":=" + text + " is not JSON, which := takes (n:=4, flag:=true, dims:='{\"w\":3}', "
                    + "code:='\"007\"'); for the text as written, give " + name + "=" + text);
        }
    }

    /**
     * A declared attribute's {@code name:=json} as its {@code name=text}: a JSON string its text (the text null in JSON quotes,
     * as {@code ="null"} gives it), any other JSON value as written, read by the attribute's type as {@code name=text} is.
     * Any other argument as it is: an undeclared one's JSON is read into the bag ({@link #bag}).
     */
    private ArgumentValues.Argument declaredText(ArgumentValues.Argument parsed) {
        String name = unjson(parsed.name());
        if (name.equals(parsed.name()) || design.attribute(entity.type(), name).isEmpty()) {
            return parsed;
        }
        Object value = jsonValue(name, parsed.text(), this::usage);
        String text = value instanceof String string ? string.equals("null") ? ArgumentValues.QUOTED_NULL : string
                : parsed.text().strip();
        return new ArgumentValues.Argument(name, text);
    }

    /** Whether an argument of this name goes to the entity's attribute bag: put's, of a name the entity does not declare. */
    private boolean intoBag(String name) {
        String bare = unjson(name);
        return command.equals("put") && entity.attributeBag().isPresent() && design.attribute(entity.type(), bare).isEmpty();
    }

    /**
     * Refuses empty text in a slot of the entity's keys here, from the design alone, before any engine is started: the key
     * would hold the template's literal text alone ({@code POST#} for every postId). An index slot only for {@code put}, which
     * writes index keys; leaving a slot out keeps the item out of that index.
     */
    private void refuseEmptySlot(String name, Object value) {
        if (!(value instanceof CharSequence text) || !text.isEmpty()) {
            return;
        }
        String refused = name + " is empty; a key slot needs text (an empty one would leave the template's literal text alone in "
                + "its place); give " + name + " a value";
        if (entity.primaryKey().templates().stream().anyMatch(template -> template.attributeNames().contains(name))) {
            throw usage(refused);
        }
        if (command.equals("put")) {
            entity.indexKeys().entrySet().stream()
                    .filter(index -> index.getValue().templates().stream().anyMatch(template -> template.attributeNames().contains(name)))
                    .findFirst().ifPresent(index -> {
                        throw usage(refused + (design.requiredForPut(entity.type()).contains(name) ? ""
                                : ", or leave it out to keep the item out of index " + index.getKey()));
                    });
        }
    }

    /** True for the kinds given as JSON text and converted by the design: sets, documents, lists and maps. */
    private static boolean byDefinition(AttributeDefinition definition) {
        return switch (definition.type()) {
            case STRING_SET, STRING_LIST, STRING_MAP, NUMBER_SET, BINARY_SET, DOCUMENT, LIST, MAP -> true;
            default -> false;
        };
    }

    /** The primary key from the arguments, which must name every key attribute and nothing else. */
    KeyValues key(List<String> arguments) {
        Map<String, Object> values = values(arguments, "the key attributes " + String.join(", ", keyAttributes()));
        List<String> missing = keyAttributes().stream().filter(name -> !values.containsKey(name)).toList();
        if (!missing.isEmpty()) {
            throw usage("missing key attribute" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                    + "; the key of " + entity.type() + " is " + String.join(", ", keyAttributes()));
        }
        List<String> extra = values.keySet().stream().filter(name -> !keyAttributes().contains(name)).toList();
        if (!extra.isEmpty()) {
            throw usage(String.join(", ", extra) + (extra.size() == 1 ? " is" : " are") + " not in the key; give the key attributes "
                    + String.join(", ", keyAttributes()) + " only");
        }
        KeyValues key = KeyValues.none();
        for (Map.Entry<String, Object> value : values.entrySet()) {
            key = key.and(value.getKey(), value.getValue());
        }
        return key;
    }

    private List<String> attributeNames() {
        return List.copyOf(design.file().document().entityTypes().get(entity.type()).attributes().keySet());
    }

    ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), command + " " + entity.type() + ": " + message);
    }
}
