package dev.singletable.cli.relations;

import dev.singletable.cli.data.DataDesign;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;

/**
 * DESIGN RELATION NAME=VALUE... and the engine of {@code relate} and {@code unrelate}: {@link RelationOnEngine} and the key
 * of each end of one pair ({@link RelationPair}), as a picocli mixin.
 */
final class PairOnEngine {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Mixin
    private RelationOnEngine relation;

    @Parameters(index = "2..*", paramLabel = "NAME=VALUE")
    private List<String> values = new ArrayList<>();

    /** DESIGN, RELATION and the engine. */
    RelationOnEngine relation() {
        return relation;
    }

    /** The relation named and both ends' keys from the NAME=VALUE arguments; usage errors for any mistake. */
    RelationPair pair(DataDesign loaded) {
        return RelationPair.of(spec, relation.of(loaded), loaded, values);
    }
}
