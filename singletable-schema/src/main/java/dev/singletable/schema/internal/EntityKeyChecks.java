package dev.singletable.schema.internal;

import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.SingleTableException;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError.Kind;
import dev.singletable.schema.TableDefinition;
import dev.singletable.schema.internal.DesignBuilder.Problem;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static dev.singletable.schema.internal.DesignProblems.suggestion;
import static dev.singletable.schema.internal.DesignProblems.indexesListed;

/**
 * An entity's key templates against the table's key attributes, and each template probed on its own, so that every
 * bad template is named at its place before the entity is built.
 */
final class EntityKeyChecks extends DesignSection {
    private static final String PROBE_TEMPLATE = "PROBE";


    EntityKeyChecks(SchemaDocument document, DesignProblems problems) {
        super(document, problems);
    }

    /** Templates on number or binary key attributes must be one slot; shapes beyond this build's core are refused by name. */
    void keyTemplatesFit(String name, EntityDefinition entity) {
        String at = "/entities/" + LocatedTree.segment(name);
        TableDefinition table = document.table();
        KeyDefinition keys = entity.keys();
        keyFits(at + "/keys/pk", keys.partition(), List.of(table.partitionKey()));
        if (table.sortKey().isPresent() && keys.sort().isEmpty()) {
            problems.add(Kind.KEY_TEMPLATE, at + "/keys", "table " + table.name() + " has a sort key (" + table.sortKey().get().name()
                    + "), but the entity gives only a partition key template; add sk");
        } else if (table.sortKey().isEmpty() && !keys.sort().isEmpty()) {
            problems.add(Kind.KEY_TEMPLATE, at + "/keys/sk", "table " + table.name() + " has no sort key, but the entity gives sort key template '"
                    + keys.sort().get(0) + "'; remove sk");
        } else {
            keyFits(at + "/keys/sk", keys.sort(), table.sortKey().map(List::of).orElse(List.of()));
        }
        entity.indexes().forEach((indexName, key) -> {
            Optional<IndexDefinition> index = table.index(indexName);
            if (index.isEmpty()) {
                problems.add(Kind.UNKNOWN_NAME, at + "/indexes/" + LocatedTree.segment(indexName), "index '" + indexName + "' is not an index of table "
                        + table.name() + suggestion(indexName, table.indexes().stream().map(IndexDefinition::name).toList())
                        + "; " + indexesListed(table.indexes().stream().map(IndexDefinition::name).toList()));
                return;
            }
            String keyAt = at + "/indexes/" + LocatedTree.segment(indexName);
            keyFits(keyAt + "/pk", key.partition(), index.get().partitionKey());
            keyFits(keyAt + "/sk", key.sort(), index.get().sortKey());
        });
    }

    private void keyFits(String at, List<String> templates, List<KeyAttributeDefinition> keyAttributes) {
        if (templates.size() > 1 && templates.size() != keyAttributes.size()) {
            problems.add(Kind.KEY_TEMPLATE, at, templates.size() + " templates for " + keyAttributes.size() + " key attribute"
                    + (keyAttributes.size() == 1 ? "" : "s") + " (" + keyAttributes.stream().map(KeyAttributeDefinition::name).toList()
                    + "); give one template per key attribute, in the index's order");
            return;
        }
        for (int i = 0; i < templates.size() && i < keyAttributes.size(); i++) {
            KeyAttributeDefinition keyAttribute = keyAttributes.get(i);
            if (keyAttribute.type() == KeyAttributeDefinition.KeyAttributeType.S) {
                continue;
            }
            String template = templates.get(i);
            String templateAt = templates.size() > 1 ? at + "/" + i : at;
            boolean oneSlot;
            try {
                KeyTemplate parsed = KeyTemplate.parse(template);
                oneSlot = parsed.slots().size() == 1 && parsed.literals().stream().allMatch(String::isEmpty)
                        && parsed.slots().get(0).format().isEmpty();
            } catch (SingleTableException e) {
                continue; // the core names the syntax error when the entity is built
            }
            if (!oneSlot) {
                problems.add(Kind.TEMPLATE_ON_NON_STRING_KEY, templateAt, "template '" + template + "' is for key attribute '" + keyAttribute.name()
                        + "' of type " + keyAttribute.type() + ", which holds a " + (keyAttribute.type() == KeyAttributeDefinition.KeyAttributeType.N
                        ? "number" : "binary value") + ", not text: give exactly one slot without a format, such as '{attribute}', "
                        + "or make the key attribute type S");
            }
        }
    }

    /** Each template of the entity bound on its own, so that every bad template is named, each at its place. */
    List<Problem> probeTemplates(String name, EntityDefinition entity, List<Attribute<DynamicItem, ?>> attributes) {
        String at = "/entities/" + LocatedTree.segment(name);
        List<Problem> found = new ArrayList<>();
        probe(found, name, attributes, at + "/keys/pk", entity.keys().partition(), true);
        probe(found, name, attributes, at + "/keys/sk", entity.keys().sort(), false);
        entity.indexes().forEach((indexName, key) -> {
            probe(found, name, attributes, at + "/indexes/" + LocatedTree.segment(indexName) + "/pk", key.partition(), true);
            probe(found, name, attributes, at + "/indexes/" + LocatedTree.segment(indexName) + "/sk", key.sort(), false);
        });
        return found;
    }

    private static void probe(List<Problem> found, String name, List<Attribute<DynamicItem, ?>> attributes, String at,
                              List<String> templates, boolean partition) {
        for (int i = 0; i < templates.size(); i++) {
            String template = templates.get(i);
            try {
                EntitySchema.Builder<DynamicItem> probe = EntitySchema.builder(DynamicItem.class).type(name);
                attributes.forEach(probe::attribute);
                if (partition) {
                    probe.primaryKey(template);
                } else {
                    probe.primaryKey(PROBE_TEMPLATE, template);
                }
                probe.factory(reader -> DynamicItem.builder(name).build()).build();
            } catch (SingleTableException e) {
                found.add(new Problem(Kind.KEY_TEMPLATE, templates.size() > 1 ? at + "/" + i : at, withoutPlace(e)));
            }
        }
    }

    /**
     * A template's failure without the key it names (the problem is placed at that key's template already); any other
     * failure of the probe (an entity the core refuses whatever its templates) whole, as it names the entity.
     */
    private static String withoutPlace(SingleTableException e) {
        return e instanceof KeyTemplateException template ? template.detail() : e.getMessage();
    }
}
