package dev.singletable.cli.generate;

import com.palantir.javapoet.AnnotationSpec;
import dev.singletable.schema.AttributeDefinition;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The annotations of one record component that a schema file's attribute becomes: {@code @Attribute} (its stored name,
 * required, nullable), {@code @EpochSeconds}, {@code @Default} and one per validation rule; what no annotation holds is
 * a printed note.
 */
final class AttributeAnnotations {
    private AttributeAnnotations() {
    }

    /** The component's {@code @Attribute} (its stored name, required, nullable) and value options ({@code @Default} and the rules). */
    static List<AnnotationSpec> of(String owner, String attribute, String java, AttributeDefinition definition, List<String> notes) {
        List<AnnotationSpec> annotations = new ArrayList<>();
        if (!java.equals(attribute) || definition.required() || definition.nullable()) {
            AnnotationSpec.Builder annotation = AnnotationSpec.builder(JavaSources.annotation("Attribute"));
            if (!java.equals(attribute)) {
                notes.add(owner + "." + attribute + ": '" + attribute + "' is not a Java identifier (or is a keyword); the record component is "
                        + java + ", stored as '" + attribute + "' by @Attribute(name = \"" + attribute + "\")");
                annotation.addMember("name", "$S", attribute);
            }
            if (definition.required()) {
                annotation.addMember("required", "true");
            }
            if (definition.nullable()) {
                annotation.addMember("nullable", "true");
            }
            annotations.add(annotation.build());
        }
        if (definition.type() == AttributeDefinition.AttributeKind.EPOCH_SECONDS
                && definition.role().filter(role -> role == AttributeDefinition.Role.TIME_TO_LIVE).isEmpty()) {
            annotations.add(AnnotationSpec.builder(JavaSources.annotation("EpochSeconds")).build());
        }
        definition.defaultValue().ifPresent(value -> {
            if (value instanceof String || value instanceof Number || value instanceof Boolean) {
                annotations.add(AnnotationSpec.builder(JavaSources.annotation("Default")).addMember("value", "$S",
                        value instanceof BigDecimal decimal ? decimal.toPlainString() : String.valueOf(value)).build());
            } else {
                notes.add(owner + "." + attribute + ": the default " + value + " is no single value @Default can hold; it is left out, so "
                        + "Java writes no default");
            }
        });
        boolean allowedValues = false;
        for (dev.singletable.AttributeRule rule : definition.rules()) {
            annotations.add(rule(rule));
            allowedValues |= rule.kind() == dev.singletable.AttributeRule.Kind.ALLOWED_VALUES;
        }
        if (definition.type() == AttributeDefinition.AttributeKind.ENUM && !JavaSources.enumConstants(definition.values()) && !allowedValues) {
            AnnotationSpec.Builder annotation = AnnotationSpec.builder(JavaSources.annotation("AllowedValues"));
            definition.values().forEach(value -> annotation.addMember("value", "$S", value));
            annotations.add(annotation.build());
        }
        return annotations;
    }

    /** A validation rule as its annotation: {@code @Pattern}, {@code @Range}, {@code @Length} or {@code @AllowedValues}. */
    private static AnnotationSpec rule(dev.singletable.AttributeRule rule) {
        AnnotationSpec.Builder annotation = AnnotationSpec.builder(JavaSources.annotation(switch (rule.kind()) {
            case PATTERN -> "Pattern";
            case RANGE -> "Range";
            case LENGTH -> "Length";
            case ALLOWED_VALUES -> "AllowedValues";
        }));
        switch (rule.kind()) {
            case PATTERN -> annotation.addMember("value", "$S", rule.regex().orElseThrow());
            case RANGE -> {
                rule.minimum().ifPresent(min -> annotation.addMember("min", "$S", min.toPlainString()));
                rule.maximum().ifPresent(max -> annotation.addMember("max", "$S", max.toPlainString()));
            }
            case LENGTH -> {
                rule.minimum().filter(min -> min.signum() != 0).ifPresent(min -> annotation.addMember("min", "$L", min.intValueExact()));
                rule.maximum().filter(max -> max.intValueExact() != Integer.MAX_VALUE)
                        .ifPresent(max -> annotation.addMember("max", "$L", max.intValueExact()));
            }
            case ALLOWED_VALUES -> rule.allowed().forEach(value -> annotation.addMember("value", "$S", value));
        }
        return annotation.build();
    }
}
