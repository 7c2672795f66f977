package dev.singletable.examples.blog;

/** Whether a {@link Post} is visible to readers. */
public enum PostStatus {
    DRAFT,
    PUBLISHED
}
