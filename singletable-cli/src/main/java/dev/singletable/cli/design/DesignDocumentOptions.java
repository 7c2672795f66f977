package dev.singletable.cli.design;

import dev.singletable.design.internal.tables.DesignDocuments;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;

/**
 * What every design command that prints a document takes: DESIGN and {@code --format}; declared once, mixed into
 * {@code describe}, {@code patterns} and {@code cost} with {@code @Mixin}.
 */
final class DesignDocumentOptions {
    @Parameters(paramLabel = "DESIGN", description = "A schema file, or a directory or jar holding schema files.")
    Path design;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, markdown or json (default: ${DEFAULT-VALUE}).")
    DesignDocuments.Format format;
}
