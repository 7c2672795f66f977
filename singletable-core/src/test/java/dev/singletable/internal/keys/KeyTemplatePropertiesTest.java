package dev.singletable.internal.keys;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.KeyValues;
import dev.singletable.ValidationException;
import dev.singletable.internal.keys.KeyRows.Row;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import static dev.singletable.internal.keys.KeyRows.ROW_ATTRIBUTES;
import static dev.singletable.internal.keys.KeyRows.attributes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The promises of key templates, checked over generated values: composing is reversible and
 * injective, parsing accepts only the keys composing writes, sort keys sort like their values,
 * prefixes stop at slot boundaries, and case is kept.
 *
 * <p>Tries per property are in the annotations: about 120,000 tries, which compose and parse
 * about 260,000 tuples (pairs, triples and lists of 200 count each tuple). jqwik's own edge
 * cases are off (see junit-platform.properties); the generators mix in the extremes.
 */
class KeyTemplatePropertiesTest {

    // ------------------------------------------------------------------ String slots

    /** Delimiters that are ASCII, BMP non-ASCII, supplementary, letters, digits, braces; multi-character literals. */
    private static final List<String> STRING_TEMPLATES = List.of(
            "ORDER#{a}#{b}",
            "{a}#{b}",
            "A{a}-{b}B",
            "X#{a}",
            "{a}",
            "{a}→{b}",
            "{a}😀{b}",
            "{a}##{b}#",
            "{{{a}}}#{b}",
            "{a}{{{b}",
            "{a}}}{b}",
            "{a}ORDER{b}",
            "{a}12{b}",
            "é{a}ß{b}é",
            "{a}#{b}#{c}");

    /** Templates whose prefixes are checked; some end in literal text, where the whole key is a prefix too. */
    private static final List<String> PREFIX_TEMPLATES = List.of(
            "ORDER#{a}#{b}#{c}", "A{a}-{b}B", "{a}→{b}", "{a}😀{b}😀", "{a}#{b}", "X#{a}#", "{a}##{b}#", "{a}12{b}");

    private static final Map<String, BoundKeyTemplate<Row>> BOUND_STRING_TEMPLATES =
            bindAll(Stream.concat(STRING_TEMPLATES.stream(), PREFIX_TEMPLATES.stream()).distinct().toList(), ROW_ATTRIBUTES);

    /** Pieces that fool an unescaped join: the delimiters above, the escape, escape sequences, prefixes of literals, a pair. */
    private static final List<String> TOKENS = List.of(
            "#", "\\", "\\\\", "\\#", "-", "→", "😀", "{", "}", "A", "B", "X", "O", "ORDER", "1", "12", "2",
            "é", "ß", "a", "b", " ", "😀😀", "\uD801\uDC37");

    record Case(String text, List<String> values) {
        BoundKeyTemplate<Row> template() {
            return BOUND_STRING_TEMPLATES.get(text);
        }

        KeyValues keyValues() {
            return stringKeyValues(values);
        }

        Row row() {
            return new Row(values.get(0), values.size() > 1 ? values.get(1) : null, values.size() > 2 ? values.get(2) : null);
        }

        Map<String, Object> valueMap() {
            Map<String, Object> map = new LinkedHashMap<>();
            for (int i = 0; i < values.size(); i++) {
                map.put(slotName(i), values.get(i));
            }
            return map;
        }

        /** Only {@code {a}} with an empty value composes the empty text. */
        boolean composesEmptyText() {
            return String.join("", template().template().literals()).isEmpty() && String.join("", values).isEmpty();
        }

        @Override
        public String toString() {
            return text + " " + values.stream().map(KeyTemplatePropertiesTest::visible).toList();
        }
    }

    record CasePair(String text, List<String> first, List<String> second) {
        Case firstCase() {
            return new Case(text, first);
        }

        Case secondCase() {
            return new Case(text, second);
        }
    }

    @Provide
    Arbitrary<String> stringTemplate() {
        return Arbitraries.of(STRING_TEMPLATES);
    }

    /** Generated as three values (no flatMap: it is slow and shrinks badly); a template uses the first ones it has slots for. */
    private static Arbitrary<List<String>> threeValues() {
        return slotText().list().ofSize(3);
    }

    @Provide
    Arbitrary<Case> stringCases() {
        return Combinators.combine(stringTemplate(), threeValues()).as((t, values) -> new Case(t, values.subList(0, slotCount(t))));
    }

