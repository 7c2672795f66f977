package dev.singletable.examples.blog;

import dev.singletable.EntityCollection;

/**
 * A user's profile page: the {@link User} and their {@link Post}s, read in one request from the
 * user's partition.
 *
 * <p>That partition ({@code USER#{username}}) holds more than these two types: sorted by sort
 * key it reads {@code GROUP#…} (memberships), {@code METRICS#…} (daily metrics),
 * {@code POST#…} (posts), {@code PROFILE} (the user), {@code SESSION#…} (sessions). Posts and
 * profile are neighbours, so the query takes the sort key range from {@code POST#} to
 * {@code PROFILE}, both inclusive ({@code sortBetweenRaw("POST#", "PROFILE")}): it reads
 * exactly the posts and the profile, and leaves memberships, metrics and sessions unread,
 * rather than reading them and failing on a type outside the collection. A new entity whose
 * sort key falls in that range (say {@code PREFERENCES}) would have to join the collection.
 */
public sealed interface UserPage permits User, Post {

    EntityCollection<UserPage> COLLECTION = EntityCollection.of(UserPage.class, User.SCHEMA, Post.SCHEMA);

    /** The sort key range of a user's partition that holds exactly the posts and the profile. */
    String SORT_FROM = "POST#";

    /** The upper end of the range, inclusive: the profile's sort key. */
    String SORT_TO = "PROFILE";
}
