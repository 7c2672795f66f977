package dev.singletable.design.internal.lint;

import dev.singletable.KeyTemplate;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.EntityDefinition;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Whether key templates of two entity types can compose the same text. Templates are compared
 * segment by segment between '#' separators: singletable escapes a separator inside a slot value,
 * so the segments of a composed key are those of its template. A lint heuristic, not a proof:
 * two slotted segments count as able to coincide when their literal ends are compatible.
 */
final class TemplateOverlap {
    private TemplateOverlap() {
    }

    /** True when every template of {@code first} can give the same text as the same-position template of {@code second}. */
    static boolean canCoincide(EntityDefinition firstEntity, List<String> first, EntityDefinition secondEntity, List<String> second) {
        if (first.size() != second.size()) {
            return false;
        }
        for (int i = 0; i < first.size(); i++) {
            if (!canCoincide(firstEntity, first.get(i), secondEntity, second.get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when the sort templates start with literal text neither of which begins the other
     * ({@code COMMENT#} and {@code TAG#}): a query of one entity narrows to its own items by that prefix.
     */
    static boolean sortPrefixesDiffer(List<String> first, List<String> second) {
        if (first.isEmpty() || second.isEmpty()) {
            return false;
        }
        String one = KeyTemplate.parse(first.get(0)).literals().get(0);
        String other = KeyTemplate.parse(second.get(0)).literals().get(0);
        return !one.startsWith(other) && !other.startsWith(one);
    }

    private static boolean canCoincide(EntityDefinition firstEntity, String first, EntityDefinition secondEntity, String second) {
        String[] one = first.split("#", -1);
        String[] other = second.split("#", -1);
        if (one.length != other.length) {
            return false;
        }
        for (int i = 0; i < one.length; i++) {
            if (!segmentsCanCoincide(firstEntity, one[i], secondEntity, other[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean segmentsCanCoincide(EntityDefinition firstEntity, String first, EntityDefinition secondEntity, String second) {
        boolean firstSlotted = first.contains("{");
        boolean secondSlotted = second.contains("{");
        if (!firstSlotted && !secondSlotted) {
            return first.equals(second);
        }
        if (firstSlotted && !secondSlotted) {
            return matcher(firstEntity, first).matcher(second).matches();
        }
        if (!firstSlotted) {
            return matcher(secondEntity, second).matcher(first).matches();
        }
        String firstPrefix = first.substring(0, first.indexOf('{'));
        String secondPrefix = second.substring(0, second.indexOf('{'));
        String firstSuffix = first.substring(first.lastIndexOf('}') + 1);
        String secondSuffix = second.substring(second.lastIndexOf('}') + 1);
        return (firstPrefix.startsWith(secondPrefix) || secondPrefix.startsWith(firstPrefix))
                && (firstSuffix.endsWith(secondSuffix) || secondSuffix.endsWith(firstSuffix));
    }

    /** A segment as a regular expression: literals quoted, each slot any text (or one of an enum's or a boolean's values). */
    private static Pattern matcher(EntityDefinition entity, String segment) {
        KeyTemplate template = KeyTemplate.parse(segment);
        StringBuilder regex = new StringBuilder();
        List<String> literals = template.literals();
        for (int i = 0; i < literals.size(); i++) {
            regex.append(Pattern.quote(literals.get(i)));
            if (i < template.slots().size()) {
                regex.append(slotValues(entity.attributes().get(template.slots().get(i).attribute())));
            }
        }
        return Pattern.compile(regex.toString());
    }

    private static String slotValues(AttributeDefinition attribute) {
        if (attribute != null && attribute.type() == AttributeKind.ENUM) {
            return attribute.values().stream().map(Pattern::quote).collect(Collectors.joining("|", "(?:", ")"));
        }
        if (attribute != null && attribute.type() == AttributeKind.BOOLEAN) {
            return "(?:true|false)";
        }
        return ".+";
    }
}
