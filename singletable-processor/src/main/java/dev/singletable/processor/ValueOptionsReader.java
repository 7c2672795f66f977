package dev.singletable.processor;

import dev.singletable.AttributeRule;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.annotations.AllowedValues;
import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Default;
import dev.singletable.annotations.Length;
import dev.singletable.annotations.Pattern;
import dev.singletable.annotations.Range;
import dev.singletable.processor.EntityModel.TypeCode;
import dev.singletable.processor.EntityModel.ValueOptions;

import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;
import java.math.BigDecimal;
import java.util.List;

/** Reads a member's nullable flag, default and value rules; each mistake is a compile error at the member. */
final class ValueOptionsReader {
    /** The bounds of a {@code @Range} or {@code @Length}, each null when not given or not valid. */
    private record Bounds<T>(T min, T max) {
    }

    private final Diagnostics diagnostics;
    private final PropertyTypes propertyTypes;

    ValueOptionsReader(Diagnostics diagnostics, PropertyTypes propertyTypes) {
        this.diagnostics = diagnostics;
        this.propertyTypes = propertyTypes;
    }

    /** The nullable flag, default and rules of a member; each mistake is a compile error at the member. */
    ValueOptions valueOptions(Element member, String owner, String javaName, TypeMirror type, TypeCode code, Attribute settings,
                              boolean required) {
        boolean nullable = settings != null && settings.nullable();
        if (nullable && (required || type.getKind().isPrimitive())) {
            diagnostics.report(Message.VALUE_OPTION_INVALID, Annotated.at(member), owner, javaName, "@Attribute(nullable = true)",
                    "the attribute is required (a primitive, a key slot or required = true) and never null",
                    "remove nullable, or use a non-required reference type");
            nullable = false;
        }
        String defaultText = null;
        String defaultCode = null;
        Default defaultValue = member.getAnnotation(Default.class);
        if (defaultValue != null) {
            defaultText = defaultValue.value();
            defaultCode = propertyTypes.defaultCode(member, owner, javaName, type, code, defaultText);
            if (defaultCode == null) {
                defaultText = null;
            }
        }
        String pattern = pattern(member, owner, javaName);
        Bounds<String> range = range(member, owner, javaName);
        Bounds<Integer> length = length(member, owner, javaName);
        List<String> allowed = allowed(member, owner, javaName);
        return new ValueOptions(nullable, defaultText, defaultCode, pattern, range.min(), range.max(), length.min(), length.max(),
                allowed);
    }

    /** The member's {@code @Pattern} when the core accepts it as a regular expression, or null. */
    private String pattern(Element member, String owner, String javaName) {
        Pattern patternRule = member.getAnnotation(Pattern.class);
        if (patternRule == null) {
            return null;
        }
        try {
            AttributeRule.pattern(patternRule.value());
            return patternRule.value();
        } catch (SchemaDefinitionException e) {
            String message = e.getMessage();
            int fix = message.lastIndexOf("; ");
            diagnostics.report(Message.VALUE_OPTION_INVALID, Annotated.at(member), owner, javaName, "@Pattern",
                    fix < 0 ? message : message.substring(0, fix), fix < 0 ? "correct the expression" : message.substring(fix + 2));
            return null;
        }
    }

    /** The member's {@code @Range}, each bound checked as a decimal and the two against each other. */
    private Bounds<String> range(Element member, String owner, String javaName) {
        String min = null;
        String max = null;
        Range range = member.getAnnotation(Range.class);
        if (range != null) {
            min = decimalBound(member, owner, javaName, range.min());
            max = decimalBound(member, owner, javaName, range.max());
            if (min != null && max != null && new BigDecimal(min).compareTo(new BigDecimal(max)) > 0) {
                diagnostics.report(Message.VALUE_OPTION_INVALID, Annotated.at(member), owner, javaName, "@Range",
                        "min " + min + " is above max " + max, "swap them");
                min = null;
                max = null;
            }
        }
        return new Bounds<>(min, max);
    }

    private String decimalBound(Element member, String owner, String javaName, String text) {
        if (text.isEmpty()) {
            return null;
        }
        try {
            return new BigDecimal(text.trim()).toPlainString();
        } catch (NumberFormatException e) {
            diagnostics.report(Message.VALUE_OPTION_INVALID, Annotated.at(member), owner, javaName, "@Range",
                    "bound '" + text + "' is not a number", "write it as a decimal, such as \"0\" or \"99.5\"");
            return null;
        }
    }

    /** The member's {@code @Length}, when its bounds are a range of lengths. */
    private Bounds<Integer> length(Element member, String owner, String javaName) {
        Length length = member.getAnnotation(Length.class);
        if (length == null) {
            return new Bounds<>(null, null);
        }
        if (length.min() < 0 || length.min() > length.max()) {
            diagnostics.report(Message.VALUE_OPTION_INVALID, Annotated.at(member), owner, javaName, "@Length",
                    "min " + length.min() + " and max " + length.max() + " are no range of lengths", "give 0 <= min <= max");
            return new Bounds<>(null, null);
        }
        return new Bounds<>(length.min(), length.max());
    }

    private List<String> allowed(Element member, String owner, String javaName) {
        AllowedValues allowedValues = member.getAnnotation(AllowedValues.class);
        if (allowedValues == null) {
            return List.of();
        }
        if (allowedValues.value().length == 0) {
            diagnostics.report(Message.VALUE_OPTION_INVALID, Annotated.at(member), owner, javaName, "@AllowedValues",
                    "no value is given, so no value could be written", "give at least one");
            return List.of();
        }
        return List.of(allowedValues.value());
    }
}
