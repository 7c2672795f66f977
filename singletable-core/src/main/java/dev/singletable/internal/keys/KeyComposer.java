package dev.singletable.internal.keys;

import dev.singletable.IndefiniteArticle;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyValues;
import dev.singletable.ValidationException;

import java.util.List;
import java.util.Optional;

/**
 * Composes the key text of a bound template from an entity or from key values, each slot's text escaped, and checks
 * it against DynamoDB's limits (never empty, at most the key role's bytes).
 */
final class KeyComposer<T> {
    private final KeyTemplate template;
    private final KeyRole role;
    private final String where;
    private final List<BoundSlot<T>> slots;
    private final List<String> literals;
    /** The key of a template without slots, computed once (null when it has slots or fails its checks). */
    private final String constantKey;
    /** Characters of literal text, to size the builder of a key. */
    private final int literalLength;

    KeyComposer(KeyTemplate template, KeyRole role, String where, List<BoundSlot<T>> slots) {
        this.template = template;
        this.role = role;
        this.where = where;
        this.slots = slots;
        this.literals = template.literals();
        this.literalLength = literalLength(literals);
        this.constantKey = constantKey(literals, slots, role);
    }

    private static int literalLength(List<String> literals) {
        int length = 0;
        for (String literal : literals) {
            length += literal.length();
        }
        return length;
    }

    /** The key of a template without slots, computed once: null when it has slots or fails its checks. */
    private static <T> String constantKey(List<String> literals, List<BoundSlot<T>> slots, KeyRole role) {
        return slots.isEmpty() && !literals.get(0).isEmpty() && BoundKeyTemplate.utf8Length(literals.get(0)) <= role.maxBytes()
                ? literals.get(0) : null;
    }

    /** The key text of a template without slots, or null when it has slots. */
    String constantKey() {
        return constantKey;
    }

    /** The key for an entity, or null when a slot's attribute is null; allocates no more than the key. */
    String composeOrNull(T entity) {
        if (constantKey != null) {
            return constantKey;
        }
        if (slots.size() == 1 && slots.get(0).kind() != BoundSlot.Kind.PATH) {
            // the common single-slot key: concatenated to its exact length when nothing needs escaping
            BoundSlot<T> slot = slots.get(0);
            Object value = slot.attribute().valueOf(entity);
            if (value == null) {
                return null;
            }
            String text = encode(slot, value);
            if (!slot.needsEscape(text)) {
                return checked(literals.get(0).concat(text).concat(literals.get(1)));
            }
        }
        StringBuilder key = new StringBuilder(literalLength + 16 * slots.size()).append(literals.get(0));
        for (int i = 0; i < slots.size(); i++) {
            BoundSlot<T> slot = slots.get(i);
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
    String compose(T entity) {
        String key = composeOrNull(entity);
        if (key != null) {
            return key;
        }
        String missing = "?";
        for (BoundSlot<T> slot : slots) {
            if (slot.attribute().valueOf(entity) == null) {
                missing = slot.attribute().name();
                break;
            }
        }
        throw new ValidationException(where + " template '" + template.text() + "' needs attribute '" + missing
                + "', which is null; give it a value (key attributes are required)");
    }

    /** The whole key from key values; fails naming the first slot without a value. */
    String compose(KeyValues values) {
        BoundKeyTemplate.Prefix prefix = fill(values);
        if (!prefix.complete()) {
            throw ValidationException.ofAttribute(slots.get(prefix.slotsFilled()).attribute().name(), where + " template '" + template.text() + "' needs a value for '"
                    + slots.get(prefix.slotsFilled()).attribute().name() + "'; given: " + values.asMap().keySet());
        }
        return prefix.text();
    }

    /** The key text up to the first slot without a value, including the literal text after the last filled slot. */
    BoundKeyTemplate.Prefix fill(KeyValues values) {
        StringBuilder key = new StringBuilder(64).append(literals.get(0));
        int filled = 0;
        for (; filled < slots.size(); filled++) {
            BoundSlot<T> slot = slots.get(filled);
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
        return new BoundKeyTemplate.Prefix(complete ? checked(text) : checkedLength(text), filled, complete);
    }

    private String encode(BoundSlot<T> slot, Object value) {
        if (slot.codec() == null) {
            throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "': attribute '" + slot.attribute().name()
                    + "' is " + IndefiniteArticle.before(slot.attribute().type().typeName()) + ", which is stored as a whole value, never as key text; "
                    + "use it on a binary (B) key attribute");
        }
        try {
            String text = slot.codec().encode(value);
            int lone = BoundKeyTemplate.unpairedSurrogate(text);
            if (lone >= 0) {
                throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "', slot {" + slot.attribute().name()
                        + "}: the value has an unpaired UTF-16 surrogate at index " + lone + "; DynamoDB stores keys as UTF-8, "
                        + "which cannot hold it, so two such values would be written as the same key");
            }
            return text;
        } catch (ClassCastException e) {
            throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "': value " + value + " ("
                    + value.getClass().getSimpleName() + ") for '" + slot.attribute().name() + "' is not "
                    + IndefiniteArticle.before(slot.attribute().type().typeName()), e);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "', slot {" + slot.attribute().name()
                    + "}: " + e.getMessage(), e);
        }
    }

    private void appendSlot(StringBuilder key, BoundSlot<T> slot, Object value) {
        if (slot.kind() == BoundSlot.Kind.PATH) {
            appendPath(key, slot, value);
        } else {
            slot.appendEscaped(key, encode(slot, value));
        }
    }

    /** Each segment escaped ({@code \}, the separator and the key attribute's escape set), joined by the separator. */
    private void appendPath(StringBuilder key, BoundSlot<T> slot, Object value) {
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
            int lone = BoundKeyTemplate.unpairedSurrogate(text);
            if (lone >= 0) {
                throw ValidationException.ofAttribute(slot.attribute().name(), where + " template '" + template.text() + "', path slot {" + slot.attribute().name()
                        + "}: segment " + i + " has an unpaired UTF-16 surrogate at index " + lone
                        + "; DynamoDB stores keys as UTF-8, which cannot hold it");
            }
            if (i > 0) {
                key.appendCodePoint(BoundKeyTemplate.PATH_SEPARATOR);
            }
            slot.appendEscaped(key, text);
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
        int bytes = BoundKeyTemplate.utf8Length(key);
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
}
