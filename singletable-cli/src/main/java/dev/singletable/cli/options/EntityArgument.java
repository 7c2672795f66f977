package dev.singletable.cli.options;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;

/**
 * DESIGN and the ENTITY argument after it: the entity as the schema file names it (picocli wants a mixin's positional
 * parameters to start at index 0, so this one holds DESIGN too). Mixed in with
 * {@code @Mixin private EntityArgument entity;} and read with {@code entity.design()} and {@code entity.name()}.
 */
public final class EntityArgument {
    @Mixin
    private DesignArgument design;

    @Parameters(index = "1", paramLabel = "ENTITY")
    private String name;

    /** The design as given on the command line. */
    public Path design() {
        return design.path();
    }

    /** The entity's name as given. */
    public String name() {
        return name;
    }
}
