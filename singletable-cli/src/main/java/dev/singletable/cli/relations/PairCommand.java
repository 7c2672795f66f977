package dev.singletable.cli.relations;

import dev.singletable.DynamicItem;
import dev.singletable.EdgeValues;
import dev.singletable.cli.data.AdjacencyItems;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DataTable;
import dev.singletable.cli.output.Style;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * What {@code relate} and {@code unrelate} share: DESIGN RELATION NAME=VALUE... (the ends' keys, and for relate the
 * edge's values) and the engine ({@link RelationOnEngine}
 * and the key of each end of one pair, {@link RelationPair}); the design loaded, the pair read and the table opened before
 * {@link #run} and closed after it.
 */
abstract class PairCommand implements Callable<Integer> {
    @Mixin
    private RelationOnEngine relation;

    @Parameters(index = "2..*", paramLabel = "NAME=VALUE")
    private List<String> values = new ArrayList<>();

    @Override
    public final Integer call() {
        try (Opened opened = open(relation.spec().commandLine().getOut())) {
            return run(opened);
        }
    }

    /** What the command does on the opened table; its exit code. */
    abstract int run(Opened opened);

    /** Whether NAME=VALUE takes the edge's values after the ends' keys (relate) or the keys only (unrelate). */
    abstract boolean takesEdgeValues();

    /** DESIGN, RELATION and the engine. */
    final RelationOnEngine relation() {
        return relation;
    }

    /**
     * DESIGN loaded, the pair read from the arguments (usage errors for any mistake) and the design's table opened on the
     * engine, what was done to it said on {@code out}.
     */
    private Opened open(PrintWriter out) {
        DataDesign loaded = relation.load();
        RelationPair pair = RelationPair.of(relation.spec(), relation.of(loaded), loaded, values, takesEdgeValues());
        return new Opened(loaded, pair, DataTable.open(loaded, relation.engine(), out), relation.engine().style(), out);
    }

    /** The design, the pair and the table a command works on; closing it stops the engine a command started. */
    record Opened(DataDesign design, RelationPair pair, DataTable data, Style style, PrintWriter out) implements AutoCloseable {
        /**
         * Both adjacency items of the pair whose ends are {@code first} and {@code second} (whole entities, or their keys
         * only): the item in the first end's collection, then its mirror.
         */
        List<DynamicItem> adjacencyItems(DynamicItem first, DynamicItem second, EdgeValues edge) {
            AdjacencyItems items = new AdjacencyItems(design.file(), pair.relation());
            DynamicItem near = items.between(pair.relation().firstSideItems().type(), first, second, edge);
            return List.of(near, items.mirror(near));
        }

        /**
         * Prints {@code Request  TransactWriteItems AppTable: put Membership PK = "...", SK = "..." and Membership ...} and
         * {@code condition} after it, for the transaction that does {@code action} to both {@code adjacencyItems}.
         */
        void request(String action, List<DynamicItem> adjacencyItems, String condition) {
            List<String> keyed = adjacencyItems.stream()
                    .map(item -> item.entityType() + " " + RelationPair.keyText(data.table().keyOf(item))).toList();
            out.println(DataTable.label(style, "Request") + "TransactWriteItems " + data.table().schema().name() + ": " + action
                    + " " + String.join(" and ", keyed) + condition);
        }

        /** Prints the capacity the command's requests consumed; the exit code of a command done. */
        int done() {
            out.println(data.readWriteUsage());
            out.flush();
            return 0;
        }

        @Override
        public void close() {
            data.close();
        }
    }
}
