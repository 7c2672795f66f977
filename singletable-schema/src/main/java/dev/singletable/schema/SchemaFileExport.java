package dev.singletable.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.schema.internal.WorkbenchExporter;

/**
 * A schema file in other tools' formats: a NoSQL Workbench data model (version 3.0) with one facet
 * per entity (its key templates as the facet's key aliases), the GSIs with their projections, and
 * the entities' examples as sample items with their keys composed as a write composes them, so
 * that AWS's visual tool shows the design. Importing the model gives the same table, entities,
 * templates and examples back ({@link SchemaFileImport#noSqlWorkbench(String, String)}).
 *
 * <pre>{@code
 * String model = SchemaFileExport.noSqlWorkbench(SchemaFile.load(Path.of("design.singletable.yaml")));
 * Files.writeString(Path.of("design.workbench.json"), model);
 * }</pre>
 */
public final class SchemaFileExport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SchemaFileExport() {
    }

    /** The design as a NoSQL Workbench 3.0 data model, pretty-printed JSON ending in a newline. */
    public static String noSqlWorkbench(SchemaFile design) {
        DefaultIndenter indenter = DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(indenter);
        printer.indentArraysWith(indenter);
        try {
            return JSON.writer(printer).writeValueAsString(WorkbenchExporter.export(design)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always writes: " + e.getMessage(), e);
        }
    }
}
