package dev.singletable.design.internal.lint;

import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.SchemaDocument;

/** ST006: two entity types whose partitions, on the table or a GSI, can be one outside a collection. */
final class SharedPartition extends LintCheck {
    SharedPartition() {
        super("ST006", "shared-partition", Severity.NOTE, "Entities sharing a partition outside a collection",
                "Their sort keys do not start with distinct literal prefixes, so a query of one entity type reads (and pays for) the "
                        + "other's items in the partition and filters them out; an intended item collection should say so.");
    }

    @Override
    void check(LintedDesign design) {
        SchemaDocument document = design.document();
        for (EntityPairs.Pair pair : EntityPairs.of(design)) {
            String first = pair.first();
            String second = pair.second();
            EntityDefinition one = pair.one();
            EntityDefinition other = pair.other();
            if (TemplateOverlap.canCoincide(one, one.keys().partition(), other, other.keys().partition())
                    && !EntityPairs.inOneCollection(document, first, second)
                    && !TemplateOverlap.sortPrefixesDiffer(one.keys().sort(), other.keys().sort())) {
                design.add(this, Subject.entity(second),
                        second + "'s partition key '" + String.join("', '", other.keys().partition()) + "' can name the same partition as "
                                + first + "'s '" + String.join("', '", one.keys().partition()) + "' on the table",
                        "declare a collection of " + first + " and " + second + " if they are read together; otherwise give each "
                                + "its own partition key prefix",
                        "/entities/" + second + "/keys/pk");
            }
            for (IndexDefinition index : document.table().indexes()) {
                KeyDefinition oneKey = one.indexes().get(index.name());
                KeyDefinition otherKey = other.indexes().get(index.name());
                if (oneKey == null || otherKey == null || index.kind() == IndexDefinition.IndexKind.LOCAL
                        || !TemplateOverlap.canCoincide(one, oneKey.partition(), other, otherKey.partition())) {
                    continue;
                }
                // a whole key that can coincide is ST007's
                if (!TemplateOverlap.canCoincide(one, oneKey.sort(), other, otherKey.sort()) && !EntityPairs.inOneCollection(document, first, second)
                        && !TemplateOverlap.sortPrefixesDiffer(oneKey.sort(), otherKey.sort())) {
                    design.add(this, Subject.entity(second),
                            second + "'s partition key '" + String.join("', '", otherKey.partition()) + "' can name the same partition as "
                                    + first + "'s '" + String.join("', '", oneKey.partition()) + "' on " + index.name(),
                            "declare a collection of " + first + " and " + second + " if they are read together; otherwise give each "
                                    + "its own partition key prefix on " + index.name(),
                            "/entities/" + second + "/indexes/" + index.name() + "/pk");
                }
            }
        }
    }
}