    /**
     * Pairs that are equal, that differ by a delimiter or escape moved across a slot boundary (("a#", "b")
     * and ("a", "#b")), or that are unrelated.
     */
    @Provide
    Arbitrary<CasePair> stringCasePairs() {
        return Combinators.combine(stringTemplate(), threeValues(), threeValues(), Arbitraries.integers().between(0, 7),
                Arbitraries.integers().between(0, 1000)).as((t, x, y, kind, choice) -> {
                    List<String> first = x.subList(0, slotCount(t));
                    if (kind == 0) {
                        return new CasePair(t, first, List.copyOf(first));
                    }
                    if (kind <= 4) {
                        List<String> tokens = shiftTokens(t);
                        String token = tokens.get(choice % tokens.size());
                        return new CasePair(t, withToken(first, choice, token, true), withToken(first, choice, token, false));
                    }
                    return new CasePair(t, first, y.subList(0, slotCount(t)));
                });
    }

    /** Many small tuples over few tokens, so that equal tuples and near-collisions are common. */
    @Provide
    Arbitrary<Tuple.Tuple2<String, List<List<String>>>> manyTuples() {
        Arbitrary<String> smallText = Arbitraries.of("#", "\\", "a", "→", "😀", "-", "B", "O", "1", "}")
                .list().ofMaxSize(3).map(pieces -> String.join("", pieces));
        return Combinators.combine(stringTemplate(), smallText.list().ofSize(3).list().ofSize(200))
                .as((t, tuples) -> Tuple.of(t, tuples.stream().map(values -> values.subList(0, slotCount(t))).toList()));
    }

    @Property(tries = 20_000)
    void parse_whenKeyComposedFromStrings_givesTheSameValuesBack(@ForAll("stringCases") Case c) {
        if (c.composesEmptyText()) {
            assertThatThrownBy(() -> c.template().compose(c.keyValues()))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template '{a}' gives an empty key; DynamoDB key values can never be empty");
            return;
        }
        String key = c.template().compose(c.keyValues());

        assertThat(c.template().parse(key)).containsExactlyEntriesOf(c.valueMap());
        assertThat(c.template().compose(c.row())).isEqualTo(key);
        assertThat(c.template().prefix(c.keyValues())).isEqualTo(new BoundKeyTemplate.Prefix(key, c.values().size(), true));
    }

    @Property(tries = 20_000)
    void compose_whenTwoTuplesGiveTheSameKey_theTuplesAreEqual(@ForAll("stringCasePairs") CasePair pair) {
        Case first = pair.firstCase();
        Case second = pair.secondCase();
        Statistics.label("tuples").collect(pair.first().equals(pair.second()) ? "equal" : "different");
        Statistics.label("unescaped compose").collect(unescaped(pair.text(), pair.first()).equals(unescaped(pair.text(), pair.second()))
                && !pair.first().equals(pair.second()) ? "collides" : "does not collide");
        if (first.composesEmptyText() || second.composesEmptyText()) {
            return;
        }
        String firstKey = first.template().compose(first.keyValues());
        String secondKey = second.template().compose(second.keyValues());

        assertThat(firstKey.equals(secondKey)).as("keys %s and %s", visible(firstKey), visible(secondKey))
                .isEqualTo(pair.first().equals(pair.second()));
        Statistics.label("unescaped compose").coverage(check -> check.check("collides").percentage(p -> p > 10));
    }

    @Property(tries = 250)
    void compose_whenManyTuples_givesAsManyKeysAsDistinctTuples(@ForAll("manyTuples") Tuple.Tuple2<String, List<List<String>>> input) {
        BoundKeyTemplate<Row> template = BOUND_STRING_TEMPLATES.get(input.get1());
        Map<String, List<String>> tupleByKey = new HashMap<>();
        List<List<String>> composable = new ArrayList<>();
        for (List<String> values : input.get2()) {
            Case c = new Case(input.get1(), values);
            if (c.composesEmptyText()) {
                continue;
            }
            composable.add(values);
            String key = template.compose(c.keyValues());
            List<String> earlier = tupleByKey.putIfAbsent(key, values);
            if (earlier != null) {
                assertThat(values).as("tuple with the same key %s as %s", visible(key), earlier).isEqualTo(earlier);
            }
        }

        assertThat(tupleByKey).hasSameSizeAs(new HashSet<>(composable));
        tupleByKey.forEach((key, values) ->
                assertThat(template.parse(key)).containsExactlyEntriesOf(new Case(input.get1(), values).valueMap()));
    }

