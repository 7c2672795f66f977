package dev.singletable.schema.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Key templates read from sample items so that no template is a guess written as fact: a segment of a key value becomes
 * the slot of an attribute only when it equals that attribute in every item; when several attributes fit equally, the
 * slot gets a name of its own and a note names the choices; a segment equal in every item is literal text only when
 * more than one item says so or it holds no digit. Items are read first into skeletons (literal text and slot
 * positions), and one template is made for items of one skeleton only: items of several skeletons are several entities.
 */
final class SampleKeys {
    /** One segment of one item's key value: literal text, or a slot with the attributes equal to it in that item. */
    record Part(boolean literal, String text, Set<String> candidates) {
    }

    /** One item's key value cut into parts. */
    record Reading(String delimiter, List<Part> parts) {
        /** The literal text and slot positions: {@code USER#{}}; the same for every item one template covers. */
        String skeleton() {
            return parts.stream().map(p -> p.literal() ? escape(p.text()) : "{}").collect(Collectors.joining(delimiter));
        }

        /** The literal segments, the part of the key that holds no value: {@code USER, ORDER} of {@code USER#{}#ORDER#{}}. */
        List<String> constants() {
            return parts.stream().filter(Part::literal).map(Part::text).toList();
        }
    }

    /** Reads one key value: a segment equal to an attribute of the item, holding a digit, or after a varying prefix is a slot. */
    static Reading read(String value, Map<String, String> known, Set<String> varyingPrefixes) {
        return read(value, known, varyingPrefixes, false);
    }

