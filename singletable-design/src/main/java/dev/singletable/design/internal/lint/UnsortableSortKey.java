package dev.singletable.design.internal.lint;

import dev.singletable.KeyTemplate;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.SchemaDocument;

import java.util.List;

/** ST008: a number or date in a string sort key without a sort-preserving format. */
final class UnsortableSortKey extends LintCheck {
    UnsortableSortKey() {
        super("ST008", "unsortable-sort-key", Severity.WARNING, "Number or date in a sort key without a sort-preserving format",
                "Sort keys of type S compare as text: 10 sorts before 9, and ISO instants with different fraction digits sort out of time order, "
                        + "so range conditions and ordered reads return wrong items.");
    }

    @Override
    void check(LintedDesign design) {
        SchemaDocument document = design.document();
        document.entities().forEach((entity, definition) -> {
            document.table().sortKey().ifPresent(sortKey -> unsortable(design, entity, definition, "the table", List.of(sortKey),
                    definition.keys().sort(), "/entities/" + entity + "/keys/sk"));
            definition.indexes().forEach((index, key) -> document.table().index(index).ifPresent(indexDefinition ->
                    unsortable(design, entity, definition, index, indexDefinition.sortKey(), key.sort(), "/entities/" + entity + "/indexes/" + index + "/sk")));
        });
    }

    /**
     * The core writes numbers, instants and dates in composed sort keys in fixed-width sortable text
     * and refuses formats that do not sort; what it cannot see: an instant as an index's own S sort
     * attribute (ISO text with as many fraction digits as it has), and numbers or day-first dates
     * held in string attributes, seen in the examples.
     */
    private void unsortable(LintedDesign design, String entity, EntityDefinition definition, String where,
                            List<KeyAttributeDefinition> keyAttributes, List<String> templates, String at) {
        for (int i = 0; i < templates.size() && i < keyAttributes.size(); i++) {
            KeyAttributeDefinition keyAttribute = keyAttributes.get(i);
            if (keyAttribute.type() != KeyAttributeDefinition.KeyAttributeType.S) {
                continue;   // an N sort key compares as a number
            }
            KeyTemplate template = KeyTemplate.parse(templates.get(i));
            for (KeyTemplate.Slot slot : template.slots()) {
                AttributeDefinition attribute = definition.attributes().get(slot.attribute());
                if (attribute == null || slot.format().isPresent()) {
                    continue;
                }
                boolean ownAttribute = template.slots().size() == 1 && template.literals().stream().allMatch(String::isEmpty)
                        && slot.attribute().equals(keyAttribute.name());
                String problem = "";
                String fix = "";
                if (ownAttribute && attribute.type() == AttributeKind.INSTANT) {
                    problem = "the entity's own instant attribute, stored as ISO text with as many fraction digits as it has "
                            + "(12:00:00Z sorts after 12:00:00.5Z)";
                    fix = "give " + where + " a sort key attribute of its own (such as '" + where + "SK') written from the template '{"
                            + slot.attribute() + "}', which singletable writes fixed-width, or make " + slot.attribute() + " epochSeconds on an N key";
                } else if (attribute.type() == AttributeKind.STRING) {
                    List<String> values = design.examples(entity).stream().map(e -> e.get(slot.attribute())).filter(String.class::isInstance)
                            .map(String.class::cast).toList();
                    if (!values.isEmpty() && values.stream().allMatch(v -> v.matches("-?\\d+(\\.\\d+)?"))
                            && values.stream().map(String::length).distinct().count() > 1) {
                        problem = "numbers as text of varying width (its examples " + String.join(", ", values.stream().limit(3).toList())
                                + "; 10 sorts before 9)";
                        fix = "declare " + slot.attribute() + " an integer or long (singletable writes it fixed-width in a sort key), "
                                + "or give it a zero-padded format ('{" + slot.attribute() + ":%012d}')";
                    } else if (!values.isEmpty() && values.stream().allMatch(v -> v.matches("\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}.*"))) {
                        problem = "dates written day or month first (its examples " + String.join(", ", values.stream().limit(3).toList())
                                + "), which sort by day, not by date";
                        fix = "declare " + slot.attribute() + " a date or instant (written year first, fixed-width), or store ISO 8601 text";
                    }
                }
                if (!problem.isEmpty()) {
                    design.add(this, Subject.entity(entity),
                            "sort key '" + templates.get(i) + "' on " + where + " holds " + slot.attribute() + ", " + problem, fix, at);
                }
            }
        }
    }
}
