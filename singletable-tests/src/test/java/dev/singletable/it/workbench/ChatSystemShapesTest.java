package dev.singletable.it.workbench;

import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.KeyValues;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;

import dev.singletable.it.workbench.ChatModel.ChatComment;
import dev.singletable.it.workbench.ChatModel.ChatRoom;
import dev.singletable.it.workbench.ChatModel.RoomJoin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** ChatSystem's nine access patterns; comments found through the GSI on their own RoomID and CreatedAt. */
class ChatSystemShapesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(ChatModel.CHAT);

    private static final String AT = "2026-05-01T10:00:0";

    @BeforeAll
    static void load() {
        for (int i = 0; i < 6; i++) {
            db.table().put(new ChatComment(i % 2 == 0 ? "kim" : "lee", AT + i + ".000Z", i < 5 ? "jazz" : "blues",
                    "comment " + i, AT + i + ".000Z"));
        }
    }

    private static List<String> comments(List<ChatComment> found) {
        return found.stream().map(ChatComment::comment).toList();
    }

    private static dev.singletable.Query<ChatComment> room(String room) {
        return db.table().query(ChatModel_ChatCommentSchema.INSTANCE).index("RoomID_Comment_IDX")
                .partition(ChatModel_ChatCommentSchema.ROOM_ID, room);
    }

    @Test
    void createAndDeleteChatRoom_onlyOnceAndOnlyByItsCreator() {
        db.table().create(new ChatRoom("swing", "kim"));
        KeyValues swing = KeyValues.of(ChatModel_ChatRoomSchema.NAME, "swing");

        assertThatThrownBy(() -> db.table().create(new ChatRoom("swing", "lee"))).isInstanceOf(ItemAlreadyExistsException.class);
        assertThatThrownBy(() -> db.table().delete(ChatModel_ChatRoomSchema.INSTANCE, swing, Condition.eq(ChatModel_ChatRoomSchema.CREATED_BY, "lee")))
                .isInstanceOf(ConditionFailedException.class);
        assertThat(db.table().delete(ChatModel_ChatRoomSchema.INSTANCE, swing, Condition.eq(ChatModel_ChatRoomSchema.CREATED_BY, "kim")))
                .contains(new ChatRoom("swing", "kim"));
    }

    @Test
    void joinAndLeaveChatRoom() {
        db.table().put(new RoomJoin("kim", "jazz"));
        KeyValues join = KeyValues.of(ChatModel_RoomJoinSchema.USER_ID, "kim").and(ChatModel_RoomJoinSchema.ROOM, "jazz");
        assertThat(db.table().get(ChatModel_RoomJoinSchema.INSTANCE, join)).contains(new RoomJoin("kim", "jazz"));

        db.table().delete(ChatModel_RoomJoinSchema.INSTANCE, join);

        assertThat(db.table().get(ChatModel_RoomJoinSchema.INSTANCE, join)).isEmpty();
    }

    @Test
    void getAllComments_andTheLatest_fromTheRoomIndex() {
        assertThat(comments(room("jazz").list())).containsExactly("comment 0", "comment 1", "comment 2", "comment 3", "comment 4");
        assertThat(comments(room("jazz").limit(1).list())).containsExactly("comment 0");
        assertThat(comments(room("jazz").descending().limit(2).list())).containsExactly("comment 4", "comment 3");
    }

    @Test
    void getCommentsFromAPosition_andBetweenPositions() {
        assertThat(comments(room("jazz").sortGreaterThan(KeyValues.of(ChatModel_ChatCommentSchema.CREATED_AT, AT + "2.000Z")).list()))
                .containsExactly("comment 3", "comment 4");
        assertThat(comments(room("jazz").sortBetween(KeyValues.of(ChatModel_ChatCommentSchema.CREATED_AT, AT + "1.000Z"),
                KeyValues.of(ChatModel_ChatCommentSchema.CREATED_AT, AT + "3.000Z")).list()))
                .containsExactly("comment 1", "comment 2", "comment 3");
    }

    @Test
    void addComments_writesNoIndexAttributesOfItsOwn() {
        ChatComment added = new ChatComment("kim", AT + "9.000Z", "blues", "late", AT + "9.000Z");
        db.table().put(added);

        assertThat(db.table().toItem(added)).containsOnlyKeys("PK", "SK", "entityType", "userId", "postedAt", "RoomID", "Comment",
                "CreatedAt");
        assertThat(comments(room("blues").list())).containsExactly("comment 5", "late");
    }
}
