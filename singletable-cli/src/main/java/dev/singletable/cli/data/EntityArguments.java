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
 * usage errors naming the command, entity, attribute, value and what was expected.
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
            ArgumentValues.Argument parsed = ArgumentValues.Argument.parse(argument).orElseThrow(() -> usage(
                    "'" + argument + "' is not NAME=VALUE (" + what + ")"));
            if (intoBag(parsed.name())) {
                continue; // see bag(): an undeclared attribute put into the entity's attribute bag
            }
            AttributeDefinition definition = design.attribute(entity.type(), parsed.name()).orElseThrow(() -> usage(
                    "no attribute '" + parsed.name() + "'"
                            + ClosestName.among(parsed.name(), attributeNames()).map(n -> " (did you mean '" + n + "'?)").orElse("")
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
     * The arguments of attributes the entity does not declare, for {@code put} of an entity with an attribute bag: each
     * typed as the value is written, as JSON ({@code 3} a number, {@code true} a boolean, {@code {"w":3}} a map,
     * {@code "3"} a string) and as a string when it is no JSON ({@code color=red}), as {@code DynamicItem} takes any value
     * into its bag in Java. Keeps what a {@code get} shows of the bag when it is given back to {@code put}.
     */
    Map<String, AttributeValue> bag(List<String> arguments) {
        Map<String, AttributeValue> bag = new LinkedHashMap<>();
        for (String argument : arguments) {
            ArgumentValues.Argument.parse(argument).filter(parsed -> intoBag(parsed.name())).ifPresent(parsed -> {
                Object value = parsed.text(); // no JSON (red, or nothing): the text as it is, a string
                try {
                    value = parsed.text().isBlank() ? value : JsonValues.plain(ArgumentValues.json(parsed.name(), parsed.text()));
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    // kept as text
                }
                if (bag.put(parsed.name(), AttributeTypes.DOCUMENT_VALUE.toAttributeValue(value)) != null) {
                    throw usage(parsed.name() + " given twice");
                }
            });
        }
        return bag;
    }

    /** Whether an argument of this name goes to the entity's attribute bag: put's, of a name the entity does not declare. */
    private boolean intoBag(String name) {
        return command.equals("put") && entity.attributeBag().isPresent() && design.attribute(entity.type(), name).isEmpty();
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
