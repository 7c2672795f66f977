package dev.singletable.cli.relations;

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
 * What {@code relate} and {@code unrelate} share: DESIGN RELATION NAME=VALUE... and the engine ({@link RelationOnEngine}
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
        RelationPair pair = RelationPair.of(relation.spec(), relation.of(loaded), loaded, values);
        return new Opened(loaded, pair, DataTable.open(loaded, relation.engine(), out), relation.engine().style(), out);
    }

    /** The design, the pair and the table a command works on; closing it stops the engine a command started. */
    record Opened(DataDesign design, RelationPair pair, DataTable data, Style style, PrintWriter out) implements AutoCloseable {
        /** The relation's adjacency items. */
        AdjacencyItems items() {
            return new AdjacencyItems(design.file(), pair.relation());
        }

        /** Prints {@code Request  text}, its label in the run's style. */
        void request(String text) {
            out.println(DataTable.label(style, "Request") + text);
        }

        @Override
        public void close() {
            data.close();
        }
    }
}
