package dev.singletable.design.internal.lint;

import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyDefinition;

import java.util.Locale;

/** ST007: two entity types that can write the same whole key of a GSI. */
final class SharedKey extends LintCheck {
    SharedKey() {
        super("ST007", "shared-key", Severity.WARNING, "Entities whose whole index key can coincide",
                "Two entity types that can write the same index key are told apart only by the entity-type attribute: every read of one "
                        + "reads the other and filters it out, and the key alone no longer says what an item is.");
    }

    @Override
    void check(LintedDesign design) {
        for (EntityPairs.Pair pair : EntityPairs.of(design)) {
            String second = pair.second();
            EntityDefinition one = pair.one();
            EntityDefinition other = pair.other();
            for (IndexDefinition index : design.document().table().indexes()) {
                KeyDefinition oneKey = one.indexes().get(index.name());
                KeyDefinition otherKey = other.indexes().get(index.name());
                if (oneKey == null || otherKey == null || index.kind() == IndexDefinition.IndexKind.LOCAL) {
                    continue;
                }
                if (TemplateOverlap.canCoincide(one, oneKey.partition(), other, otherKey.partition())
                        && TemplateOverlap.canCoincide(one, oneKey.sort(), other, otherKey.sort())) {
                    design.add(this, Subject.entity(second),
                            second + "'s key on " + index.name() + " " + shown(otherKey) + " can be the same as " + pair.first() + "'s " + shown(oneKey),
                            "give each entity type its own literal prefix in the index's sort key (such as '" + second.toUpperCase(Locale.ROOT)
                                    + "#{...}')",
                            "/entities/" + second + "/indexes/" + index.name());
                }
            }
        }
    }

    private static String shown(KeyDefinition key) {
        return "(pk '" + String.join("', '", key.partition()) + "'" + (key.sort().isEmpty() ? "" : ", sk '" + String.join("', '", key.sort()) + "'") + ")";
    }
}
