package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.Relation;
import dev.singletable.TableSchema;

import java.time.LocalDate;

/**
 * Issue 35's relation gaps: users and groups keyed by the same attribute name {@code id}, seed 000's
 * membership with its edge attributes {@code JoinDate} and {@code Role}, and users following users.
 */
final class RelationRolesModel {
    private RelationRolesModel() {
    }

    record User(String id, String name) {}

    record Group(String id, String title) {}

    /** The users and groups the tests of this model relate. */
    static final User ADA = new User("123", "Ada");
    static final User BOB = new User("456", "Bob");
    static final User CY = new User("789", "Cy");
    static final Group ADMINS = new Group("1", "Admins");
    static final Group READERS = new Group("2", "Readers");

    static final Attribute<User, String> USER_ID = Attribute.required("id", AttributeTypes.STRING, User::id);
    static final Attribute<User, String> NAME = Attribute.of("name", AttributeTypes.STRING, User::name);
    static final EntitySchema<User> USER = EntitySchema.builder(User.class)
            .attributes(USER_ID, NAME)
            .primaryKey("USER#{id}", "PROFILE")
            .factory(i -> new User(i.get(USER_ID), i.get(NAME)))
            .build();

    static final Attribute<Group, String> GROUP_ID = Attribute.required("id", AttributeTypes.STRING, Group::id);
    static final Attribute<Group, String> TITLE = Attribute.of("title", AttributeTypes.STRING, Group::title);
    static final EntitySchema<Group> GROUP = EntitySchema.builder(Group.class)
            .attributes(GROUP_ID, TITLE)
            .primaryKey("GROUP#{id}", "DETAILS")
            .factory(i -> new Group(i.get(GROUP_ID), i.get(TITLE)))
            .build();

    static final Attribute<DynamicItem, LocalDate> JOIN_DATE = Relation.edgeAttribute("JoinDate", AttributeTypes.LOCAL_DATE);
    static final Attribute<DynamicItem, String> ROLE = Relation.edgeAttribute("Role", AttributeTypes.STRING);

    /** Seed 000's membership between two entities both keyed {@code id}, with the edge's JoinDate and Role on both items. */
    static final Relation<User, Group> MEMBERSHIP = Relation.between("Membership", USER, GROUP)
            .firstKeyAs("id", "userId").secondKeyAs("id", "groupId")
            .firstSide("USER#{userId}", "GROUP#{groupId}")
            .secondSide("GROUP#{groupId}", "USER#{userId}")
            .itemTypes("USERGROUP", "GROUPUSER")
            .copyFromFirst(NAME)
            .copyFromSecond(TITLE)
            .edge(JOIN_DATE, ROLE)
            .propagateCopies()
            .build();

    /** A user follows users: the follower's partition lists whom they follow, the followee's their followers. */
    static final Relation<User, User> FOLLOWS = Relation.between("Follows", USER, USER)
            .firstKeyAs("id", "followerId").secondKeyAs("id", "followeeId")
            .firstSide("USER#{followerId}", "FOLLOWS#{followeeId}")
            .secondSide("USER#{followeeId}", "FOLLOWED_BY#{followerId}")
            .itemTypes("Follows", "FollowedBy")
            .copyFromFirst(NAME)                     // the follower's name, on both items
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("RelationRoles")
            .entities(USER, GROUP)
            .relation(MEMBERSHIP)
            .relation(FOLLOWS)
            .build();
}
