package dev.singletable.internal.keys;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.KeyValues;
import dev.singletable.ValidationException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
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
 *
 * <p>Binding the slots is {@link SlotBinding}'s, composing keys {@link KeyComposer}'s and parsing them
 * {@link KeyParser}'s; this class holds the three together for one template and escape set.
 */
public final class BoundKeyTemplate<T> {
    /** What joins the segments of a path slot: {@code CATEGORY#ELECTRONICS#AUDIO}. */
    public static final int PATH_SEPARATOR = '#';

    private final KeyTemplate template;
    private final KeyRole role;
    private final String where;
    private final List<BoundSlot<T>> slots;
    /** The template's escape set besides {@code \}, sorted: its own, or its table's for the key attribute. */
    private final int[] escapes;
    /** Why a one-slot template cannot compose key text (it can still store the value itself); null when it can. */
    private final String unusableAsText;
    private final KeyComposer<T> composer;
    private final KeyParser<T> parser;

    /**
     * @param where how messages name the template's place, such as {@code Order primary sort key}
     * @throws KeyTemplateException when a slot names an unknown attribute or a format that does not fit its type
     */
    public BoundKeyTemplate(KeyTemplate template, KeyRole role, String where, Map<String, Attribute<T, ?>> attributes) {
        this.template = template;
        this.role = role;
        this.where = where;
        SlotBinding.BoundSlots<T> bound = SlotBinding.bind(template, role, where, attributes);
        this.escapes = KeyEscapes.nextToSlots(List.of(template));
        this.slots = SlotBinding.withEscapes(bound.slots(), role, escapes);
        this.unusableAsText = bound.unusableAsText();
        this.composer = new KeyComposer<>(template, role, where, slots);
        this.parser = new KeyParser<>(template, where, slots);
    }

    /** The same template with another escape set: a table's union for the key attribute (see the class comment). */
    private BoundKeyTemplate(BoundKeyTemplate<T> base, int[] escapes) {
        this.template = base.template;
        this.role = base.role;
        this.where = base.where;
        this.escapes = escapes;
        this.slots = SlotBinding.withEscapes(base.slots, role, escapes);
        this.unusableAsText = base.unusableAsText;
        this.composer = new KeyComposer<>(template, role, where, slots);
        this.parser = new KeyParser<>(template, where, slots);
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
        for (BoundSlot<T> slot : slots) {
            // a path slot holds its separator unescaped between segments
            result.add(slot.kind() == BoundSlot.Kind.PATH
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
        for (BoundSlot<T> slot : slots) {
            result.add(slot.attribute());
        }
        return result;
    }

    /** The key for an entity; empty when a slot's attribute is null (so a sparse index key is left out). */
    public Optional<String> composeIfComplete(T entity) {
        return Optional.ofNullable(composer.composeOrNull(entity));
    }

    /** The key for an entity, or null when a slot's attribute is null; allocates no more than the key. */
    public String composeOrNull(T entity) {
        return composer.composeOrNull(entity);
    }

    /** The key for an entity; fails naming the attribute when a slot's value is null. */
    public String compose(T entity) {
        return composer.compose(entity);
    }

    /**
     * The whole key from key values; fails naming the first slot without a value. Values for
     * attributes outside this template are ignored: a get's values fill both partition and sort key.
     */
    public String compose(KeyValues values) {
        return composer.compose(values);
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
        return composer.fill(values);
    }

    /** Whether slot {@code slot} (0-based) writes {@code codePoint} escaped, preceded by {@code \\}. */
    public boolean escapes(int slot, int codePoint) {
        return slots.get(slot).isEscaped(codePoint);
    }

    /** The lowest and the highest code point slot {@code slot} (0-based) escapes, {@code \\} included. */
    public int[] escapeBounds(int slot) {
        return new int[] {slots.get(slot).lowestEscape(), slots.get(slot).highestEscape()};
    }

    /** True when a slot of this template takes the attribute's value. */
    public boolean hasSlot(String attributeName) {
        for (BoundSlot<T> slot : slots) {
            if (slot.attribute().name().equals(attributeName)) {
                return true;
            }
        }
        return false;
    }

    /** Parses a key back into attribute values; fails when the key does not match the template. */
    public Map<String, Object> parse(String key) {
        return parser.parse(key);
    }

    /** True for a list of strings: the type of a hierarchy path, which a key slot composes segment by segment. */
    public static boolean isPath(AttributeType<?> type) {
        return type instanceof ListAttributeType list && list.element().typeName().equals("String")
                && list.element() instanceof KeyableType<?>;
    }

    /** The attribute of the template's path slot, when it has one (always its last slot). */
    public Optional<Attribute<T, ?>> pathAttribute() {
        return !slots.isEmpty() && slots.get(slots.size() - 1).kind() == BoundSlot.Kind.PATH
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

    /** The key text of a template without slots, or null when it has slots. */
    public String constantKey() {
        return composer.constantKey();
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
}
