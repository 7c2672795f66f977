package dev.singletable.schema;

import dev.singletable.Experimental;
import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.Explanation;
import dev.singletable.Query;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.TableSchema;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The seam between the schema module's API (this package) and its implementation (the loader,
 * the builder of the core model and the writer, in a package that is not exported), found once
 * with {@link ServiceLoader}, so that this package never depends on the implementation's classes
 * (the core's API, which calls its internals directly, has no such seam any more).
 *
 * <p>Not for application code: every method is protected and may change in any release. A shaded
 * jar must keep {@code META-INF/services/dev.singletable.schema.SchemaFileProvider} (Maven Shade's
 * {@code ServicesResourceTransformer} does).
 */
@Experimental
public abstract class SchemaFileProvider {

    /** For the implementation only. */
    protected SchemaFileProvider() {
    }

    static SchemaFileProvider instance() {
        return Loaded.INSTANCE;
    }

    /** Loaded on first use, once per class loader. */
    private static final class Loaded {
        static final SchemaFileProvider INSTANCE = load();

        private static SchemaFileProvider load() {
            return ServiceLoader.load(SchemaFileProvider.class, SchemaFileProvider.class.getClassLoader()).findFirst()
                    .orElseThrow(() -> new IllegalStateException("singletable-schema's implementation was not found: "
                            + "META-INF/services/dev.singletable.schema.SchemaFileProvider is missing from the class path "
                            + "(a shaded or merged jar must keep service files)"));
        }
    }

    /**
     * Parses and checks schema file text; example files are looked up relative to {@code baseDirectory}
     * (the working directory when empty).
     *
     * @throws SchemaFileException listing every mistake
     */
    protected abstract Design load(String text, String fileName, Optional<Path> baseDirectory);

    /**
     * The core model of a document built in code, under the same rules.
     *
     * @throws SchemaFileException listing every mistake, placed by path
     */
    protected abstract Design build(SchemaDocument document);

    /** The document as canonical YAML, without the editor header. */
    protected abstract String yaml(SchemaDocument document);

    /** The document as canonical JSON, starting with {@code $schema}. */
    protected abstract String json(SchemaDocument document, String schemaUrl);

    /** A NoSQL Workbench data model's JSON text read into a design; {@code fileName} names it in errors. */
    protected abstract ImportResult importNoSqlWorkbench(String json, String fileName);

    /** A table as {@code describe-table} prints it: a skeleton design. */
    protected abstract ImportResult importTableDescription(String json, String fileName);

    /** Every table of a NoSQL Workbench model, a design each. */
    protected abstract List<ImportResult> importNoSqlWorkbenchTables(String json, String fileName);

    /** A Dynatable ({@code oneTable} false) or OneTable schema's JSON or YAML text read into a design of the named table. */
    protected abstract ImportResult importTemplateModel(String text, String fileName, String tableName, boolean oneTable);

    /** DynamoDB-Toolbox entity DTOs (JSON) read into a design; {@code tableName} names the table when the DTOs do not. */
    protected ImportResult importDynamodbToolbox(String json, String fileName, String tableName) {
        throw new UnsupportedOperationException("This singletable-schema imports no DynamoDB-Toolbox DTOs; upgrade it");
    }

    /** The design as DynamoDB-Toolbox entity DTOs, pretty-printed JSON, with what they cannot hold. */
    protected ExportResult dynamodbToolbox(SchemaFile design) {
        throw new UnsupportedOperationException("This singletable-schema exports no DynamoDB-Toolbox DTOs; upgrade it");
    }

    /** The document with an entity or an attribute renamed ({@code Old=New}, {@code Entity.old=new}). */
    protected abstract SchemaDocument rename(SchemaDocument document, String rename);

    /** The design as a NoSQL Workbench 3.0 data model, pretty-printed JSON ending in a newline. */
    protected abstract String noSqlWorkbenchModel(SchemaFile design);

    /** A DynamoDB MCP {@code schema.json}'s first table read into a design. */
    protected abstract ImportResult importMcpSchema(String json, String fileName);

    /** Every table of a DynamoDB MCP {@code schema.json}, a design each. */
    protected abstract List<ImportResult> importMcpSchemaTables(String json, String fileName);

    /** The design as a DynamoDB MCP {@code schema.json}, pretty-printed JSON, with what it cannot hold. */
    protected abstract ExportResult mcpSchema(SchemaFile design);

    /** The design as a Dynatable ({@code oneTable} false) or OneTable schema, pretty-printed JSON, with what it cannot hold. */
    protected abstract ExportResult templateModel(SchemaFile design, boolean oneTable);

    /**
     * The Java value of a plain value (text, BigDecimal, Boolean, List or Map) for an attribute of the definition.
     *
     * @throws IllegalArgumentException saying what the attribute takes, when the value does not fit
     */
    protected abstract Object attributeValue(AttributeDefinition attribute, Object value);

    /** As {@link #attributeValue(AttributeDefinition, Object)}, with the file's record types for embedded records. */
    protected Object attributeValue(AttributeDefinition attribute, Object value, Map<String, RecordTypeDefinition> types) {
        return attributeValue(attribute, value);
    }

    /** A loaded design: the document, the core model built from it, and its access patterns bound to that model. */
    protected abstract static class Design {
        /** For the implementation only. */
        protected Design() {
        }

        protected abstract SchemaDocument document();

        protected abstract TableSchema table();

        protected abstract Map<String, EntitySchema<DynamicItem>> entities();

        protected abstract Map<String, EntityCollection<DynamicItem>> collections();

        protected abstract Map<String, List<DynamicItem>> examples();

        protected abstract AccessPatternDefinition pattern(String name);

        protected abstract List<DynamicItem> run(Table table, String pattern, Map<String, ?> parameters);

        protected abstract Query<DynamicItem> query(Table table, String pattern, Map<String, ?> parameters);

        protected abstract Query<Map<String, Object>> queryMaps(Table table, String pattern, Map<String, ?> parameters);

        protected abstract Explanation explain(Table table, String pattern, Map<String, ?> parameters);

        /** Where the field at this path of names starts, or its nearest located parent; empty when built in code. */
        protected abstract Optional<SourceLocation> location(List<String> path);

        /** The Java source the entity or access pattern at this path was compiled from; see {@link SchemaFile#codeLocation}. */
        protected Optional<SourceLocation> codeLocation(List<String> path) {
            return Optional.empty();
        }

        /** A document path written as text into an entity's attribute; see {@link SchemaFile#path}. */
        protected dev.singletable.AttributePath<DynamicItem, Object> path(String entity, String path) {
            throw new SchemaDefinitionException("This singletable-schema reads no document paths; upgrade it");
        }

        /** The Java value at a document path from a plain value; see {@link SchemaFile#pathValue}. */
        protected Object pathValue(String entity, String path, Object value) {
            throw new SchemaDefinitionException("This singletable-schema reads no document paths; upgrade it");
        }
    }
}
