package dev.singletable.internal.keys;

import dev.singletable.KeyTemplate;

import java.util.Collection;
import java.util.TreeSet;

/**
 * The escape set of a key attribute: the code points next to a slot in any of the templates that
 * write it (the last character of literal text before a slot, the first after one).
 *
 * <p>Why these: a slot never holds one of them unescaped, so where one template has such a
 * character as literal text and another has a slot, the texts differ; a slot can then end only
 * where its template's literal text begins, in every template. What escaping cannot tell apart
 * (a literal that equals another template's empty slot plus literal, a slot that may hold another
 * template's constant text) {@link KeyOverlap} finds.
 */
final class KeyEscapes {
    private KeyEscapes() {
    }

    static int[] nextToSlots(Collection<KeyTemplate> templates) {
        TreeSet<Integer> escapes = new TreeSet<>();
        for (KeyTemplate template : templates) {
            java.util.List<String> literals = template.literals();
            for (int i = 0; i < template.slots().size(); i++) {
                String before = literals.get(i);
                if (!before.isEmpty()) {
                    escapes.add(before.codePointBefore(before.length()));
                }
                String after = literals.get(i + 1);
                if (!after.isEmpty()) {
                    escapes.add(after.codePointAt(0));
                }
            }
        }
        return toArray(escapes);
    }

    static int[] union(int[] escapes, Collection<Integer> more) {
        TreeSet<Integer> union = new TreeSet<>(more);
        for (int escaped : escapes) {
            union.add(escaped);
        }
        union.remove((int) KeyTemplate.ESCAPE);
        return toArray(union);
    }

    /** A loop, not a stream: a schema built on a fresh JVM's first request would load the stream framework for this alone. */
    private static int[] toArray(TreeSet<Integer> codePoints) {
        int[] array = new int[codePoints.size()];
        int i = 0;
        for (int codePoint : codePoints) {
            array[i++] = codePoint;
        }
        return array;
    }
}