    @Property(tries = 15_000)
    void parse_whenAnyText_acceptsOnlyTheTextComposeWrites(@ForAll("stringTemplate") String text, @ForAll("keyLikeText") String key) {
        BoundKeyTemplate<Row> template = BOUND_STRING_TEMPLATES.get(text);
        Map<String, Object> values;
        try {
            values = template.parse(key);
        } catch (KeyTemplateException e) {
            assertThat(e.getMessage()).startsWith("Key '" + key + "' does not match Test sort key template '" + text + "': ");
            Statistics.label("parse").collect("refused");
            return;
        }
        Statistics.label("parse").collect("accepted");
        assertThat(template.compose(objectKeyValues(values))).isEqualTo(key);
        Statistics.label("parse").coverage(check -> {
            check.check("accepted").percentage(p -> p > 5);
            check.check("refused").percentage(p -> p > 5);
        });
    }

    /** Valid keys, valid keys with one character inserted or removed, and random runs of key-like pieces. */
    @Provide
    Arbitrary<String> keyLikeText() {
        Arbitrary<String> random = Arbitraries.of("ORDER#", "#", "\\", "\\#", "A", "B", "X#", "-", "→", "😀", "{", "}", "12", "é", "ß", "x")
                .list().ofMaxSize(7).map(pieces -> String.join("", pieces));
        Arbitrary<String> composed = stringCases().filter(c -> !c.composesEmptyText())
                .map(c -> c.template().compose(c.keyValues()));
        Arbitrary<String> mutated = Combinators.combine(composed, Arbitraries.integers().between(0, 1000),
                Arbitraries.of("\\", "#", "-", "→", "😀", "B", "", "x")).as((key, at, insert) -> {
                    int[] codePoints = key.codePoints().toArray();
                    int index = at % (codePoints.length + 1);
                    StringBuilder mutatedKey = new StringBuilder();
                    for (int i = 0; i < codePoints.length; i++) {
                        if (i == index) {
                            mutatedKey.append(insert);
                        }
                        if (!(insert.isEmpty() && i == index)) {
                            mutatedKey.appendCodePoint(codePoints[i]);
                        }
                    }
                    if (index == codePoints.length) {
                        mutatedKey.append(insert);
                    }
                    return mutatedKey.toString();
                });
        return Arbitraries.frequencyOf(Tuple.of(2, composed), Tuple.of(3, mutated), Tuple.of(3, random));
    }

    @Property(tries = 5_000)
    void compose_whenValuesDifferOnlyInCase_keepsEachCaseAndGivesDifferentKeys(@ForAll("stringCases") Case c) {
        Case upper = new Case(c.text(), c.values().stream().map(v -> v.toUpperCase(Locale.ROOT)).toList());
        Case lower = new Case(c.text(), c.values().stream().map(v -> v.toLowerCase(Locale.ROOT)).toList());
        if (upper.composesEmptyText()) {
            return;
        }
        String upperKey = upper.template().compose(upper.keyValues());
        String lowerKey = lower.template().compose(lower.keyValues());

        assertThat(upper.template().parse(upperKey)).containsExactlyEntriesOf(upper.valueMap());
        assertThat(lower.template().parse(lowerKey)).containsExactlyEntriesOf(lower.valueMap());
        assertThat(upperKey.equals(lowerKey)).isEqualTo(upper.values().equals(lower.values()));
        assertThat(upperKey).startsWith(c.template().template().literals().get(0));
    }

    // ------------------------------------------------------------------ prefixes

    record PrefixCase(String text, List<String> values, List<String> others, int filled, boolean extend) {
        @Override
        public String toString() {
            return text + " " + values.stream().map(KeyTemplatePropertiesTest::visible).toList() + " "
                    + others.stream().map(KeyTemplatePropertiesTest::visible).toList() + " filled=" + filled + " extend=" + extend;
        }
    }

    @Provide
    Arbitrary<PrefixCase> prefixCases() {
        return Combinators.combine(Arbitraries.of(PREFIX_TEMPLATES), threeValues(), threeValues(), Arbitraries.integers().between(0, 1000),
                Arbitraries.of(true, false)).as((t, values, others, choice, extend) -> {
                    int slots = slotCount(t);
                    // the whole key is a prefix only when literal text follows the last slot
                    int maxFilled = t.endsWith("}") ? slots - 1 : slots;
                    return new PrefixCase(t, values.subList(0, slots), others.subList(0, slots), 1 + choice % maxFilled, extend);
                });
    }

