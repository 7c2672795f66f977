package dev.singletable.bench;

import dev.singletable.annotations.Entity;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The 10-attribute benchmark entity. */
@Entity(pk = "ITEM#{id}", sk = "ITEM")
public record Item(String id, int quantity, long views, BigDecimal price, Instant createdAt, boolean active,
                   List<String> tags, Map<String, String> labels, Status status, UUID ref) {

    /**
     * The item every benchmark maps. Its instant (2025-05-19T09:00:00Z) is built from epoch seconds, not parsed, so
     * that building it loads no {@code DateTimeFormatter}: a cold start then pays for that only in a mapper that uses it.
     */
    static Item sample() {
        return new Item("item-000123", 42, 9_876_543_210L, new BigDecimal("1234.56"), Instant.ofEpochSecond(1_747_645_200L), true,
                List.of("red", "large", "sale"), Map.of("color", "red", "size", "L"), Status.ACTIVE,
                UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
    }
}
