package dev.singletable;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A declared check of an attribute's value, made before any request that writes it is sent
 * ({@link Attribute#validatedBy}): a value that breaks it is refused with a {@link ValidationException} naming the
 * entity, attribute, value, rule and fix. Rules apply to a scalar value, and to each element of a list or set
 * ({@link #length} to the collection itself).
 *
 * <ul>
 *   <li>{@link #pattern}: the value's text (a string, an enum's name, a number's text) matches a regular expression whole;</li>
 *   <li>{@link #range}, {@link #min}, {@link #max}: a number lies within bounds (inclusive);</li>
 *   <li>{@link #length}: a string's characters, a collection's or map's elements, a binary's bytes are within bounds;</li>
 *   <li>{@link #allowedValues}: the value's text is one of those given.</li>
 * </ul>
 *
 * <pre>{@code
 * static final Attribute<User, String> EMAIL = Attribute.of("email", AttributeTypes.STRING, User::email)
 *         .validatedBy(AttributeRule.pattern("[^@]+@[^@]+"), AttributeRule.length(3, 254));
 * table.put(new User("U1", "nobody"));
 * // ValidationException: User.email: value "nobody" does not match the pattern '[^@]+@[^@]+'; give a value that matches it
 * }</pre>
 */
@Experimental
public final class AttributeRule {
    /** The kinds of rule, as schema files and design files name them. */
    @Experimental
    public enum Kind { PATTERN, RANGE, LENGTH, ALLOWED_VALUES }

    private final Kind kind;
    private final Pattern pattern;
    private final BigDecimal min;
    private final BigDecimal max;
    private final List<String> allowed;

    private AttributeRule(Kind kind, Pattern pattern, BigDecimal min, BigDecimal max, List<String> allowed) {
        this.kind = kind;
        this.pattern = pattern;
        this.min = min;
        this.max = max;
        this.allowed = allowed;
    }

    /**
     * The value's text matches {@code regex} whole (Java's {@link Pattern} syntax).
     *
     * <pre>{@code AttributeRule.pattern("[A-Z]{3}")}</pre>
     *
     * @throws SchemaDefinitionException when the expression is not valid
     */
    public static AttributeRule pattern(String regex) {
        NullArgumentException.check("AttributeRule.pattern", "regex", regex);
        try {
            return new AttributeRule(Kind.PATTERN, Pattern.compile(regex), null, null, List.of());
        } catch (PatternSyntaxException e) {
            throw new SchemaDefinitionException("Pattern '" + regex + "' is not a valid regular expression: " + e.getDescription()
                    + " at index " + e.getIndex() + "; correct it (Java's java.util.regex syntax)");
        }
    }

    /**
     * A number from {@code min} to {@code max}, both included.
     *
     * <pre>{@code AttributeRule.range(BigDecimal.ZERO, new BigDecimal("100"))}</pre>
     *
     * @throws SchemaDefinitionException when min is above max
     */
    public static AttributeRule range(BigDecimal min, BigDecimal max) {
        NullArgumentException.check("AttributeRule.range", "min", min, "max", max);
        if (min.compareTo(max) > 0) {
            throw new SchemaDefinitionException("Range from " + min.toPlainString() + " to " + max.toPlainString()
                    + " is empty: min is above max; swap them");
        }
        return new AttributeRule(Kind.RANGE, null, min, max, List.of());
    }

    /** A number of at least {@code min}: {@code AttributeRule.min(BigDecimal.ONE)}. */
    public static AttributeRule min(BigDecimal min) {
        NullArgumentException.check("AttributeRule.min", "min", min);
        return new AttributeRule(Kind.RANGE, null, min, null, List.of());
    }

    /** A number of at most {@code max}: {@code AttributeRule.max(new BigDecimal("99.99"))}. */
    public static AttributeRule max(BigDecimal max) {
        NullArgumentException.check("AttributeRule.max", "max", max);
        return new AttributeRule(Kind.RANGE, null, null, max, List.of());
    }

    /**
     * A string of {@code min} to {@code max} characters (code points), or a list, set or map of that many elements,
     * or a binary of that many bytes.
     *
     * <pre>{@code AttributeRule.length(1, 80)}</pre>
     *
     * @throws SchemaDefinitionException when min is negative or above max
     */
    public static AttributeRule length(int min, int max) {
        if (min < 0 || min > max) {
            throw new SchemaDefinitionException("Length from " + min + " to " + max + " is not a range of lengths; give 0 <= min <= max");
        }
        return new AttributeRule(Kind.LENGTH, null, BigDecimal.valueOf(min), BigDecimal.valueOf(max), List.of());
    }

    /**
     * The value's text is one of {@code values}.
     *
     * <pre>{@code AttributeRule.allowedValues(List.of("S", "M", "L"))}</pre>
     *
     * @throws SchemaDefinitionException when no value is given
     */
    public static AttributeRule allowedValues(Collection<String> values) {
        NullArgumentException.check("AttributeRule.allowedValues", "values", values);
        if (values.isEmpty()) {
            throw new SchemaDefinitionException("Allowed values are empty: no value could be written; give at least one");
        }
        return new AttributeRule(Kind.ALLOWED_VALUES, null, null, null, List.copyOf(values));
    }

    public Kind kind() {
        return kind;
    }

    /** The regular expression of a {@link Kind#PATTERN} rule. */
    public Optional<String> regex() {
        return pattern == null ? Optional.empty() : Optional.of(pattern.pattern());
    }

    /** The lower bound of a range or length rule, when it has one. */
    public Optional<BigDecimal> minimum() {
        return Optional.ofNullable(min);
    }

    /** The upper bound of a range or length rule, when it has one. */
    public Optional<BigDecimal> maximum() {
        return Optional.ofNullable(max);
    }

    /** The values of an {@link Kind#ALLOWED_VALUES} rule; empty for other rules. */
    public List<String> allowed() {
        return allowed;
    }

    /**
     * Why the value breaks this rule, with the fix, such as {@code value 120 is above the maximum 100; give a number from 0
     * to 100}; empty when the value keeps it.
     */
    public Optional<String> violation(Object value) {
        NullArgumentException.check("AttributeRule.violation", "value", value);
        return violationOf(value);
    }

    /** Null elements of a collection keep every rule: the type refuses them with its own message. */
    private Optional<String> violationOf(Object value) {
        if (value == null) {
            return Optional.empty();
        }
        if (kind == Kind.LENGTH) {
            return lengthViolation(value);
        }
        if (value instanceof Collection<?> collection) {
            int i = 0;
            for (Object element : collection) {
                Optional<String> broken = violationOf(element);
                if (broken.isPresent()) {
                    return Optional.of("element " + i + " of " + collection + ": " + broken.get());
                }
                i++;
            }
            return Optional.empty();
        }
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                Optional<String> broken = violationOf(entry.getValue());
                if (broken.isPresent()) {
                    return Optional.of("entry '" + entry.getKey() + "': " + broken.get());
                }
            }
            return Optional.empty();
        }
        return switch (kind) {
            case PATTERN -> pattern.matcher(text(value)).matches() ? Optional.empty()
                    : Optional.of("value " + shown(value) + " does not match the pattern '" + pattern.pattern() + "'; give a value that matches it");
            case RANGE -> rangeViolation(value);
            case ALLOWED_VALUES -> allowed.contains(text(value)) ? Optional.empty()
                    : Optional.of("value " + shown(value) + " is not one of the allowed values " + allowed + "; give one of them");
            case LENGTH -> throw new AssertionError(kind);
        };
    }

    private Optional<String> rangeViolation(Object value) {
        if (!(value instanceof Number number)) {
            return Optional.of("value " + shown(value) + " is not a number, and the rule " + this + " checks numbers; "
                    + "declare the range on a number attribute");
        }
        BigDecimal decimal = number instanceof BigDecimal d ? d : new BigDecimal(number.toString());
        if (min != null && decimal.compareTo(min) < 0 || max != null && decimal.compareTo(max) > 0) {
            String side = min != null && decimal.compareTo(min) < 0 ? "below the minimum " + min.toPlainString()
                    : "above the maximum " + max.toPlainString();
            return Optional.of("value " + shown(value) + " is " + side + "; give a number " + bounds());
        }
        return Optional.empty();
    }

    private Optional<String> lengthViolation(Object value) {
        long length;
        String unit;
        if (value instanceof CharSequence text) {
            length = text.toString().codePointCount(0, text.length());
            unit = "characters";
        } else if (value instanceof Collection<?> collection) {
            length = collection.size();
            unit = "elements";
        } else if (value instanceof Map<?, ?> map) {
            length = map.size();
            unit = "entries";
        } else if (value instanceof byte[] bytes) {
            length = bytes.length;
            unit = "bytes";
        } else if (value instanceof ByteBuffer buffer) {
            length = buffer.remaining();
            unit = "bytes";
        } else {
            length = text(value).length();
            unit = "characters";
        }
        if (length < min.longValueExact() || length > max.longValueExact()) {
            return Optional.of("value " + shown(value) + " has " + length + " " + unit + "; give from " + min + " to " + max);
        }
        return Optional.empty();
    }

    private String bounds() {
        if (min != null && max != null) {
            return "from " + min.toPlainString() + " to " + max.toPlainString();
        }
        return min != null ? "of at least " + min.toPlainString() : "of at most " + max.toPlainString();
    }

    private static String text(Object value) {
        if (value instanceof Enum<?> constant) {
            return constant.name();
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        return String.valueOf(value);
    }

    private static String shown(Object value) {
        String text = value instanceof CharSequence ? "\"" + value + "\"" : text(value);
        return text.length() > 80 ? text.substring(0, 77) + "…" : text;
    }

    /** The rule as messages and files show it: {@code pattern '[A-Z]{3}'}, {@code range from 0 to 100}, {@code length from 1 to 80}. */
    @Override
    public String toString() {
        return switch (kind) {
            case PATTERN -> "pattern '" + pattern.pattern() + "'";
            case RANGE -> "range " + bounds();
            case LENGTH -> "length from " + min + " to " + max;
            case ALLOWED_VALUES -> "allowed values " + allowed;
        };
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AttributeRule rule && kind == rule.kind && Objects.equals(regex(), rule.regex())
                && Objects.equals(min, rule.min) && Objects.equals(max, rule.max) && allowed.equals(rule.allowed);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, regex(), min, max, allowed);
    }
}
