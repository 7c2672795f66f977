package dev.singletable.cli.relations;

import dev.singletable.EdgeValues;
import dev.singletable.cli.data.DataTable;
import picocli.CommandLine.Command;

/**
 * {@code singletable unrelate DESIGN RELATION NAME=VALUE...}: deletes both adjacency items of a pair in one transaction, as
 * the library's {@code table.unrelate} does. The entities are not read, so that a pair naming one no longer stored (a
 * dangling pair {@code verify-relation} lists) can be removed; unrelating a pair that is not related changes nothing.
 */
@Command(name = "unrelate", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class UnrelateCommand extends PairCommand {
    @Override
    boolean takesEdgeValues() {
        return false;
    }

    @Override
    int run(Opened opened) {
        RelationPair pair = opened.pair();
        DataTable data = opened.data();
        opened.request("delete", opened.adjacencyItems(pair.firstKey(), pair.secondKey(), EdgeValues.none()), "");
        try {
            data.table().unrelate(pair.firstKey(), pair.secondKey(), pair.relation());
        } catch (RuntimeException e) {
            throw data.failure("Could not unrelate " + pair.ends(), e);
        }
        opened.out().println("unrelated " + pair.ends() + " (" + pair.relation().name() + "): both items deleted where stored");
        return opened.done();
    }
}
