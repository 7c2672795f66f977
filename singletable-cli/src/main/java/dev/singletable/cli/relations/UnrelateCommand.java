package dev.singletable.cli.relations;

import dev.singletable.DynamicItem;
import dev.singletable.cli.data.AdjacencyItems;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DataTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code singletable unrelate DESIGN RELATION NAME=VALUE...}: deletes both adjacency items of a pair in one transaction, as
 * the library's {@code table.unrelate} does. The entities are not read, so that a pair naming one no longer stored (a
 * dangling pair {@code verify-relation} lists) can be removed; unrelating a pair that is not related changes nothing.
 */
@Command(name = "unrelate", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class UnrelateCommand implements Callable<Integer> {
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
            AdjacencyItems items = new AdjacencyItems(loaded.file(), pair.relation());
            DynamicItem near = items.between(pair.relation().firstSideItems().type(), pair.firstKey(), pair.secondKey());
            Map<String, String> nearKey = data.table().keyOf(near);
            Map<String, String> farKey = data.table().keyOf(items.mirror(near));
            out.println(DataTable.label(design.engine().style(), "Request") + "TransactWriteItems " + loaded.schema().name()
                    + ": delete " + near.entityType() + " " + RelationPair.keyText(nearKey) + " and "
                    + items.mirrorType(near.entityType()) + " " + RelationPair.keyText(farKey));
            try {
                data.table().unrelate(pair.firstKey(), pair.secondKey(), pair.relation());
            } catch (RuntimeException e) {
                throw data.failure("Could not unrelate " + pair.ends(), e);
            }
            out.println("unrelated " + pair.ends() + " (" + pair.relation().name() + "): both items deleted where stored");
            out.println(data.readWriteUsage());
            out.flush();
            return 0;
        }
    }
}
