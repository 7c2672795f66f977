package dev.singletable;

import dev.singletable.internal.keys.ShardSlots;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A key template: literal text with {@code {attribute}} slots, each optionally formatted as
 * {@code {attribute:format}}. {@code CUSTOMER#{customerId}}, {@code ORDER#{orderId}},
 * {@code METRICS#{day:yyyy-MM-dd}}, {@code RATING#{rating:%05d}} are templates.
 *
 * <p>Rules, checked by {@link #parse(String)}:
 * <ul>
 *   <li>Slot names are Java identifiers; a slot may carry a format after a colon.</li>
 *   <li>Two slots must be separated by literal text ({@code {a}{b}} cannot be parsed back).</li>
 *   <li>The literal text may not contain the escape character {@code \}; write {@code {{} and
 *       {@code }}} for literal braces.</li>
 *   <li>{@code {takenAt:bucket=DAY}} writes the UTC hour, day or month ({@link TimeBucket}) of a time attribute;
 *       {@code {shard:of=deviceId,count=10}} writes the shard (0 to count - 1, at most {@value #MAX_SHARDS} shards)
 *       that a hash of the attribute picks; a {@code List<String>} attribute's slot (which ends its template) is a hierarchy path,
 *       its segments escaped and joined by {@code #}.</li>
 * </ul>
 *
 * <p>Composing a key escapes, in each slot value (the last one too), the escape character
 * {@code \} and every character next to a slot (the last character of literal text before a
 * slot, the first after one) in any template that writes the same key attribute of the table,
 * each by a preceding {@code \}. So {@code ORDER#{orderId}#{day}} with orderId {@code a#b} gives
 * {@code ORDER#a\#b#2025-05-19}: composition is injective, every key parses back to the values
 * that made it, and templates of different shapes in one table never compose one key text
 * unless {@link TableSchema.Builder#build()} finds they can (it refuses two entity types whose
 * primary keys can coincide).
 *
 * <pre>{@code
 * KeyTemplate template = KeyTemplate.parse("ORDER#{orderId}#{createdAt:yyyy-MM-dd}");
 * template.slots().get(1).attribute(); // "createdAt"
 * template.slots().get(1).format();    // Optional[yyyy-MM-dd]
 * }</pre>
 */
@Stable
public final class KeyTemplate {
    /** The character that escapes delimiters and itself inside slot values. */
    public static final char ESCAPE = '\\';

    /** The name of a shard slot, {@code {shard:of=attribute,count=N}}. */
    public static final String SHARD = "shard";

    /** The most shards a shard slot may have: a query across all shards sends one request per shard. */
    public static final int MAX_SHARDS = 1000;

    private final String text;
    private final List<String> literals;
    private final List<Slot> slots;

    private KeyTemplate(String text, List<String> literals, List<Slot> slots) {
        this.text = text;
        this.literals = List.copyOf(literals);
        this.slots = List.copyOf(slots);
    }

    /**
     * Parses a template.
     *
     * @throws KeyTemplateException naming the template and position when it is malformed
     */
    public static KeyTemplate parse(String text) {
        NullArgumentException.check("KeyTemplate.parse", "text", text);
        Objects.requireNonNull(text, "text");
        if (text.isEmpty()) {
            throw new KeyTemplateException("Key template '': a template cannot be empty, as DynamoDB key values never are; "
                    + "give literal text, a slot or both, such as 'PROFILE' or 'CUSTOMER#{customerId}'");
        }
        List<String> literals = new ArrayList<>();
        List<Slot> slots = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '{' && i + 1 < text.length() && text.charAt(i + 1) == '{') {
                literal.append('{');
                i += 2;
            } else if (c == '}' && i + 1 < text.length() && text.charAt(i + 1) == '}') {
                literal.append('}');
                i += 2;
            } else if (c == '}') {
                throw new KeyTemplateException("Key template '" + text + "': '}' at index " + i
                        + " closes no slot; write '}}' for a literal brace");
            } else if (c == ESCAPE) {
                throw new KeyTemplateException("Key template '" + text + "': literal text may not contain '\\' (index "
                        + i + "); singletable uses it to escape delimiters inside slot values: remove it or use another character, such as '#'");
            } else if (c == '{') {
                int close = text.indexOf('}', i);
                if (close < 0) {
                    throw new KeyTemplateException("Key template '" + text + "': slot opened at index " + i
                            + " is never closed; add '}'");
                }
                Slot slot = parseSlot(text, text.substring(i + 1, close), i);
                if (!slots.isEmpty() && literal.length() == 0) {
                    throw new KeyTemplateException("Key template '" + text + "': slots {" + slots.get(slots.size() - 1).attribute()
                            + "} and {" + slot.attribute() + "} touch (index " + i + "); separate them with literal text such as '#', "
                            + "or the key cannot be parsed back");
                }
                literals.add(literal.toString());
                literal.setLength(0);
                slots.add(slot);
                i = close + 1;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                literal.append(c).append(text.charAt(i + 1));
                i += 2;
            } else if (Character.isSurrogate(c)) {
                throw new KeyTemplateException("Key template '" + text + "': literal text has an unpaired UTF-16 surrogate at index "
                        + i + "; DynamoDB keys are UTF-8 text, which cannot hold it");
            } else {
                literal.append(c);
                i++;
            }
        }
        literals.add(literal.toString());
        return new KeyTemplate(text, literals, slots);
    }

    private static boolean isIdentifierPart(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isJavaIdentifierPart(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static Slot parseSlot(String text, String body, int index) {
        int colon = body.indexOf(':');
        String name = colon < 0 ? body : body.substring(0, colon);
        String format = colon < 0 ? null : body.substring(colon + 1);
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))
                || !isIdentifierPart(name)) {
            throw new KeyTemplateException("Key template '" + text + "': slot at index " + index + " names '" + name
                    + "', which is not an attribute name; write {attributeName} or {attributeName:format}");
        }
        if (format != null && format.isEmpty()) {
            throw new KeyTemplateException("Key template '" + text + "': slot {" + name + ":} has an empty format; "
                    + "drop the ':' or give a format such as yyyy-MM-dd or %05d");
        }
        if (body.indexOf('{') >= 0) {
            throw new KeyTemplateException("Key template '" + text + "': slot at index " + index + " contains '{'; a slot is {attribute} or "
                    + "{attribute:format}, and a literal brace is written '{{'");
        }
        if (format != null && format.startsWith("bucket=")) {
            return new Slot(name, Optional.of(format), Optional.of(bucket(text, name, format.substring("bucket=".length()))), 0);
        }
        if (name.equals(SHARD) && format != null && (format.startsWith("of=") || format.startsWith("count="))) {
            return shard(text, format);
        }
        return new Slot(name, Optional.ofNullable(format), Optional.empty(), 0);
    }

    private static TimeBucket bucket(String text, String name, String unit) {
        for (TimeBucket bucket : TimeBucket.values()) {
            if (bucket.name().equals(unit)) {
                return bucket;
            }
        }
        throw new KeyTemplateException("Key template '" + text + "': slot {" + name + ":bucket=" + unit + "} names unknown bucket unit '"
                + unit + "'; use HOUR, DAY or MONTH, such as {" + name + ":bucket=DAY}");
    }

    /** {@code {shard:of=attribute,count=N}}: the slot's attribute is the one whose hash picks the shard. */
    private static Slot shard(String text, String format) {
        String of = null;
        String count = null;
        for (String part : format.split(",", -1)) {
            if (part.startsWith("of=") && of == null) {
                of = part.substring(3);
            } else if (part.startsWith("count=") && count == null) {
                count = part.substring(6);
            } else {
                throw new KeyTemplateException("Key template '" + text + "': shard slot {shard:" + format + "} has '" + part
                        + "'; write {shard:of=attribute,count=N}, such as {shard:of=deviceId,count=10}");
            }
        }
        if (of == null || of.isEmpty() || !Character.isJavaIdentifierStart(of.charAt(0)) || !isIdentifierPart(of)) {
            throw new KeyTemplateException("Key template '" + text + "': shard slot {shard:" + format + "} needs of=attribute, the attribute "
                    + "whose hash picks the shard; write {shard:of=attribute,count=N}, such as {shard:of=deviceId,count=10}");
        }
        int shards;
        try {
            shards = count == null ? -1 : Integer.parseInt(count);
        } catch (NumberFormatException e) {
            shards = -1;
        }
        if (shards < 1 || shards > MAX_SHARDS) {
            throw new KeyTemplateException("Key template '" + text + "': shard slot {shard:" + format + "} has "
                    + (count == null ? "no count" : "count " + count) + "; give a whole number of shards from 1 to " + MAX_SHARDS
                    + " (a query across all shards sends one request per shard), such as count=10");
        }
        return new Slot(of, Optional.of(format), Optional.empty(), shards);
    }

    /** The template as written. */
    public String text() {
        return text;
    }

    /** The slots in order of appearance. */
    public List<Slot> slots() {
        return slots;
    }

    /**
     * The literal texts around the slots: always {@code slots().size() + 1} strings, the first
     * before the first slot, the last after the last slot; any may be empty.
     */
    public List<String> literals() {
        return literals;
    }

    /** True when the template has no slot, such as {@code PROFILE}. */
    public boolean isConstant() {
        return slots.isEmpty();
    }

    /** The names of the attributes the slots refer to, in order. */
    public List<String> attributeNames() {
        List<String> names = new ArrayList<>(slots.size());
        for (Slot slot : slots) {
            names.add(slot.attribute());
        }
        return Collections.unmodifiableList(names);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyTemplate other && other.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }

    /**
     * One slot of a template: {@code {attribute}}, {@code {attribute:format}}, a time bucket
     * {@code {attribute:bucket=DAY}} or a shard {@code {shard:of=attribute,count=N}}.
     *
     * @param attribute  the attribute whose value fills the slot; for a shard slot, the attribute whose hash picks
     *                   the shard ({@code deviceId} in {@code {shard:of=deviceId,count=10}})
     * @param format     the format after the colon, if any: a date pattern, {@code %0Nd} or {@code %0W.Sf}
     *                   ({@code bucket=DAY} for a time bucket, {@code of=deviceId,count=10} for a shard)
     * @param bucket     the time bucket of a {@code {attribute:bucket=UNIT}} slot
     * @param shardCount the number of shards of a {@code {shard:of=attribute,count=N}} slot, or 0 for any other slot
     */
    public record Slot(String attribute, Optional<String> format, Optional<TimeBucket> bucket, int shardCount) {
        public Slot {
            NullArgumentException.check("KeyTemplate.Slot", "attribute", attribute, "format", format, "bucket", bucket);
        }

        /** True for a {@code {shard:of=attribute,count=N}} slot. */
        public boolean isShard() {
            return shardCount > 0;
        }

        /**
         * The shard of a value of a shard slot, as a write composes it, from the {@code of} attribute's key text:
         * {@code KeyTemplate.parse("{shard:of=deviceId,count=4}").slots().get(0).shardOf("d1")} is 2. Tools that read
         * keys back (an import of sample items) use it to tell a shard from any other number.
         *
         * @throws IllegalStateException for a slot that is no shard
         */
        public int shardOf(String keyText) {
            NullArgumentException.check("KeyTemplate.Slot.shardOf", "keyText", keyText);
            if (!isShard()) {
                throw new IllegalStateException("slot " + this + " is no shard slot; only {shard:of=attribute,count=N} picks a shard");
            }
            return ShardSlots.shardOf(keyText, shardCount);
        }

        @Override
        public String toString() {
            String name = isShard() ? SHARD : attribute;
            return format.map(f -> "{" + name + ":" + f + "}").orElse("{" + name + "}");
        }
    }
}
