package dev.singletable.examples.blog;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

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
@Entity(pk = "TAG#{tag}", sk = "POST#{postId}")
@Index(name = "GSI1", pk = "POST#{postId}", sk = "TAG#{tag}")
public record PostTag(String tag,
                      String postId,
                      @Attribute(required = true) String username,
                      @Attribute(required = true) String title,
                      @Attribute(required = true) Instant createdAt) {

    /** The tag link of one tag of a post. */
    public static PostTag of(Post post, String tag) {
        return new PostTag(tag, post.postId(), post.username(), post.title(), post.createdAt());
    }
}
