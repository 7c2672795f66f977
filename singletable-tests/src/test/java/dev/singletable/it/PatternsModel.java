package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.IndexSchema;
import dev.singletable.Relation;
import dev.singletable.TableSchema;

import java.time.Instant;

/**
 * The seeds' modelling patterns as declared relations and state-dependent keys: seed 000's users,
 * groups and memberships, seed 003's user/group membership ({@code MEMBER#GROUP#...}) and post tags,
 * seed 001's active and archived products.
 */
final class PatternsModel {
    private PatternsModel() {
    }

    // ---------------------------------------------------------------- seed 000: users, groups, memberships

    record User(String userId, String userName) {}

    record Group(String groupId, String groupName) {}

    static final Attribute<User, String> USER_ID = Attribute.required("userId", AttributeTypes.STRING, User::userId);
    static final Attribute<User, String> USER_NAME = Attribute.of("userName", AttributeTypes.STRING, User::userName);
    static final EntitySchema<User> USER = EntitySchema.builder(User.class)
            .attributes(USER_ID, USER_NAME)
            .primaryKey("USER#{userId}", "PROFILE")
            .factory(i -> new User(i.get(USER_ID), i.get(USER_NAME)))
            .build();

    static final Attribute<Group, String> GROUP_ID = Attribute.required("groupId", AttributeTypes.STRING, Group::groupId);
    static final Attribute<Group, String> GROUP_NAME = Attribute.of("groupName", AttributeTypes.STRING, Group::groupName);
    static final EntitySchema<Group> GROUP = EntitySchema.builder(Group.class)
            .attributes(GROUP_ID, GROUP_NAME)
            .primaryKey("GROUP#{groupId}", "DETAILS")
            .factory(i -> new Group(i.get(GROUP_ID), i.get(GROUP_NAME)))
            .build();

    /** Seed 000: {@code USER#123 / GROUP#1} (type USERGROUP) and its mirror {@code GROUP#1 / USER#123} (type GROUPUSER). */
    static final Relation<User, Group> MEMBERSHIP = Relation.between("Membership", USER, GROUP)
            .firstSide("USER#{userId}", "GROUP#{groupId}")
            .secondSide("GROUP#{groupId}", "USER#{userId}")
            .itemTypes("USERGROUP", "GROUPUSER")
            .copyFromFirst(USER_NAME)
            .copyFromSecond(GROUP_NAME)
            .propagateCopies()
            .build();

    static final TableSchema SEED_000 = TableSchema.builder("Seed000Relations")
            .entities(USER, GROUP)
            .relation(MEMBERSHIP)
            .build();

    // ---------------------------------------------------------------- seed 003: memberships and post tags

    record Member(String username, String displayName) {}

    record Team(String team, String description) {}

    record Post(String postId, String title) {}

    record Tag(String tag, Long postCount) {}

    static final Attribute<Member, String> M_USERNAME = Attribute.required("username", AttributeTypes.STRING, Member::username);
    static final Attribute<Member, String> M_DISPLAY = Attribute.of("displayName", AttributeTypes.STRING, Member::displayName);
    static final EntitySchema<Member> MEMBER = EntitySchema.builder(Member.class).type("User")
            .attributes(M_USERNAME, M_DISPLAY)
            .primaryKey("USER#{username}", "USER#{username}")
            .factory(i -> new Member(i.get(M_USERNAME), i.get(M_DISPLAY)))
            .build();

    static final Attribute<Team, String> T_NAME = Attribute.required("team", AttributeTypes.STRING, Team::team);
    static final Attribute<Team, String> T_DESCRIPTION = Attribute.of("description", AttributeTypes.STRING, Team::description);
    static final EntitySchema<Team> TEAM = EntitySchema.builder(Team.class).type("Group")
            .attributes(T_NAME, T_DESCRIPTION)
            .primaryKey("GROUP#{team}", "GROUP#{team}")
            .factory(i -> new Team(i.get(T_NAME), i.get(T_DESCRIPTION)))
            .build();

    /** Seed 003: {@code USER#alice / MEMBER#GROUP#developers} and {@code GROUP#developers / MEMBER#USER#alice}. */
    static final Relation<Member, Team> TEAM_MEMBERSHIP = Relation.between("Membership", MEMBER, TEAM)
            .firstSide("USER#{username}", "MEMBER#GROUP#{team}")
            .secondSide("GROUP#{team}", "MEMBER#USER#{username}")
            .itemTypes("UserMembership", "GroupMembership")
            .copyFromFirst(M_DISPLAY)
            .build();

    static final Attribute<Post, String> P_ID = Attribute.required("postId", AttributeTypes.STRING, Post::postId);
    static final Attribute<Post, String> P_TITLE = Attribute.of("title", AttributeTypes.STRING, Post::title);
    static final EntitySchema<Post> POST = EntitySchema.builder(Post.class)
            .attributes(P_ID, P_TITLE)
            .primaryKey("POST#{postId}", "POST#{postId}")
            .factory(i -> new Post(i.get(P_ID), i.get(P_TITLE)))
            .build();

