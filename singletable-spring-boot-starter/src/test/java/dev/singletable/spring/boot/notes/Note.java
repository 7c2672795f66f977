package dev.singletable.spring.boot.notes;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

@Entity(pk = "NOTE#{noteId}", sk = "NOTE")
@Index(name = "ByAuthor", pk = "AUTHOR#{author}", sk = "NOTE#{noteId}")
public record Note(String noteId, String author, String text) {
}
