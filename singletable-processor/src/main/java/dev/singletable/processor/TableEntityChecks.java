package dev.singletable.processor;

import dev.singletable.annotations.Entity;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The checks of a {@code @TableDesign} that read its entities, each mistake reported where it is written: an entity's
 * {@code @Index} naming an index the table lacks at that {@code @Index} (with the closest of the table's names), an
 * INCLUDE projection naming an attribute no entity stores at the {@code @TableDesign}, and the core's refusal of an
 * entity on the table at the entity's {@code @Index} or {@code @Entity} (the IDE jumps to the annotation to fix).
 */
final class TableEntityChecks {
    private final Diagnostics diagnostics;
    private final TypeElement holder;
    private final AnnotationMirror design;

    TableEntityChecks(Diagnostics diagnostics, TypeElement holder, AnnotationMirror design) {
        this.diagnostics = diagnostics;
        this.holder = holder;
        this.design = design;
    }

    /** True when every {@code @Index} of every entity names one of the table's indexes; else reported at the annotation. */
    boolean indexesOnTable(TableFacts facts, List<EntityModel> entities) {
        List<String> names = facts.indexes().stream().map(TableFacts.IndexFacts::name).toList();
        boolean found = true;
        for (EntityModel entity : entities) {
            for (EntityModel.IndexModel index : entity.indexes()) {
                if (names.contains(index.name())) {
                    continue;
                }
                Optional<AnnotationMirror> mirror = indexMirror(entity.element(), index.name());
                String add = "add @TableDesign.GlobalIndex(name = \"" + index.name() + "\", ...) to the table's indexes";
                diagnostics.report(Message.ENTITY_INDEX_NOT_IN_TABLE, entity.element(), mirror.orElse(null),
                        mirror.map(m -> Annotated.values(m).get("name")).orElse(null), entity.element().getSimpleName(), index.name(),
                        facts.name(), PatternParameters.closest(index.name(), names), names.isEmpty() ? "it has no secondary indexes: " + add
                                : "its indexes are " + names + ": name one of them, or " + add);
                found = false;
            }
        }
        return found;
    }

    /**
     * True when each attribute an INCLUDE projection lists is stored by an entity of the table (or is a key of the table);
     * else reported at the {@code @TableDesign}: a typo would project nothing, and reads that need it fail later.
     */
    boolean includesKnown(TableFacts facts, List<EntityModel> entities) {
        Set<String> stored = new LinkedHashSet<>();
        entities.forEach(entity -> entity.properties().stream().filter(EntityModel.Property::mapped)
                .forEach(property -> stored.add(property.attributeName())));
        Set<String> keys = new LinkedHashSet<>(List.of(facts.partitionKey().name(), facts.sortKey().name(), facts.entityTypeAttribute()));
        facts.indexes().forEach(index -> {
            index.partitionKey().forEach(key -> keys.add(key.name()));
            index.sortKey().forEach(key -> keys.add(key.name()));
        });
        boolean known = true;
        for (TableFacts.IndexFacts index : facts.indexes()) {
            for (String attribute : index.include()) {
                if (stored.contains(attribute) || keys.contains(attribute)) {
                    continue;
                }
                diagnostics.report(Message.DESIGN_INCLUDE_UNKNOWN, holder, design, null, facts.name(), index.name(), attribute,
                        PatternParameters.closest(attribute, new ArrayList<>(stored)), stored);
                known = false;
            }
        }
        return known;
    }

    /**
     * Reports the core's refusal of the table: at the entity it names first ({@code Order: ...} or {@code Order index
     * GSI1 ...}), on the {@code @Index} it names or else its {@code @Entity}; at the {@code @TableDesign} when it names no
     * entity (a mistake of the table itself).
     */
    void reportRefusal(String refusal, List<EntityModel> entities) {
        for (EntityModel entity : entities) {
            String type = entity.typeName();
            if (!refusal.startsWith(type + ":") && !refusal.startsWith(type + " ")) {
                continue;
            }
            TypeElement element = entity.element();
            Optional<AnnotationMirror> index = entity.indexes().stream()
                    .filter(i -> refusal.contains("index '" + i.name() + "'") || refusal.contains("index " + i.name() + " "))
                    .findFirst().flatMap(i -> indexMirror(element, i.name()));
            AnnotationMirror at = index.orElseGet(() -> Annotated.mirror(element, Entity.class));
            diagnostics.report(Message.CORE_REFUSES_SCHEMA, element, at, null, refusal);
            return;
        }
        diagnostics.report(Message.CORE_REFUSES_SCHEMA, holder, design, null, refusal);
    }

    private static Optional<AnnotationMirror> indexMirror(TypeElement entity, String name) {
        for (AnnotationMirror mirror : IndexReader.mirrors(entity)) {
            AnnotationValue value = Annotated.values(mirror).get("name");
            if (value != null && name.equals(value.getValue())) {
                return Optional.of(mirror);
            }
        }
        return Optional.empty();
    }
}
