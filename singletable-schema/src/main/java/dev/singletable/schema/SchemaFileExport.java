package dev.singletable.schema;

import dev.singletable.Experimental;


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
@Experimental
public final class SchemaFileExport {

    private SchemaFileExport() {
    }

    /** The design as a NoSQL Workbench 3.0 data model, pretty-printed JSON ending in a newline. */
    public static String noSqlWorkbench(SchemaFile design) {
        return SchemaFileProvider.instance().noSqlWorkbenchModel(design);
    }
}
