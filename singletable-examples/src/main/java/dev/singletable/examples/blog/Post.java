package dev.singletable.examples.blog;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

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
@Entity(pk = "USER#{username}", sk = "POST#{postId}")
@Index(name = "GSI1", pk = "POSTS#{status}", sk = "{createdAt}")
public record Post(String username,
                   String postId,
                   @Attribute(required = true) String title,
                   @Attribute(required = true) String content,
                   @Attribute(required = true) PostStatus status,
                   Set<String> tags,
                   @Attribute(required = true) Instant createdAt)
        implements UserPage {

    public Post {
        tags = Collections.unmodifiableSortedSet(new TreeSet<>(tags));
    }
}
