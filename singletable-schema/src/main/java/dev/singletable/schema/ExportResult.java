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
 * @param entities how many entity types the text holds (those left out, noted, not counted): 0 when the format could
 *     hold none of the design's, and the text is then of no use to the other tool
 */
@Experimental
public record ExportResult(String text, List<ExportNote> notes, int entities) {
    public ExportResult {
        Objects.requireNonNull(text, "text");
        notes = List.copyOf(notes);
        if (entities < 0) {
            throw new IllegalArgumentException("entities: " + entities + " is negative");
        }
    }
}
