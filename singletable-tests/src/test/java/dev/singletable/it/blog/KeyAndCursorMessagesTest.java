package dev.singletable.it.blog;

import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.NullArgumentException;
import dev.singletable.Page;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.it.blog.BlogModel.Post;
import dev.singletable.it.blog.BlogModel.User;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Review s53 (h92) findings 6 and 7: a mistyped key slot of an entity keyed twice on one slot names that slot once;
 * a null cursor is refused with the way to ask for the first page, which the README's service snippet takes.
 */
class KeyAndCursorMessagesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(BlogModelDesign.SCHEMA);
    private static final EntitySchema<User> USER = BlogModel_UserSchema.INSTANCE;
    private static final EntitySchema<Post> POST = BlogModel_PostSchema.INSTANCE;

    @Test
    void get_whenASlotNameIsMistypedOnAKeyWithOneSlotTwice_namesTheSlotOnceAndTheClosest() {
        Table table = db.table();

        assertThatThrownBy(() -> table.get(USER, KeyValues.of("usernme", "x")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("User primary key has no slot for 'usernme' (did you mean 'username'?); its slots are [username] "
                        + "(templates 'USER#{username}' and 'USER#{username}')");
    }

    @Test
    void page_whenTheClientGaveNoCursor_isRefusedNamingPageForTheFirstPage() {
        Table table = db.table();
        table.create(new Post("bob", "p1", "t", "DRAFT", BigDecimal.ONE, Instant.parse("2025-01-01T00:00:00Z"), null, null));
        String cursorFromTheClient = null;

        assertThatThrownBy(() -> table.query(POST).partition(BlogModel_PostSchema.USERNAME, "bob").page(cursorFromTheClient))
                .isInstanceOf(NullArgumentException.class)
                .hasMessage("Query.page(cursor): cursor is null; call page() for the first page (a client without a cursor: "
                        + "cursor == null ? q.page() : q.page(cursor))");
        // the README's way: the first page when the client has no cursor
        var posts = table.query(POST).partition(BlogModel_PostSchema.USERNAME, "bob").limit(20);
        Page<Post> page = cursorFromTheClient == null ? posts.page() : posts.page(cursorFromTheClient);
        assertThat(page.items()).extracting(Post::postId).containsExactly("p1");
        assertThat(page.cursor()).isEmpty();
    }
}
