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

    /**
     * A page's item as a decoder hands it over: a map, whose S and N texts are also given in place, as no String, at
     * places in a flat run of values where a list's elements follow it.
     */
    private static final class PageItem extends LinkedHashMap<String, AttributeValue> implements StoredItem {
        private final List<String> names = new ArrayList<>();
        private final List<AttributeValue> values = new ArrayList<>();
        /** The place after each value and its elements (a list's follow it). */
        private final List<Integer> ends = new ArrayList<>();
        final Set<String> asked = new TreeSet<>();

        PageItem(Map<String, AttributeValue> item) {
            super(item);
            item.forEach(this::add);
        }

        private void add(String name, AttributeValue value) {
            int place = values.size();
            names.add(name);
            values.add(value);
            ends.add(place + 1);
            if (value.hasL()) {
                value.l().forEach(element -> add(null, element));
                ends.set(place, values.size());
            }
        }

        @Override
        public AttributeValue get(Object name) {
            asked.add((String) name);
            return super.get(name);
        }

        @Override
        public int find(String name) {
            for (int place = 0; place < values.size(); place = ends.get(place)) {
                if (name.equals(names.get(place))) {
                    return place;
                }
            }
            return -1;
        }

        @Override
        public String storedAs(int place) {
            return values.get(place).type().toString();
        }

        @Override
        public CharSequence text(int place) {
            AttributeValue value = values.get(place);
            return new StringBuilder(value.s() != null ? value.s() : value.n());
        }

        @Override
        public int after(int place) {
            return ends.get(place);
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

        // the S and N values of scalar types and lists of them are not asked for; BOOL, B, SS, M, epoch seconds and the
        // optional are
        assertThat(item.asked).containsExactly("active", "data", "expiresAt", "labels", "nickname", "tags");
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

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a number     | N
            a NULL       | NULL
            a list       | L
            """)
    void fromItem_whenAPageItemsListHoldsAnotherType_failsAsItsMapDoes(String what, String type) {
        Map<String, AttributeValue> stored = new LinkedHashMap<>(BOUND.toItem(BoundEntityCodecTest.full()));
        AttributeValue other = switch (type) {
            case "N" -> AttributeValue.fromN("5");
            case "NULL" -> AttributeValue.fromNul(true);
            default -> AttributeValue.fromL(List.of(AttributeValue.fromS("b")));
        };
        stored.put("names", AttributeValue.fromL(List.of(AttributeValue.fromS("a"), other, AttributeValue.fromS("c"))));

        assertThat(failure(new PageItem(stored))).isEqualTo(failure(stored)).isNotEqualTo("none");
    }

    @Test
    void fromItem_whenAPageItemsListIsEmptyOrNotAList_readsAsItsMapDoes() {
        Map<String, AttributeValue> stored = new LinkedHashMap<>(BOUND.toItem(BoundEntityCodecTest.full()));
        stored.put("names", AttributeValue.fromL(List.of()));
        assertThat(BOUND.fromItem(new PageItem(stored)).names()).isEqualTo(BOUND.fromItem(stored).names()).isEmpty();

        stored.put("names", AttributeValue.fromS("a"));
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
