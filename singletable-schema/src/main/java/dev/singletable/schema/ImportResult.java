package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.List;
import java.util.Objects;

/**
 * What an import gives: the design as a schema file's document, and every guess it made and
 * everything it could not map.
 *
 * <pre>{@code
 * ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(Path.of("model.json"));
 * result.notes().forEach(System.out::println);
 * SchemaFileWriter.write(result.document(), Path.of("design.singletable.yaml"));
 * }</pre>
 *
 * @param document the imported design
 * @param notes what was inferred or not mapped, in input order
 */
@Experimental
public record ImportResult(SchemaDocument document, List<ImportNote> notes) {
    public ImportResult {
        Objects.requireNonNull(document, "document");
        notes = List.copyOf(notes);
    }
}