    @Property(tries = 20_000)
    void prefix_whenLeadingSlotsFilled_matchesKeysSharingThemAndNoKeyWhoseLastFilledValueDiffers(@ForAll("prefixCases") PrefixCase c) {
        BoundKeyTemplate<Row> template = BOUND_STRING_TEMPLATES.get(c.text());
        int k = c.filled();
        int n = c.values().size();
        BoundKeyTemplate.Prefix prefix = template.prefix(stringKeyValues(c.values().subList(0, k)));

        List<String> sharing = new ArrayList<>(c.values().subList(0, k));
        sharing.addAll(c.others().subList(k, n));
        List<String> differing = new ArrayList<>(sharing);
        // "12" against "123": a value that extends the filled one is the case a raw prefix gets wrong
        differing.set(k - 1, c.extend() ? c.values().get(k - 1) + c.others().get(k - 1) : c.others().get(k - 1));

        assertThat(prefix.slotsFilled()).isEqualTo(k);
        assertThat(prefix.complete()).isEqualTo(k == n);
        assertThat(template.compose(stringKeyValues(c.values()))).startsWith(prefix.text());
        assertThat(template.compose(stringKeyValues(sharing))).startsWith(prefix.text());
        String differingKey = template.compose(stringKeyValues(differing));
        assertThat(differingKey.startsWith(prefix.text()))
                .as("prefix %s of key %s", visible(prefix.text()), visible(differingKey))
                .isEqualTo(differing.get(k - 1).equals(c.values().get(k - 1)));
    }

    // ------------------------------------------------------------------ typed slots

    enum Color { RED, GREEN, BLUE_GREEN }

    record Typed(Integer i, Long l, BigInteger bi, BigDecimal p, Boolean bo, Instant t, LocalDate d, UUID u, Color e,
                 String s, Integer f, BigDecimal w) {
    }

    private static final Map<String, Attribute<Typed, ?>> TYPED_ATTRIBUTES = attributes(
            Attribute.required("i", AttributeTypes.INTEGER, Typed::i),
            Attribute.required("l", AttributeTypes.LONG, Typed::l),
            Attribute.required("bi", AttributeTypes.BIG_INTEGER, Typed::bi),
            Attribute.required("p", AttributeTypes.DECIMAL, Typed::p),
            Attribute.required("bo", AttributeTypes.BOOLEAN, Typed::bo),
            Attribute.required("t", AttributeTypes.INSTANT, Typed::t),
            Attribute.required("d", AttributeTypes.LOCAL_DATE, Typed::d),
            Attribute.required("u", AttributeTypes.UUID, Typed::u),
            Attribute.required("e", AttributeTypes.enumType(Color.class), Typed::e),
            Attribute.required("s", AttributeTypes.STRING, Typed::s),
            Attribute.required("f", AttributeTypes.INTEGER, Typed::f),
            Attribute.required("w", AttributeTypes.DECIMAL, Typed::w));

    private static final long FIRST_SECOND_OF_YEAR_0 = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
    private static final long LAST_SECOND_OF_YEAR_9999 = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
    private static final long FIRST_DAY_OF_YEAR_0 = LocalDate.of(0, 1, 1).toEpochDay();
    private static final long LAST_DAY_OF_YEAR_9999 = LocalDate.of(9999, 12, 31).toEpochDay();
    /** Unscaled values that fit {@code %010.2f}: nine digits. */
    private static final long MAX_UNSCALED = 999_999_999L;
    /** Whole numbers that fit {@code %012.0f}: twelve digits. */
    private static final BigDecimal MAX_WHOLE = BigDecimal.valueOf(999_999_999_999L);

    record TypedCase(String text, KeyRole role, Typed value) {
    }

    private static final Map<String, KeyRole> TYPED_TEMPLATES = templates(
            "T#{i}#{l}#{bi}#{p}", KeyRole.PARTITION,
            "{s}#{d}#{t}#{bo}#{u}#{e}", KeyRole.PARTITION,
            "{i}#{l}#{t}#{d}#{bo}#{u}#{e}", KeyRole.SORT,
            "{bi:%030d}#{p:%010.2f}#{s}", KeyRole.SORT,
            "{f:%05d}-{d:dd.MM.uuuu}", KeyRole.PARTITION,
            "{d:uuuuMMdd}#{t:uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'}", KeyRole.SORT);

