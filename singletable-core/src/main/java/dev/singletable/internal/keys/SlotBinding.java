package dev.singletable.internal.keys;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.ClosestName;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.SchemaDefinitionException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.singletable.internal.keys.BoundSlot.NO_DELIMITER;

/**
 * Binds each slot of a key template to its attribute and codec, refusing what cannot fill its place, and gives each
 * slot what it escapes.
 */
final class SlotBinding {
    private SlotBinding() {
    }

    /** The slots bound to their attributes, and why the template cannot compose key text (null when it can). */
    record BoundSlots<T>(List<BoundSlot<T>> slots, String unusableAsText) {
    }

    /** Binds each slot of the template to its attribute and codec, refusing what cannot fill its place. */
    @SuppressWarnings("unchecked")
    static <T> BoundSlots<T> bind(KeyTemplate template, KeyRole role, String where, Map<String, Attribute<T, ?>> attributes) {
        List<String> literals = template.literals();
        List<BoundSlot<T>> bound = new ArrayList<>();
        String unusable = null;
        for (int i = 0; i < template.slots().size(); i++) {
            KeyTemplate.Slot slot = template.slots().get(i);
            Attribute<T, Object> attribute = knownAttribute(template, where, slot, attributes);
            String after = literals.get(i + 1);
            if (slot.isShard() || slot.bucket().isPresent()) {
                bound.add(lossySlot(template, role, where, slot, attribute, after));
                continue;
            }
            if (BoundKeyTemplate.isPath(attribute.type())) {
                bound.add(pathSlot(template, where, slot, attribute, i == template.slots().size() - 1 && after.isEmpty()));
                continue;
            }
            if (!(attribute.type() instanceof KeyableType<?>) && BoundKeyTemplate.isSingleSlot(template)) {
                // a whole-value key ({data} of bytes on a B key): stored as the attribute's own value, never composed as text
                unusable = where + " template '" + template.text() + "': attribute '" + slot.attribute() + "' is a "
                        + attribute.type().typeName() + ", which cannot fill a key slot as text; declare the key attribute binary "
                        + "(KeyAttribute.binary), or use a String, number, boolean, Instant, LocalDate, enum or UUID attribute";
                bound.add(wholeValueSlot(attribute));
                continue;
            }
            if (!(attribute.type() instanceof KeyableType<?> keyable)) {
                throw new SchemaDefinitionException(where + " template '" + template.text() + "': attribute '"
                        + slot.attribute() + "' is a " + attribute.type().typeName()
                        + ", which cannot fill a key slot; use a String, number, boolean, Instant, LocalDate, enum or UUID attribute");
            }
            SlotCodec<Object> codec;
            try {
                codec = (SlotCodec<Object>) keyable.slotCodec(slot.format(), role);
            } catch (IllegalArgumentException e) {
                if (BoundKeyTemplate.isSingleSlot(template)) {
                    // {rating} may be a number key (the value itself): the table's key type decides, when it is bound
                    unusable = where + " template '" + template.text() + "', slot " + slot + ": " + e.getMessage();
                    bound.add(wholeValueSlot(attribute));
                    continue;
                }
                throw new KeyTemplateException(where, "template '" + template.text() + "', slot " + slot + ": " + e.getMessage());
            }
            bound.add(valueSlot(template, role, where, slot, attribute, codec, after));
        }
        return new BoundSlots<>(bound, unusable);
    }

    /** The slot's attribute, or a message naming the unknown one, the closest known name and all of them. */
    @SuppressWarnings("unchecked")
    private static <T> Attribute<T, Object> knownAttribute(KeyTemplate template, String where, KeyTemplate.Slot slot,
                                                           Map<String, Attribute<T, ?>> attributes) {
        Attribute<T, Object> attribute = (Attribute<T, Object>) attributes.get(slot.attribute());
        if (attribute == null) {
            throw new KeyTemplateException(where, "template '" + template.text() + "'" + (slot.isShard()
                    ? ": shard slot " + slot + " hashes unknown attribute '" : " refers to unknown attribute '")
                    + slot.attribute() + "'" + suggestion(slot.attribute(), attributes.keySet())
                    + "; the attributes are " + String.join(", ", attributes.keySet()));
        }
        return attribute;
    }

    /** A shard or time-bucket slot: its text does not give the value back. */
    private static <T> BoundSlot<T> lossySlot(KeyTemplate template, KeyRole role, String where, KeyTemplate.Slot slot,
                                              Attribute<T, Object> attribute, String after) {
        SlotCodec<Object> codec = slot.isShard() ? shardCodec(template, where, slot, attribute)
                : bucketCodec(template, where, slot, attribute, role);
        return new BoundSlot<>(attribute, codec, after.isEmpty() ? NO_DELIMITER : after.codePointAt(0), new int[0],
                new boolean[128], BoundSlot.Kind.LOSSY);
    }

    /** A hierarchy path slot, which must end the template and takes no format. */
    private static <T> BoundSlot<T> pathSlot(KeyTemplate template, String where, KeyTemplate.Slot slot,
                                             Attribute<T, Object> attribute, boolean endsTemplate) {
        if (!endsTemplate) {
            throw new KeyTemplateException(where, "template '" + template.text() + "': path slot " + slot
                    + " must end the template, as its segments are joined by '#' and a subtree query reads every key "
                    + "that starts with the path; move it to the end, such as 'CATEGORY#{" + slot.attribute() + "}'");
        }
        if (slot.format().isPresent()) {
            throw new KeyTemplateException(where, "template '" + template.text() + "': path slot " + slot
                    + " takes no format; drop ':" + slot.format().get() + "'");
        }
        return new BoundSlot<>(attribute, null, NO_DELIMITER, new int[0], new boolean[128], BoundSlot.Kind.PATH);
    }

