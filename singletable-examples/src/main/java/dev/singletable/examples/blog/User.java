package dev.singletable.examples.blog;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A user's profile. The user's partition ({@code USER#{username}}) also holds their posts,
 * daily metrics, group memberships and sessions, each under its own sort key prefix.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code USER#{username}}</td><td>{@code PROFILE}</td><td>user by username, user page</td></tr>
 *   <tr><td>GSI1</td><td>{@code EMAIL#{email}}</td><td>{@code USER#{username}}</td><td>user by email</td></tr>
 * </table>
 *
 * @param languages the languages posts are shown in, first preferred; changed in place ({@code remove(LANGUAGES.at(1))})
 * @param links     links to the user's pages elsewhere, by site; changed in place ({@code set(LINKS.key("mastodon"), url)})
 */
@Entity(pk = "USER#{username}", sk = "PROFILE")
@Index(name = "GSI1", pk = "EMAIL#{email}", sk = "USER#{username}")
public record User(String username,
                   @Attribute(required = true) String name,
                   @Attribute(required = true) String email,
                   Optional<String> bio,
                   @Attribute(required = true) Instant createdAt,
                   List<String> languages,
                   Map<String, String> links)
        implements UserPage {
}
