package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.IndexKey;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.Projection;
import dev.singletable.TableSchema;

import java.time.Instant;
import java.util.List;

/**
 * Index shapes of issue 10 declared with the builder API: GSIs on entities' own attributes, an
 * inverted index, a number-keyed and a binary-keyed GSI, projections, an LSI, a table with a
 * partition key only (a number), and a multi-attribute GSI key (rendered only: DynamoDB Local 2.6.1
 * has none).
 */
final class ShapesModel {
    private ShapesModel() {
    }

    /** A chat comment: the ByRoom GSI is keyed on its own roomId and createdAt; the LSI orders a user's comments by room. */
    record Comment(String userId, String commentId, String roomId, Instant createdAt, String text) {}

    /** A score: Leaderboard sorts by points as a number; ByPlayer is its own player attribute; ByReplay a binary key. */
    record Score(String game, String player, long points, String nickname, byte[] replay) {}

    /** An adjacency list: a member of a group, read by group on the table and by user on the inverted index. */
    record Membership(String groupId, String userId, String role) {}

    static final Attribute<Comment, String> C_USER = Attribute.required("userId", AttributeTypes.STRING, Comment::userId);
    static final Attribute<Comment, String> C_ID = Attribute.required("commentId", AttributeTypes.STRING, Comment::commentId);
    static final Attribute<Comment, String> C_ROOM = Attribute.of("roomId", AttributeTypes.STRING, Comment::roomId);
    static final Attribute<Comment, Instant> C_CREATED = Attribute.required("createdAt", AttributeTypes.INSTANT, Comment::createdAt);
    static final Attribute<Comment, String> C_TEXT = Attribute.of("text", AttributeTypes.STRING, Comment::text);
    static final EntitySchema<Comment> COMMENT = EntitySchema.builder(Comment.class)
            .attributes(C_USER, C_ID, C_ROOM, C_CREATED, C_TEXT)
            .primaryKey("USER#{userId}", "COMMENT#{commentId}")
            .index("ByRoom", "{roomId}", "{createdAt}")
            .index("ByUserRoom", "USER#{userId}", "ROOM#{roomId}#{createdAt}")
            .factory(i -> new Comment(i.get(C_USER), i.get(C_ID), i.get(C_ROOM), i.get(C_CREATED), i.get(C_TEXT)))
            .build();

    static final Attribute<Score, String> S_GAME = Attribute.required("game", AttributeTypes.STRING, Score::game);
    static final Attribute<Score, String> S_PLAYER = Attribute.required("player", AttributeTypes.STRING, Score::player);
    static final Attribute<Score, Long> S_POINTS = Attribute.required("points", AttributeTypes.LONG, Score::points);
    static final Attribute<Score, String> S_NICK = Attribute.of("nickname", AttributeTypes.STRING, Score::nickname);
    static final Attribute<Score, byte[]> S_REPLAY = Attribute.of("replay", AttributeTypes.BYTES, Score::replay);
    static final EntitySchema<Score> SCORE = EntitySchema.builder(Score.class)
            .attributes(S_GAME, S_PLAYER, S_POINTS, S_NICK, S_REPLAY)
            .primaryKey("GAME#{game}", "PLAYER#{player}")
            .index("Leaderboard", "GAME#{game}", "{points}")
            .index("ByPlayer", "{player}")
            .index("ByReplay", "{replay}")
            .factory(i -> new Score(i.get(S_GAME), i.get(S_PLAYER), i.get(S_POINTS), i.get(S_NICK), i.get(S_REPLAY)))
            .build();

