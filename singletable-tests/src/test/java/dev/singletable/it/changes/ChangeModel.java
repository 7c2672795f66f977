package dev.singletable.it.changes;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** Users, their memberships and groups, built with the builder front end, on a table with a stream. */
final class ChangeModel {
    private ChangeModel() {
    }

    sealed interface UserItems permits User, Membership {}

    record User(String userId, String name) implements UserItems {}

    record Membership(String userId, String groupId, String userName) implements UserItems {}

    record Group(String groupId, String title) {}

    static final Attribute<User, String> USER_ID = Attribute.required("userId", AttributeTypes.STRING, User::userId);
    static final Attribute<User, String> NAME = Attribute.required("name", AttributeTypes.STRING, User::name);
    static final EntitySchema<User> USER = EntitySchema.builder(User.class)
            .attributes(USER_ID, NAME)
            .primaryKey("USER#{userId}", "PROFILE")
            .factory(i -> new User(i.get(USER_ID), i.get(NAME)))
            .build();

    static final Attribute<Membership, String> M_USER_ID = Attribute.required("userId", AttributeTypes.STRING, Membership::userId);
    static final Attribute<Membership, String> M_GROUP_ID = Attribute.required("groupId", AttributeTypes.STRING, Membership::groupId);
    static final Attribute<Membership, String> M_USER_NAME = Attribute.of("userName", AttributeTypes.STRING, Membership::userName);
    static final EntitySchema<Membership> MEMBERSHIP = EntitySchema.builder(Membership.class)
            .attributes(M_USER_ID, M_GROUP_ID, M_USER_NAME)
            .primaryKey("USER#{userId}", "GROUP#{groupId}")
            .factory(i -> new Membership(i.get(M_USER_ID), i.get(M_GROUP_ID), i.get(M_USER_NAME)))
            .build();

    static final Attribute<Group, String> GROUP_ID = Attribute.required("groupId", AttributeTypes.STRING, Group::groupId);
    static final Attribute<Group, String> TITLE = Attribute.required("title", AttributeTypes.STRING, Group::title);
    static final EntitySchema<Group> GROUP = EntitySchema.builder(Group.class)
            .attributes(GROUP_ID, TITLE)
            .primaryKey("GROUP#{groupId}", "META")
            .factory(i -> new Group(i.get(GROUP_ID), i.get(TITLE)))
            .build();

    static final EntityCollection<UserItems> USER_ITEMS = EntityCollection.of(UserItems.class, USER, MEMBERSHIP);

    static TableSchema schema(String name, StreamViewType view) {
        return TableSchema.builder(name).stream(view).entities(USER, MEMBERSHIP, GROUP).build();
    }
}
