package dev.singletable.lambda;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** A user and a group, built with the builder front end, on a table with a stream. */
final class LambdaTestModel {
    private LambdaTestModel() {
    }

    record User(String userId, String name) {}

    record Group(String groupId, String title) {}

    static final Attribute<User, String> USER_ID = Attribute.required("userId", AttributeTypes.STRING, User::userId);
    static final Attribute<User, String> NAME = Attribute.required("name", AttributeTypes.STRING, User::name);
    static final EntitySchema<User> USER = EntitySchema.builder(User.class)
            .attributes(USER_ID, NAME)
            .primaryKey("USER#{userId}", "PROFILE")
            .factory(i -> new User(i.get(USER_ID), i.get(NAME)))
            .build();

    static final Attribute<Group, String> GROUP_ID = Attribute.required("groupId", AttributeTypes.STRING, Group::groupId);
    static final Attribute<Group, String> TITLE = Attribute.required("title", AttributeTypes.STRING, Group::title);
    static final EntitySchema<Group> GROUP = EntitySchema.builder(Group.class)
            .attributes(GROUP_ID, TITLE)
            .primaryKey("GROUP#{groupId}", "META")
            .factory(i -> new Group(i.get(GROUP_ID), i.get(TITLE)))
            .build();

    static TableSchema schema(String name) {
        return TableSchema.builder(name).stream(StreamViewType.NEW_AND_OLD_IMAGES).entities(USER, GROUP).build();
    }
}
