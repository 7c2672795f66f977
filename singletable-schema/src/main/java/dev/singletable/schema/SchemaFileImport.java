package dev.singletable.schema;

import dev.singletable.Experimental;
import dev.singletable.schema.internal.SchemaFiles;

/**
 * What follows an import: renaming what the import guessed badly. The imports themselves are the {@link ImportFormat}s
 * (NoSQL Workbench data models, Dynatable and OneTable schemas, DynamoDB-Toolbox entity DTOs, DynamoDB MCP
 * {@code schema.json}s, table descriptions).
 *
 * <pre>{@code
 * ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(Path.of("SocialNetwork.json"));
 * result.notes().forEach(System.out::println);
 * SchemaDocument design = SchemaFileImport.rename(result.document(), "UFollowerU=Follower");
 * SchemaFileWriter.write(design, Path.of("social.singletable.yaml"));
 * }</pre>
 */
@Experimental
public final class SchemaFileImport {

    private SchemaFileImport() {
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
}
