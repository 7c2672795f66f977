package dev.singletable.examples.blog;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;

/**
 * A group users join (seed 003's user/group membership): related to {@link User} by the declared
 * relation {@code AppTable.MEMBERSHIP}, whose adjacency items carry the group's name.
 */
@Entity(pk = "GROUP#{groupId}", sk = "DETAILS")
public record Group(String groupId, @Attribute(required = true) String groupName) {
}