    static final Attribute<Tag, String> TAG_NAME = Attribute.required("tag", AttributeTypes.STRING, Tag::tag);
    static final Attribute<Tag, Long> TAG_COUNT = Attribute.of("postCount", AttributeTypes.LONG, Tag::postCount);
    static final EntitySchema<Tag> TAG = EntitySchema.builder(Tag.class)
            .attributes(TAG_NAME, TAG_COUNT)
            .primaryKey("TAG#{tag}", "TAG#{tag}")
            .factory(i -> new Tag(i.get(TAG_NAME), i.get(TAG_COUNT)))
            .build();

    /** Seed 003's PostTag, written in both directions: {@code POST#123 / TAG#typescript} and {@code TAG#typescript / POST#123}. */
    static final Relation<Post, Tag> POST_TAGS = Relation.between("PostTags", POST, TAG)
            .firstSide("POST#{postId}", "TAG#{tag}")
            .secondSide("TAG#{tag}", "POST#{postId}")
            .itemTypes("PostTag", "TagPost")
            .copyFromFirst(P_TITLE)
            .build();

    static final TableSchema SEED_003 = TableSchema.builder("Seed003Relations")
            .entities(MEMBER, TEAM, POST, TAG)
            .relation(TEAM_MEMBERSHIP)
            .relation(POST_TAGS)
            .build();

    // ---------------------------------------------------------------- seed 001: active and archived products

    record Product(String productId, String name, boolean archived, Instant archivedAt, Long version) {
        Product archive(Instant at) {
            return new Product(productId, name, true, at, version);
        }
    }

    static final Attribute<Product, String> PRODUCT_ID = Attribute.required("productId", AttributeTypes.STRING, Product::productId);
    static final Attribute<Product, String> NAME = Attribute.required("name", AttributeTypes.STRING, Product::name);
    static final Attribute<Product, Boolean> ARCHIVED = Attribute.required("archived", AttributeTypes.BOOLEAN, Product::archived);
    static final Attribute<Product, Instant> ARCHIVED_AT = Attribute.of("archivedAt", AttributeTypes.INSTANT, Product::archivedAt);
    static final Attribute<Product, Long> VERSION = Attribute.of("version", AttributeTypes.LONG, Product::version);

    static EntitySchema.Builder<Product> product() {
        return EntitySchema.builder(Product.class)
                .attributes(PRODUCT_ID, NAME, ARCHIVED, ARCHIVED_AT, VERSION)
                .version(VERSION)
                .factory(i -> new Product(i.get(PRODUCT_ID), i.get(NAME), i.get(ARCHIVED), i.get(ARCHIVED_AT), i.get(VERSION)));
    }

    /** Seed 001's conditional keys as primary keys: {@code ACTIVE_PRODUCT#{productId}} or {@code ARCHIVED_PRODUCT#{productId}}. */
    static final EntityStates<Product> PRODUCT = EntityStates.byFlag(ARCHIVED, PatternsModel::product)
            .state(false, "ActiveProduct", b -> b.primaryKey("ACTIVE_PRODUCT#{productId}", "METADATA"))
            .state(true, "ArchivedProduct", b -> b.primaryKey("ARCHIVED_PRODUCT#{productId}", "METADATA"))
            .build();

    record Listing(String listingId, String name, boolean archived, Instant archivedAt, Long version) {}

    static final Attribute<Listing, String> L_ID = Attribute.required("listingId", AttributeTypes.STRING, Listing::listingId);
    static final Attribute<Listing, String> L_NAME = Attribute.required("name", AttributeTypes.STRING, Listing::name);
    static final Attribute<Listing, Boolean> L_ARCHIVED = Attribute.required("archived", AttributeTypes.BOOLEAN, Listing::archived);
    static final Attribute<Listing, Instant> L_ARCHIVED_AT = Attribute.of("archivedAt", AttributeTypes.INSTANT, Listing::archivedAt);
    static final Attribute<Listing, Long> L_VERSION = Attribute.of("version", AttributeTypes.LONG, Listing::version);

    static EntitySchema.Builder<Listing> listing() {
        return EntitySchema.builder(Listing.class)
                .attributes(L_ID, L_NAME, L_ARCHIVED, L_ARCHIVED_AT, L_VERSION)
                .version(L_VERSION)
                .factory(i -> new Listing(i.get(L_ID), i.get(L_NAME), i.get(L_ARCHIVED), i.get(L_ARCHIVED_AT), i.get(L_VERSION)));
    }

    /** Seed 001's exact shape: one primary key, and GSI1 keys {@code ACTIVE_PRODUCT / name} or {@code ARCHIVED_PRODUCT / archivedAt}. */
    static final EntityStates<Listing> LISTING = EntityStates.byFlag(L_ARCHIVED, PatternsModel::listing)
            .state(false, "ActiveListing", b -> b.primaryKey("PRODUCT#{listingId}", "METADATA").index("GSI1", "ACTIVE_PRODUCT", "{name}"))
            .state(true, "ArchivedListing", b -> b.primaryKey("PRODUCT#{listingId}", "METADATA").index("GSI1", "ARCHIVED_PRODUCT", "{archivedAt}"))
            .build();

    static final TableSchema SEED_001 = TableSchema.builder("Seed001States")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .states(PRODUCT)
            .states(LISTING)
            .build();
}
