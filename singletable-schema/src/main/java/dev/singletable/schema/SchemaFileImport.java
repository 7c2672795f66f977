package dev.singletable.schema;


import dev.singletable.Experimental;
import dev.singletable.schema.internal.SchemaFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Designs made with other tools, read into a schema file's document: NoSQL Workbench data models
 * (versions 1.0 and 3.0), Dynatable schemas ({@code dynatable:1.0.0}) and OneTable schemas
 * ({@code onetable:1.1.0}), DynamoDB-Toolbox entity DTOs and DynamoDB MCP {@code schema.json}s. What had to be guessed (key templates read from sample items) and what
 * could not be carried over comes back as {@link ImportNote}s with the input's JSON path; inferred
 * entities also say so in their description.
 *
 * <pre>{@code
 * ImportResult result = SchemaFileImport.noSqlWorkbench(Path.of("SocialNetwork.json"));
 * result.notes().forEach(System.out::println);
 * SchemaDocument design = SchemaFileImport.rename(result.document(), "UFollowerU=Follower");
 * SchemaFileWriter.write(design, Path.of("social.singletable.yaml"));
 * }</pre>
 */
@Experimental
public final class SchemaFileImport {

    private SchemaFileImport() {
    }

    /** A NoSQL Workbench data model (JSON, as its Data modeler exports it). */
    public static ImportResult noSqlWorkbench(Path model) {
        return noSqlWorkbench(read(model), model.getFileName().toString());
    }

    /** A NoSQL Workbench data model's text; {@code fileName} names it in errors. */
    public static ImportResult noSqlWorkbench(String json, String fileName) {
        return SchemaFiles.importNoSqlWorkbench(json, fileName);
    }

    /**
     * Every table of a NoSQL Workbench data model, a design each, in the model's order (a schema file holds one table).
     *
     * <pre>{@code
     * for (ImportResult table : SchemaFileImport.noSqlWorkbenchTables(Path.of("model.json"))) {
     *     SchemaFileWriter.write(table.document(), Path.of(table.document().table().name() + ".singletable.yaml"));
     * }
     * }</pre>
     */
    public static java.util.List<ImportResult> noSqlWorkbenchTables(Path model) {
        return noSqlWorkbenchTables(read(model), model.getFileName().toString());
    }

    /** Every table of a NoSQL Workbench model's text; {@code fileName} names it in errors. */
    public static java.util.List<ImportResult> noSqlWorkbenchTables(String json, String fileName) {
        return SchemaFiles.importNoSqlWorkbenchTables(json, fileName);
    }

    /**
     * A table as DynamoDB describes it ({@code aws dynamodb describe-table} output, the table object alone, or a CreateTable
     * request) as a skeleton design: its keys, GSIs, LSIs, projections and billing, and one entity {@code Item} with whole-slot
     * keys that keeps every attribute, to replace with the entities of the access patterns.
     *
     * <pre>{@code
     * // aws dynamodb describe-table --table-name Orders > orders.table.json
     * ImportResult skeleton = SchemaFileImport.tableDescription(Path.of("orders.table.json"));
     * }</pre>
     */
    public static ImportResult tableDescription(Path description) {
        return tableDescription(read(description), description.getFileName().toString());
    }

    /** A table description's text; {@code fileName} names it in errors. */
    public static ImportResult tableDescription(String json, String fileName) {
        return SchemaFiles.importTableDescription(json, fileName);
    }

    /**
     * A Dynatable schema as JSON or YAML (the object given to Dynatable, {@code format: 'dynatable:1.0.0'}).
     * Its table name is not part of the schema: give it.
     */
    public static ImportResult dynatable(Path schema, String tableName) {
        return dynatable(read(schema), schema.getFileName().toString(), tableName);
    }

    public static ImportResult dynatable(String text, String fileName, String tableName) {
        return SchemaFiles.importTemplateModel(text, fileName, tableName, false);
    }

