package dev.singletable.it.workbench;

import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.TableSchema;
import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

/**
 * A chat system shaped like the AWS NoSQL Workbench sample "ChatSystem": a table keyed PK/SK, and a
 * GSI keyed on the comments' own RoomID and CreatedAt attributes (no extra index attributes).
 */
final class ChatModel {
    private ChatModel() {
    }

    /** A comment, stored under its author; the GSI finds it by its own RoomID and CreatedAt. */
    @Entity(pk = "User:{userId}", sk = "{postedAt}")
    @Index(name = "RoomID_Comment_IDX", pk = "{roomId}", sk = "{createdAt}")
    record ChatComment(String userId, String postedAt, @Attribute(name = "RoomID") String roomId,
                       @Attribute(name = "Comment") String comment, @Attribute(name = "CreatedAt") String createdAt) {
    }

    /** A room: its creator may delete it. */
    @Entity(pk = "Room:{name}", sk = "meta")
    record ChatRoom(String name, @Attribute(name = "CreatedBy") String createdBy) {
    }

    /** A user's membership of a room. */
    @Entity(pk = "User:{userId}", sk = "Join:{room}")
    record RoomJoin(String userId, String room) {
    }

    static final TableSchema CHAT = TableSchema.builder("Chat")
            .index(IndexSchema.global("RoomID_Comment_IDX").partitionKey(KeyAttribute.string("RoomID"))
                    .sortKey(KeyAttribute.string("CreatedAt")).build())
            .entities(ChatModel_ChatCommentSchema.INSTANCE, ChatModel_ChatRoomSchema.INSTANCE, ChatModel_RoomJoinSchema.INSTANCE)
            .build();
}
