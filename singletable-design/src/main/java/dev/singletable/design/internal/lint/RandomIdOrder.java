package dev.singletable.design.internal.lint;

import dev.singletable.KeyTemplate;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.AttributeDefinition.IdGenerator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** ST009: a random UUID in a sort key that a pattern reads in order. */
final class RandomIdOrder extends LintCheck {
    RandomIdOrder() {
        super("ST009", "random-id-order", Severity.WARNING, "Random id where a pattern wants time order",
                "A random UUID (v4) in a sort key orders items randomly: a pattern reading newest first or the first N gets arbitrary items.");
    }

    @Override
    void check(LintedDesign design) {
        design.document().entities().forEach((entity, definition) -> {
            Map<String, List<String>> sortKeys = new LinkedHashMap<>();
            sortKeys.put("", definition.keys().sort());
            definition.indexes().forEach((index, key) -> sortKeys.put(index, key.sort()));
            sortKeys.forEach((index, templates) -> {
                for (String template : templates) {
                    for (KeyTemplate.Slot slot : KeyTemplate.parse(template).slots()) {
                        AttributeDefinition attribute = definition.attributes().get(slot.attribute());
                        boolean random = attribute != null && (attribute.type() == AttributeKind.UUID
                                || attribute.generated().filter(g -> g == IdGenerator.UUID).isPresent());
                        if (!random) {
                            continue;
                        }
                        design.forEachPattern((pattern, at) -> {
                            if (pattern.operation() == Operation.QUERY && pattern.index().orElse("").equals(index)
                                    && design.entitiesRead(pattern).contains(entity) && wantsOrder(pattern)) {
                                design.add(this, Subject.accessPattern(pattern.name()),
                                        "reads " + entity + " items in sort key order, and the sort key '" + template + "' orders them by "
                                                + slot.attribute() + ", a random UUID",
                                        "make " + slot.attribute() + " a ULID (generated: ulid), which sorts by creation time, or put a time "
                                                + "before it in the sort key ('{createdAt:yyyy-MM-dd'T'HH:mm:ss.SSS}#{" + slot.attribute() + "}')",
                                        at);
                            }
                        });
                    }
                }
            });
        });
    }

    private static boolean wantsOrder(AccessPatternDefinition pattern) {
        return pattern.order().filter(o -> o == AccessPatternDefinition.Order.DESCENDING).isPresent() || pattern.limit().isPresent()
                || pattern.sort().map(s -> switch (s.operator()) {
                    case LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL, BETWEEN -> true;
                    default -> false;
                }).orElse(false);
    }
}
