package dev.singletable.cli.data;

import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.ListElementNotFoundException;
import dev.singletable.NumberOutOfRangeException;
import dev.singletable.NumberRuleException;
import dev.singletable.StoredValuesNeededException;
import dev.singletable.Table;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.Explanation;
import dev.singletable.KeyValues;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.schema.JavaConditionException;
import dev.singletable.cli.output.DemoFailure;
import dev.singletable.design.internal.text.RequestText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code singletable update DESIGN ENTITY key=value... --set PATH=VALUE --remove PATH --add PATH=N --expect PATH=VALUE}:
 * one UpdateItem through document paths into embedded records, lists and maps, printed with its placeholders.
 */
@Command(name = "update", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class UpdateCommand implements Callable<Integer> {
    private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

    @Mixin
    private ItemOnEngine item;

    @Option(names = "--set", paramLabel = "PATH=VALUE")
    private List<String> sets = new ArrayList<>();

    @Option(names = "--remove", paramLabel = "PATH")
    private List<String> removes = new ArrayList<>();

    @Option(names = "--add", paramLabel = "PATH=NUMBER")
    private List<String> adds = new ArrayList<>();

    @Mixin
    private ExpectOption expect;

    @Override
    public Integer call() {
        DataDesign loaded = item.load();
        EntitySchema<DynamicItem> entity = loaded.entity(item.spec(), item.arguments().entity());
        KeyValues key = new EntityArguments(item.spec(), "update", loaded, entity).key(item.arguments().values());
        if (sets.isEmpty() && removes.isEmpty() && adds.isEmpty()) {
            throw usage("nothing to change; give --set PATH=VALUE, --remove PATH or --add PATH=NUMBER");
        }
        refuseStateChange(loaded, entity.type());
        refuseKeyChange(loaded.keyAttributes(entity.type()));
        PathArguments paths = new PathArguments(item.spec(), "update", item.arguments().entity(), loaded.file());
        UnaryOperator<Update<DynamicItem>> changes = paths.changes("--", sets, removes, adds);
        Condition condition = expect.condition(paths);
        try { // what the design alone refuses (removing a required attribute) is refused before an engine starts, as put does
            Table.offline(loaded.schema()).explainUpdate(entity, key, changes, condition);
        } catch (StoredValuesNeededException needsStoredValues) {
            // decided on the stored item, which the engine gives
        } catch (ValidationException refused) {
            throw usage(refused.getMessage());
        }
        try (DataTable data = item.open(loaded)) {
            String composed = ItemLines.key(data.table().keyOf(entity, key));
            Explanation explained;
            try {
                explained = data.table().explainUpdate(entity, key, changes, condition);
            } catch (StoredValuesNeededException needsStoredValues) {
                DynamicItem updated = readingFirst(data, loaded, entity, key, changes, condition, composed);
                item.print(data, updated);
                item.info().println(data.readWriteUsage());
                return 0;
            } catch (ValidationException refused) {
                throw usage(refused.getMessage()); // the changes given cannot be made: nothing to read first, nothing sent
            }
            printUpdate(data, composed, (UpdateItemRequest) explained.request());
            DynamicItem updated = update(data, loaded, entity, key, changes, condition, composed);
            item.print(data, updated);
            item.info().println(data.usage("WCU"));
            return 0;
        }
    }

    /**
     * An update the core cannot explain before sending: one that changes a slot of an index key and gives no value for
     * another slot of it ({@code --set shop=s2} of {@code R#{region}#S#{shop}}). The command has no entity read before to
     * update from, so it reads the item first for the stored values (one strongly consistent GetItem, the update then
     * conditioned on them), as a user of the command line expects, and prints the requests as they were sent. The core
     * says so with its own type; any other refusal of the explanation is a usage error, and nothing is read or sent.
     */
    private DynamicItem readingFirst(DataTable data, DataDesign loaded, EntitySchema<DynamicItem> entity, KeyValues key,
                                     UnaryOperator<Update<DynamicItem>> changes, Condition condition, String composed) {
        UnaryOperator<Update<DynamicItem>> reading = u -> changes.apply(u).readingStoredValuesForIndexKeys();
        try {
            return update(data, loaded, entity, key, reading, condition, composed);
        } finally {
            for (SentRequests.Sent sent : data.sent()) {
                if (sent.request() instanceof GetItemRequest get) {
                    item.request(RequestText.oneLine(RequestText.segments(get))
                            + " (for the stored values of index keys the update rewrites)");
                } else if (sent.request() instanceof UpdateItemRequest update) {
                    printUpdate(data, composed, update);
                }
            }
        }
    }

    /** The UpdateItem on the key, its expressions with their placeholders below. */
    private void printUpdate(DataTable data, String composed, UpdateItemRequest request) {
        item.request("UpdateItem " + data.table().schema().name() + ": " + composed);
        request(request).forEach(line -> item.info().println(" ".repeat(8) + line));
    }

    /** Runs the update; a refusal by the engine becomes a message saying why the item was not changed. */
    private DynamicItem update(DataTable data, DataDesign loaded, EntitySchema<DynamicItem> entity, KeyValues key,
                               UnaryOperator<Update<DynamicItem>> changes, Condition condition, String composed) {
        try {
            return data.table().update(entity, key, changes, condition);
        } catch (ValidationException e) {
            if (data.sent().isEmpty() || e instanceof JavaConditionException) {
                throw usage(e.getMessage()); // refused before the update was sent (maybe after a read): the changes cannot be made
            }
            throw data.failure("Could not update " + entity.type() + " " + composed, e);
        } catch (NumberOutOfRangeException e) {
            throw new DemoFailure("update " + entity.type() + " " + composed + ": not changed, " + e.path() + " + " + e.delta()
                    + " would leave the range of its type [" + e.minimum() + ", " + e.maximum() + "] (stored " + e.storedValue() + ").", e);
        } catch (NumberRuleException e) {
            throw new DemoFailure("update " + entity.type() + " " + composed + ": not changed, " + e.path() + " + " + e.delta().toPlainString()
                    + " would break its rule (" + e.rule() + ") (stored " + e.storedValue().map(BigDecimal::toPlainString).orElse("nothing, counted as 0")
                    + ").", e);
        } catch (ListElementNotFoundException e) {
            throw new DemoFailure("update " + entity.type() + " " + composed + ": not changed, the stored item has no " + e.path()
                    + " (a list counts from 0). A change at a list element changes one that exists: to add elements, set the "
                    + "whole list with every element (--set '" + e.path().substring(0, e.path().lastIndexOf('[')) + "=[...]', as JSON).", e);
        } catch (ConditionFailedException e) {
            throw new DemoFailure("update " + entity.type() + " " + composed + ": not changed, " + expect.stored(e, loaded.file()) + ".", e);
        } catch (RuntimeException e) {
            throw data.failure("Could not update " + entity.type() + " " + composed, e);
        }
    }

    /**
     * Refuses a change of the attribute that picks the item's keys (an entity with {@code states:}): the item would have
     * to move to another key, which an update by key cannot do (the core refuses it too); a put with the version moves it.
     */
    private void refuseStateChange(DataDesign loaded, String type) {
        for (var entity : loaded.file().document().entities().entrySet()) {
            var states = entity.getValue().states();
            if (states.isEmpty() || states.get().values().values().stream().noneMatch(state -> state.type().equals(type))) {
                continue;
            }
            String attribute = states.get().attribute();
            for (Map.Entry<String, String> change : changedAttributes().entrySet()) {
                if (change.getValue().equals(attribute)) {
                    List<String> picks = new ArrayList<>();
                    states.get().values().forEach((value, state) -> picks.add(value + " -> " + state.type()));
                    throw usage(change.getKey() + " changes " + attribute + ", which picks the item's keys (" + String.join(", ", picks)
                            + "), so the item would move to another key, which an update by key cannot do; read it with get, then "
                            + "put it with the new " + attribute + " and the version get shows (singletable put " + item.arguments().design() + " "
                            + entity.getKey() + " ... " + attribute + "=... version=N): the put moves it");
                }
            }
        }
    }

    /**
     * Refuses a change of an attribute the primary key is built from, in the command line's terms (the core's refusal
     * advises {@code table.move}): the item would have to move to another key, which no command does in one step.
     */
    private void refuseKeyChange(List<String> keyAttributes) {
        for (Map.Entry<String, String> change : changedAttributes().entrySet()) {
            String root = change.getValue();
            if (keyAttributes.contains(root)) {
                String command = " " + item.arguments().design() + " " + item.arguments().entity() + " ";
                throw usage(change.getKey() + " changes " + root + ", which the item's key is built from (the key of "
                        + item.arguments().entity() + " is " + String.join(", ", keyAttributes) + "): an item cannot change its key "
                        + "in place, and no command moves it. Put the item under the new key (singletable put" + command + "... "
                        + root + "=...) and delete the old one (singletable delete" + command
                        + String.join(" ", item.arguments().values()) + ")");
            }
        }
    }

    /** Each change as given ({@code --set address.city=Paris}) with the attribute it changes ({@code address}), in order. */
    private Map<String, String> changedAttributes() {
        List<String> changes = new ArrayList<>();
        sets.forEach(set -> changes.add("--set " + set));
        removes.forEach(remove -> changes.add("--remove " + remove));
        adds.forEach(add -> changes.add("--add " + add));
        Map<String, String> attributes = new java.util.LinkedHashMap<>();
        changes.forEach(change -> attributes.put(change, change.substring(change.indexOf(' ') + 1).split("[=.\\[]", 2)[0]));
        return attributes;
    }

    /** The expressions with their placeholders, then each placeholder's name or value, in the order they appear. */
    private static List<String> request(UpdateItemRequest request) {
        List<String> lines = new ArrayList<>();
        lines.add("UpdateExpression     " + request.updateExpression());
        String all = request.updateExpression();
        if (request.conditionExpression() != null) {
            lines.add("ConditionExpression  " + request.conditionExpression());
            all += " " + request.conditionExpression();
        }
        Set<String> placeholders = new LinkedHashSet<>();
        Matcher matcher = PLACEHOLDER.matcher(all);
        while (matcher.find()) {
            placeholders.add(matcher.group());
        }
        List<String> names = new ArrayList<>();
        List<String> values = new ArrayList<>();
        Map<String, AttributeValue> valueMap = request.expressionAttributeValues();
        for (String placeholder : placeholders) {
            if (placeholder.startsWith("#") && request.expressionAttributeNames().containsKey(placeholder)) {
                names.add(placeholder + " = " + ItemLines.name(request.expressionAttributeNames().get(placeholder)));
            } else if (valueMap.containsKey(placeholder)) {
                values.add(placeholder + " = " + RequestText.value(valueMap.get(placeholder)));
            }
        }
        lines.add("names                " + String.join(", ", names));
        lines.add("values               " + String.join(", ", values));
        return lines;
    }

    private ParameterException usage(String message) {
        return new ParameterException(item.spec().commandLine(), "update " + item.arguments().entity() + ": " + message);
    }
}
