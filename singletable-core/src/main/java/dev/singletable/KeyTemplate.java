package dev.singletable;


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
public final class KeyTemplate {
    /** The character that escapes delimiters and itself inside slot values. */
    public static final char ESCAPE = '\\';

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
        return new Slot(name, format);
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

    /** One {@code {attribute}} or {@code {attribute:format}} slot of a template. */
    public static final class Slot {
        private final String attribute;
        private final String format;

        private Slot(String attribute, String format) {
            this.attribute = attribute;
            this.format = format;
        }

        /** The attribute whose value fills the slot. */
        public String attribute() {
            return attribute;
        }

        /** The format after the colon, if any: a date pattern, {@code %0Nd} or {@code %0W.Sf}. */
        public Optional<String> format() {
            return Optional.ofNullable(format);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Slot other && other.attribute.equals(attribute) && Objects.equals(other.format, format);
        }

        @Override
        public int hashCode() {
            return Objects.hash(attribute, format);
        }

        @Override
        public String toString() {
            return format == null ? "{" + attribute + "}" : "{" + attribute + ":" + format + "}";
        }
    }
}
