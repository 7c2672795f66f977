package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.List;
import java.util.Objects;

/**
 * What an export gives: the design in the other tool's format, and everything of it that format cannot hold.
 *
 * <pre>{@code
 * ExportResult result = SchemaFileExport.oneTable(SchemaFile.load(Path.of("crm.singletable.yaml")));
 * Files.writeString(Path.of("crm.onetable.json"), result.text());
 * result.notes().forEach(System.out::println);
 * }</pre>
 *
 * @param text the exported design, ending in a newline
 * @param notes what was left out or narrowed, in the design's order
 */
@Experimental
public record ExportResult(String text, List<ExportNote> notes) {
    public ExportResult {
        Objects.requireNonNull(text, "text");
        notes = List.copyOf(notes);
    }
}
