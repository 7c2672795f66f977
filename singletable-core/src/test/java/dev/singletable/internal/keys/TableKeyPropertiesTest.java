package dev.singletable.internal.keys;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.KeyValues;
import dev.singletable.internal.keys.KeyRows.Row;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Assume;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static dev.singletable.internal.keys.KeyRows.ROW_ATTRIBUTES;
import static dev.singletable.internal.keys.KeyRows.attributes;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The promises of issue 10 over whole adversarial tables: several templates writing one key attribute,
 * bound with the table's escape set (the characters next to a slot in any of them). Templates are built
 * from literal pieces that fool a plain join (prefixes of one another, delimiters, a letter that follows one
 * template's slot and is literal text in another), values from the same pieces plus {@code \} and empty text.
 *
 * <ul>
 *   <li>Two templates of different shapes compose one text only where {@link BoundKeyTemplate#mayCoincideWith}
 *       finds one, and every text it finds both really compose (so the check that refuses tables is exact for
 *       string slots, and a table it accepts never mixes keys).</li>
 *   <li>One template composes equal texts only from equal values, and parses every text back to its values.</li>
 *   <li>Typed sort-key slots keep value order under the table's escapes.</li>
 * </ul>
 */
class TableKeyPropertiesTest {
    /** Literal pieces: delimiters, letters some templates have next to slots and others inside literal text. */
    private static final List<String> LITERALS = List.of("#", "A", "B", "-", "AB", "A#", "#A", "#B#", "→", "X-");

    /** Value pieces: every literal piece, the escape, an escaped-looking pair, and other text. */
    private static final List<String> PIECES = List.of("#", "A", "B", "-", "AB", "\\", "\\#", "x", "é", "→", "😀", "X");

    /** A template: literal, then up to three slots each followed by literal text (the middle ones never empty). */
    @Provide
    Arbitrary<String> template() {
        Arbitrary<String> literal = Arbitraries.of(LITERALS);
        Arbitrary<String> maybeEmpty = Arbitraries.oneOf(Arbitraries.just(""), literal);
        return Combinators.combine(maybeEmpty, Arbitraries.integers().between(0, 3), literal.list().ofSize(3), maybeEmpty)
                .as((first, slots, middles, last) -> {
                    if (slots == 0) {
                        return first.isEmpty() ? "C" + last : first + last;
                    }
                    StringBuilder text = new StringBuilder(first);
                    for (int i = 0; i < slots; i++) {
                        text.append('{').append((char) ('a' + i)).append('}');
                        text.append(i + 1 < slots ? middles.get(i) : last);
                    }
                    return text.toString();
                });
    }

    @Provide
    Arbitrary<List<String>> table() {
        return template().list().ofMinSize(2).ofMaxSize(4);
    }

    @Provide
    Arbitrary<List<String>> values() {
        return Arbitraries.of(PIECES).list().ofMaxSize(3).map(pieces -> String.join("", pieces)).list().ofSize(3);
    }

    // ------------------------------------------------------------------ across templates

    @Property(tries = 4000)
    void compose_whenTemplatesOfOneKeyAttributeHaveDifferentShapes_shareATextOnlyWhereTheOverlapFindsOne(
            @ForAll("table") List<String> texts, @ForAll("values") List<String> values) {
        List<BoundKeyTemplate<Row>> table = bindTable(texts, KeyRole.PARTITION);
        for (BoundKeyTemplate<Row> first : table) {
            if (composesEmptyText(first, values)) {
                continue;
            }
            String text = first.compose(keyValues(first, values));
            for (BoundKeyTemplate<Row> second : table) {
                if (first.template().literals().equals(second.template().literals())) {
                    continue; // one shape: the same partition by design
                }
                Optional<String> overlap = first.mayCoincideWith(second);
                boolean composesToo = composes(second, text);
                Statistics.label("overlap").collect(overlap.isPresent() ? "found" : "none");
                if (composesToo) {
                    assertThat(overlap).as("%s and %s both compose '%s', with escapes %s", first.template(), second.template(),
                            text, first.escapes()).isPresent();
                }
                overlap.ifPresent(shared -> {
                    assertThat(composes(first, shared)).as("%s composes the overlap '%s'", first.template(), shared).isTrue();
                    assertThat(composes(second, shared)).as("%s composes the overlap '%s'", second.template(), shared).isTrue();
                });
            }
        }
    }

    @Property(tries = 1500)
    void mayCoincideWith_whenEveryTemplateStartsWithItsOwnWordAndDelimiter_findsNothing(
            @ForAll("table") List<String> texts) {
        List<String> prefixed = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            prefixed.add("T" + i + "#" + texts.get(i)); // distinct literal prefixes, as in CUSTOMER#.. and ORDER#..
        }
        List<BoundKeyTemplate<Row>> table = bindTable(prefixed, KeyRole.PARTITION);
        for (int i = 0; i < table.size(); i++) {
            for (int j = i + 1; j < table.size(); j++) {
                assertThat(table.get(i).mayCoincideWith(table.get(j))).as("%s and %s", prefixed.get(i), prefixed.get(j)).isEmpty();
            }
        }
    }

    @Property(tries = 1500)
    void mayStartWith_whenATemplateComposesAText_findsEachOfItsPrefixes(
            @ForAll("table") List<String> texts, @ForAll("values") List<String> values) {
        List<BoundKeyTemplate<Row>> table = bindTable(texts, KeyRole.SORT);
        BoundKeyTemplate<Row> first = table.get(0);
        Assume.that(!composesEmptyText(first, values));
        String text = first.compose(keyValues(first, values));
        for (int end = 0; end <= text.length(); end++) {
            if (end > 0 && end < text.length() && Character.isLowSurrogate(text.charAt(end))) {
                continue;
            }
            assertThat(first.mayStartWith(text.substring(0, end), false)).as("%s starts with '%s'", first.template(),
                    text.substring(0, end)).isPresent();
        }
        assertThat(first.mayStartWith(text, true)).isPresent();
        for (BoundKeyTemplate<Row> other : table) {
            if (composes(other, text)) {
                assertThat(other.mayStartWith(text, true)).as("%s composes '%s'", other.template(), text).isPresent();
            }
        }
    }

    // ------------------------------------------------------------------ within one template

    @Property(tries = 3000)
    void compose_whenBoundWithTheTableEscapes_isInjectiveAndParsesBack(
            @ForAll("table") List<String> texts, @ForAll("values") List<String> first, @ForAll("values") List<String> second) {
        for (BoundKeyTemplate<Row> template : bindTable(texts, KeyRole.SORT)) {
            if (composesEmptyText(template, first) || composesEmptyText(template, second)) {
                continue;
            }
            String a = template.compose(keyValues(template, first));
            String b = template.compose(keyValues(template, second));
            assertThat(template.parse(a)).isEqualTo(valueMap(template, first));
            assertThat(template.parse(b)).isEqualTo(valueMap(template, second));
            if (a.equals(b)) {
                assertThat(valueMap(template, first)).as("%s gives '%s' for both", template.template(), a)
                        .isEqualTo(valueMap(template, second));
            }
        }
    }

    // ------------------------------------------------------------------ typed sort keys

    record Typed(Integer rating, Long seq, BigDecimal price, Instant at, LocalDate day) {
    }

    private static final Map<String, Attribute<Typed, ?>> TYPED = attributes(
            Attribute.required("rating", AttributeTypes.INTEGER, Typed::rating),
            Attribute.required("seq", AttributeTypes.LONG, Typed::seq),
            Attribute.required("price", AttributeTypes.DECIMAL, Typed::price),
            Attribute.required("at", AttributeTypes.INSTANT, Typed::at),
            Attribute.required("day", AttributeTypes.LOCAL_DATE, Typed::day));

    /** Sort templates with typed slots, and characters other templates of the attribute may put next to their slots. */
    private static final List<String> TYPED_TEMPLATES = List.of("R#{rating}", "S#{seq}#", "P#{price:%010.2f}", "{at}",
            "D#{day}#{at}", "{day:yyyy-MM-dd}", "T:{at}");
    private static final List<Set<Integer>> TABLE_ESCAPES = List.of(Set.of((int) '#'), Set.of((int) '.', (int) ':'),
            Set.of((int) '-', (int) 'T', (int) 'Z', (int) '#'), Set.of((int) '+', (int) '→'), Set.of((int) '0', (int) '9'));

    @Provide
    Arbitrary<Typed> typed() {
        return Combinators.combine(
                Arbitraries.integers(),
                Arbitraries.longs(),
                Arbitraries.longs().between(-99_999_999L, 999_999_999L).map(cents -> BigDecimal.valueOf(cents, 2)),
                Combinators.combine(Arbitraries.longs().between(-62_167_219_200L, 253_402_300_799L),
                        Arbitraries.integers().between(0, 999_999_999)).as(Instant::ofEpochSecond),
                Arbitraries.longs().between(-719_162L, 2_932_896L).map(LocalDate::ofEpochDay)).as(Typed::new);
    }

    @Property(tries = 3000)
    void compose_whenTypedSortSlotsUseTheTableEscapes_keepsValueOrder(
            @ForAll("typed") Typed x, @ForAll("typed") Typed y) {
        for (String text : TYPED_TEMPLATES) {
            for (Set<Integer> escapes : TABLE_ESCAPES) {
                BoundKeyTemplate<Typed> template = bind(text, KeyRole.SORT, TYPED).escaping(escapes);
                String a = template.compose(x);
                String b = template.compose(y);
                int values = Integer.signum(compare(template, x, y));
                int keys = Integer.signum(Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
                assertThat(keys).as("%s with escapes %s orders '%s' and '%s'", text, escapes, a, b).isEqualTo(values);
            }
        }
    }

    /** The order of the slot values, first slot first, as the keys must sort. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(BoundKeyTemplate<Typed> template, Typed x, Typed y) {
        for (Attribute<Typed, ?> slot : template.attributes()) {
            int c = ((Comparable) slot.valueOf(x)).compareTo(slot.valueOf(y));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    // ------------------------------------------------------------------ helpers

    private static List<BoundKeyTemplate<Row>> bindTable(List<String> texts, KeyRole role) {
        List<KeyTemplate> parsed = texts.stream().map(KeyTemplate::parse).toList();
        Set<Integer> escapes = Set.copyOf(Arrays.stream(KeyEscapes.nextToSlots(parsed)).boxed().toList());
        List<BoundKeyTemplate<Row>> table = new ArrayList<>();
        for (KeyTemplate template : parsed) {
            table.add(new BoundKeyTemplate<>(template, role, "Test " + role.description(), ROW_ATTRIBUTES).escaping(escapes));
        }
        return table;
    }

    private static <T> BoundKeyTemplate<T> bind(String text, KeyRole role, Map<String, Attribute<T, ?>> attributes) {
        return new BoundKeyTemplate<>(KeyTemplate.parse(text), role, "Test " + role.description(), attributes);
    }

    /** Only {@code {a}} with an empty value composes the empty text, which no DynamoDB key is. */
    private static boolean composesEmptyText(BoundKeyTemplate<Row> template, List<String> values) {
        return String.join("", template.template().literals()).isEmpty() && String.join("", valueMap(template, values).values()
                .stream().map(String::valueOf).toList()).isEmpty();
    }

    /** True when the template composes exactly this text from some values. */
    private static boolean composes(BoundKeyTemplate<Row> template, String text) {
        try {
            Map<String, Object> parsed = template.parse(text);
            KeyValues values = KeyValues.none();
            for (Map.Entry<String, Object> entry : parsed.entrySet()) {
                values = values.and(entry.getKey(), entry.getValue());
            }
            return template.compose(values).equals(text);
        } catch (KeyTemplateException e) {
            return false;
        }
    }

    private static KeyValues keyValues(BoundKeyTemplate<Row> template, List<String> values) {
        KeyValues result = KeyValues.none();
        for (Map.Entry<String, Object> entry : valueMap(template, values).entrySet()) {
            result = result.and(entry.getKey(), entry.getValue());
        }
        return result;
    }

    private static Map<String, Object> valueMap(BoundKeyTemplate<Row> template, List<String> values) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (Attribute<Row, ?> slot : template.attributes()) {
            map.put(slot.name(), values.get(slot.name().charAt(0) - 'a'));
        }
        return map;
    }
}
