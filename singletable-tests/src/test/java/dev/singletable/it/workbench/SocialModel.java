package dev.singletable.it.workbench;

import dev.singletable.TableSchema;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.ItemCollection;

import java.time.Instant;

/**
 * A social network shaped like the AWS NoSQL Workbench sample "SocialNetwork": one partition per
 * user and list (followers, following, posts, likes, timeline), the listed ids in the sort key.
 */
final class SocialModel {
    private SocialModel() {
    }

    @Entity(pk = "u#{userId}", sk = "info")
    record UserInfo(String userId, String name, String imageUrl) implements UserItems {
    }

    @Entity(pk = "u#{userId}", sk = "count")
    record UserCount(String userId, long followers, long following, long posts) implements UserItems {
    }

    @ItemCollection
    sealed interface UserItems permits UserInfo, UserCount {
    }

    @Entity(pk = "u#{userId}#follower", sk = "u#{followerId}")
    record Follower(String userId, String followerId) {
    }

    @Entity(pk = "u#{userId}#following", sk = "u#{followeeId}")
    record Following(String userId, String followeeId) {
    }

    @Entity(pk = "u#{userId}#post", sk = "p#{postId}")
    record Post(String userId, String postId, String content, Instant timestamp) {
    }

    @Entity(pk = "p#{postId}#likelist", sk = "u#{userId}")
    record Like(String postId, String userId) {
    }

    @Entity(pk = "p#{postId}#likecount", sk = "count")
    record LikeCount(String postId, long likes) {
    }

    @Entity(pk = "u#{userId}#timeline", sk = "p#{postId}#u#{authorId}")
    record TimelineEntry(String userId, String postId, String authorId, Instant ttl) {
    }

    static final TableSchema SOCIAL = TableSchema.builder("SocialNetwork")
            .entities(SocialModel_UserInfoSchema.INSTANCE, SocialModel_UserCountSchema.INSTANCE, SocialModel_FollowerSchema.INSTANCE, SocialModel_FollowingSchema.INSTANCE,
                    SocialModel_PostSchema.INSTANCE, SocialModel_LikeSchema.INSTANCE, SocialModel_LikeCountSchema.INSTANCE, SocialModel_TimelineEntrySchema.INSTANCE)
            .build();
}
