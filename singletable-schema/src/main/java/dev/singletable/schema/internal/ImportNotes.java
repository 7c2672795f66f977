package dev.singletable.schema.internal;

import dev.singletable.schema.ImportNote;

import java.util.ArrayList;
import java.util.List;

/** The notes of one import, in the order they were made. */
final class ImportNotes {
    private final List<ImportNote> notes = new ArrayList<>();

    void inferred(String path, String message) {
        notes.add(new ImportNote(ImportNote.Kind.INFERRED, path, message));
    }

    void notMapped(String path, String message) {
        notes.add(new ImportNote(ImportNote.Kind.NOT_MAPPED, path, message));
    }

    List<ImportNote> list() {
        return List.copyOf(notes);
    }
}
