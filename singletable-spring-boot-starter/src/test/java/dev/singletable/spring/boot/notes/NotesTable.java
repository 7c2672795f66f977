package dev.singletable.spring.boot.notes;

import dev.singletable.annotations.TableDesign;

/** The table the auto-configuration finds by its generated design, {@code NotesTableDesign.SCHEMA}. */
@TableDesign(name = "Notes", indexes = @TableDesign.GlobalIndex(name = "ByAuthor", partitionKey = "GSI1PK", sortKey = "GSI1SK"),
        entities = Note.class)
public final class NotesTable {
    private NotesTable() {
    }
}