    /** A OneTable schema as JSON or YAML ({@code format: 'onetable:1.1.0'}). Its table name is not part of the schema: give it. */
    public static ImportResult oneTable(Path schema, String tableName) {
        return oneTable(read(schema), schema.getFileName().toString(), tableName);
    }

    public static ImportResult oneTable(String text, String fileName, String tableName) {
        return SchemaFiles.importTemplateModel(text, fileName, tableName, true);
    }

    /**
     * DynamoDB-Toolbox (v2) entity DTOs as JSON: a list of {@code Entity.build(EntityDTO)} objects (or one) of the same table. Each
     * becomes an entity; a key attribute's {@code prefix} transformer gives its template ({@code USER#{userId}}) and a constant
     * {@code keyDefault} a constant key; links and {@code computeKey} are functions the DTO does not hold, reported by path with
     * the rest. The table is named by the DTOs' {@code tableName}, or {@code tableName} when they have none.
     *
     * <pre>{@code
     * // JSON.stringify([UserEntity.build(EntityDTO), PostEntity.build(EntityDTO)]) saved as entities.json
     * ImportResult result = SchemaFileImport.dynamodbToolbox(Path.of("entities.json"), "Blog");
     * result.notes().forEach(System.out::println);
     * }</pre>
     */
    public static ImportResult dynamodbToolbox(Path dtos, String tableName) {
        return dynamodbToolbox(read(dtos), dtos.getFileName().toString(), tableName);
    }

    /** DynamoDB-Toolbox entity DTOs' JSON text; {@code fileName} names it in errors. */
    public static ImportResult dynamodbToolbox(String json, String fileName, String tableName) {
        return SchemaFiles.importDynamodbToolbox(json, fileName, tableName);
    }

    /**
     * The first table of a {@code schema.json} of AWS's DynamoDB MCP server (its data-model-to-code format: {@code tables}
     * of {@code table_config}, {@code gsi_list} and {@code entities} with {@code pk_template}, {@code sk_template},
     * {@code gsi_mappings}, {@code fields} and {@code access_patterns}); each other table is a note. The read patterns
     * (GetItem, Query, Scan) become named access patterns whose values are placeholders of each slot's type; writes,
     * consistent reads and what else has no singletable/1 equivalent are notes.
     *
     * <pre>{@code
     * ImportResult result = SchemaFileImport.mcpSchema(Path.of("schema.json"));
     * result.notes().forEach(System.out::println);
     * }</pre>
     */
    public static ImportResult mcpSchema(Path schema) {
        return mcpSchema(read(schema), schema.getFileName().toString());
    }

    /** A DynamoDB MCP {@code schema.json}'s text; {@code fileName} names it in errors. */
    public static ImportResult mcpSchema(String json, String fileName) {
        return SchemaFiles.importMcpSchema(json, fileName);
    }

    /**
     * Every table of a DynamoDB MCP {@code schema.json}, a design each, in its order.
     *
     * <pre>{@code
     * List<ImportResult> tables = SchemaFileImport.mcpSchemaTables(Path.of("schema.json"));
     * }</pre>
     */
    public static java.util.List<ImportResult> mcpSchemaTables(Path schema) {
        return mcpSchemaTables(read(schema), schema.getFileName().toString());
    }

    /** Every table of a DynamoDB MCP {@code schema.json}'s text; {@code fileName} names it in errors. */
    public static java.util.List<ImportResult> mcpSchemaTables(String json, String fileName) {
        return SchemaFiles.importMcpSchemaTables(json, fileName);
    }

    /**
     * Renames an entity ({@code UFollowerU=Follower}) or one of its attributes with every slot that
     * names it ({@code Follower.id=userId}), in keys, indexes and examples.
     *
     * @throws DesignImportException when the entity or attribute does not exist or the new name is taken
     */
    public static SchemaDocument rename(SchemaDocument document, String rename) {
        return SchemaFiles.rename(document, rename);
    }

    private static String read(Path file) {
        try {
            return Utf8Files.readString(file, TextLimits.IMPORTED_MODEL);
        } catch (NotUtf8TextException | TextLimitException e) {
            throw new DesignImportException(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
