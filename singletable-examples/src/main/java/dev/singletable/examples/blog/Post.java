package dev.singletable.examples.blog;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

import java.time.Instant;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * A blog post, in its author's partition. GSI1 lists posts by status, oldest first, so the
 * published ones can be read newest first without touching drafts. Each tag of a published
 * post is also written as a {@link PostTag}, to find posts by tag.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code USER#{username}}</td><td>{@code POST#{postId}}</td><td>posts by user, user page</td></tr>
 *   <tr><td>GSI1</td><td>{@code POSTS#{status}}</td><td>{@code {createdAt}}</td><td>published posts by date</td></tr>
 * </table>
 *
 * @param tags the post's tags, kept sorted
 */
public record Post(String username, String postId, String title, String content, PostStatus status, Set<String> tags,
                   Instant createdAt) implements UserPage {

    public Post {
        tags = Collections.unmodifiableSortedSet(new TreeSet<>(tags));
    }

    public static final Attribute<Post, String> USERNAME =
            Attribute.required("username", AttributeTypes.STRING, Post::username);
    public static final Attribute<Post, String> POST_ID =
            Attribute.required("postId", AttributeTypes.STRING, Post::postId);
    public static final Attribute<Post, String> TITLE =
            Attribute.required("title", AttributeTypes.STRING, Post::title);
    public static final Attribute<Post, String> CONTENT =
            Attribute.required("content", AttributeTypes.STRING, Post::content);
    public static final Attribute<Post, PostStatus> STATUS =
            Attribute.required("status", AttributeTypes.enumType(PostStatus.class), Post::status);
    public static final Attribute<Post, Set<String>> TAGS =
            Attribute.of("tags", AttributeTypes.STRING_SET, Post::tags);
    public static final Attribute<Post, Instant> CREATED_AT =
            Attribute.required("createdAt", AttributeTypes.INSTANT, Post::createdAt);

    public static final EntitySchema<Post> SCHEMA = EntitySchema.builder(Post.class)
            .type("Post")
            .attributes(USERNAME, POST_ID, TITLE, CONTENT, STATUS, TAGS, CREATED_AT)
            .primaryKey("USER#{username}", "POST#{postId}")
            .index("GSI1", "POSTS#{status}", "{createdAt}")
            .factory(item -> new Post(item.get(USERNAME), item.get(POST_ID), item.get(TITLE), item.get(CONTENT),
                    item.get(STATUS), item.get(TAGS), item.get(CREATED_AT)))
            .build();
}
