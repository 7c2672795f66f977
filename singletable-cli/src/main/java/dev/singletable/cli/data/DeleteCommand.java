package dev.singletable.cli.data;

import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.cli.output.DemoFailure;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable delete DESIGN ENTITY key=value... [--expect name=value]}: one item deleted by its key. */
@Command(name = "delete", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class DeleteCommand implements Callable<Integer> {
    @Mixin
    private ItemOnEngine item;

    @Option(names = "--expect", paramLabel = "NAME=VALUE")
    private List<String> expectations = new ArrayList<>();

    @Override
    public Integer call() {
        DataDesign loaded = item.load();
        EntitySchema<DynamicItem> entity = loaded.entity(item.spec(), item.arguments().entity());
        EntityArguments entityArguments = new EntityArguments(item.spec(), "delete", loaded, entity);
        KeyValues key = entityArguments.key(item.arguments().values());
        Condition condition = condition(entity, entityArguments.values(expectations, "--expect"));
        PrintWriter info = item.info();
        try (DataTable data = item.open(loaded)) {
            String composed = ItemLines.key(data.table().keyOf(entity, key));
            item.request("DeleteItem " + loaded.schema().name() + ": " + composed
                    + (expectations.isEmpty() ? "" : " if " + String.join(" and ", expectations)));
            Optional<DynamicItem> deleted;
            try {
                deleted = data.table().delete(entity, key, condition);
            } catch (ConditionFailedException e) {
                throw new DemoFailure("delete " + entity.type() + " " + composed + ": not deleted, " + stored(e, expectations) + ".", e);
            } catch (RuntimeException e) {
                throw data.failure("Could not delete " + entity.type() + " " + composed, e);
            }
            if (deleted.isEmpty()) {
                info.println("no " + entity.type() + " at " + composed + ": nothing deleted");
            } else {
                item.print(data, deleted.get());
                info.println("deleted");
            }
            info.println(data.usage("WCU"));
            return 0;
        }
    }

    /** What the stored item has where --expect said otherwise: {@code the stored item has published=true}. */
    private static String stored(ConditionFailedException failure, List<String> expectations) {
        Optional<DynamicItem> current = failure.currentEntity(DynamicItem.class);
        if (current.isEmpty()) {
            return "there is no such item";
        }
        List<String> stored = new ArrayList<>();
        for (String expectation : expectations) {
            String name = expectation.substring(0, expectation.indexOf('='));
            stored.add(name + "=" + current.get().find(name).map(String::valueOf).orElse("(none)"));
        }
        return "the stored item has " + String.join(", ", stored) + " (expected " + String.join(", ", expectations) + ")";
    }

    @SuppressWarnings("unchecked")
    private static Condition condition(EntitySchema<DynamicItem> entity, Map<String, Object> expected) {
        List<Condition> conditions = new ArrayList<>();
        expected.forEach((name, value) -> conditions.add(
                Condition.eq((Attribute<DynamicItem, Object>) entity.attribute(name).orElseThrow(), value)));
        return conditions.isEmpty() ? Condition.none() : Condition.allOf(conditions);
    }
}
