package dev.singletable.schema;

import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import dev.singletable.schema.internal.SchemaFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The formats of other tools' designs that {@code singletable} imports, each read into a schema file's document. What had to
 * be guessed (key templates read from sample items) and what could not be carried over comes back as {@link ImportNote}s
 * with the input's JSON path; inferred entities also say so in their description. {@link SchemaFileImport#rename} renames
 * what a guess named badly.
 *
 * <pre>{@code
 * ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(Path.of("SocialNetwork.json"));
 * result.notes().forEach(System.out::println);
 * SchemaDocument design = SchemaFileImport.rename(result.document(), "UFollowerU=Follower");
 * SchemaFileWriter.write(design, Path.of("social.singletable.yaml"));
 *
 * // a format whose input holds no table name: the table is named after the file (blog.dynatable.json gives blog)
 * ImportResult blog = ImportFormat.DYNATABLE.read(Path.of("blog.dynatable.json"));
 * ImportResult named = ImportFormat.DYNATABLE.read(Path.of("blog.dynatable.json"), "BlogTable");
 *
 * // a format of several tables: a design each, in the input's order (a schema file holds one table)
 * for (ImportResult table : ImportFormat.MCP_SCHEMA.readTables(Path.of("schema.json"))) {
 *     SchemaFileWriter.write(table.document(), Path.of(table.document().table().name() + ".singletable.yaml"));
 * }
 * }</pre>
 *
 * An input that cannot be read at all (not JSON, no table, no key, another format) throws {@link DesignImportException}
 * saying what is missing; a file is bounded by {@link TextLimits#IMPORTED_MODEL} before it is parsed.
 */
@Experimental
public enum ImportFormat {
    /**
     * A NoSQL Workbench data model (JSON, versions 1.0 and 3.0, as its Data modeler exports it). {@link #read} imports its
     * first table and notes the others; {@link #readTables} imports every one.
     */
    NOSQL_WORKBENCH("nosql-workbench", (text, fileName, tableName) -> SchemaFiles.importNoSqlWorkbench(text, fileName),
            SchemaFiles::importNoSqlWorkbenchTables),

    /**
     * A Dynatable schema as JSON or YAML (the object given to Dynatable, {@code format: 'dynatable:1.0.0'}); its table name
     * is not part of the schema.
     */
    DYNATABLE("dynatable", (text, fileName, tableName) -> SchemaFiles.importTemplateModel(text, fileName, tableName, false)),

    /** A OneTable schema as JSON or YAML ({@code format: 'onetable:1.1.0'}); its table name is not part of the schema. */
    ONETABLE("onetable", (text, fileName, tableName) -> SchemaFiles.importTemplateModel(text, fileName, tableName, true)),

    /**
     * A table as DynamoDB describes it ({@code aws dynamodb describe-table} output, the table object alone, or a CreateTable
     * request) as a skeleton design: its keys, GSIs, LSIs, projections, billing (provisioned when a table without a billing
     * summary has capacity) and stream, and one entity {@code Item} with
     * whole-slot keys that keeps every attribute, to replace with the entities of the access patterns.
     */
    DESCRIBE_TABLE("describe-table", (text, fileName, tableName) -> SchemaFiles.importTableDescription(text, fileName)),

    /**
     * A {@code schema.json} of AWS's DynamoDB MCP server (its data-model-to-code format: {@code tables} of
     * {@code table_config}, {@code gsi_list} and {@code entities} with {@code pk_template}, {@code sk_template},
     * {@code gsi_mappings}, {@code fields} and {@code access_patterns}). The read patterns (GetItem, Query, Scan) become
     * named access patterns whose values are placeholders of each slot's type; writes, consistent reads and what else has
     * no singletable/1 equivalent are notes. {@link #read} imports its first table and notes the others;
     * {@link #readTables} imports every one.
     */
    MCP_SCHEMA("mcp-schema", (text, fileName, tableName) -> SchemaFiles.importMcpSchema(text, fileName),
            SchemaFiles::importMcpSchemaTables),

    /**
     * DynamoDB-Toolbox (v2) entity DTOs as JSON: a list of {@code Entity.build(EntityDTO)} objects (or one) of the same
     * table. Each becomes an entity; a key attribute's {@code prefix} transformer gives its template ({@code USER#{userId}})
     * and a constant {@code keyDefault} a constant key; links and {@code computeKey} are functions the DTO does not hold,
     * reported by path with the rest. The table is named by the DTOs' {@code tableName}, or by the one given when they
     * have none.
     */
    DYNAMODB_TOOLBOX("dynamodb-toolbox", SchemaFiles::importDynamodbToolbox);

    /** Reads one design from an input's text. */
    @FunctionalInterface
    private interface DesignReader {
        ImportResult read(String text, String fileName, String tableName);
    }

    /** Reads a design of each table from an input's text. */
    @FunctionalInterface
    private interface TablesReader {
        List<ImportResult> read(String text, String fileName);
    }

    private final String id;
    private final DesignReader design;
    private final TablesReader tables;
    private final boolean severalTables;

    ImportFormat(String id, DesignReader design) {
        this.id = id;
        this.design = design;
        this.tables = (text, fileName) -> List.of(design.read(text, fileName, tableNameOf(fileName)));
        this.severalTables = false;
    }

    ImportFormat(String id, DesignReader design, TablesReader tables) {
        this.id = id;
        this.design = design;
        this.tables = tables;
        this.severalTables = true;
    }

    /** The format's name on the command line ({@code singletable import nosql-workbench FILE}): {@code nosql-workbench}. */
    public String id() {
        return id;
    }

    /** The format {@link #id()} names, or empty when none does. */
    public static Optional<ImportFormat> byId(String id) {
        NullArgumentException.check("ImportFormat.byId", "id", id);
        return Arrays.stream(values()).filter(format -> format.id.equals(id)).findFirst();
    }

    /**
     * Whether an input of this format may hold several tables (NoSQL Workbench, MCP {@code schema.json}): {@link #read}
     * then imports the first and {@link #readTables} each. An input of the other formats is one table.
     */
    public boolean holdsSeveralTables() {
        return severalTables;
    }

    /**
     * The design in a file: of a format of several tables, its first table (the others are noted); of a format whose
     * input holds no table name (Dynatable, OneTable, DynamoDB-Toolbox DTOs without {@code tableName}), the table named
     * after the file, up to the first dot of its name ({@code blog.dynatable.json} gives {@code blog}).
     */
    public ImportResult read(Path file) {
        NullArgumentException.check("ImportFormat.read", "file", file);
        return design.read(text(file), fileName(file), tableNameOf(fileName(file)));
    }

    /**
     * The design of one table in a file: of a format of several tables (NoSQL Workbench, MCP {@code schema.json}), the
     * one named {@code tableName}; of a format whose input names no table, the table it is given that name; a format of
     * one named table (describe-table, DynamoDB-Toolbox DTOs with {@code tableName}) keeps its own name.
     *
     * @throws DesignImportException when a model of several tables has none of that name (the message lists them)
     */
    public ImportResult read(Path file, String tableName) {
        NullArgumentException.check("ImportFormat.read", "file", file, "tableName", tableName);
        return read(text(file), fileName(file), tableName);
    }

    /** The design in an input's text, as {@link #read(Path)} reads a file of that name; {@code fileName} names it in errors. */
    public ImportResult read(String text, String fileName) {
        NullArgumentException.check("ImportFormat.read", "text", text, "fileName", fileName);
        return design.read(text, fileName, tableNameOf(fileName));
    }

    /** The design of one table in an input's text, as {@link #read(Path, String)} reads it; {@code fileName} names it in errors. */
    public ImportResult read(String text, String fileName, String tableName) {
        NullArgumentException.check("ImportFormat.read", "text", text, "fileName", fileName, "tableName", tableName);
        if (!severalTables) {
            return design.read(text, fileName, tableName);
        }
        List<ImportResult> all = tables.read(text, fileName);
        return all.stream().filter(table -> table.document().table().name().equals(tableName)).findFirst()
                .orElseThrow(() -> new DesignImportException(fileName + ": the model has no table " + tableName + "; its tables: "
                        + String.join(", ", all.stream().map(table -> table.document().table().name()).toList())));
    }

    /**
     * A design of each table of a file, in the input's order (a schema file holds one table); an input of a format of
     * one table gives that one, as {@link #read(Path)} does.
     */
    public List<ImportResult> readTables(Path file) {
        NullArgumentException.check("ImportFormat.readTables", "file", file);
        return readTables(text(file), fileName(file));
    }

    /** A design of each table of an input's text; {@code fileName} names it in errors. */
    public List<ImportResult> readTables(String text, String fileName) {
        NullArgumentException.check("ImportFormat.readTables", "text", text, "fileName", fileName);
        return tables.read(text, fileName);
    }

    /** The file's name, which names it in errors; a path without one (a root) is refused. */
    private static String fileName(Path file) {
        Path name = file.getFileName();
        if (name == null) {
            throw new DesignImportException(file + ": not a file; give the path of the model or schema to import");
        }
        return name.toString();
    }

    private static String tableNameOf(String fileName) {
        return fileName.replaceFirst("\\..*$", "");
    }

    private static String text(Path file) {
        try {
            return Utf8Files.readString(file, TextLimits.IMPORTED_MODEL);
        } catch (NotUtf8TextException | TextLimitException e) {
            throw new DesignImportException(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
