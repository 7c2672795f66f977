package dev.singletable.cli.relations;

import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.cli.data.AdjacencyItems;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DataTable;
import dev.singletable.cli.data.ItemJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code singletable relate DESIGN RELATION NAME=VALUE...}: relates two stored entities as the library's
 * {@code table.relate(first, second, relation)} does: both are read (their copied attributes go onto the items), then both
 * adjacency items are put in one transaction that checks both entities are still stored. Relating again changes nothing.
 */
@Command(name = "relate", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class RelateCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private PairOnEngine arguments;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        RelationOnEngine design = arguments.relation();
        DataDesign loaded = design.load();
        RelationPair pair = arguments.pair(loaded);
        try (DataTable data = DataTable.open(loaded, design.engine(), out)) {
            Optional<DynamicItem> first = stored(data, pair.relation().first(), pair.first());
            Optional<DynamicItem> second = stored(data, pair.relation().second(), pair.second());
            if (first.isEmpty() || second.isEmpty()) {
                out.println(data.readWriteUsage());
                out.flush();
                return 1;
            }
            AdjacencyItems items = new AdjacencyItems(loaded.file(), pair.relation());
            DynamicItem near = items.between(pair.relation().firstSideItems().type(), first.get(), second.get());
            DynamicItem far = items.mirror(near);
            out.println(DataTable.label(design.engine().style(), "Request") + "TransactWriteItems " + loaded.schema().name() + ": put "
                    + near.entityType() + " " + RelationPair.keyText(data.table().keyOf(near)) + " and " + far.entityType() + " "
                    + RelationPair.keyText(data.table().keyOf(far)) + ", if " + pair.ends() + " are stored");
            try {
                data.table().relate(first.get(), second.get(), pair.relation());
            } catch (RuntimeException e) {
                throw data.failure("Could not relate " + pair.ends(), e);
            }
            out.println();
            out.println(ItemJson.of(loaded.schema(), near));
            out.println(ItemJson.of(loaded.schema(), far));
            out.println("related " + pair.ends() + " (" + pair.relation().name() + "): both items written");
            out.println(data.readWriteUsage());
            out.flush();
            return 0;
        }
    }

    /** The end as stored (a consistent read), or empty after saying on standard error that it is not. */
    private Optional<DynamicItem> stored(DataTable data, EntitySchema<DynamicItem> end, KeyValues key) {
        String composed = RelationPair.keyText(data.table().keyOf(end, key));
        Optional<DynamicItem> read;
        try {
            read = data.table().get(end, key);
        } catch (RuntimeException e) {
            throw data.failure("Could not read " + end.type() + " " + composed, e);
        }
        if (read.isEmpty()) {
            spec.commandLine().getErr().println("not found: no " + end.type() + " at " + composed + " in " + data.table().schema().name()
                    + "; relate relates stored entities: put it first (singletable put " + arguments.relation().path() + " " + end.type() + " ...)");
        }
        return read;
    }
}
