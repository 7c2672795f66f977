package dev.singletable.design.internal.lint;

import dev.singletable.KeyTemplate;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.KeyDefinition;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** ST001: an access pattern served only by a Scan. */
final class ScanPattern extends LintCheck {
    ScanPattern() {
        super("ST001", "scan-pattern", Severity.ERROR, "Access pattern served only by a Scan",
                "A Scan reads every item of the table and pays for all of them; its latency and cost grow with the table, not with the answer.");
    }

    @Override
    void check(LintedDesign design) {
        design.forEachPattern((pattern, at) -> {
            if (pattern.operation() == Operation.SCAN && !readsASparseIndexOfItsOwn(design, pattern)) {
                design.add(this, Subject.accessPattern(pattern.name()),
                        "reads " + target(pattern) + " with a Scan of " + pattern.index().map(index -> "every item of index " + index)
                                .orElse("the whole table") + pattern.filter().map(f -> ", filtered").orElse(""),
                        "key the items by what the pattern selects on: a partition key template (or a GSI's) holding it, "
                                + "then make the pattern a query of that key",
                        at);
            }
        });
    }

    /**
     * A Scan without a filter of an index that only the items the pattern wants are in: the entities it reads are in it
     * sparsely (a condition, or a key slot an item may leave out) and no other entity is in it at all. That is the
     * sparse-index pattern: the Scan reads exactly the answer.
     */
    private static boolean readsASparseIndexOfItsOwn(LintedDesign design, AccessPatternDefinition pattern) {
        if (pattern.index().isEmpty() || pattern.filter().isPresent()) {
            return false;
        }
        String index = pattern.index().get();
        List<String> read = design.entitiesRead(pattern);
        Map<String, EntityDefinition> entities = design.document().entities();
        boolean othersOut = entities.entrySet().stream().filter(entity -> !read.contains(entity.getKey()))
                .noneMatch(entity -> entity.getValue().indexes().containsKey(index));
        return !read.isEmpty() && othersOut && read.stream().allMatch(name -> entities.containsKey(name)
                && sparse(entities.get(name), entities.get(name).indexes().get(index)));
    }

    private static boolean sparse(EntityDefinition entity, KeyDefinition keys) {
        if (keys == null) {
            return false;
        }
        return keys.when().isPresent() || Stream.concat(keys.partition().stream(), keys.sort().stream())
                .flatMap(template -> KeyTemplate.parse(template).slots().stream())
                .map(slot -> entity.attributes().get(slot.attribute()))
                .anyMatch(attribute -> attribute != null && !attribute.required());
    }

    private static String target(AccessPatternDefinition pattern) {
        return (pattern.target().kind() == AccessPatternDefinition.Target.Kind.ENTITY ? "entity " : "collection ") + pattern.target().name();
    }
}
