package dev.singletable;

import dev.singletable.internal.table.CursorCodec;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import static dev.singletable.ReadFixtures.CUSTOMER_ID;
import static dev.singletable.ReadFixtures.ORDER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CursorTest {
    private static final byte[] QUERY = CursorCodec.fingerprint("query A");
    private final CursorCodec codec = new CursorCodec("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8));

    private static Map<String, AttributeValue> key() {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put("PK", AttributeValue.fromS("CUSTOMER#C1"));
        key.put("SK", AttributeValue.fromS("ORDER#ü/é#\u0000x"));
        key.put("GSI1PK", AttributeValue.fromN("-12.5"));
        return key;
    }

    @Test
    void encodeKey_thenDecode_givesTheSameKeyFromUrlSafeText() {
        String cursor = codec.encodeKey(QUERY, key());

        assertThat(cursor).matches("[A-Za-z0-9_-]+");
        assertThat(codec.decodeKey(cursor, QUERY, "test")).isEqualTo(key());
        assertThat(new CursorCodec("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8))
                .decodeKey(cursor, QUERY, "test")).as("another codec with the same key: a restarted process").isEqualTo(key());
    }

    @Test
    void decodeKey_whenAnyByteIsFlipped_isRefusedAsTampered() {
        byte[] bytes = Base64.getUrlDecoder().decode(codec.encodeKey(QUERY, key()));
        for (int i = 0; i < bytes.length; i++) {
            byte[] altered = bytes.clone();
            altered[i] ^= 0x01;
            String cursor = Base64.getUrlEncoder().withoutPadding().encodeToString(altered);
            assertThatThrownBy(() -> codec.decodeKey(cursor, QUERY, "test"))
                    .as("byte %d", i)
                    .isInstanceOfSatisfying(InvalidCursorException.class,
                            e -> assertThat(e.reason()).isEqualTo(InvalidCursorException.Reason.TAMPERED));
        }
    }

    @Test
    void decodeKey_whenSignedWithAnotherKey_isRefusedAsTampered() {
        String cursor = CursorCodec.withDefaultKey().encodeKey(QUERY, key());
        assertThatThrownBy(() -> codec.decodeKey(cursor, QUERY, "Query of Order"))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessage("Cursor for Query of Order was refused: its signature does not match, so it was altered or signed with"
                        + " another cursor key; pass the cursor exactly as a Page gave it, with the same Table cursorKey");
    }

    @Test
    void decodeKey_whenMadeByAnotherQuery_isRefusedAsOtherQuery() {
        String cursor = codec.encodeKey(CursorCodec.fingerprint("query B"), key());
        assertThatThrownBy(() -> codec.decodeKey(cursor, QUERY, "Query of Order"))
                .isInstanceOfSatisfying(InvalidCursorException.class,
                        e -> assertThat(e.reason()).isEqualTo(InvalidCursorException.Reason.OTHER_QUERY))
                .hasMessage("Cursor for Query of Order was refused: it was made by another query (another table, index, key"
                        + " condition, filter, order or segment); a cursor only continues the query that returned it");
    }

    @Test
    void decode_whenGarbage_isRefusedAsMalformed() {
        for (String garbage : new String[]{"", "not a cursor!", "abc", "AAAA", "x".repeat(200)}) {
            assertThatThrownBy(() -> codec.decodeKey(garbage, QUERY, "test"))
                    .as(garbage)
                    .isInstanceOfSatisfying(InvalidCursorException.class, e -> assertThat(e.reason()).isIn(
                            InvalidCursorException.Reason.MALFORMED, InvalidCursorException.Reason.TAMPERED));
        }
        assertThatThrownBy(() -> codec.decodeKey("not a cursor!", QUERY, "test"))
                .isInstanceOfSatisfying(InvalidCursorException.class,
                        e -> assertThat(e.reason()).isEqualTo(InvalidCursorException.Reason.MALFORMED));
    }

    @Test
    void decodeToken_whenCursorIsAKeyCursor_isRefused() {
        String cursor = codec.encodeKey(QUERY, key());
        assertThatThrownBy(() -> codec.decodeToken(cursor, QUERY, "test"))
                .isInstanceOfSatisfying(InvalidCursorException.class,
                        e -> assertThat(e.reason()).isEqualTo(InvalidCursorException.Reason.MALFORMED));
        assertThat(codec.decodeToken(codec.encodeToken(QUERY, "next/token=="), QUERY, "test")).isEqualTo("next/token==");
    }

    @Test
    void page_whenCursorIsFromAnotherPartition_isRefusedBeforeSending() {
        Table table = ReadFixtures.table();   // its client fails the test on any call
        Table other = Table.offlineBuilder(ReadFixtures.SCHEMA).build();
        String cursor = new CursorCodec(CursorCodec.DEFAULT_KEY.getBytes(StandardCharsets.UTF_8))
                .encodeKey(CursorCodec.fingerprint("whatever"), key());

        assertThatThrownBy(() -> table.query(ORDER).partition(CUSTOMER_ID, "C1").page(cursor))
                .isInstanceOfSatisfying(InvalidCursorException.class,
                        e -> assertThat(e.reason()).isEqualTo(InvalidCursorException.Reason.OTHER_QUERY));
        assertThatThrownBy(() -> other.scan(ORDER).page("garbage"))
                .isInstanceOf(InvalidCursorException.class);
    }

    @Test
    void cursorKey_whenShorterThan16Bytes_isRefused() {
        assertThatThrownBy(() -> Table.offlineBuilder(ReadFixtures.SCHEMA).cursorKey(new byte[8]))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table AppTable: the cursor key has 8 bytes; give at least 16 (32 random bytes are best)");
    }
}