    private static final Map<String, BoundKeyTemplate<Typed>> BOUND_TYPED_TEMPLATES = new HashMap<>();

    @Provide
    Arbitrary<TypedCase> typedCases() {
        return Combinators.combine(Arbitraries.of(TYPED_TEMPLATES.keySet()), typed())
                .as((text, value) -> new TypedCase(text, TYPED_TEMPLATES.get(text), value));
    }

    @Property(tries = 10_000)
    void parse_whenKeyComposedFromTypedValues_givesEqualValuesBack(@ForAll("typedCases") TypedCase c) {
        BoundKeyTemplate<Typed> template = boundTyped(c.text());
        String key = template.compose(c.value());

        Map<String, Object> parsed = template.parse(key);

        Map<String, Object> expected = new LinkedHashMap<>();
        for (KeyTemplate.Slot slot : template.template().slots()) {
            expected.put(slot.attribute(), normalized(TYPED_ATTRIBUTES.get(slot.attribute()).valueOf(c.value())));
        }
        parsed.replaceAll((name, value) -> normalized(value));
        assertThat(parsed).containsExactlyEntriesOf(expected);
        assertThat(template.compose(objectKeyValues(template.parse(key)))).isEqualTo(key);
    }

    /** Sort keys: string order (UTF-8 bytes, as DynamoDB compares) equals value order, slot by slot. */
    private static final List<String> ORDER_TEMPLATES = List.of(
            "N#{i}#{l}",
            "{l}",
            "D#{d}#{t}",
            "{f:%05d}#{p:%010.2f}",
            "{d}-{i}",
            "{t}.{l}",
            "{p:%010.2f}.{f:%05d}",
            "{i}#{t}T{d}",
            "{bi:%025d}:{w:%012.0f}");

    record OrderCase(String text, Typed first, Typed second) {
    }

    /** The second value is the first, one step away from it in one slot, or unrelated. */
    @Provide
    Arbitrary<OrderCase> orderCases() {
        return Combinators.combine(Arbitraries.of(ORDER_TEMPLATES), typed(), typed(), Arbitraries.integers().between(0, 7),
                Arbitraries.integers().between(0, 6), Arbitraries.of(-1, 1)).as((text, first, other, kind, field, step) ->
                new OrderCase(text, first, kind == 0 ? first : kind <= 4 ? near(first, field, step) : other));
    }

    @Property(tries = 25_000)
    void compose_whenSortKeysOfOrderedSlots_comparesAsTheValuesDo(@ForAll("orderCases") OrderCase c) {
        BoundKeyTemplate<Typed> template = boundTyped(c.text());
        int valueOrder = 0;
        for (KeyTemplate.Slot slot : template.template().slots()) {
            valueOrder = compareValues(TYPED_ATTRIBUTES.get(slot.attribute()), c.first(), c.second());
            if (valueOrder != 0) {
                break;
            }
        }
        String firstKey = template.compose(c.first());
        String secondKey = template.compose(c.second());

        int keyOrder = Arrays.compareUnsigned(firstKey.getBytes(StandardCharsets.UTF_8), secondKey.getBytes(StandardCharsets.UTF_8));
        assertThat(Integer.signum(keyOrder)).as("%s vs %s", firstKey, secondKey).isEqualTo(Integer.signum(valueOrder));
        Statistics.label("order").collect(Integer.signum(valueOrder));
    }

    @Provide
    Arbitrary<String> numberLikeText() {
        return Arbitraries.of("-", "0", "9", "1", "00000", "99999", "#", ".", "+", "E", "\u0663", " ", "\\", "000000000")
                .list().ofMaxSize(8).map(pieces -> String.join("", pieces));
    }

    @Property(tries = 5_000)
    void parse_whenNumberLikeText_acceptsOnlyTheTextComposeWrites(@ForAll("numberTemplates") String text,
                                                                   @ForAll("numberLikeText") String key) {
        BoundKeyTemplate<Typed> template = boundTyped(text);
        Map<String, Object> values;
        try {
            values = template.parse(key);
        } catch (KeyTemplateException e) {
            assertThat(e.getMessage()).startsWith("Key '" + key + "' does not match Test "
                    + template.role().description() + " template '" + text + "': ");
            return;
        }
        assertThat(template.compose(objectKeyValues(values))).isEqualTo(key);
    }

