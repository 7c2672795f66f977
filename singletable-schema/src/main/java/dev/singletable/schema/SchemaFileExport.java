package dev.singletable.schema;

import dev.singletable.Experimental;
import dev.singletable.schema.internal.SchemaFiles;


/**
 * A schema file in other tools' formats: a NoSQL Workbench data model (version 3.0) with one facet
 * per entity (its key templates as the facet's key aliases), the GSIs with their projections, and
 * the entities' examples as sample items with their keys composed as a write composes them, so
 * that AWS's visual tool shows the design. Importing the model gives the same table, entities,
 * templates and examples back ({@link ImportFormat#NOSQL_WORKBENCH}).
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

    /** The design as a NoSQL Workbench 3.0 data model, pretty-printed JSON ending in a newline: the text of {@link #noSqlWorkbenchModel}. */
    public static String noSqlWorkbench(SchemaFile design) {
        return SchemaFiles.noSqlWorkbenchModel(design);
    }

    /**
     * The design as a NoSQL Workbench 3.0 data model, with a note for each part the model cannot hold, by its path in the
     * design, as the other exports give: TTL, stream, volumes, required flags, roles, generated ids, types that come back as
     * another, enum values, descriptions, state-dependent keys (a facet per state), multi-attribute keys, sparse conditions,
     * record types, collections, access patterns and relations.
     *
     * <pre>{@code
     * ExportResult model = SchemaFileExport.noSqlWorkbenchModel(SchemaFile.load(Path.of("blog.singletable.yaml")));
     * model.notes().forEach(System.out::println);   // not exported: entities.User.attributes.createdAt.role: createdAt
     * }</pre>
     */
    public static ExportResult noSqlWorkbenchModel(SchemaFile design) {
        return SchemaFiles.noSqlWorkbenchWithNotes(design);
    }

    /**
     * The design as a OneTable schema ({@code onetable:1.1.0}, JSON): the indexes, a model per entity with its key
     * templates as {@code ${attribute}} values, and its attributes; what the schema cannot hold (examples, access
     * patterns, sparse conditions, narrowed types, ...) comes back as notes with its path in the design. Importing the
     * schema ({@link ImportFormat#ONETABLE}) gives the table, entities and templates back.
     *
     * <pre>{@code
     * ExportResult schema = SchemaFileExport.oneTable(SchemaFile.load(Path.of("crm.singletable.yaml")));
     * Files.writeString(Path.of("crm.onetable.json"), schema.text());
     * schema.notes().forEach(System.out::println);   // not exported: entities.Account.examples: 2 examples (...)
     * }</pre>
     */
    public static ExportResult oneTable(SchemaFile design) {
        return SchemaFiles.templateModel(design, true);
    }

    /**
     * The design as a {@code schema.json} of AWS's DynamoDB MCP server: the table with its GSIs, each entity's key
     * templates, GSI mappings and typed fields, and the access patterns under their entity (a collection's under its
     * first member, as {@code mixed_data}); what the format cannot hold (LSIs, examples, pattern values, ...) comes
     * back as notes. Importing it ({@link ImportFormat#MCP_SCHEMA}) gives the table, entities,
     * templates and patterns back.
     *
     * <pre>{@code
     * ExportResult schema = SchemaFileExport.mcpSchema(SchemaFile.load(Path.of("blog.singletable.yaml")));
     * Files.writeString(Path.of("schema.json"), schema.text());
     * }</pre>
     */
    public static ExportResult mcpSchema(SchemaFile design) {
        return SchemaFiles.mcpSchema(design);
    }

    /**
     * The design as DynamoDB-Toolbox (v2) entity DTOs (JSON: a list of what {@code Entity.build(EntityDTO)} gives, one per
     * entity, each with the table's DTO): a template {@code PREFIX#{slot}} is the slot's attribute saved as the key attribute
     * with a {@code prefix} transformer, a constant primary key a hidden key attribute with the constant as its key default,
     * the created and updated instants the entity's {@code timestamps}; templates of more than one slot or with a suffix
     * (which need links or {@code computeKey}, functions a DTO cannot hold), collections, access patterns, examples and the
     * rest come back as notes with their path in the design. Importing the DTOs
     * ({@link ImportFormat#DYNAMODB_TOOLBOX}) gives the table, entities and templates back.
     *
     * <pre>{@code
     * ExportResult dtos = SchemaFileExport.dynamodbToolbox(SchemaFile.load(Path.of("library.singletable.yaml")));
     * Files.writeString(Path.of("library.toolbox.json"), dtos.text());   // fromDTO(...) each in TypeScript
     * }</pre>
     */
    public static ExportResult dynamodbToolbox(SchemaFile design) {
        return SchemaFiles.dynamodbToolbox(design);
    }

    /**
     * The design as a Dynatable schema ({@code dynatable:1.0.0}, JSON): as {@link #oneTable(SchemaFile)}, each model's
     * primary key fields under {@code key} and the rest under {@code attributes}.
     *
     * <pre>{@code
     * ExportResult schema = SchemaFileExport.dynatable(SchemaFile.load(Path.of("blog.singletable.yaml")));
     * }</pre>
     */
    public static ExportResult dynatable(SchemaFile design) {
        return SchemaFiles.templateModel(design, false);
    }
}
