package dev.singletable.internal.reads;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyValues;
import dev.singletable.Placeholders;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.kinds.Kind;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A range ({@code <}, {@code <=}, {@code >}, {@code >=}, {@code BETWEEN}) on the slot values of a composed sort key
 * where a given slot holds free text and literal text follows it ({@code COMMENT#{author}#{createdAt}}: values of
 * {@code author} alone, of {@code author} and {@code createdAt}, or of a later text slot after earlier ones). Key order is
 * not value order there: a value with a character that sorts before the delimiter ({@code "bob smith"}, a space before
 * {@code #}) has a key below the key of its prefix ({@code COMMENT#bob smith#...} below {@code COMMENT#bob#...}), so a
 * range of keys built from the bounds misses some values inside the range and takes in some outside it. The query then
 * sends a wider key range that holds every value of the range (cut at the first such text slot, the "gap"), and a filter
 * that keeps exactly the range: the given slots' values compared in order on their attributes, as the subtree query does
 * for its siblings (see {@link SortKeyCondition.Hierarchy}). It is built only when every given slot's stored attribute
 * compares as its values do (text, a date, a UUID or a number, without a date pattern, bucket or shard); otherwise, and when no given
 * slot is such text (numbers, dates and enums sort in the key as their values do), the key range is sent as it is.
 *
 * @param op     the operator of the user's condition: {@code LT}, {@code LE}, {@code GT}, {@code GE} or {@code BETWEEN}
 * @param from   the given slots' values (the lower end of {@code BETWEEN})
 * @param to     the upper end's values of {@code BETWEEN}; empty otherwise
 * @param bounds the widened key condition
 */
record TextSlotRange(SortKeyCondition.Op op, List<Term> from, List<Term> to, SortKeyCondition.Bounds bounds) {

    /** A given slot: its attribute and its value as stored. */
    record Term(String attribute, AttributeValue value) {
    }

    /** The range of a comparison on slot values, when a given slot is free text followed by literal text. */
    static Optional<TextSlotRange> of(BoundKeyTemplate<?> template, SortKeyCondition.Op op, KeyValues values) {
        if (op != SortKeyCondition.Op.LT && op != SortKeyCondition.Op.LE && op != SortKeyCondition.Op.GT && op != SortKeyCondition.Op.GE) {
            return Optional.empty();
        }
        Optional<Integer> gap = gap(template, values);
        Optional<List<Term>> terms = terms(template, values);
        if (gap.isEmpty() || terms.isEmpty()) {
            return Optional.empty();
        }
        boolean upper = op == SortKeyCondition.Op.LT || op == SortKeyCondition.Op.LE;
        String key = upper ? upperEnd(template, values, gap.get()) : slotText(template, values, gap.get());
        return Optional.of(new TextSlotRange(op, terms.get(), List.of(),
                new SortKeyCondition.Bounds(upper ? "#sk <= :sk" : "#sk >= :sk", key, Optional.empty())));
    }

    /** The range of a {@code BETWEEN} on slot values, when an end's given slot is free text followed by literal text. */
    static Optional<TextSlotRange> between(BoundKeyTemplate<?> template, KeyValues from, KeyValues to) {
        Optional<Integer> lowerGap = gap(template, from);
        Optional<Integer> upperGap = gap(template, to);
        Optional<List<Term>> lower = terms(template, from);
        Optional<List<Term>> upper = terms(template, to);
        if (lowerGap.isEmpty() && upperGap.isEmpty() || lower.isEmpty() || upper.isEmpty()) {
            return Optional.empty();
        }
        String first = lowerGap.map(slot -> slotText(template, from, slot)).orElseGet(() -> template.prefix(from).text());
        String second = upperGap.map(slot -> upperEnd(template, to, slot)).orElseGet(() -> {
            BoundKeyTemplate.Prefix prefix = template.prefix(to);
            return prefix.complete() ? prefix.text() : prefix.text() + SortKeyCondition.AFTER_PREFIX;
        });
        return Optional.of(new TextSlotRange(SortKeyCondition.Op.BETWEEN, lower.get(), upper.get(),
                new SortKeyCondition.Bounds("#sk BETWEEN :sk AND :sk2", first, Optional.of(second))));
    }

    /** The attributes the filter compares, each once, in slot order. */
    List<String> attributes() {
        Set<String> names = new LinkedHashSet<>();
        from.forEach(t -> names.add(t.attribute()));
        to.forEach(t -> names.add(t.attribute()));
        return List.copyOf(names);
    }

    /** The filter that keeps exactly the user's range: the given values compared slot by slot, the first slot first. */
    String filter(Placeholders placeholders) {
        return switch (op) {
            case LT -> ordered(placeholders, from, " < ", " < ");
            case LE -> ordered(placeholders, from, " < ", " <= ");
            case GT -> ordered(placeholders, from, " > ", " > ");
            case GE -> ordered(placeholders, from, " > ", " >= ");
            case BETWEEN -> from.size() == 1 && to.size() == 1 && from.get(0).attribute().equals(to.get(0).attribute())
                    ? placeholders.name(from.get(0).attribute()) + " BETWEEN " + placeholders.value(from.get(0).value()) + " AND "
                    + placeholders.value(to.get(0).value())
                    : "(" + ordered(placeholders, from, " > ", " >= ") + ") AND (" + ordered(placeholders, to, " < ", " <= ") + ")";
            default -> throw new IllegalStateException("not a range: " + op);
        };
    }

    /**
     * {@code terms} compared in order: {@code #a < :a} for one slot; {@code #a < :a OR (#a = :a AND #b <= :b)} for two,
     * with {@code strict} before the last slot and {@code last} on it.
     */
    private static String ordered(Placeholders placeholders, List<Term> terms, String strict, String last) {
        Term term = terms.get(0);
        String name = placeholders.name(term.attribute());
        String value = placeholders.value(term.value());
        if (terms.size() == 1) {
            return name + last + value;
        }
        return name + strict + value + " OR (" + name + " = " + value + " AND " + wrapped(ordered(placeholders,
                terms.subList(1, terms.size()), strict, last)) + ")";
    }

    private static String wrapped(String clause) {
        return clause.contains(" OR ") ? "(" + clause + ")" : clause;
    }

    /**
     * The first given slot whose key text does not sort as its values do: a plain string slot (no format) with literal
     * text after it; empty when there is none, or when the values are not the first slots of the template.
     */
    private static Optional<Integer> gap(BoundKeyTemplate<?> template, KeyValues values) {
        BoundKeyTemplate.Prefix prefix = template.prefix(values);
        if (prefix.slotsFilled() != values.asMap().size()) {
            return Optional.empty();
        }
        List<String> literals = template.template().literals();
        for (int i = 0; i < prefix.slotsFilled(); i++) {
            KeyTemplate.Slot slot = template.templateSlots().get(i);
            if (!literals.get(i + 1).isEmpty() && plain(slot) && template.attributes().get(i).type() == AttributeTypes.STRING
                    && values.value(slot.attribute()).orElseThrow() instanceof String) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /**
     * The given slots' attributes with their values as stored, when each compares on its attribute as its key text sorts:
     * text, a date, a UUID, or a number (whose width format keeps its order); empty for a date pattern, a bucket, a shard,
     * or another kind (an instant, whose stored fraction varies in width; an enum).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Optional<List<Term>> terms(BoundKeyTemplate<?> template, KeyValues values) {
        List<Term> terms = new ArrayList<>();
        for (int i = 0; i < values.asMap().size(); i++) {
            KeyTemplate.Slot slot = template.templateSlots().get(i);
            Attribute attribute = template.attributes().get(i);
            Optional<Kind> kind = Kind.of(attribute.type());
            boolean number = kind.filter(k -> k.storedAs().equals("N") && k.sortPreserving()).isPresent();
            // a date and a UUID are stored as the fixed-width text of their slot; an instant's stored fraction varies in width
            boolean text = kind.filter(k -> k == Kind.STRING || k == Kind.LOCAL_DATE || k == Kind.UUID).isPresent() && slot.format().isEmpty();
            if (!(number || text) || slot.bucket().isPresent() || slot.isShard()) {
                return Optional.empty();
            }
            terms.add(new Term(attribute.name(), attribute.type().toAttributeValue(values.value(slot.attribute()).orElseThrow())));
        }
        return Optional.of(terms);
    }

    private static boolean plain(KeyTemplate.Slot slot) {
        return slot.format().isEmpty() && slot.bucket().isEmpty() && !slot.isShard();
    }

    /** The given values up to and including slot {@code last}. */
    private static KeyValues upTo(BoundKeyTemplate<?> template, KeyValues values, int last) {
        KeyValues kept = KeyValues.none();
        for (int i = 0; i <= last; i++) {
            String name = template.templateSlots().get(i).attribute();
            kept = kept.and(name, values.value(name).orElseThrow());
        }
        return kept;
    }

    /**
     * Below every key of a greater value of the slots up to {@code gap}: the key text before the slot, then the slot's
     * text up to its first character whose greater characters may have lower key text. An escaped character's key text
     * starts with {@code \\} (0x5C): a greater character below {@code \\} sorts below an escaped one ({@code 1} below
     * {@code \\#}), and an escaped one sorts below a greater unescaped one above {@code \\}.
     */
    private static String slotText(BoundKeyTemplate<?> template, KeyValues values, int gap) {
        String value = slotValue(template, values, gap);
        int highestEscape = template.escapeBounds(gap)[1];
        StringBuilder key = new StringBuilder(before(template, values, gap));
        for (int i = 0; i < value.length(); i += Character.charCount(value.codePointAt(i))) {
            int c = value.codePointAt(i);
            boolean escaped = template.escapes(gap, c);
            if (escaped ? c < KeyTemplate.ESCAPE : c > KeyTemplate.ESCAPE && highestEscape > c) {
                break;
            }
            appendKeyText(key, escaped, c);
        }
        return key.toString();
    }

    /**
     * Above every key of values up to the given ones: the key text before slot {@code gap}, the slot's text up to its
     * first character that may sort, in key text, below a lesser character's or below the delimiter (the key of a
     * shorter value continues with the literal text), then the highest character any lesser value's key may hold there
     * (the literal text when that is below the delimiter) and the highest character.
     */
    private static String upperEnd(BoundKeyTemplate<?> template, KeyValues values, int gap) {
        String literal = template.template().literals().get(gap + 1);
        int delimiter = literal.codePointAt(0);
        String value = slotValue(template, values, gap);
        int lowestEscape = template.escapeBounds(gap)[0];
        StringBuilder key = new StringBuilder(before(template, values, gap));
        for (int i = 0; i < value.length(); i += Character.charCount(value.codePointAt(i))) {
            int c = value.codePointAt(i);
            if (template.escapes(gap, c) || c <= delimiter || c <= KeyTemplate.ESCAPE) {
                int highest = Math.max(c, lowestEscape <= c ? KeyTemplate.ESCAPE : c);
                return highest < delimiter ? key + literal + SortKeyCondition.AFTER_PREFIX
                        : key.appendCodePoint(highest) + SortKeyCondition.AFTER_PREFIX;
            }
            key.appendCodePoint(c);
        }
        return key + literal + SortKeyCondition.AFTER_PREFIX;
    }

    private static void appendKeyText(StringBuilder key, boolean escaped, int c) {
        if (escaped) {
            key.append(KeyTemplate.ESCAPE);
        }
        key.appendCodePoint(c);
    }

    /** The key text before slot {@code gap}'s text. */
    private static String before(BoundKeyTemplate<?> template, KeyValues values, int gap) {
        return gap == 0 ? template.template().literals().get(0) : template.prefix(upTo(template, values, gap - 1)).text();
    }

    private static String slotValue(BoundKeyTemplate<?> template, KeyValues values, int gap) {
        return (String) values.value(template.templateSlots().get(gap).attribute()).orElseThrow();
    }
}
