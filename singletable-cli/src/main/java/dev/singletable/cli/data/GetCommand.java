package dev.singletable.cli.data;

import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable get DESIGN ENTITY key=value...}: one item by its primary key. */
@Command(name = "get", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class GetCommand implements Callable<Integer> {
    @Mixin
    private ItemOnEngine item;

    @Override
    public Integer call() {
        DataDesign loaded = item.load();
        EntitySchema<DynamicItem> entity = loaded.entity(item.spec(), item.arguments().entity());
        KeyValues key = new EntityArguments(item.spec(), "get", loaded, entity).key(item.arguments().values());
        PrintWriter info = item.info();
        try (DataTable data = item.open(loaded)) {
            String composed = ItemLines.key(data.table().keyOf(entity, key));
            item.request("GetItem " + loaded.schema().name() + ": " + composed);
            Optional<DynamicItem> read;
            try {
                read = data.table().get(entity, key);
            } catch (RuntimeException e) {
                throw data.failure("Could not read " + entity.type() + " " + composed, e);
            }
            if (read.isEmpty()) {
                info.println(data.usage("RCU"));
                info.flush();
                item.spec().commandLine().getErr().println("not found: no " + entity.type() + " at " + composed + " in " + loaded.schema().name());
                return 1;
            }
            item.print(data, read.get());
            info.println(data.usage("RCU"));
            return 0;
        }
    }
}
