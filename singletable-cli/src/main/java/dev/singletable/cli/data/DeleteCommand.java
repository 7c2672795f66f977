package dev.singletable.cli.data;

import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.cli.output.DemoFailure;
import dev.singletable.design.internal.text.Counted;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code singletable delete DESIGN ENTITY key=value... [--expect name=value | --with-pairs]}: one item deleted by its key;
 * with {@code --with-pairs}, together with both adjacency items of each of its pairs, in one transaction.
 */
@Command(name = "delete", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class DeleteCommand implements Callable<Integer> {
    @Mixin
    private ItemOnEngine item;

    @Mixin
    private ExpectOption expect;

    @Option(names = "--with-pairs")
    private boolean withPairs;

    @Override
    public Integer call() {
        DataDesign loaded = item.load();
        EntitySchema<DynamicItem> entity = loaded.entity(item.spec(), item.arguments().entity());
        EntityArguments entityArguments = new EntityArguments(item.spec(), "delete", loaded, entity);
        KeyValues key = entityArguments.key(item.arguments().values());
        Condition condition = expect.condition(new PathArguments(item.spec(), "delete", entity.type(), loaded.file()));
        PrintWriter info = item.info();
        if (withPairs && expect.given()) {
            throw new ParameterException(item.spec().commandLine(), "--with-pairs deletes in one transaction without conditions:"
                    + " drop --expect (or delete without --with-pairs)");
        }
        try (DataTable data = item.open(loaded)) {
            String composed = ItemLines.key(data.table().keyOf(entity, key));
            if (withPairs) {
                return deleteWithPairs(data, loaded, entity, key, composed);
            }
            item.request("DeleteItem " + loaded.schema().name() + ": " + composed + expect.clause());
            Optional<DynamicItem> deleted;
            try {
                deleted = data.table().delete(entity, key, condition);
            } catch (ConditionFailedException e) {
                throw new DemoFailure("delete " + entity.type() + " " + composed + ": not deleted, " + expect.stored(e, loaded.file())
                        + ".", e);
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

    /**
     * The entity and both items of each of its pairs in every relation ({@code table.deleteWithPairs}): read first, to print
     * it as a plain delete does; an entity not stored is no error, the pairs a plain delete left are deleted all the same.
     */
    private int deleteWithPairs(DataTable data, DataDesign loaded, EntitySchema<DynamicItem> entity, KeyValues key, String composed) {
        PrintWriter info = item.info();
        item.request("TransactWriteItems " + loaded.schema().name() + ": " + composed + " and both items of each of its pairs"
                + " (a GetItem, then a Query of each relation's adjacency items, first)");
        Optional<DynamicItem> stored;
        int pairs;
        try {
            stored = data.table().get(entity, key);
            DynamicItem end = stored.orElseGet(() -> {
                DynamicItem.Builder keyOnly = DynamicItem.builder(entity.type());
                key.asMap().forEach(keyOnly::set);
                return keyOnly.build();
            });
            pairs = data.table().deleteWithPairs(end);
        } catch (RuntimeException e) {
            throw data.failure("Could not delete " + entity.type() + " " + composed + " with its pairs", e);
        }
        stored.ifPresent(deleted -> item.print(data, deleted));
        String counted = Counted.of(pairs, "pair", "pairs");
        info.println(stored.isPresent() ? "deleted, with " + counted + " (both items of each)"
                : "no " + entity.type() + " at " + composed + "; " + counted + " naming it deleted (both items of each)");
        info.println(data.usage("WCU"));
        return 0;
    }
}
