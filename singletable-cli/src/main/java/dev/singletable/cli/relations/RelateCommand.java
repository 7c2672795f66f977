package dev.singletable.cli.relations;

import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.cli.data.DataTable;
import dev.singletable.cli.data.ItemJson;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * {@code singletable relate DESIGN RELATION NAME=VALUE...}: relates two stored entities as the library's
 * {@code table.relate(first, second, relation, edge)} does: both are read (their copied attributes go onto the items, with the
 * edge's values given after the ends' keys, such as {@code role=ADMIN}), then both adjacency items are put in one transaction that checks both entities are still stored. Relating again
 * rewrites both items: the copies as stored now, and the edge's values as given (one left out is removed).
 */
@Command(name = "relate", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class RelateCommand extends PairCommand {
    @Override
    boolean takesEdgeValues() {
        return true;
    }

    @Override
    int run(Opened opened) {
        RelationPair pair = opened.pair();
        DataTable data = opened.data();
        PrintWriter out = opened.out();
        Optional<DynamicItem> first = stored(data, pair.relation().first(), pair.first());
        Optional<DynamicItem> second = stored(data, pair.relation().second(), pair.second());
        if (first.isEmpty() || second.isEmpty()) {
            out.println(data.readWriteUsage());
            out.flush();
            return 1;
        }
        List<DynamicItem> written = opened.adjacencyItems(first.get(), second.get(), pair.edge());
        opened.request("put", written, ", if " + pair.ends() + " are stored");
        try {
            data.table().relate(first.get(), second.get(), pair.relation(), pair.edge());
        } catch (RuntimeException e) {
            throw data.failure("Could not relate " + pair.ends(), e);
        }
        out.println();
        written.forEach(item -> out.println(ItemJson.of(data.table().schema(), item)));
        out.println("related " + pair.ends() + " (" + pair.relation().name() + "): both items written");
        return opened.done();
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
            relation().spec().commandLine().getErr().println("not found: no " + end.type() + " at " + composed + " in " + data.table().schema().name()
                    + "; relate relates stored entities: put it first (singletable put " + relation().path() + " "
                    + end.type() + " ...)");
        }
        return read;
    }
}