    /**
     * Reads one key value as {@link #read(String, Map, Set)} does; with {@code buckets}, a segment equal to no attribute may
     * be the time bucket of one ({@code {takenAt:bucket=DAY}}) or one of its numbers with a format ({@code {price:%010.2f}}),
     * which an index key holds where the primary key holds the instant or the number.
     */
    static Reading read(String value, Map<String, String> known, Set<String> varyingPrefixes, boolean buckets) {
        KeyShapes.Split split = KeyShapes.Split.of(value);
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < split.segments().size(); i++) {
            String segment = split.segments().get(i);
            Set<String> candidates = new LinkedHashSet<>();
            if (!segment.isEmpty()) {
                known.forEach((name, text) -> {
                    if (text.equals(segment) || samePointInTime(text, segment)) {
                        candidates.add(name);
                    }
                });
            }
            if (buckets && candidates.isEmpty() && !segment.isEmpty()) {
                candidates.addAll(SampleBuckets.of(segment, known));
                candidates.addAll(SampleNumberFormats.of(segment, known));
            }
            boolean slot = !candidates.isEmpty() || (!segment.isEmpty() && KeyShapes.isVariable(split, i, varyingPrefixes));
            parts.add(new Part(!slot, segment, candidates));
        }
        return new Reading(split.delimiter(), parts);
    }

    /**
     * The slots of one entity made from its items' key values that are no attribute of theirs, by item: a slot whose
     * values equal another's in every item is that slot ({@code USER#u1} in a partition and a sort key is one slot).
     */
    static final class Slots {
        private final int items;
        private final Set<String> taken;
        private final Map<String, List<String>> values = new LinkedHashMap<>();

        /** @param taken names a new slot may not have: attributes of the items and the table's key attributes */
        Slots(int items, Set<String> taken) {
            this.items = items;
            this.taken = new LinkedHashSet<>(taken);
        }

        /** The slot holding these values (by item; null where an item has none), made if no slot holds them. */
        String slot(String base, List<String> valuesByItem) {
            for (Map.Entry<String, List<String>> slot : values.entrySet()) {
                if (slot.getValue().equals(valuesByItem)) {
                    return slot.getKey();
                }
            }
            String name = base;
            for (int n = 2; taken.contains(name) || values.containsKey(name); n++) {
                name = base + n;
            }
            values.put(name, List.copyOf(valuesByItem.stream().map(v -> v == null ? "" : v).toList()));
            return name;
        }

        /** Each slot's value in item {@code index}, for its example (empty where the item has none). */
        Map<String, String> of(int index) {
            Map<String, String> of = new LinkedHashMap<>();
            values.forEach((name, byItem) -> {
                if (!byItem.get(index).isEmpty()) {
                    of.put(name, byItem.get(index));
                }
            });
            return of;
        }

        Set<String> names() {
            return values.keySet();
        }

        /** The slot's value in each item, empty where an item has none. */
        List<String> values(String name) {
            return values.getOrDefault(name, List.of());
        }

        /** Forgets a slot a template no longer reads (a shard slot, which a write computes). */
        void forget(String name) {
            values.remove(name);
        }

        /** Forgets the slots made since {@code names} were all there were: those of a template that was not kept. */
        void keepOnly(Set<String> names) {
            values.keySet().retainAll(names);
        }

        int items() {
            return items;
        }
    }

    /** A template made from readings, and what a reader of it must be told. */
    record Template(String text, List<String> ambiguities) {
    }

    /**
     * The template of one key over the readings of one skeleton ({@code readings} by item; null where an item has no
     * value for the key).
     *
     * @param attributes the attribute names a slot may be (those of the items)
     * @param base       the name of a slot of its own
     * @param what       the key, as notes name it
     */
    static Template template(List<Reading> readings, Set<String> attributes, Slots slots, String base, String what) {
        return template(readings, attributes, name -> false, slots, base, what);
    }

    /**
     * {@link #template(List, Set, Slots, String, String)}, where an attribute that is {@code copy} (another index's key,
     * which may hold a copy of the entity's attribute) is a slot's attribute only when no other attribute fits as well.
     */
    static Template template(List<Reading> readings, Set<String> attributes, java.util.function.Predicate<String> copy, Slots slots,
                             String base, String what) {
        Reading first = readings.stream().filter(Objects::nonNull).findFirst().orElseThrow();
        List<String> parts = new ArrayList<>();
        List<String> ambiguities = new ArrayList<>();
        long present = readings.stream().filter(Objects::nonNull).count();
        for (int p = 0; p < first.parts().size(); p++) {
            int position = p;
            Part part = first.parts().get(position);
            if (part.literal()) {
                parts.add(escape(part.text()));
                continue;
            }
            Set<String> everywhere = new LinkedHashSet<>(part.candidates());
            // a bucketed slot (takenAt:bucket=DAY) is one of the attribute's
            everywhere.removeIf(candidate -> !attributes.contains(candidate.split(":", 2)[0]));
            List<String> byItem = new ArrayList<>();
            Map<String, Integer> equalIn = new LinkedHashMap<>();
            for (Reading reading : readings) {
                byItem.add(reading == null ? null : reading.parts().get(position).text());
                if (reading != null) {
                    everywhere.retainAll(reading.parts().get(position).candidates());
                    reading.parts().get(position).candidates().forEach(c -> equalIn.merge(c, 1, Integer::sum));
                }
            }
            if (everywhere.size() > 1 && !everywhere.stream().allMatch(candidate -> copy.test(candidate.split(":", 2)[0]))) {
                everywhere.removeIf(candidate -> copy.test(candidate.split(":", 2)[0]));
            }
            if (everywhere.size() == 1) {
                parts.add("{" + everywhere.iterator().next() + "}");
                continue;
            }
            String slot = slots.slot(base, byItem);
            if (everywhere.size() > 1) {
                ambiguities.add(what + ": {" + slot + "} equals " + String.join(" and ", everywhere) + " in every one of the "
                        + present + " sample " + (present == 1 ? "item" : "items") + "; written as a slot of its own: if it is one of "
                        + "them, write that attribute's slot in its place");
            } else {
                equalIn.forEach((near, equal) -> {
                    if (equal < present && equal * 2 >= present && attributes.contains(near)) {
                        ambiguities.add(what + ": {" + slot + "} equals " + near + " in " + equal + " of the " + present
                                + " sample items, not all; written as a slot of its own: if it is " + near
                                + ", fix the other items' keys and import again");
                    }
                });
            }
            parts.add("{" + slot + "}");
        }
        return new Template(String.join(first.delimiter(), parts), ambiguities);
    }

    /**
     * Whether two texts are one instant written two ways: an example's {@code 2025-01-01T10:00:00Z} and a key's
     * {@code 2025-01-01T10:00:00.000000000Z}, which a key writes with its fraction so that it sorts.
     */
    static boolean samePointInTime(String a, String b) {
        if (a.length() < 20 || b.length() < 20 || !Character.isDigit(a.charAt(0)) || !Character.isDigit(b.charAt(0))) {
            return false;
        }
        try {
            return java.time.Instant.parse(a).equals(java.time.Instant.parse(b));
        } catch (java.time.format.DateTimeParseException e) {
            return false;
        }
    }

    private static String escape(String literal) {
        return literal.replace("{", "{{").replace("}", "}}");
    }

    private SampleKeys() {
    }
}
