package dev.singletable.examples.blog;

import dev.singletable.annotations.AccessPatterns;
import dev.singletable.annotations.Example;
import dev.singletable.annotations.From;
import dev.singletable.annotations.Get;
import dev.singletable.annotations.Query;
import dev.singletable.annotations.To;
import dev.singletable.examples.AppTable;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * The blog access patterns of {@link dev.singletable.examples.AccessPatterns}, each declared once; the processor
 * generates {@code BlogPatterns}, through which the catalogue (and so {@code singletable demo}) runs them.
 *
 * <pre>{@code
 * Blog blog = BlogPatterns.of(table);
 * List<Post> published = blog.postsByStatus(PostStatus.PUBLISHED);
 * }</pre>
 */
@AccessPatterns(table = AppTable.class)
public interface Blog {
    /** user-by-username. */
    @Get
    @Example("alice")
    Optional<User> user(String username);

    /** user-by-email (GSI1). */
    @Query(index = AppTable.GSI1)
    @Example("carol@example.com")
    List<User> userByEmail(String email);

    /** posts-by-user. */
    @Query
    @Example("alice")
    List<Post> postsByUser(String username);

    /** user-page: profile and posts in one request, from the sort key range holding exactly them. */
    @Query(sortBetweenRaw = {UserPage.SORT_FROM, UserPage.SORT_TO})
    @Example("alice")
    List<UserPage> userPage(String username);

    /** comments-on-post, oldest first. */
    @Query
    @Example("single-table-basics")
    List<Comment> commentsOnPost(String postId);

    /** published-posts (GSI1), newest first. */
    @Query(index = AppTable.GSI1, descending = true)
    @Example("PUBLISHED")
    List<Post> postsByStatus(PostStatus status);

    /** posts-with-tag. */
    @Query
    @Example("dynamodb")
    List<PostTag> postsWithTag(String tag);

    /** comments-by-user (GSI1), newest first. */
    @Query(index = AppTable.GSI1, descending = true)
    @Example("bob")
    List<Comment> commentsByUser(String username);

    /** tags-of-post (GSI1). */
    @Query(index = AppTable.GSI1)
    @Example("single-table-basics")
    List<PostTag> tagsOfPost(String postId);

    /** metrics-between-dates. */
    @Query
    @Example({"alice", "2025-05-10", "2025-05-16"})
    List<UserMetrics> metricsBetween(String username, @From("day") LocalDate from, @To("day") LocalDate to);

    /** groups-of-user. */
    @Query
    @Example("alice")
    List<GroupMembership> groupsOfUser(String username);

    /** members-of-group (GSI1). */
    @Query(index = AppTable.GSI1)
    @Example("dynamodb-fans")
    List<GroupMembership> membersOfGroup(String groupId);

    /** sessions-of-user. */
    @Query
    @Example("alice")
    List<Session> sessionsOfUser(String userId);
}
