package dev.singletable.cli.design;

import dev.singletable.cli.options.DesignArgument;
import dev.singletable.design.internal.tables.DesignDocuments;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * What every design command that prints a document takes: DESIGN and {@code --format}; declared once, mixed into
 * {@code describe}, {@code patterns} and {@code cost} with {@code @Mixin}.
 */
final class DesignDocumentOptions {
    @Mixin
    private DesignArgument design;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text")
    DesignDocuments.Format format;

    Path design() {
        return design.path();
    }
}
