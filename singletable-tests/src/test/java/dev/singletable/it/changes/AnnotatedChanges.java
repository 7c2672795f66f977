package dev.singletable.it.changes;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.TableDesign;

/** The change-events table declared with annotations: the stream is {@code @TableDesign(stream = ...)}. */
@TableDesign(name = "AnnotatedChanges", stream = TableDesign.StreamView.NEW_AND_OLD_IMAGES,
        entities = {AnnotatedChanges.Author.class, AnnotatedChanges.Book.class})
final class AnnotatedChanges {
    private AnnotatedChanges() {
    }

    sealed interface Shelf permits Author, Book {}

    @Entity(pk = "AUTHOR#{authorId}", sk = "PROFILE")
    record Author(String authorId, String name) implements Shelf {
    }

    @Entity(pk = "AUTHOR#{authorId}", sk = "BOOK#{bookId}")
    record Book(String authorId, String bookId, String title, int pages) implements Shelf {
    }
}
