package dev.singletable.cli.data;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.IndexKey;
import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.KeyTemplate;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.cli.options.ItemArguments;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.KeyDefinition;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * {@code singletable keys DESIGN ENTITY name=value...}: the key attributes an item of ENTITY with these values is stored
 * under, offline: the table's keys and every index key it gets, each with its template and the value the core renders
 * it to ({@code toItem} of an offline table, as {@code put} would write it), and the sparse indexes it stays out of, with
 * the reason.
 */
@Command(name = "keys", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class KeysCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private ItemArguments arguments;

    @Mixin
    private TableOption table;

    @Mixin
    private TextOrJson format;

    private final Clock clock;

    /** One key attribute of the item: the index it keys ({@code table} for the primary key), its template and value. */
    private record Key(String index, String attribute, String template, AttributeValue value) {
    }

    /** A sparse index the item is not in, and why. */
    private record Left(String index, String reason) {
    }

    /** An index the item has keys of, which holds it only when the application's Java method {@code method} says so. */
    private record OnlyWhen(String index, String method, String note) {
    }

    /** A run whose timestamps (an entity's createdAt, a template of one) are those of {@code clock}. */
    public KeysCommand(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Integer call() {
        DataDesign loaded = table.load(arguments.design());
        // an entity stored by its state is the state its attribute picks, as put writes it
        EntitySchema<DynamicItem> checked = loaded.entity(spec, loaded.stateOf(spec, "keys", arguments.entity(), arguments.values()));
        // the keys as the design composes them: an index conditioned on a Java method, which a write refuses to decide,
        // takes the item whenever its slots have values here, and is noted as holding it only when the method says so
        @SuppressWarnings("unchecked")
        EntitySchema<DynamicItem> entity = (EntitySchema<DynamicItem>) loaded.file().upperBoundSchema().entity(checked.type())
                .orElseThrow();
        EntityArguments entityArguments = new EntityArguments(spec, "keys", loaded, entity);
        Map<String, Object> values = entityArguments.values(arguments.values(), "an attribute of " + entity.type());
        List<String> required = loaded.requiredForPut(entity.type());
        // a generated id is filled as put fills it: only what put must be given is required here
        requireSlots(entityArguments, "the table's", entity.primaryKey(), values, required::contains);
        for (IndexSchema index : loaded.schema().indexes()) { // in the file's order, as the keys are printed
            Optional.ofNullable(entity.indexKeys().get(index.name()))
                    .ifPresent(key -> requireSlots(entityArguments, index.name() + "'s", key, values, required::contains));
        }
        List<String> missing = required.stream().filter(name -> !values.containsKey(name)).toList();
        if (!missing.isEmpty()) {
            throw entityArguments.usage("missing required attribute" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                    + "; the item put would write has " + (missing.size() == 1 ? "it" : "them"));
        }
        Table offline = Table.offlineBuilder(loaded.file().upperBoundSchema()).clock(clock).build();
        Map<String, AttributeValue> written;
        try {
            written = offline.toItem(DynamicItem.builder(entity.type()).setAll(values).build());
        } catch (ValidationException e) {
            throw entityArguments.usage(e.getMessage());
        }
        // the item as put writes it, its generated id and defaults filled: why an index leaves it out is said of that item
        DynamicItem item = offline.fromItem(entity, written);
        List<Key> keys = new ArrayList<>(keys("table", primaryAttributes(loaded), entity.primaryKey().templates(), written));
        List<Left> left = new ArrayList<>();
        List<OnlyWhen> onlyWhen = new ArrayList<>();
        for (IndexSchema index : loaded.schema().indexes()) {
            IndexKey key = entity.indexKeys().get(index.name());
            if (key == null) {
                continue; // not an index of this entity
            }
            if (index.keyAttributes().stream().allMatch(attribute -> written.containsKey(attribute.name()))) {
                // an LSI's partition key is the table's, already printed with the table's keys
                keys.addAll(index.kind() == IndexKind.LOCAL ? keys(index.name(), index.sortKey(), key.sortTemplates(), written)
                        : keys(index.name(), index.keyAttributes(), key.templates(), written));
                javaMethod(loaded, entity.type(), index.name()).ifPresent(method -> onlyWhen.add(new OnlyWhen(index.name(), method,
                        "holds the item only when the application's Java method " + method + "() says so, which the design file "
                                + "names but cannot run; put refuses this item: write " + entity.type() + " items with the Java "
                                + "application")));
            } else {
                left.add(new Left(index.name(), reason(loaded, entity, index.name(), key, item)));
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (!format.json()) {
            printText(out, keys, left, onlyWhen);
        } else {
            out.println(json(loaded, entity, keys, left, onlyWhen).toPrettyString());
        }
        return 0;
    }

    /**
     * A template of the primary key, or of an index whose slot attribute every item has, that names an attribute not
     * given: a usage error naming the template and the attribute (an index's optional attribute only leaves the item out).
     */
    private static void requireSlots(EntityArguments arguments, String whose, IndexKey key, Map<String, Object> values,
                                     Predicate<String> mustHave) {
        for (KeyTemplate template : key.templates()) {
            for (KeyTemplate.Slot slot : template.slots()) {
                if (!values.containsKey(slot.attribute()) && mustHave.test(slot.attribute())) {
                    throw arguments.usage(whose + " key template " + template.text() + " needs " + slot.attribute()
                            + "; give " + slot.attribute() + "=VALUE");
                }
            }
        }
    }

    private static List<KeyAttribute> primaryAttributes(DataDesign loaded) {
        List<KeyAttribute> attributes = new ArrayList<>(List.of(loaded.schema().partitionKey()));
        loaded.schema().sortKey().ifPresent(attributes::add);
        return attributes;
    }

    /** Key attributes of one index, each with its template (the entity's templates are in the index's attribute order). */
    private static List<Key> keys(String index, List<KeyAttribute> attributes, List<KeyTemplate> templates,
                                  Map<String, AttributeValue> written) {
        List<Key> keys = new ArrayList<>();
        for (int i = 0; i < attributes.size(); i++) {
            String name = attributes.get(i).name();
            keys.add(new Key(index, name, templates.get(i).text(), written.get(name)));
        }
        return keys;
    }

    /** Why the item is not in a sparse index: its {@code when} condition does not hold, or a slot attribute is missing. */
    private static String reason(DataDesign loaded, EntitySchema<DynamicItem> entity, String index, IndexKey key, DynamicItem item) {
        Map<String, Object> values = item.values();
        Optional<ConditionDefinition> when = Optional.ofNullable(loaded.file().document().entityTypes().get(entity.type())
                .indexes().get(index)).flatMap(KeyDefinition::when);
        if (when.isPresent() && entity.hooks().indexCondition(index).map(condition -> !condition.test(item)).orElse(false)) {
            return "its condition (when) is false: " + condition(when.get(), values);
        }
        List<String> missing = new ArrayList<>();
        for (KeyTemplate template : key.templates()) {
            template.attributeNames().stream().filter(name -> !values.containsKey(name)).distinct()
                    .forEach(name -> missing.add(name + " is not given, and its key template " + template.text() + " needs it"));
        }
        return missing.isEmpty() ? "the item does not write its key attributes" : String.join("; ", missing);
    }

    /** The Java method the index's {@code when} of this entity names ({@code when: {java: isShipped}}); empty for any other. */
    private static Optional<String> javaMethod(DataDesign loaded, String entity, String index) {
        return Optional.ofNullable(loaded.file().document().entityTypes().get(entity).indexes().get(index)).flatMap(KeyDefinition::when)
                .filter(ConditionDefinition.JavaMethod.class::isInstance).map(when -> ((ConditionDefinition.JavaMethod) when).method());
    }

    /** What makes the condition false: the attribute it wants present or absent, or the values it compares with. */
    private static String condition(ConditionDefinition condition, Map<String, Object> values) {
        if (condition instanceof ConditionDefinition.Present present) {
            return present.attribute() + " is not given, and the index takes items that have it";
        }
        if (condition instanceof ConditionDefinition.Absent absent) {
            return absent.attribute() + " is given, and the index takes items without it";
        }
        return condition.comparedValues().entrySet().stream()
                .map(compared -> compared.getKey() + " is " + Optional.ofNullable(values.get(compared.getKey())).map(String::valueOf)
                        .orElse("not given") + ", and the condition compares it with " + compared.getValue())
                .collect(Collectors.joining("; "));
    }

    /**
     * One row a key attribute (the index it keys, the attribute, its template, its value), then one an index that holds the
     * item only when a Java method says so, then one a sparse index left out.
     */
    private static void printText(PrintWriter out, List<Key> keys, List<Left> left, List<OnlyWhen> onlyWhen) {
        int indexes = Math.max(keys.stream().mapToInt(key -> key.index().length()).max().orElse(0),
                left.stream().mapToInt(index -> index.index().length()).max().orElse(0));
        int names = keys.stream().mapToInt(key -> key.attribute().length()).max().orElse(0);
        int templates = keys.stream().mapToInt(key -> key.template().length()).max().orElse(0);
        for (Key key : keys) {
            out.println(pad(key.index(), indexes) + "  " + pad(key.attribute(), names) + "  " + pad(key.template(), templates) + "  "
                    + text(key.value()));
        }
        for (OnlyWhen index : onlyWhen) {
            out.println(pad(index.index(), indexes) + "  " + index.note());
        }
        for (Left index : left) {
            out.println(pad(index.index(), indexes) + "  not in this index: " + index.reason());
        }
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(width - text.length());
    }

    /** The keys, then (only when there are some) the indexes holding the item only when a Java method says so, then those left out. */
    private static ObjectNode json(DataDesign loaded, EntitySchema<DynamicItem> entity, List<Key> keys, List<Left> left,
                                   List<OnlyWhen> onlyWhen) {
        ObjectNode json = ItemJson.JSON.createObjectNode();
        json.put("table", loaded.schema().name());
        json.put("entity", entity.type());
        ArrayNode keyNodes = json.putArray("keys");
        for (Key key : keys) {
            keyNodes.addObject().put("index", key.index()).put("attribute", key.attribute()).put("template", key.template())
                    .put("type", key.value().type().toString()).put("value", text(key.value()));
        }
        if (!onlyWhen.isEmpty()) {
            ArrayNode onlyWhenNodes = json.putArray("onlyWhenJavaMethod");
            onlyWhen.forEach(index -> onlyWhenNodes.addObject().put("index", index.index()).put("method", index.method())
                    .put("note", index.note()));
        }
        ArrayNode leftNodes = json.putArray("notInIndexes");
        left.forEach(index -> leftNodes.addObject().put("index", index.index()).put("reason", index.reason()));
        return json;
    }

    /** A key value as written: a string or number as it is, a binary in base64. */
    private static String text(AttributeValue value) {
        if (value.s() != null) {
            return value.s();
        }
        if (value.n() != null) {
            return value.n();
        }
        SdkBytes bytes = value.b();
        return Base64.getEncoder().encodeToString(bytes.asByteArray());
    }
}
