package dev.singletable.cli.options;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * DESIGN, ENTITY and the NAME=VALUE arguments after them, attributes of one item: its key attributes for {@code get},
 * {@code delete} and {@code update}, any of its attributes for {@code put} (each command's help says which). Mixed in
 * with {@code @Mixin private ItemArguments arguments;} and read with {@code arguments.design()},
 * {@code arguments.entity()} and {@code arguments.values()}.
 */
public final class ItemArguments {
    @Mixin
    private EntityArgument entity;

    @Parameters(index = "2..*", paramLabel = "NAME=VALUE")
    private List<String> values = new ArrayList<>();

    /** The design as given on the command line. */
    public Path design() {
        return entity.design();
    }

    /** The entity's name as given. */
    public String entity() {
        return entity.name();
    }

    /** The NAME=VALUE arguments as given, in order ({@code orderId=42}). */
    public List<String> values() {
        return values;
    }
}
