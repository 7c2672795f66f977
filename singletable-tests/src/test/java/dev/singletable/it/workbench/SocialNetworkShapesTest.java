package dev.singletable.it.workbench;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.util.List;

import dev.singletable.it.workbench.SocialModel.Follower;
import dev.singletable.it.workbench.SocialModel.Following;
import dev.singletable.it.workbench.SocialModel.Like;
import dev.singletable.it.workbench.SocialModel.LikeCount;
import dev.singletable.it.workbench.SocialModel.Post;
import dev.singletable.it.workbench.SocialModel.TimelineEntry;
import dev.singletable.it.workbench.SocialModel.UserCount;
import dev.singletable.it.workbench.SocialModel.UserInfo;
import dev.singletable.it.workbench.SocialModel.UserItems;

import static org.assertj.core.api.Assertions.assertThat;

/** SocialNetwork's seven access patterns. */
class SocialNetworkShapesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SocialModel.SOCIAL);

    private static final Instant T = Instant.parse("2026-05-01T10:00:00Z");

    @BeforeAll
    static void load() {
        Table table = db.table();
        table.put(new UserInfo("u1", "Mina", "s3://img/u1"));
        table.put(new UserCount("u1", 2, 1, 2));
        table.put(new Follower("u1", "u2"));
        table.put(new Follower("u1", "u3"));
        table.put(new Following("u1", "u2"));
        table.put(new Post("u1", "p1", "first", T));
        table.put(new Post("u1", "p2", "second", T.plusSeconds(60)));
        table.put(new Like("p1", "u2"));
        table.put(new Like("p1", "u3"));
        table.put(new LikeCount("p1", 2));
        table.put(new TimelineEntry("u2", "p1", "u1", T.plusSeconds(86400)));
        table.put(new TimelineEntry("u2", "p2", "u1", T.plusSeconds(86400)));
    }

    @Test
    void getUserInfoByUserId_readsInfoAndCountsInOneQuery() {
        List<UserItems> items = db.table().query(SocialModel_UserItemsCollection.INSTANCE)
                .partition(KeyValues.of("userId", "u1")).list();

        assertThat(items).containsExactly(new UserCount("u1", 2, 1, 2), new UserInfo("u1", "Mina", "s3://img/u1"));
    }

    @Test
    void getFollowerAndFollowingLists() {
        assertThat(db.table().query(SocialModel_FollowerSchema.INSTANCE).partition(SocialModel_FollowerSchema.USER_ID, "u1").list())
                .containsExactly(new Follower("u1", "u2"), new Follower("u1", "u3"));
        assertThat(db.table().query(SocialModel_FollowingSchema.INSTANCE).partition(SocialModel_FollowingSchema.USER_ID, "u1").list())
                .containsExactly(new Following("u1", "u2"));
    }

    @Test
    void getPostListAndLikes() {
        assertThat(db.table().query(SocialModel_PostSchema.INSTANCE).partition(SocialModel_PostSchema.USER_ID, "u1").list())
                .extracting(Post::content).containsExactly("first", "second");
        assertThat(db.table().query(SocialModel_LikeSchema.INSTANCE).partition(SocialModel_LikeSchema.POST_ID, "p1").list())
                .extracting(Like::userId).containsExactly("u2", "u3");
        assertThat(db.table().get(SocialModel_LikeCountSchema.INSTANCE, KeyValues.of(SocialModel_LikeCountSchema.POST_ID, "p1")))
                .contains(new LikeCount("p1", 2));
    }

    @Test
    void getTimelineByUserId() {
        assertThat(db.table().query(SocialModel_TimelineEntrySchema.INSTANCE).partition(SocialModel_TimelineEntrySchema.USER_ID, "u2").list())
                .extracting(TimelineEntry::postId).containsExactly("p1", "p2");
    }
}
