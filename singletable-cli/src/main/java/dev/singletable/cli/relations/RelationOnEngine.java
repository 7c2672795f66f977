package dev.singletable.cli.relations;

import dev.singletable.DynamicItem;
import dev.singletable.Relation;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DesignOnEngine;
import dev.singletable.cli.data.EngineOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;

/**
 * DESIGN RELATION and the engine of the relation commands ({@code relate}, {@code unrelate}, {@code verify-relation}), as
 * a picocli mixin:
 *
 * <pre>{@code
 * @Mixin
 * private RelationOnEngine relation;
 *
 * DataDesign loaded = relation.load();
 * Relation<DynamicItem, DynamicItem> declared = relation.of(loaded);
 * }</pre>
 */
final class RelationOnEngine {
    @Mixin
    private DesignOnEngine design;

    @Parameters(index = "1", paramLabel = "RELATION")
    private String name;

    /** The command this is mixed into: its standard output and error, and the command line of its usage errors. */
    CommandSpec spec() {
        return design.spec();
    }

    /** DESIGN as given. */
    Path path() {
        return design.path();
    }

    /** The engine options. */
    EngineOptions engine() {
        return design.engine();
    }

    /** DESIGN loaded, the table {@code --table} picks (or renames). */
    DataDesign load() {
        return design.load();
    }

    /** RELATION as given. */
    String name() {
        return name;
    }

    /** The relation RELATION names in the design, or a usage error naming its relations. */
    Relation<DynamicItem, DynamicItem> of(DataDesign loaded) {
        return RelationPair.relation(design.spec(), design.path(), loaded.schema(), name);
    }
}
