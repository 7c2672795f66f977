package dev.singletable.internal.reads;

import dev.singletable.AttributeTypes;
import dev.singletable.KeyValues;
import dev.singletable.Placeholders;
import dev.singletable.internal.keys.BoundKeyTemplate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Optional;

/**
 * A range ({@code <}, {@code <=}, {@code >}, {@code >=}, {@code BETWEEN}) on the leading slot of a composed sort key
 * when that slot holds free text and literal text follows it ({@code COMMENT#{author}#{createdAt}}, values of
 * {@code author} only). Key order is not value order there: a value with a character that sorts before the delimiter
 * ({@code "bob smith"}, a space before {@code #}) has a key below the key of its prefix ({@code COMMENT#bob smith#...}
 * below {@code COMMENT#bob#...}), so a range of keys built from the bounds misses some values inside the range and
 * takes in some outside it. The query then sends a wider key range that holds every value of the range, and a filter
 * on the slot's attribute that keeps exactly the range, as the subtree query does for its siblings (see
 * {@link SortKeyCondition.Hierarchy}). Slots of numbers, dates, enums and other typed values are left as they are: their
 * key text sorts as their values do.
 *
 * @param attribute the slot's attribute, which the filter compares
 * @param op        the operator of the user's condition: {@code LT}, {@code LE}, {@code GT}, {@code GE} or {@code BETWEEN}
 * @param from      the lower value ({@code GT}, {@code GE}, {@code BETWEEN}) or the one value ({@code LT}, {@code LE})
 * @param to        the upper value of {@code BETWEEN}; empty otherwise
 * @param bounds    the widened key condition
 */
record TextSlotRange(String attribute, SortKeyCondition.Op op, String from, Optional<String> to, SortKeyCondition.Bounds bounds) {

    /** The range of a comparison on slot values, when it is one on the leading text slot alone. */
    static Optional<TextSlotRange> of(BoundKeyTemplate<?> template, SortKeyCondition.Op op, KeyValues values) {
        if (op == SortKeyCondition.Op.EQ || op == SortKeyCondition.Op.BEGINS || !leadingTextSlot(template, values)) {
            return Optional.empty();
        }
        String attribute = template.template().attributeNames().get(0);
        String value = (String) values.value(attribute).orElseThrow();
        boolean upper = op == SortKeyCondition.Op.LT || op == SortKeyCondition.Op.LE;
        String key = upper ? upperEnd(template, values) : slotText(template, values);
        return Optional.of(new TextSlotRange(attribute, op, value, Optional.empty(),
                new SortKeyCondition.Bounds(upper ? "#sk <= :sk" : "#sk >= :sk", key, Optional.empty())));
    }

    /** The range of a {@code BETWEEN} on slot values, when both ends give the leading text slot alone. */
    static Optional<TextSlotRange> between(BoundKeyTemplate<?> template, KeyValues from, KeyValues to) {
        if (!leadingTextSlot(template, from) || !leadingTextSlot(template, to)) {
            return Optional.empty();
        }
        String attribute = template.template().attributeNames().get(0);
        return Optional.of(new TextSlotRange(attribute, SortKeyCondition.Op.BETWEEN, (String) from.value(attribute).orElseThrow(),
                Optional.of((String) to.value(attribute).orElseThrow()),
                new SortKeyCondition.Bounds("#sk BETWEEN :sk AND :sk2", slotText(template, from), Optional.of(upperEnd(template, to)))));
    }

    /** The filter clause on the slot's attribute that keeps exactly the user's range. */
    String filter(Placeholders placeholders) {
        String name = placeholders.name(attribute);
        String value = placeholders.value(AttributeValue.fromS(from));
        return switch (op) {
            case LT -> name + " < " + value;
            case LE -> name + " <= " + value;
            case GT -> name + " > " + value;
            case GE -> name + " >= " + value;
            case BETWEEN -> name + " BETWEEN " + value + " AND " + placeholders.value(AttributeValue.fromS(to.orElseThrow()));
            default -> throw new IllegalStateException("not a range: " + op);
        };
    }

    /** Values for the first slot only, a plain string slot (no format) with literal text after it. */
    private static boolean leadingTextSlot(BoundKeyTemplate<?> template, KeyValues values) {
        List<String> names = template.template().attributeNames();
        if (names.isEmpty() || values.asMap().size() != 1 || values.value(names.get(0)).isEmpty()
                || template.template().literals().get(1).isEmpty() || template.templateSlots().get(0).format().isPresent()
                || template.templateSlots().get(0).bucket().isPresent() || template.templateSlots().get(0).isShard()) {
            return false;
        }
        return template.attributes().get(0).type() == AttributeTypes.STRING && values.value(names.get(0)).get() instanceof String;
    }

    /** The literal prefix and the slot's escaped text, without the literal text after it: below every key of a greater value. */
    private static String slotText(BoundKeyTemplate<?> template, KeyValues values) {
        String prefix = template.prefix(values).text();
        return prefix.substring(0, prefix.length() - template.template().literals().get(1).length());
    }

    /**
     * Above every key of a value up to the given one: the key of the given value's longest leading part before its first
     * character that sorts below the delimiter (its shorter values have keys above the value's own), the literal text
     * after the slot, then the highest character.
     */
    private static String upperEnd(BoundKeyTemplate<?> template, KeyValues values) {
        String literal = template.template().literals().get(1);
        int delimiter = literal.codePointAt(0);
        String text = slotText(template, values);
        int start = template.template().literals().get(0).length();
        int end = start;
        while (end < text.length() && text.codePointAt(end) >= delimiter) {
            end += Character.charCount(text.codePointAt(end));
        }
        return text.substring(0, end) + literal + SortKeyCondition.AFTER_PREFIX;
    }
}
