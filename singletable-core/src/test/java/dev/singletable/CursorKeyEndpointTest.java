package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.URI;
import java.nio.charset.StandardCharsets;

import static dev.singletable.NotesFixture.NOTE;
import static dev.singletable.NotesFixture.NOTE_ID;
import static dev.singletable.NotesFixture.SCHEMA;
import static dev.singletable.NotesFixture.client;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Cursors signed with the published default key can be forged (issue 35): a table at an endpoint that is not on this
 * machine refuses to make or read one until it has a key of its own; on loopback the default key still serves (with a
 * warning). Nothing here reaches an engine: each refusal comes before a request.
 */
class CursorKeyEndpointTest {
    @Test
    void page_whenTheEndpointIsAmazonsAndNoKeyIsSet_isRefusedNamingTheFix() {
        try (DynamoDbClient client = client(URI.create("https://dynamodb.eu-west-1.amazonaws.com"))) {
            Table table = Table.of(SCHEMA, client);

            assertThatThrownBy(() -> table.query(NOTE).partition(NOTE_ID, "N1").page("anything"))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Table Notes at https://dynamodb.eu-west-1.amazonaws.com would sign its cursors with singletable's "
                            + "published default key, with which anyone can forge a cursor that reads other partitions: give your "
                            + "own secret with Table.Builder.cursorKey(key) (AsyncTable.Builder.cursorKey), 32 random bytes, the same "
                            + "in every process");
        }
    }

    @Test
    void page_whenTheEndpointIsAnotherMachinesAndNoKeyIsSet_isRefused() {
        try (DynamoDbClient client = client(URI.create("http://10.1.2.3:8000"))) {
            assertThatThrownBy(() -> Table.of(SCHEMA, client).query(NOTE).partition(NOTE_ID, "N1").page("anything"))
                    .isInstanceOf(ValidationException.class).hasMessageContaining("published default key");
        }
    }

    @Test
    void page_whenAKeyIsSet_readsTheCursorWithIt() {
        try (DynamoDbClient client = client(URI.create("https://dynamodb.eu-west-1.amazonaws.com"))) {
            Table table = Table.builder(SCHEMA, client).cursorKey("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8)).build();

            assertThatThrownBy(() -> table.query(NOTE).partition(NOTE_ID, "N1").page("anything"))
                    .isInstanceOf(InvalidCursorException.class); // the cursor is checked, not the key
        }
    }

    @Test
    void page_whenTheEndpointIsLoopback_readsTheCursorWithTheDefaultKey() {
        try (DynamoDbClient client = client(URI.create("http://127.0.0.1:9"))) {
            assertThatThrownBy(() -> Table.of(SCHEMA, client).query(NOTE).partition(NOTE_ID, "N1").page("anything"))
                    .isInstanceOf(InvalidCursorException.class);
        }
    }

    @Test
    void publishedCursorKeyRefused_whenTheEndpointIsAmazonsOrAnotherMachines_isTrue() {
        try (DynamoDbClient amazon = client(URI.create("https://dynamodb.eu-west-1.amazonaws.com"));
             DynamoDbClient other = client(URI.create("http://10.1.2.3:8000"))) {
            assertThat(Table.publishedCursorKeyRefused(amazon)).isTrue();
            assertThat(Table.publishedCursorKeyRefused(other)).isTrue();
        }
    }

    @Test
    void publishedCursorKeyRefused_whenTheEndpointIsLoopback_isFalse() {
        try (DynamoDbClient loopback = client(URI.create("http://127.0.0.1:9"));
             DynamoDbClient localhost = client(URI.create("http://localhost:8000"))) {
            assertThat(Table.publishedCursorKeyRefused(loopback)).isFalse();
            assertThat(Table.publishedCursorKeyRefused(localhost)).isFalse();
        }
    }
}
