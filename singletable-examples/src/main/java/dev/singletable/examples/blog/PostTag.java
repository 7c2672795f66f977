package dev.singletable.examples.blog;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

import java.time.Instant;

/**
 * One tag of one published post: the many-to-many link between tags and posts. The table
 * key files it under the tag, GSI1 under the post. It repeats the post's author, title and
 * date so a tag page needs no second read.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code TAG#{tag}}</td><td>{@code POST#{postId}}</td><td>posts with a tag</td></tr>
 *   <tr><td>GSI1</td><td>{@code POST#{postId}}</td><td>{@code TAG#{tag}}</td><td>tags of a post</td></tr>
 * </table>
 */
public record PostTag(String tag, String postId, String username, String title, Instant createdAt) {

    public static final Attribute<PostTag, String> TAG =
            Attribute.required("tag", AttributeTypes.STRING, PostTag::tag);
    public static final Attribute<PostTag, String> POST_ID =
            Attribute.required("postId", AttributeTypes.STRING, PostTag::postId);
    public static final Attribute<PostTag, String> USERNAME =
            Attribute.required("username", AttributeTypes.STRING, PostTag::username);
    public static final Attribute<PostTag, String> TITLE =
            Attribute.required("title", AttributeTypes.STRING, PostTag::title);
    public static final Attribute<PostTag, Instant> CREATED_AT =
            Attribute.required("createdAt", AttributeTypes.INSTANT, PostTag::createdAt);

    public static final EntitySchema<PostTag> SCHEMA = EntitySchema.builder(PostTag.class)
            .type("PostTag")
            .attributes(TAG, POST_ID, USERNAME, TITLE, CREATED_AT)
            .primaryKey("TAG#{tag}", "POST#{postId}")
            .index("GSI1", "POST#{postId}", "TAG#{tag}")
            .factory(item -> new PostTag(item.get(TAG), item.get(POST_ID), item.get(USERNAME), item.get(TITLE),
                    item.get(CREATED_AT)))
            .build();

    /** The tag link of one tag of a post. */
    public static PostTag of(Post post, String tag) {
        return new PostTag(tag, post.postId(), post.username(), post.title(), post.createdAt());
    }
}