    @Provide
    Arbitrary<String> numberTemplates() {
        return Arbitraries.of("{f:%05d}", "{i}#{l}", "{p}", "{bi:%05d}.{f}", "{p:%06.2f}", "{p:%05.0f}");
    }

    private static final Map<String, KeyRole> NUMBER_TEMPLATE_ROLES = templates(
            "{f:%05d}", KeyRole.SORT, "{i}#{l}", KeyRole.PARTITION, "{p}", KeyRole.PARTITION,
            "{bi:%05d}.{f}", KeyRole.PARTITION, "{p:%06.2f}", KeyRole.SORT, "{p:%05.0f}", KeyRole.SORT);

    // ------------------------------------------------------------------ generators

    private static Arbitrary<String> slotText() {
        Arbitrary<String> anyCodePoint = Arbitraries.integers().between(0, Character.MAX_CODE_POINT)
                .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE)
                .map(Character::toString);
        Arbitrary<String> piece = Arbitraries.frequencyOf(Tuple.of(6, Arbitraries.of(TOKENS)), Tuple.of(1, anyCodePoint));
        return piece.list().ofMaxSize(6).map(pieces -> String.join("", pieces)).withoutEdgeCases();
    }

    private static Arbitrary<Typed> typed() {
        Arbitrary<Integer> ints = withEdges(Arbitraries.integers(), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 1);
        Arbitrary<Long> longs = withEdges(Arbitraries.longs(), Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L, 1L);
        BigInteger maxBig = BigInteger.TEN.pow(25).subtract(BigInteger.ONE);
        Arbitrary<BigInteger> bigs = withEdges(Arbitraries.bigIntegers().between(maxBig.negate(), maxBig),
                maxBig.negate(), maxBig, BigInteger.ZERO);
        Arbitrary<BigDecimal> decimals = withEdges(Combinators.combine(Arbitraries.longs().between(-MAX_UNSCALED, MAX_UNSCALED),
                        Arbitraries.integers().between(0, 2)).as((unscaled, scale) -> BigDecimal.valueOf(unscaled / pow10(2 - scale), scale)),
                BigDecimal.valueOf(-MAX_UNSCALED, 2), BigDecimal.valueOf(MAX_UNSCALED, 2), BigDecimal.ZERO, new BigDecimal("-0.01"));
        Arbitrary<Instant> instants = withEdges(Combinators.combine(
                        Arbitraries.longs().between(FIRST_SECOND_OF_YEAR_0, LAST_SECOND_OF_YEAR_9999),
                        Arbitraries.integers().between(0, 999_999_999)).as(Instant::ofEpochSecond),
                Instant.ofEpochSecond(FIRST_SECOND_OF_YEAR_0), Instant.ofEpochSecond(LAST_SECOND_OF_YEAR_9999, 999_999_999), Instant.EPOCH);
        Arbitrary<LocalDate> dates = withEdges(Arbitraries.longs().between(FIRST_DAY_OF_YEAR_0, LAST_DAY_OF_YEAR_9999).map(LocalDate::ofEpochDay),
                LocalDate.ofEpochDay(FIRST_DAY_OF_YEAR_0), LocalDate.ofEpochDay(LAST_DAY_OF_YEAR_9999), LocalDate.of(2024, 2, 29));
        Arbitrary<UUID> uuids = Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(UUID::new);
        Arbitrary<Integer> small = withEdges(Arbitraries.integers().between(-99_999, 99_999), -99_999, 99_999, 0);
        Arbitrary<BigDecimal> wholes = withEdges(Arbitraries.longs().between(-999_999_999_999L, 999_999_999_999L).map(BigDecimal::valueOf),
                MAX_WHOLE.negate(), MAX_WHOLE, BigDecimal.ZERO);
        List<Arbitrary<Object>> parts = List.of(ints.asGeneric(), longs.asGeneric(), bigs.asGeneric(), decimals.asGeneric(),
                Arbitraries.of(true, false).asGeneric(), instants.asGeneric(), dates.asGeneric(), uuids.asGeneric(),
                Arbitraries.of(Color.class).asGeneric(), slotText().asGeneric(), small.asGeneric(), wholes.asGeneric());
        return Combinators.combine(parts)
                .as(v -> new Typed((Integer) v.get(0), (Long) v.get(1), (BigInteger) v.get(2), (BigDecimal) v.get(3),
                        (Boolean) v.get(4), (Instant) v.get(5), (LocalDate) v.get(6), (UUID) v.get(7), (Color) v.get(8),
                        (String) v.get(9), (Integer) v.get(10), (BigDecimal) v.get(11)))
                .withoutEdgeCases();
    }

    /** Mixes the extremes in explicitly, one value in eight. */
    @SafeVarargs
    @SuppressWarnings("varargs") // the edges are only read
    private static <V> Arbitrary<V> withEdges(Arbitrary<V> values, V... edges) {
        return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.of(List.of(edges))), Tuple.of(7, values)).withoutEdgeCases();
    }

    /** A value one step away in one slot (or mirrored around zero), so that neighbouring keys are compared. */
    private static Typed near(Typed x, int field, int step) {
        return switch (field) {
            case 0 -> new Typed(clampInt(x.i() + (long) step), x.l(), x.bi(), x.p(), x.bo(), x.t(), x.d(), x.u(), x.e(), x.s(), x.f(), x.w());
            case 1 -> new Typed(x.i(), clampLong(BigInteger.valueOf(x.l()).add(BigInteger.valueOf(step))), x.bi(), x.p(), x.bo(),
                    x.t(), x.d(), x.u(), x.e(), x.s(), x.f(), x.w());
            case 2 -> new Typed(x.i(), x.l(), x.bi(), x.p(), x.bo(), clampInstant(x.t().plusNanos(step)), x.d(), x.u(), x.e(), x.s(),
                    x.f(), x.w());
            case 3 -> new Typed(x.i(), x.l(), x.bi(), x.p(), x.bo(), x.t(), clampDate(x.d().plusDays(step)), x.u(), x.e(), x.s(),
                    x.f(), x.w());
            case 4 -> new Typed(x.i(), x.l(), x.bi(), clampDecimal(x.p().add(BigDecimal.valueOf(step, 2))), x.bo(), x.t(), x.d(),
                    x.u(), x.e(), x.s(), x.f(), x.w());
            case 5 -> new Typed(x.i(), x.l(), clampBig(x.bi().add(BigInteger.valueOf(step))), x.p(), x.bo(), x.t(), x.d(), x.u(),
                    x.e(), x.s(), Math.max(-99_999, Math.min(99_999, x.f() + step)),
                    x.w().add(BigDecimal.valueOf(step)).min(MAX_WHOLE).max(MAX_WHOLE.negate()));
            default -> new Typed(x.i() == Integer.MIN_VALUE ? x.i() : -x.i(), x.l() == Long.MIN_VALUE ? x.l() : -x.l(),
                    x.bi().negate(), x.p().negate(), x.bo(), x.t(), x.d(), x.u(), x.e(), x.s(), -x.f(), x.w().negate());
        };
    }

    // ------------------------------------------------------------------ helpers

    private static <T> BoundKeyTemplate<T> bind(String text, KeyRole role, Map<String, Attribute<T, ?>> attributes) {
        return new BoundKeyTemplate<>(KeyTemplate.parse(text), role, "Test " + role.description(), attributes);
    }

    private static <T> Map<String, BoundKeyTemplate<T>> bindAll(List<String> texts, Map<String, Attribute<T, ?>> attributes) {
        Map<String, BoundKeyTemplate<T>> bound = new HashMap<>();
        for (String text : texts) {
            bound.put(text, bind(text, KeyRole.SORT, attributes));
        }
        return bound;
    }

    private static Map<String, KeyRole> templates(Object... textAndRole) {
        Map<String, KeyRole> map = new LinkedHashMap<>();
        for (int i = 0; i < textAndRole.length; i += 2) {
            map.put((String) textAndRole[i], (KeyRole) textAndRole[i + 1]);
        }
        return map;
    }

    private static synchronized BoundKeyTemplate<Typed> boundTyped(String text) {
        return BOUND_TYPED_TEMPLATES.computeIfAbsent(text, t -> {
            KeyRole role = TYPED_TEMPLATES.containsKey(t) ? TYPED_TEMPLATES.get(t)
                    : NUMBER_TEMPLATE_ROLES.containsKey(t) ? NUMBER_TEMPLATE_ROLES.get(t) : KeyRole.SORT;
            return bind(t, role, TYPED_ATTRIBUTES);
        });
    }

    private static int slotCount(String template) {
        return BOUND_STRING_TEMPLATES.get(template).template().slots().size();
    }

    private static String slotName(int index) {
        return String.valueOf((char) ('a' + index));
    }

    private static KeyValues stringKeyValues(List<String> values) {
        KeyValues keyValues = KeyValues.none();
        for (int i = 0; i < values.size(); i++) {
            keyValues = keyValues.and(slotName(i), values.get(i));
        }
        return keyValues;
    }

    private static KeyValues objectKeyValues(Map<String, Object> values) {
        KeyValues keyValues = KeyValues.none();
        for (Map.Entry<String, Object> entry : values.entrySet()) {
            keyValues = keyValues.and(entry.getKey(), entry.getValue());
        }
        return keyValues;
    }

    /** The key without escaping, as libraries that join and split on '#' write it: the generated pairs must fool it. */
    private static String unescaped(String template, List<String> values) {
        List<String> literals = KeyTemplate.parse(template).literals();
        StringBuilder key = new StringBuilder(literals.get(0));
        for (int i = 0; i < values.size(); i++) {
            key.append(values.get(i)).append(literals.get(i + 1));
        }
        return key.toString();
    }

    /** The literal texts between slots, their first characters and the escape: what can be moved across a boundary. */
    private static List<String> shiftTokens(String template) {
        List<String> literals = KeyTemplate.parse(template).literals();
        List<String> tokens = new ArrayList<>(List.of("\\"));
        for (String literal : literals.subList(1, literals.size())) {
            if (!literal.isEmpty()) {
                tokens.add(literal);
                tokens.add(Character.toString(literal.codePointAt(0)));
            }
        }
        return tokens;
    }

    /** The token at the end of one value ({@code before}) or the start of the next: ("a#", "b") against ("a", "#b"). */
    private static List<String> withToken(List<String> values, int choice, String token, boolean before) {
        List<String> changed = new ArrayList<>(values);
        if (values.size() < 2) {
            changed.set(0, before ? values.get(0) + token : token + values.get(0));
            return changed;
        }
        int i = choice % (values.size() - 1);
        if (before) {
            changed.set(i, values.get(i) + token);
        } else {
            changed.set(i + 1, token + values.get(i + 1));
        }
        return changed;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareValues(Attribute<Typed, ?> attribute, Typed first, Typed second) {
        Comparable a = (Comparable) attribute.valueOf(first);
        Comparable b = (Comparable) attribute.valueOf(second);
        return a.compareTo(b);
    }

    private static Object normalized(Object value) {
        return value instanceof BigDecimal decimal ? decimal.stripTrailingZeros() : value;
    }

    private static long pow10(int exponent) {
        long result = 1;
        for (int i = 0; i < exponent; i++) {
            result *= 10;
        }
        return result;
    }

    private static Integer clampInt(long value) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, value));
    }

    private static Long clampLong(BigInteger value) {
        return value.max(BigInteger.valueOf(Long.MIN_VALUE)).min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact();
    }

    private static BigInteger clampBig(BigInteger value) {
        BigInteger max = BigInteger.TEN.pow(25).subtract(BigInteger.ONE);
        return value.max(max.negate()).min(max);
    }

    private static Instant clampInstant(Instant value) {
        Instant min = Instant.ofEpochSecond(FIRST_SECOND_OF_YEAR_0);
        Instant max = Instant.ofEpochSecond(LAST_SECOND_OF_YEAR_9999, 999_999_999);
        return value.isBefore(min) ? min : value.isAfter(max) ? max : value;
    }

    private static LocalDate clampDate(LocalDate value) {
        LocalDate min = LocalDate.ofEpochDay(FIRST_DAY_OF_YEAR_0);
        LocalDate max = LocalDate.ofEpochDay(LAST_DAY_OF_YEAR_9999);
        return value.isBefore(min) ? min : value.isAfter(max) ? max : value;
    }

    private static BigDecimal clampDecimal(BigDecimal value) {
        BigDecimal max = BigDecimal.valueOf(MAX_UNSCALED, 2);
        return value.max(max.negate()).min(max);
    }

    /** Non-ASCII as \\uXXXX so that reports show what was generated. */
    private static String visible(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char ch : text.toCharArray()) {
            out.append(ch >= 0x20 && ch < 0x7F ? String.valueOf(ch) : String.format(Locale.ROOT, "\\u%04X", (int) ch));
        }
        return out.append('"').toString();
    }
}
