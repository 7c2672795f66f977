package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.TableSchema;

import java.util.Set;

import static dev.singletable.fixtures.ProductsAndOrders.ORDER;
import static dev.singletable.fixtures.ProductsAndOrders.PRODUCT;

/**
 * The core's product (versioned, timestamped, sparse category index) and order (seed 004) of
 * {@link dev.singletable.fixtures.ProductsAndOrders}, a post with tag items (seed 000) and a user/group adjacency pair,
 * in one table with a GSI and a TTL attribute.
 */
final class WriteModel {
    private WriteModel() {
    }

    record Post(String author, String postId, String title, Set<String> tags) {}

    static final Attribute<Post, String> P_AUTHOR = Attribute.required("author", AttributeTypes.STRING, Post::author);
    static final Attribute<Post, String> P_ID = Attribute.required("postId", AttributeTypes.STRING, Post::postId);
    static final Attribute<Post, String> P_TITLE = Attribute.required("title", AttributeTypes.STRING, Post::title);
    static final Attribute<Post, Set<String>> P_TAGS = Attribute.of("tags", AttributeTypes.STRING_SET, Post::tags);

    static final EntitySchema<Post> POST = EntitySchema.builder(Post.class)
            .attributes(P_AUTHOR, P_ID, P_TITLE, P_TAGS)
            .primaryKey("USER#{author}", "POST#{postId}")
            .factory(i -> new Post(i.get(P_AUTHOR), i.get(P_ID), i.get(P_TITLE), i.get(P_TAGS)))
            .build();

    record TagPost(String tag, String postId, String author, String title) {}

    static final Attribute<TagPost, String> T_TAG = Attribute.required("tag", AttributeTypes.STRING, TagPost::tag);
    static final Attribute<TagPost, String> T_POST = Attribute.required("postId", AttributeTypes.STRING, TagPost::postId);
    static final Attribute<TagPost, String> T_AUTHOR = Attribute.required("author", AttributeTypes.STRING, TagPost::author);
    static final Attribute<TagPost, String> T_TITLE = Attribute.required("title", AttributeTypes.STRING, TagPost::title);

    static final EntitySchema<TagPost> TAG_POST = EntitySchema.builder(TagPost.class)
            .attributes(T_TAG, T_POST, T_AUTHOR, T_TITLE)
            .primaryKey("TAG#{tag}", "POST#{postId}")
            .factory(i -> new TagPost(i.get(T_TAG), i.get(T_POST), i.get(T_AUTHOR), i.get(T_TITLE)))
            .build();

    /** A user's membership in a group (USER#u / GROUP#g) ... */
    record UserGroup(String user, String group, String role) {}

    /** ... and the group's member (GROUP#g / USER#u): an adjacency pair. */
    record GroupUser(String group, String user, String role) {}

    static final Attribute<UserGroup, String> UG_USER = Attribute.required("user", AttributeTypes.STRING, UserGroup::user);
    static final Attribute<UserGroup, String> UG_GROUP = Attribute.required("group", AttributeTypes.STRING, UserGroup::group);
    static final Attribute<UserGroup, String> UG_ROLE = Attribute.of("role", AttributeTypes.STRING, UserGroup::role);
    static final EntitySchema<UserGroup> USER_GROUP = EntitySchema.builder(UserGroup.class)
            .attributes(UG_USER, UG_GROUP, UG_ROLE)
            .primaryKey("USER#{user}", "GROUP#{group}")
            .factory(i -> new UserGroup(i.get(UG_USER), i.get(UG_GROUP), i.get(UG_ROLE)))
            .build();

    static final Attribute<GroupUser, String> GU_GROUP = Attribute.required("group", AttributeTypes.STRING, GroupUser::group);
    static final Attribute<GroupUser, String> GU_USER = Attribute.required("user", AttributeTypes.STRING, GroupUser::user);
    static final Attribute<GroupUser, String> GU_ROLE = Attribute.of("role", AttributeTypes.STRING, GroupUser::role);
    static final EntitySchema<GroupUser> GROUP_USER = EntitySchema.builder(GroupUser.class)
            .attributes(GU_GROUP, GU_USER, GU_ROLE)
            .primaryKey("GROUP#{group}", "USER#{user}")
            .factory(i -> new GroupUser(i.get(GU_GROUP), i.get(GU_USER), i.get(GU_ROLE)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("WritesTable")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .timeToLiveAttribute("expiresAt")
            .entities(PRODUCT, ORDER, POST, TAG_POST, USER_GROUP, GROUP_USER)
            .build();
}
