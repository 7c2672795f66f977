package dev.singletable.cli.data;

import dev.singletable.cli.options.ItemArguments;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable get DESIGN ENTITY key=value...}: one item by its primary key. */
@Command(name = "get", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class GetCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private ItemArguments arguments;

    @Mixin
    private ItemOutput output;

    @Mixin
    private EngineOptions engine;

    @Override
    public Integer call() {
        DataDesign loaded = engine.load(arguments.design());
        EntitySchema<DynamicItem> entity = loaded.entity(spec, arguments.entity());
        KeyValues key = new EntityArguments(spec, "get", loaded, entity).key(arguments.values());
        PrintWriter info = output.info();
        try (DataTable data = DataTable.open(loaded, engine, info)) {
            String composed = ItemLines.key(data.table().keyOf(entity, key));
            info.println(DataTable.label(engine.style(), "Request") + "GetItem " + loaded.schema().name() + ": " + composed);
            Optional<DynamicItem> item;
            try {
                item = data.table().get(entity, key);
            } catch (RuntimeException e) {
                throw data.failure("Could not read " + entity.type() + " " + composed, e);
            }
            if (item.isEmpty()) {
                info.println(data.usage("RCU"));
                info.flush();
                spec.commandLine().getErr().println("not found: no " + entity.type() + " at " + composed + " in " + loaded.schema().name());
                return 1;
            }
            output.item(data, item.get());
            info.println(data.usage("RCU"));
            return 0;
        }
    }
}
