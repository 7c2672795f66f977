package dev.singletable.examples.blog;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

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
public record Comment(String postId, String commentId, String username, String content, Instant createdAt) {

    public static final Attribute<Comment, String> POST_ID =
            Attribute.required("postId", AttributeTypes.STRING, Comment::postId);
    public static final Attribute<Comment, String> COMMENT_ID =
            Attribute.required("commentId", AttributeTypes.STRING, Comment::commentId);
    public static final Attribute<Comment, String> USERNAME =
            Attribute.required("username", AttributeTypes.STRING, Comment::username);
    public static final Attribute<Comment, String> CONTENT =
            Attribute.required("content", AttributeTypes.STRING, Comment::content);
    public static final Attribute<Comment, Instant> CREATED_AT =
            Attribute.required("createdAt", AttributeTypes.INSTANT, Comment::createdAt);

    public static final EntitySchema<Comment> SCHEMA = EntitySchema.builder(Comment.class)
            .type("Comment")
            .attributes(POST_ID, COMMENT_ID, USERNAME, CONTENT, CREATED_AT)
            .primaryKey("POST#{postId}", "COMMENT#{createdAt}#{commentId}")
            .index("GSI1", "USER#{username}", "COMMENT#{createdAt}")
            .factory(item -> new Comment(item.get(POST_ID), item.get(COMMENT_ID), item.get(USERNAME), item.get(CONTENT),
                    item.get(CREATED_AT)))
            .build();
}
