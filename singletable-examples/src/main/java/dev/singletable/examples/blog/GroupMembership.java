package dev.singletable.examples.blog;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

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
@Entity(pk = "USER#{username}", sk = "GROUP#{groupId}")
@Index(name = "GSI1", pk = "GROUP#{groupId}", sk = "USER#{username}")
public record GroupMembership(String username,
                              String groupId,
                              @Attribute(required = true) GroupRole role,
                              @Attribute(required = true) Instant joinedAt) {
}