    static final Attribute<Membership, String> M_GROUP = Attribute.required("groupId", AttributeTypes.STRING, Membership::groupId);
    static final Attribute<Membership, String> M_USER = Attribute.required("userId", AttributeTypes.STRING, Membership::userId);
    static final Attribute<Membership, String> M_ROLE = Attribute.of("role", AttributeTypes.STRING, Membership::role);
    static final EntitySchema<Membership> MEMBERSHIP = EntitySchema.builder(Membership.class)
            .attributes(M_GROUP, M_USER, M_ROLE)
            .primaryKey("GROUP#{groupId}", "USER#{userId}")
            .index("Inverted", "USER#{userId}", "GROUP#{groupId}")
            .factory(i -> new Membership(i.get(M_GROUP), i.get(M_USER), i.get(M_ROLE)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("Shapes")
            .index(IndexSchema.global("ByRoom").partitionKey(KeyAttribute.string("roomId"))
                    .sortKey(KeyAttribute.string("createdAt")).build())
            .index(IndexSchema.global("Inverted").partitionKey(KeyAttribute.string("SK"))
                    .sortKey(KeyAttribute.string("PK")).build())
            .index(IndexSchema.global("Leaderboard").partitionKey(KeyAttribute.string("LBPK"))
                    .sortKey(KeyAttribute.number("LBSK")).projection(Projection.include("player", "points", "entityType")).build())
            .index(IndexSchema.global("ByPlayer").partitionKey(KeyAttribute.string("player")).projection(Projection.keysOnly()).build())
            .index(IndexSchema.global("ByReplay").partitionKey(KeyAttribute.binary("replay")).build())
            .index(IndexSchema.local("ByUserRoom").sortKey(KeyAttribute.string("LSI1SK"))
                    .projection(Projection.include("text", "roomId", "createdAt", "userId", "commentId", "entityType")).build())
            .entities(COMMENT, SCORE, MEMBERSHIP)
            .build();

    /** A device: a table with a number partition key that is the entity's own attribute, and no sort key. */
    record Device(long deviceId, String name, Long version) {}

    static final Attribute<Device, Long> D_ID = Attribute.required("deviceId", AttributeTypes.LONG, Device::deviceId);
    static final Attribute<Device, String> D_NAME = Attribute.of("name", AttributeTypes.STRING, Device::name);
    static final Attribute<Device, Long> D_VERSION = Attribute.of("version", AttributeTypes.LONG, Device::version);
    static final EntitySchema<Device> DEVICE = EntitySchema.builder(Device.class)
            .attributes(D_ID, D_NAME, D_VERSION)
            .primaryKey("{deviceId}")
            .version(D_VERSION)
            .factory(i -> new Device(i.get(D_ID), i.get(D_NAME), i.get(D_VERSION)))
            .build();

    /** A setting in the same partition-key-only table, keyed by a composed string. */
    record Setting(String name, String value) {}

    static final Attribute<Setting, String> SET_NAME = Attribute.required("settingName", AttributeTypes.STRING, Setting::name);
    static final Attribute<Setting, String> SET_VALUE = Attribute.of("value", AttributeTypes.STRING, Setting::value);

    static final TableSchema DEVICES = TableSchema.builder("Devices").partitionKey(KeyAttribute.number("deviceId")).noSortKey()
            .entities(DEVICE).build();

    /** Strings on a string-keyed table without sort key. */
    static final EntitySchema<Setting> SETTING = EntitySchema.builder(Setting.class)
            .attributes(SET_NAME, SET_VALUE)
            .primaryKey("SETTING#{settingName}")
            .factory(i -> new Setting(i.get(SET_NAME), i.get(SET_VALUE)))
            .build();

    static final TableSchema SETTINGS = TableSchema.builder("Settings").noSortKey().entities(SETTING).build();

    /** A match: a GSI with a multi-attribute partition key (tournament, region) and sort key (round, points). */
    record Match(String matchId, String tournament, String region, int round, long points) {}

    static final Attribute<Match, String> X_ID = Attribute.required("matchId", AttributeTypes.STRING, Match::matchId);
    static final Attribute<Match, String> X_TOURNAMENT = Attribute.required("tournament", AttributeTypes.STRING, Match::tournament);
    static final Attribute<Match, String> X_REGION = Attribute.required("region", AttributeTypes.STRING, Match::region);
    static final Attribute<Match, Integer> X_ROUND = Attribute.required("round", AttributeTypes.INTEGER, Match::round);
    static final Attribute<Match, Long> X_POINTS = Attribute.required("points", AttributeTypes.LONG, Match::points);
    static final EntitySchema<Match> MATCH = EntitySchema.builder(Match.class)
            .attributes(X_ID, X_TOURNAMENT, X_REGION, X_ROUND, X_POINTS)
            .primaryKey("MATCH#{matchId}", "MATCH")
            .index("ByTournament", IndexKey.ofAttributes(List.of("{tournament}", "{region}"), List.of("{round}", "{points}")))
            .factory(i -> new Match(i.get(X_ID), i.get(X_TOURNAMENT), i.get(X_REGION), i.get(X_ROUND), i.get(X_POINTS)))
            .build();

    static final TableSchema TOURNAMENTS = TableSchema.builder("Tournaments")
            .index(IndexSchema.global("ByTournament")
                    .partitionKey(KeyAttribute.string("tournament"), KeyAttribute.string("region"))
                    .sortKey(KeyAttribute.number("round"), KeyAttribute.number("points"))
                    .build())
            .entities(MATCH)
            .build();
}
