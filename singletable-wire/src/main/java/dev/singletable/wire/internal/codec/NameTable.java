package dev.singletable.wire.internal.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Attribute names by their bytes, shared by every page: an item's names repeat on every item of a page and of the
 * next, so each is made a String (interned, as Jackson's are, so a schema's constant is the same reference) once.
 * A fixed number of slots, a name taking the slot of another that hashes alike: memory stays bounded whatever names
 * (map keys) the data holds. Threads share it without locks: a slot holds an immutable entry, and a lost race only
 * costs a name made twice.
 */
final class NameTable {
    private static final int SLOTS = 1 << 10;
    private static final NameTable SHARED = new NameTable();
    private final Entry[] entries = new Entry[SLOTS];

    record Entry(byte[] bytes, String name) {
    }

    static NameTable shared() {
        return SHARED;
    }

    /** The name of these bytes, with its own copy of them (which nobody changes). */
    Entry of(byte[] body, int from, int to, int hash) {
        int slot = (hash ^ (hash >>> 10)) & (SLOTS - 1);
        Entry known = entries[slot];
        if (known != null && Arrays.equals(known.bytes, 0, known.bytes.length, body, from, to)) {
            return known;
        }
        String name = new String(body, from, to - from, StandardCharsets.ISO_8859_1).intern();
        Entry entry = new Entry(Arrays.copyOfRange(body, from, to), name);
        entries[slot] = entry;
        return entry;
    }
}