    /** The one slot of a key stored as the attribute's own value, never composed as text. */
    private static <T> BoundSlot<T> wholeValueSlot(Attribute<T, Object> attribute) {
        return new BoundSlot<>(attribute, null, NO_DELIMITER, new int[0], new boolean[128]);
    }

    /** A slot composed as text by its codec, ended by the literal text after it (a sort key refuses order-breaking ends). */
    private static <T> BoundSlot<T> valueSlot(KeyTemplate template, KeyRole role, String where, KeyTemplate.Slot slot,
                                              Attribute<T, Object> attribute, SlotCodec<Object> codec, String next) {
        if (role == KeyRole.SORT && !next.isEmpty()) {
            refuseOrderBreakingDelimiter(template, where, slot, attribute.type(), next.codePointAt(0));
        }
        return new BoundSlot<>(attribute, codec, next.isEmpty() ? NO_DELIMITER : next.codePointAt(0), new int[0], new boolean[128]);
    }

    /**
     * Each slot with what it escapes. In a sort key, a number or date slot does not escape digits (nor a number
     * slot '-'): {@code \} sorts after the digits, so escaping a character that some values hold at a place where
     * others hold another would break the value order. Such a character is never the slot's delimiter (binding
     * refuses that), so the slot still parses back; {@link KeyOverlap} sees that the slot may hold it unescaped.
     */
    static <T> List<BoundSlot<T>> withEscapes(List<BoundSlot<T>> slots, KeyRole role, int[] escapes) {
        List<BoundSlot<T>> result = new ArrayList<>(slots.size());
        for (BoundSlot<T> slot : slots) {
            int[] own = Arrays.stream(escapes)
                    .filter(c -> role != KeyRole.SORT || !breaksOrder(slot.attribute().type(), c))
                    .toArray();
            boolean[] ascii = new boolean[128];
            for (int escaped : own) {
                if (escaped < 128) {
                    ascii[escaped] = true;
                }
            }
            if (slot.kind() == BoundSlot.Kind.PATH) {
                own = KeyEscapes.union(own, List.of(BoundKeyTemplate.PATH_SEPARATOR));
                ascii[BoundKeyTemplate.PATH_SEPARATOR] = true;
            }
            result.add(slot.withEscapes(own, ascii));
        }
        return List.copyOf(result);
    }

    private static boolean breaksOrder(AttributeType<?> type, int c) {
        boolean number = type == AttributeTypes.INTEGER || type == AttributeTypes.LONG
                || type == AttributeTypes.BIG_INTEGER || type == AttributeTypes.DECIMAL;
        boolean temporal = type == AttributeTypes.INSTANT || type == AttributeTypes.LOCAL_DATE;
        boolean digit = c >= '0' && c <= '9';
        return (number || temporal) && digit || number && c == '-';
    }

    /**
     * The escape character {@code \} sorts after the digits, so escaping a character that appears in some values
     * of an ordered slot but not in others (a digit, or the sign of a number) would break sort order; and the
     * slot's delimiter must be escaped, or the key would not parse back.
     */
    private static void refuseOrderBreakingDelimiter(KeyTemplate template, String where, KeyTemplate.Slot slot,
                                                     AttributeType<?> type, int delimiter) {
        if (breaksOrder(type, delimiter)) {
            throw new KeyTemplateException(where, "template '" + template.text() + "': the literal text after slot " + slot
                    + " starts with '" + new String(Character.toChars(delimiter)) + "', which " + type.typeName()
                    + " values in the slot may contain; escaping it would break the sort order: start the literal with "
                    + "another character, such as '#'");
        }
    }

    private static <T> SlotCodec<Object> shardCodec(KeyTemplate template, String where, KeyTemplate.Slot slot, Attribute<T, Object> attribute) {
        if (!(attribute.type() instanceof KeyableType<?> keyable)) {
            throw new KeyTemplateException(where, "template '" + template.text() + "': shard slot " + slot + " hashes attribute '"
                    + slot.attribute() + "', a " + attribute.type().typeName() + ", which has no key text to hash; "
                    + "use a String, number, boolean, Instant, LocalDate, enum or UUID attribute");
        }
        @SuppressWarnings("unchecked")
        SlotCodec<Object> of = (SlotCodec<Object>) keyable.slotCodec(Optional.empty(), KeyRole.PARTITION);
        return ShardSlots.codec(of, slot.shardCount());
    }

    private static <T> SlotCodec<Object> bucketCodec(KeyTemplate template, String where, KeyTemplate.Slot slot, Attribute<T, Object> attribute,
                                                    KeyRole role) {
        try {
            return TimeBuckets.codec(attribute.type(), slot.bucket().orElseThrow()).orElseThrow(() -> new KeyTemplateException(where,
                    "template '" + template.text() + "': time bucket " + slot + " is on attribute '" + slot.attribute() + "', a "
                    + attribute.type().typeName() + ", which holds no point in time; bucket an Instant, a LocalDate or a long of "
                    + "epoch seconds, or drop ':" + slot.format().orElse("") + "'"));
        } catch (IllegalArgumentException e) {
            throw new KeyTemplateException(where, "template '" + template.text() + "', slot " + slot + ": " + e.getMessage());
        }
    }

    private static String suggestion(String name, Iterable<String> candidates) {
        return ClosestName.among(name, candidates).map(best -> " (did you mean '" + best + "'?)").orElse("");
    }
}
