package dev.singletable.internal.codec;

import dev.singletable.internal.page.StoredItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static dev.singletable.internal.codec.BoundEntityCodecTest.BOUND;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An item of a decoded page ({@link StoredItem}) decodes as its map does: its Strings and Numbers are parsed from the
 * page's text by the same parsers, without asking the map for their {@code AttributeValue}s; anything else, and every
 * failure, reads the same.
 */
class StoredItemDecodingTest {

    /** A page's item as a decoder hands it over: a map, whose S and N texts are also given in place, as no String. */
    private static final class PageItem extends LinkedHashMap<String, AttributeValue> implements StoredItem {
        private final List<String> names = new ArrayList<>();
        final Set<String> asked = new TreeSet<>();

        PageItem(Map<String, AttributeValue> item) {
            super(item);
            names.addAll(item.keySet());
        }

        @Override
        public AttributeValue get(Object name) {
            asked.add((String) name);
            return super.get(name);
        }

        @Override
        public int find(String name) {
            return names.indexOf(name);
        }

        @Override
        public String storedAs(int place) {
            return super.get(names.get(place)).type().toString();
        }

        @Override
        public CharSequence text(int place) {
            AttributeValue value = super.get(names.get(place));
            return new StringBuilder(value.s() != null ? value.s() : value.n());
        }
    }

    @Test
    void fromItem_whenAPageItem_givesTheEntityItsMapGives() {
        Map<String, AttributeValue> stored = BOUND.toItem(BoundEntityCodecTest.full());

        assertThat(BOUND.fromItem(new PageItem(stored))).usingRecursiveComparison()
                .withComparatorForType(BigDecimal::compareTo, BigDecimal.class)
                .isEqualTo(BOUND.fromItem(stored));
    }

    @Test
    void fromItem_whenAPageItem_readsItsStringsAndNumbersInPlace() {
        PageItem item = new PageItem(BOUND.toItem(BoundEntityCodecTest.full()));

        BOUND.fromItem(item);

        // the S and N values of scalar types are not asked for; BOOL, B, L, SS, M, epoch seconds and the optional are
        assertThat(item.asked).containsExactly("active", "data", "expiresAt", "labels", "names", "nickname", "tags");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
            count      | N | 1.5
            count      | S | x
            huge       | N | 1.5
            price      | N | 1.2.3
            status     | S | x
            createdAt  | S | x
            day        | S | x
            uuid       | S | x
            name       | N | 5
            entityType | S | Order
            entityType | N | 1
            """)
    void fromItem_whenAPageItemsValueDoesNotFit_failsAsItsMapDoes(String attribute, String type, String text) {
        Map<String, AttributeValue> stored = new LinkedHashMap<>(BOUND.toItem(BoundEntityCodecTest.full()));
        stored.put(attribute, type.equals("N") ? AttributeValue.fromN(text) : AttributeValue.fromS(text));

        assertThat(failure(new PageItem(stored))).isEqualTo(failure(stored)).isNotEqualTo("none");
    }

    private static String failure(Map<String, AttributeValue> item) {
        try {
            BOUND.fromItem(item);
            return "none";
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }
}
