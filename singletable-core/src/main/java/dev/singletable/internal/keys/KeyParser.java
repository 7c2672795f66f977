package dev.singletable.internal.keys;

import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses a key back into the values of a bound template's slots, refusing a key that the template could not have
 * composed: wrong literal text, an escape that is missing or not needed, or a slot's text that singletable would
 * write otherwise.
 */
final class KeyParser<T> {
    private final KeyTemplate template;
    private final String where;
    private final List<BoundSlot<T>> slots;
    private final List<String> literals;

    KeyParser(KeyTemplate template, String where, List<BoundSlot<T>> slots) {
        this.template = template;
        this.where = where;
        this.slots = slots;
        this.literals = template.literals();
    }

    /** Parses a key back into attribute values; fails when the key does not match the template. */
    Map<String, Object> parse(String key) {
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
            BoundSlot<T> slot = slots.get(i);
            String next = literals.get(i + 1);
            if (slot.kind() == BoundSlot.Kind.PATH) {
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
            if (slot.kind() == BoundSlot.Kind.VALUE) {
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
    private int scanSlot(String key, int from, BoundSlot<T> slot, StringBuilder raw) {
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
        return slot.delimiter() == BoundSlot.NO_DELIMITER ? end : -1;
    }

    /** A slot's value from its text, refused unless singletable writes the value as exactly that text. */
    private Object decode(String key, BoundSlot<T> slot, String raw) {
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

    /** The segments of a path slot that runs to the end of the key. */
    private List<String> scanPath(String key, int from, BoundSlot<T> slot) {
        List<String> segments = new ArrayList<>();
        StringBuilder segment = new StringBuilder();
        int at = from;
        while (at <= key.length()) {
            if (at == key.length() || key.codePointAt(at) == BoundKeyTemplate.PATH_SEPARATOR) {
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

    private KeyTemplateException mismatch(String key, String reason) {
        return new KeyTemplateException("Key '" + key + "' does not match " + where + " template '" + template.text() + "': " + reason);
    }
}
