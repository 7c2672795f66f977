package dev.singletable.examples.blog;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

import java.time.Instant;

/**
 * A user's membership of a group: the many-to-many link, written once. The table key files
 * it under the user (their groups), GSI1 under the group (its members): the inverted index
 * replaces the second, mirrored item a table without GSIs would need.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code USER#{username}}</td><td>{@code GROUP#{groupId}}</td><td>groups of a user</td></tr>
 *   <tr><td>GSI1</td><td>{@code GROUP#{groupId}}</td><td>{@code USER#{username}}</td><td>members of a group</td></tr>
 * </table>
 */
public record GroupMembership(String username, String groupId, GroupRole role, Instant joinedAt) {

    public static final Attribute<GroupMembership, String> USERNAME =
            Attribute.required("username", AttributeTypes.STRING, GroupMembership::username);
    public static final Attribute<GroupMembership, String> GROUP_ID =
            Attribute.required("groupId", AttributeTypes.STRING, GroupMembership::groupId);
    public static final Attribute<GroupMembership, GroupRole> ROLE =
            Attribute.required("role", AttributeTypes.enumType(GroupRole.class), GroupMembership::role);
    public static final Attribute<GroupMembership, Instant> JOINED_AT =
            Attribute.required("joinedAt", AttributeTypes.INSTANT, GroupMembership::joinedAt);

    public static final EntitySchema<GroupMembership> SCHEMA = EntitySchema.builder(GroupMembership.class)
            .type("GroupMembership")
            .attributes(USERNAME, GROUP_ID, ROLE, JOINED_AT)
            .primaryKey("USER#{username}", "GROUP#{groupId}")
            .index("GSI1", "GROUP#{groupId}", "USER#{username}")
            .factory(item -> new GroupMembership(item.get(USERNAME), item.get(GROUP_ID), item.get(ROLE), item.get(JOINED_AT)))
            .build();
}
