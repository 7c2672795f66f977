package dev.singletable.examples.blog;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

import java.time.Instant;

/**
 * A comment on a post, in the post's partition, sorted by time (the comment id after the
 * time keeps two comments of the same instant apart). GSI1 files it under its author too.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code POST#{postId}}</td><td>{@code COMMENT#{createdAt}#{commentId}}</td><td>comments on a post</td></tr>
 *   <tr><td>GSI1</td><td>{@code USER#{username}}</td><td>{@code COMMENT#{createdAt}}</td><td>comments by a user</td></tr>
 * </table>
 *
 * @param username the comment's author
 */
@Entity(pk = "POST#{postId}", sk = "COMMENT#{createdAt}#{commentId}")
@Index(name = "GSI1", pk = "USER#{username}", sk = "COMMENT#{createdAt}")
public record Comment(String postId,
                      String commentId,
                      @Attribute(required = true) String username,
                      @Attribute(required = true) String content,
                      Instant createdAt) {
}
