package dev.singletable.internal.keys;

import dev.singletable.ClosestName;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.KeyValues;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.ValidationException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A key template bound to an entity's attributes and to a key role: composes keys from
 * entities or key values, composes {@code begins_with} prefixes that end at a slot boundary,
 * and parses keys back into values.
 *
 * <p>Every slot value escapes {@code \} and each character of the template's escape set with a
 * {@code \}, in every slot, the last included. Bound alone, the escape set is this template's own
 * characters next to slots (the last character of literal text before a slot, the first after
 * one); a table binds every template of a key attribute with the union over all of them
 * ({@link #escaping}), so that templates of different shapes never compose one text where
 * {@link #mayCoincideWith} says they cannot.
 */
public final class BoundKeyTemplate<T> {
    private static final int NO_DELIMITER = -1;

    private final KeyTemplate template;
    private final KeyRole role;
    private final String where;
    private final List<Slot<T>> slots;
    private final List<String> literals;
    /** The key of a template without slots, computed once (null when it has slots or fails its checks). */
    private final String constantKey;
    /** Characters of literal text, to size the builder of a key. */
    private final int literalLength;
    /** The template's escape set besides {@code \}, sorted: its own, or its table's for the key attribute. */
    private final int[] escapes;
    /** Why a one-slot template cannot compose key text (it can still store the value itself); null when it can. */
    private final String unusableAsText;

    /**
     * @param escapes what this slot escapes besides {@code \}, sorted: the template's escape set, less, in a
     *                sort key, what the slot's typed values contain at varying places (see {@link #slotEscapes})
     * @param ascii   {@code escapes} below 128, for the common ASCII case
     */
    private record Slot<T>(Attribute<T, Object> attribute, SlotCodec<Object> codec, int delimiter, int[] escapes,
                           boolean[] ascii, SlotKind kind) {
        Slot(Attribute<T, Object> attribute, SlotCodec<Object> codec, int delimiter, int[] escapes, boolean[] ascii) {
            this(attribute, codec, delimiter, escapes, ascii, SlotKind.VALUE);
        }

        boolean isEscaped(int codePoint) {
            return codePoint == KeyTemplate.ESCAPE
                    || (codePoint < 128 ? ascii[codePoint] : Arrays.binarySearch(escapes, codePoint) >= 0);
        }

        Slot<T> withEscapes(int[] escapes, boolean[] ascii) {
            return new Slot<>(attribute, codec, delimiter, escapes, ascii, kind);
        }
    }

    /**
     * What a slot holds: the attribute's value; a hierarchy path (segments escaped and joined by
     * {@link #PATH_SEPARATOR}); or text that does not give the value back (a time bucket, a shard), which
     * {@link #parse} checks but does not return.
     */
    private enum SlotKind { VALUE, PATH, LOSSY }

    /** What joins the segments of a path slot: {@code CATEGORY#ELECTRONICS#AUDIO}. */
    public static final int PATH_SEPARATOR = '#';

    /**
     * @param where how messages name the template's place, such as {@code Order primary sort key}
     * @throws KeyTemplateException when a slot names an unknown attribute or a format that does not fit its type
     */
    public BoundKeyTemplate(KeyTemplate template, KeyRole role, String where, Map<String, Attribute<T, ?>> attributes) {
        this.template = template;
        this.role = role;
        this.where = where;
        this.literals = template.literals();
        BoundSlots<T> bound = bindSlots(template, role, where, attributes);
        this.escapes = KeyEscapes.nextToSlots(List.of(template));
        this.slots = slotEscapes(bound.slots(), role, escapes);
        this.unusableAsText = bound.unusableAsText();
        this.literalLength = literalLength(literals);
        this.constantKey = constantKey(literals, slots, role);
    }

    /** The slots bound to their attributes, and why the template cannot compose key text (null when it can). */
    private record BoundSlots<T>(List<Slot<T>> slots, String unusableAsText) {
    }

    /** Binds each slot of the template to its attribute and codec, refusing what cannot fill its place. */
    @SuppressWarnings("unchecked")
    private static <T> BoundSlots<T> bindSlots(KeyTemplate template, KeyRole role, String where,
                                               Map<String, Attribute<T, ?>> attributes) {
        List<String> literals = template.literals();
        List<Slot<T>> bound = new ArrayList<>();
        String unusable = null;
        for (int i = 0; i < template.slots().size(); i++) {
            KeyTemplate.Slot slot = template.slots().get(i);
            Attribute<T, Object> attribute = knownAttribute(template, where, slot, attributes);
            String after = literals.get(i + 1);
            if (slot.isShard() || slot.bucket().isPresent()) {
                bound.add(lossySlot(template, role, where, slot, attribute, after));
                continue;
            }
            if (isPath(attribute.type())) {
                bound.add(pathSlot(template, where, slot, attribute, i == template.slots().size() - 1 && after.isEmpty()));
                continue;
            }
            if (!(attribute.type() instanceof KeyableType<?>) && isSingleSlot(template)) {
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
                if (isSingleSlot(template)) {
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
    private static <T> Slot<T> lossySlot(KeyTemplate template, KeyRole role, String where, KeyTemplate.Slot slot,
                                         Attribute<T, Object> attribute, String after) {
        SlotCodec<Object> codec = slot.isShard() ? shardCodec(template, where, slot, attribute)
                : bucketCodec(template, where, slot, attribute, role);
        return new Slot<>(attribute, codec, after.isEmpty() ? NO_DELIMITER : after.codePointAt(0), new int[0],
                new boolean[128], SlotKind.LOSSY);
    }

    /** A hierarchy path slot, which must end the template and takes no format. */
    private static <T> Slot<T> pathSlot(KeyTemplate template, String where, KeyTemplate.Slot slot,
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
        return new Slot<>(attribute, null, NO_DELIMITER, new int[0], new boolean[128], SlotKind.PATH);
    }

    /** The one slot of a key stored as the attribute's own value, never composed as text. */
    private static <T> Slot<T> wholeValueSlot(Attribute<T, Object> attribute) {
        return new Slot<>(attribute, null, NO_DELIMITER, new int[0], new boolean[128]);
    }

    /** A slot composed as text by its codec, ended by the literal text after it (a sort key refuses order-breaking ends). */
    private static <T> Slot<T> valueSlot(KeyTemplate template, KeyRole role, String where, KeyTemplate.Slot slot,
                                         Attribute<T, Object> attribute, SlotCodec<Object> codec, String next) {
        if (role == KeyRole.SORT && !next.isEmpty()) {
            refuseOrderBreakingDelimiter(template, where, slot, attribute.type(), next.codePointAt(0));
        }
        return new Slot<>(attribute, codec, next.isEmpty() ? NO_DELIMITER : next.codePointAt(0), new int[0], new boolean[128]);
    }

    private static int literalLength(List<String> literals) {
        int length = 0;
        for (String literal : literals) {
            length += literal.length();
        }
        return length;
    }

    /** The key of a template without slots, computed once: null when it has slots or fails its checks. */
    private static <T> String constantKey(List<String> literals, List<Slot<T>> slots, KeyRole role) {
        return slots.isEmpty() && !literals.get(0).isEmpty() && utf8Length(literals.get(0)) <= role.maxBytes()
                ? literals.get(0) : null;
    }

    /** The same template with another escape set: a table's union for the key attribute (see the class comment). */
    private BoundKeyTemplate(BoundKeyTemplate<T> base, int[] escapes) {
        this.template = base.template;
        this.role = base.role;
        this.where = base.where;
        this.literals = base.literals;
        this.constantKey = base.constantKey;
        this.literalLength = base.literalLength;
        this.escapes = escapes;
        this.slots = slotEscapes(base.slots, role, escapes);
        this.unusableAsText = base.unusableAsText;
    }

    /**
     * Each slot with what it escapes. In a sort key, a number or date slot does not escape digits (nor a number
     * slot '-'): {@code \} sorts after the digits, so escaping a character that some values hold at a place where
     * others hold another would break the value order. Such a character is never the slot's delimiter (binding
     * refuses that), so the slot still parses back; {@link KeyOverlap} sees that the slot may hold it unescaped.
     */
    private static <T> List<Slot<T>> slotEscapes(List<Slot<T>> slots, KeyRole role, int[] escapes) {
        List<Slot<T>> result = new ArrayList<>(slots.size());
        for (Slot<T> slot : slots) {
            int[] own = Arrays.stream(escapes)
                    .filter(c -> role != KeyRole.SORT || !breaksOrder(slot.attribute().type(), c))
                    .toArray();
            boolean[] ascii = new boolean[128];
            for (int escaped : own) {
                if (escaped < 128) {
                    ascii[escaped] = true;
                }
            }
            if (slot.kind() == SlotKind.PATH) {
                own = KeyEscapes.union(own, List.of(PATH_SEPARATOR));
                ascii[PATH_SEPARATOR] = true;
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

    /**
     * This template escaping the given code points (and its own, which a table's set always holds);
     * {@code this} when the set is its own.
     *
     * @throws KeyTemplateException when escaping one of them would break the sort order of a typed slot
     */
    public BoundKeyTemplate<T> escaping(Collection<Integer> codePoints) {
        int[] union = KeyEscapes.union(escapes, codePoints);
        return Arrays.equals(union, escapes) ? this : new BoundKeyTemplate<>(this, union);
    }

    /** The code points escaped in slot values besides {@code \}, in order. */
    public List<Integer> escapes() {
        return Arrays.stream(escapes).boxed().toList();
    }

    /**
     * A key text both templates compose from some values (with their escape sets, which must be the
     * same key attribute's), or empty when none: decided from literal text and escapes alone, as if
     * every slot held any string, so a typed slot can make it claim a text no value composes.
     */
    public Optional<String> mayCoincideWith(BoundKeyTemplate<?> other) {
        return KeyOverlap.commonText(template, slotEscapes(), other.template, other.slotEscapes());
    }

    /**
     * A key text this template composes from some values that starts with {@code prefix} (or, when
     * {@code exact}, equals it), or empty when none; as {@link #mayCoincideWith}, slots are taken to
     * hold any string.
     */
    public Optional<String> mayStartWith(String prefix, boolean exact) {
        return KeyOverlap.textStartingWith(template, slotEscapes(), prefix, exact);
    }

    private List<int[]> slotEscapes() {
        List<int[]> result = new ArrayList<>(slots.size());
        for (Slot<T> slot : slots) {
            // a path slot holds its separator unescaped between segments
            result.add(slot.kind() == SlotKind.PATH
                    ? Arrays.stream(slot.escapes()).filter(c -> c != PATH_SEPARATOR).toArray() : slot.escapes());
        }
        return result;
    }

    /** Why this template cannot make key text, when its one slot can only store the value itself (N or B keys). */
    public Optional<String> unusableAsText() {
        return Optional.ofNullable(unusableAsText);
    }

    /** True when the template is exactly one slot without a format, such as {@code {score}}: it can store the value itself. */
    public static boolean isSingleSlot(KeyTemplate template) {
        return template.slots().size() == 1 && template.literals().get(0).isEmpty() && template.literals().get(1).isEmpty()
                && template.slots().get(0).format().isEmpty();
    }

    public KeyTemplate template() {
        return template;
    }

    public KeyRole role() {
        return role;
    }

    /** The attributes whose values fill the slots, in order. */
    public List<Attribute<T, ?>> attributes() {
        List<Attribute<T, ?>> result = new ArrayList<>(slots.size());
        for (Slot<T> slot : slots) {
            result.add(slot.attribute());
        }
        return result;
    }

    /** The key for an entity; empty when a slot's attribute is null (so a sparse index key is left out). */
    public Optional<String> composeIfComplete(T entity) {
        return Optional.ofNullable(composeOrNull(entity));
    }

    /** The key for an entity, or null when a slot's attribute is null; allocates no more than the key. */
    public String composeOrNull(T entity) {
        if (constantKey != null) {
            return constantKey;
        }
        if (slots.size() == 1 && slots.get(0).kind() != SlotKind.PATH) {
            // the common single-slot key: concatenated to its exact length when nothing needs escaping
            Slot<T> slot = slots.get(0);
            Object value = slot.attribute().valueOf(entity);
            if (value == null) {
                return null;
            }
            String text = encode(slot, value);
            if (!needsEscape(slot, text)) {
                return checked(literals.get(0).concat(text).concat(literals.get(1)));
            }
        }
        StringBuilder key = new StringBuilder(literalLength + 16 * slots.size()).append(literals.get(0));
        for (int i = 0; i < slots.size(); i++) {
            Slot<T> slot = slots.get(i);
            Object value = slot.attribute().valueOf(entity);
            if (value == null) {
                return null;
            }
            appendSlot(key, slot, value);
            key.append(literals.get(i + 1));
        }
        return checked(key.toString());
    }

    /** The key for an entity; fails naming the attribute when a slot's value is null. */
    public String compose(T entity) {
        String key = composeOrNull(entity);
        if (key != null) {
            return key;
        }
        String missing = "?";
        for (Slot<T> slot : slots) {
            if (slot.attribute().valueOf(entity) == null) {
                missing = slot.attribute().name();
                break;
            }
        }
        throw new ValidationException(where + " template '" + template.text() + "' needs attribute '" + missing
                + "', which is null; give it a value (key attributes are required)");
    }

    /**
     * The whole key from key values; fails naming the first slot without a value. Values for
     * attributes outside this template are ignored: a get's values fill both partition and sort key.
     */
    public String compose(KeyValues values) {
        Prefix prefix = fill(values);
        if (!prefix.complete()) {
            throw ValidationException.ofAttribute(slots.get(prefix.slotsFilled()).attribute().name(), where + " template '" + template.text() + "' needs a value for '"
                    + slots.get(prefix.slotsFilled()).attribute().name() + "'; given: " + values.asMap().keySet());
        }
        return prefix.text();
    }

    /** A key prefix filled from the left; {@link Prefix#complete()} tells whether every slot had a value. */
    public record Prefix(String text, int slotsFilled, boolean complete) {
    }

    /**
     * The key text up to the first slot without a value, including the literal text after the
     * last filled slot, so that {@code begins_with} on it never matches a longer value of that slot.
     * Values for slots after a gap are refused: they could not narrow the prefix.
     */
    public Prefix prefix(KeyValues values) {
        for (String name : values.asMap().keySet()) {
            if (!hasSlot(name)) {
                throw new ValidationException(where + " template '" + template.text() + "' has no slot for '" + name
                        + "'; its slots are " + template.attributeNames());
            }
        }
        return fill(values);
    }

    /** True when a slot of this template takes the attribute's value. */
    public boolean hasSlot(String attributeName) {
        for (Slot<T> slot : slots) {
            if (slot.attribute().name().equals(attributeName)) {
                return true;
            }
        }
        return false;
    }

    private Prefix fill(KeyValues values) {
        StringBuilder key = new StringBuilder(64).append(literals.get(0));
        int filled = 0;
        for (; filled < slots.size(); filled++) {
            Slot<T> slot = slots.get(filled);
            Optional<Object> value = values.value(slot.attribute().name());
            if (value.isEmpty()) {
                break;
            }
            appendSlot(key, slot, value.get());
            key.append(literals.get(filled + 1));
        }
        for (int i = filled + 1; i < slots.size(); i++) {
            String name = slots.get(i).attribute().name();
            if (values.value(name).isPresent()) {
                throw new ValidationException(where + " template '" + template.text() + "': a value for '" + name
                        + "' needs one for '" + slots.get(filled).attribute().name()
                        + "' too; a key prefix is filled from the left");
            }
        }
        boolean complete = filled == slots.size();
        String text = key.toString();
        return new Prefix(complete ? checked(text) : checkedLength(text), filled, complete);
    }

    /** Parses a key back into attribute values; fails when the key does not match the template. */
    public Map<String, Object> parse(String key) {
        if (key.isEmpty()) {
            throw mismatch(key, "it is empty, and DynamoDB key values never are");
        }
        Map<String, Object> values = new LinkedHashMap<>();
        String first = literals.get(0);
        if (!key.startsWith(first)) {
            throw mismatch(key, "it does not start with '" + first + "'");
        }
        int pos = first.length();
        for (int i = 0; i < slots.size(); i++) {
            Slot<T> slot = slots.get(i);
            String next = literals.get(i + 1);
            if (slot.kind() == SlotKind.PATH) {
                values.put(slot.attribute().name(), scanPath(key, pos, slot));
                pos = key.length();
                continue;
            }
            StringBuilder raw = new StringBuilder();
            int end = scanSlot(key, pos, slot, raw);
            if (end < 0) {
                throw mismatch(key, "'" + next + "' after slot {" + slot.attribute().name() + "} is missing");
            }
            if (!key.startsWith(next, end)) {
                throw mismatch(key, "expected '" + next + "' at index " + end);
            }
            Object value = decode(key, slot, raw.toString());
            if (slot.kind() == SlotKind.VALUE) {
                values.put(slot.attribute().name(), value);
            }
            pos = end + next.length();
        }
        if (slots.isEmpty() && !key.equals(first)) {
            throw mismatch(key, "the template is constant");
        }
        if (pos != key.length()) {
            throw mismatch(key, "it has extra text after index " + pos);
        }
        return values;
    }

    /**
     * Reads a slot's text from {@code from} into {@code raw}, unescaping it: the index of the slot's
     * delimiter, or of the key's end for a slot without one; -1 when the delimiter never comes.
     */
    private int scanSlot(String key, int from, Slot<T> slot, StringBuilder raw) {
        int end = from;
        while (end < key.length()) {
            int cp = key.codePointAt(end);
            if (cp == KeyTemplate.ESCAPE) {
                if (end + 1 >= key.length()) {
                    throw mismatch(key, "it ends in an escape character");
                }
                int escaped = key.codePointAt(end + 1);
                if (!slot.isEscaped(escaped)) {
                    throw mismatch(key, "'\\" + new String(Character.toChars(escaped)) + "' at index " + end
                            + " escapes a character that needs no escape");
                }
                raw.appendCodePoint(escaped);
                end += 1 + Character.charCount(escaped);
            } else if (cp == slot.delimiter()) {
                return end;
            } else if (slot.isEscaped(cp)) {
                throw mismatch(key, "'" + new String(Character.toChars(cp)) + "' at index " + end + " in slot {"
                        + slot.attribute().name() + "} is not escaped, as this template escapes it in values");
            } else {
                raw.appendCodePoint(cp);
                end += Character.charCount(cp);
            }
        }
        return slot.delimiter() == NO_DELIMITER ? end : -1;
    }

    /** A slot's value from its text, refused unless singletable writes the value as exactly that text. */
    private Object decode(String key, Slot<T> slot, String raw) {
        if (slot.codec() == null) {
            throw mismatch(key, "slot {" + slot.attribute().name() + "} holds a whole " + slot.attribute().type().typeName()
                    + " value, which is never key text");
        }
        Object value;
        try {
            value = slot.codec().decode(raw);
        } catch (RuntimeException e) {
            throw mismatch(key, "slot {" + slot.attribute().name() + "} holds '" + raw + "': " + e.getMessage());
        }
        String canonical = slot.codec().encode(value);
        if (!canonical.equals(raw)) {
            throw mismatch(key, "slot {" + slot.attribute().name() + "} holds '" + raw
                    + "', which singletable writes as '" + canonical + "'");
        }
        return value;
    }

    private KeyTemplateException mismatch(String key, String reason) {
        return new KeyTemplateException("Key '" + key + "' does not match " + where + " template '" + template.text() + "': " + reason);
    }

    private String encode(Slot<T> slot, Object value) {
        if (slot.codec() == null) {
            throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "': attribute '" + slot.attribute().name()
                    + "' is a " + slot.attribute().type().typeName() + ", which is stored as a whole value, never as key text; "
                    + "use it on a binary (B) key attribute");
        }
        try {
            String text = slot.codec().encode(value);
            int lone = unpairedSurrogate(text);
            if (lone >= 0) {
                throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "', slot {" + slot.attribute().name()
                        + "}: the value has an unpaired UTF-16 surrogate at index " + lone + "; DynamoDB stores keys as UTF-8, "
                        + "which cannot hold it, so two such values would be written as the same key");
            }
            return text;
        } catch (ClassCastException e) {
            throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "': value " + value + " ("
                    + value.getClass().getSimpleName() + ") for '" + slot.attribute().name() + "' is not a "
                    + slot.attribute().type().typeName(), e);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "', slot {" + slot.attribute().name()
                    + "}: " + e.getMessage(), e);
        }
    }

    private void appendSlot(StringBuilder key, Slot<T> slot, Object value) {
        if (slot.kind() == SlotKind.PATH) {
            appendPath(key, slot, value);
        } else {
            appendEscaped(key, slot, encode(slot, value));
        }
    }

    /** Each segment escaped ({@code \}, the separator and the key attribute's escape set), joined by the separator. */
    private void appendPath(StringBuilder key, Slot<T> slot, Object value) {
        List<?> segments;
        try {
            segments = (List<?>) value;
        } catch (ClassCastException e) {
            throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "': value " + value + " ("
                    + value.getClass().getSimpleName() + ") for path slot {" + slot.attribute().name() + "} is not a List<String>", e);
        }
        if (segments.isEmpty()) {
            throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "': path slot {" + slot.attribute().name()
                    + "} has no segment; a path needs at least one, such as List.of(\"ELECTRONICS\")");
        }
        for (int i = 0; i < segments.size(); i++) {
            Object segment = segments.get(i);
            if (!(segment instanceof String text) || text.isEmpty()) {
                throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "': segment " + i + " of path "
                        + segments + " in slot {" + slot.attribute().name() + "} is " + (segment == null ? "null" : "empty")
                        + "; every segment needs text, as an empty one would make '##' and a node no query can tell from its "
                        + "parent: remove it or give it a name");
            }
            int lone = unpairedSurrogate(text);
            if (lone >= 0) {
                throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "', path slot {" + slot.attribute().name()
                        + "}: segment " + i + " has an unpaired UTF-16 surrogate at index " + lone
                        + "; DynamoDB stores keys as UTF-8, which cannot hold it");
            }
            if (i > 0) {
                key.appendCodePoint(PATH_SEPARATOR);
            }
            appendEscaped(key, slot, text);
        }
    }

    /** The segments of a path slot that runs to the end of the key. */
    private List<String> scanPath(String key, int from, Slot<T> slot) {
        List<String> segments = new ArrayList<>();
        StringBuilder segment = new StringBuilder();
        int at = from;
        while (at <= key.length()) {
            if (at == key.length() || key.codePointAt(at) == PATH_SEPARATOR) {
                if (segment.length() == 0) {
                    throw mismatch(key, "path slot {" + slot.attribute().name() + "} has an empty segment at index " + at);
                }
                segments.add(segment.toString());
                segment.setLength(0);
                at++;
                continue;
            }
            int cp = key.codePointAt(at);
            if (cp == KeyTemplate.ESCAPE) {
                if (at + 1 >= key.length()) {
                    throw mismatch(key, "it ends in an escape character");
                }
                int escaped = key.codePointAt(at + 1);
                if (!slot.isEscaped(escaped)) {
                    throw mismatch(key, "'\\" + new String(Character.toChars(escaped)) + "' at index " + at
                            + " escapes a character that needs no escape");
                }
                segment.appendCodePoint(escaped);
                at += 1 + Character.charCount(escaped);
            } else if (slot.isEscaped(cp)) {
                throw mismatch(key, "'" + new String(Character.toChars(cp)) + "' at index " + at + " in path slot {"
                        + slot.attribute().name() + "} is not escaped, as this template escapes it in segments");
            } else {
                segment.appendCodePoint(cp);
                at += Character.charCount(cp);
            }
        }
        return List.copyOf(segments);
    }

    /** True for a list of strings: the type of a hierarchy path, which a key slot composes segment by segment. */
    public static boolean isPath(AttributeType<?> type) {
        return type instanceof ListAttributeType list && list.element().typeName().equals("String")
                && list.element() instanceof KeyableType<?>;
    }

    /** The attribute of the template's path slot, when it has one (always its last slot). */
    public Optional<Attribute<T, ?>> pathAttribute() {
        return !slots.isEmpty() && slots.get(slots.size() - 1).kind() == SlotKind.PATH
                ? Optional.of(slots.get(slots.size() - 1).attribute()) : Optional.empty();
    }

    /** The attribute and bucket of the template's time-bucket slot on this attribute, when it has one. */
    public boolean hasBucketOn(String attributeName) {
        for (int i = 0; i < slots.size(); i++) {
            if (template.slots().get(i).bucket().isPresent() && slots.get(i).attribute().name().equals(attributeName)) {
                return true;
            }
        }
        return false;
    }

    /** The template's slots as written, each with its attribute: for the fan-out of a query across buckets or shards. */
    public List<KeyTemplate.Slot> templateSlots() {
        return template.slots();
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

    /** The key text of a template without slots, or null when it has slots. */
    public String constantKey() {
        return constantKey;
    }

    private static boolean needsEscape(Slot<?> slot, String text) {
        boolean[] ascii = slot.ascii();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 128 ? c == KeyTemplate.ESCAPE || ascii[c] : Character.isSurrogate(c) || slot.isEscaped(c)) {
                return true;
            }
        }
        return false;
    }

    private static void appendEscaped(StringBuilder key, Slot<?> slot, String text) {
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (slot.isEscaped(cp)) {
                key.append(KeyTemplate.ESCAPE);
            }
            key.appendCodePoint(cp);
            i += Character.charCount(cp);
        }
    }

    private String checked(String key) {
        if (key.isEmpty()) {
            throw new ValidationException(where + " template '" + template.text()
                    + "' gives an empty key; DynamoDB key values can never be empty");
        }
        return checkedLength(key);
    }

    private String checkedLength(String key) {
        int bytes = utf8Length(key);
        if (bytes > role.maxBytes()) {
            int end = Math.min(40, key.length());
            if (end < key.length() && Character.isHighSurrogate(key.charAt(end - 1))) {
                end--;
            }
            throw new ValidationException(where + " template '" + template.text() + "' gives a key of " + bytes + " bytes ('"
                    + key.substring(0, end) + "…'); DynamoDB allows at most " + role.maxBytes() + " bytes in a "
                    + role.description() + ": shorten the values of " + template.attributeNames());
        }
        return key;
    }

    /** The index of the first surrogate that is not half of a pair, or -1. */
    public static int unpairedSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    public static int utf8Length(String text) {
        return dev.singletable.capacity.ItemSize.utf8(text);
    }

    private static String suggestion(String name, Iterable<String> candidates) {
        return ClosestName.among(name, candidates).map(best -> " (did you mean '" + best + "'?)").orElse("");
    }
}
