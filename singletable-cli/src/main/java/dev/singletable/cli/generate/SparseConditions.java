package dev.singletable.cli.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.EntityDefinition;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * A sparse index's {@code when} condition of a schema file as the Java of an {@code @Index(when = ...)} method over the
 * record's components ({@code "ACTIVE".equals(status)}).
 */
final class SparseConditions {
    private final Map<String, String> names;
    private final BiFunction<String, String, TypeName> types;

    /** Conditions over the components named {@code names} (by attribute), whose Java types {@code types} gives (owner, attribute). */
    SparseConditions(Map<String, String> names, BiFunction<String, String, TypeName> types) {
        this.names = names;
        this.types = types;
    }

    /** The condition as Java over the record's components; empty when it compares a type with no literal here. */
    Optional<CodeBlock> java(String owner, ConditionDefinition condition, EntityDefinition entity) {
        if (condition instanceof ConditionDefinition.Present present) {
            return Optional.of(CodeBlock.of("$N != null", names.get(present.attribute())));
        }
        if (condition instanceof ConditionDefinition.Absent absent) {
            return Optional.of(CodeBlock.of("$N == null", names.get(absent.attribute())));
        }
        List<Optional<CodeBlock>> parts = new ArrayList<>();
        String joint = " && ";
        if (condition instanceof ConditionDefinition.Equals equals) {
            equals.values().forEach((attribute, value) -> parts.add(equality(owner, attribute, value, entity)));
        } else if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            notEquals.values().forEach((attribute, value) -> parts.add(equality(owner, attribute, value, entity)
                    .map(test -> CodeBlock.of("!($L)", test))));
        } else if (condition instanceof ConditionDefinition.BeginsWith beginsWith) {
            beginsWith.prefixes().forEach((attribute, prefix) -> {
                TypeName type = types.apply(owner, attribute);
                String text = type.equals(ClassName.get(String.class)) ? "$N" : "$N.name()";
                parts.add(type.equals(ClassName.get(String.class)) || entity.attributes().get(attribute).type() == AttributeDefinition.AttributeKind.ENUM
                        ? Optional.of(CodeBlock.of("$N != null && " + text + ".startsWith($S)", names.get(attribute), names.get(attribute), prefix))
                        : Optional.empty());
            });
        } else {
            boolean all = condition instanceof ConditionDefinition.All;
            joint = all ? " && " : " || ";
            for (ConditionDefinition part : all ? ((ConditionDefinition.All) condition).conditions() : ((ConditionDefinition.Any) condition).conditions()) {
                parts.add(java(owner, part, entity).map(test -> CodeBlock.of("($L)", test)));
            }
        }
        if (parts.stream().anyMatch(Optional::isEmpty)) {
            return Optional.empty();
        }
        return Optional.of(CodeBlock.join(parts.stream().map(Optional::orElseThrow).toList(), joint));
    }

    /** Whether the attribute holds the file's value, as Java: {@code "ACTIVE".equals(status)}; empty for a type with no literal here. */
    private Optional<CodeBlock> equality(String owner, String attribute, Object value, EntityDefinition entity) {
        AttributeDefinition definition = entity.attributes().get(attribute);
        TypeName type = types.apply(owner, attribute);
        String java = names.get(attribute);
        String text = value instanceof BigDecimal decimal ? decimal.toPlainString() : String.valueOf(value);
        return Optional.ofNullable(switch (definition.type()) {
            case STRING -> CodeBlock.of("$S.equals($N)", text, java);
            case ENUM -> type.equals(ClassName.get(String.class)) ? CodeBlock.of("$S.equals($N)", text, java)
                    : CodeBlock.of("$N == $T.$L", java, type, text);
            case BOOLEAN -> CodeBlock.of("$T.$L.equals($N)", Boolean.class, Boolean.parseBoolean(text) ? "TRUE" : "FALSE", java);
            case INTEGER -> CodeBlock.of("$T.valueOf($L).equals($N)", Integer.class, new BigDecimal(text).intValueExact(), java);
            case LONG -> CodeBlock.of("$T.valueOf($LL).equals($N)", Long.class, new BigDecimal(text).longValueExact(), java);
            case DECIMAL -> CodeBlock.of("$N != null && $N.compareTo(new $T($S)) == 0", java, java, BigDecimal.class, text);
            case INSTANT, EPOCH_SECONDS -> CodeBlock.of("$T.$L($S).equals($N)", java.time.Instant.class,
                    text.chars().allMatch(Character::isDigit) ? "ofEpochSecond" : "parse", text, java);
            case DATE, DATE_TIME, UUID -> CodeBlock.of("$T.$L($S).equals($N)", type, definition.type() == AttributeDefinition.AttributeKind.UUID
                    ? "fromString" : "parse", text, java);
            default -> null;
        });
    }
}
