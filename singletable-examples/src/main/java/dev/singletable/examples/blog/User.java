package dev.singletable.examples.blog;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

import java.time.Instant;
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
 */
public record User(String username, String name, String email, Optional<String> bio, Instant createdAt) implements UserPage {

    public static final Attribute<User, String> USERNAME =
            Attribute.required("username", AttributeTypes.STRING, User::username);
    public static final Attribute<User, String> NAME =
            Attribute.required("name", AttributeTypes.STRING, User::name);
    public static final Attribute<User, String> EMAIL =
            Attribute.required("email", AttributeTypes.STRING, User::email);
    public static final Attribute<User, Optional<String>> BIO =
            Attribute.of("bio", AttributeTypes.optional(AttributeTypes.STRING), User::bio);
    public static final Attribute<User, Instant> CREATED_AT =
            Attribute.required("createdAt", AttributeTypes.INSTANT, User::createdAt);

    public static final EntitySchema<User> SCHEMA = EntitySchema.builder(User.class)
            .type("User")
            .attributes(USERNAME, NAME, EMAIL, BIO, CREATED_AT)
            .primaryKey("USER#{username}", "PROFILE")
            .index("GSI1", "EMAIL#{email}", "USER#{username}")
            .factory(item -> new User(item.get(USERNAME), item.get(NAME), item.get(EMAIL), item.get(BIO), item.get(CREATED_AT)))
            .build();
}
