package dev.singletable.cli.data.load;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The keys a dry run would write, each as a 128-bit digest (the first half of its text's SHA-256) in one open-addressed
 * table of longs: 16 bytes a slot, filled to at most three quarters before it doubles, so 22 to 43 bytes per key
 * whatever the key's or the item's size (64 for a moment while it doubles). A digest says only that a key was seen
 * before, perhaps: equal digests are confirmed on the keys themselves before anything is reported.
 */
final class KeyDigests {
    private static final int FIRST_SLOTS = 1024;

    /** Two longs a slot; {0, 0} is an empty slot, so the one key whose digest is zero has a flag of its own. */
    private long[] slots = new long[2 * FIRST_SLOTS];
    private int size;
    private boolean zeroSeen;

    /** The 128-bit digest of a key's text. */
    record Digest(long high, long low) {
        static Digest of(String key) {
            try {
                ByteBuffer sha = ByteBuffer.wrap(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
                return new Digest(sha.getLong(), sha.getLong());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java runtime has SHA-256", e);
            }
        }
    }

    /** @return true when the digest was not in the set before (it is now) */
    synchronized boolean add(Digest digest) {
        if (digest.high() == 0 && digest.low() == 0) {
            boolean added = !zeroSeen;
            zeroSeen = true;
            return added;
        }
        if (!insert(slots, digest.high(), digest.low())) {
            return false;
        }
        size++;
        if (size * 4L > slotCount() * 3L) {
            grow();
        }
        return true;
    }

    /** How many digests it holds. */
    synchronized int size() {
        return size + (zeroSeen ? 1 : 0);
    }

    /** The bytes of its table, for the tests of what a key costs. */
    synchronized long tableBytes() {
        return slots.length * (long) Long.BYTES;
    }

    private int slotCount() {
        return slots.length / 2;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        for (int i = 0; i < old.length; i += 2) {
            if (old[i] != 0 || old[i + 1] != 0) {
                insert(slots, old[i], old[i + 1]);
            }
        }
    }

    /** Linear probing from the slot the low bits pick (the digest is uniform, so any bits do); false when it was there. */
    private static boolean insert(long[] table, long high, long low) {
        int mask = table.length / 2 - 1;
        for (int slot = (int) low & mask; ; slot = (slot + 1) & mask) {
            long h = table[2 * slot];
            long l = table[2 * slot + 1];
            if (h == 0 && l == 0) {
                table[2 * slot] = high;
                table[2 * slot + 1] = low;
                return true;
            }
            if (h == high && l == low) {
                return false;
            }
        }
    }
}
