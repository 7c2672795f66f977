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
import java.util.Arrays;
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
        keyFits(name, entity, at + "/keys/pk", keys.partition(), List.of(table.partitionKey()));
        if (table.sortKey().isPresent() && keys.sort().isEmpty()) {
            problems.add(Kind.KEY_TEMPLATE, at + "/keys", "table " + table.name() + " has a sort key (" + table.sortKey().get().name()
                    + "), but the entity gives only a partition key template; add sk");
        } else if (table.sortKey().isEmpty() && !keys.sort().isEmpty()) {
            problems.add(Kind.KEY_TEMPLATE, at + "/keys/sk", "table " + table.name() + " has no sort key, but the entity gives sort key template '"
                    + keys.sort().get(0) + "'; remove sk");
        } else {
            keyFits(name, entity, at + "/keys/sk", keys.sort(), table.sortKey().map(List::of).orElse(List.of()));
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
            keyFits(name, entity, keyAt + "/pk", key.partition(), index.get().partitionKey());
            keyFits(name, entity, keyAt + "/sk", key.sort(), index.get().sortKey());
        });
    }

    private void keyFits(String name, EntityDefinition entity, String at, List<String> templates, List<KeyAttributeDefinition> keyAttributes) {
        if (templates.size() > 1 && templates.size() != keyAttributes.size()) {
            problems.add(Kind.KEY_TEMPLATE, at, templates.size() + " templates for " + keyAttributes.size() + " key attribute"
                    + (keyAttributes.size() == 1 ? "" : "s") + " (" + keyAttributes.stream().map(KeyAttributeDefinition::name).toList()
                    + "); give one template per key attribute, in the index's order");
            return;
        }
        for (int i = 0; i < templates.size() && i < keyAttributes.size(); i++) {
            KeyAttributeDefinition keyAttribute = keyAttributes.get(i);
            String template = templates.get(i);
            String templateAt = templates.size() > 1 ? at + "/" + i : at;
            if (keyAttribute.type() == KeyAttributeDefinition.KeyAttributeType.S) {
                textSlotsFit(name, entity, templateAt, template, keyAttribute);
                continue;
            }
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

    /**
     * Each slot of a template on a text key attribute against its attribute's type, in the file's terms: the core's
     * refusal of a type without key text speaks of Java types, and of a whole-value template ({@code {expires}}) it
     * only learns when the table binds the entity, with nothing to say which template it was.
     */
    private void textSlotsFit(String name, EntityDefinition entity, String templateAt, String template, KeyAttributeDefinition keyAttribute) {
        KeyTemplate parsed;
        try {
            parsed = KeyTemplate.parse(template);
        } catch (SingleTableException e) {
            return; // the core names the syntax error when the entity is built
        }
        for (KeyTemplate.Slot slot : parsed.slots()) {
            Optional<dev.singletable.internal.kinds.Kind> kind = Optional.ofNullable(entity.attributes().get(slot.attribute()))
                    .filter(a -> !slot.isShard() && slot.bucket().isEmpty())
                    .flatMap(a -> dev.singletable.internal.kinds.Kind.ofFileName(a.type().fileName()))
                    .filter(k -> !k.keyable() && !k.fillsPathSlots());
            if (kind.isEmpty()) {
                continue;
            }
            String storedAs = kind.get().storedAs();
            boolean wholeValue = parsed.slots().size() == 1 && parsed.literals().stream().allMatch(String::isEmpty)
                    && slot.format().isEmpty() && (storedAs.equals("N") || storedAs.equals("B"));
            problems.add(Kind.KEY_TEMPLATE, templateAt, name + "." + slot.attribute() + ": type " + kind.get().fileName().orElseThrow()
                    + " cannot fill slot " + slot + " of template '" + template + "' on key attribute " + keyAttribute.name()
                    + ", which holds text (type S); give the attribute a type whose values fill key text (" + textKinds(kind.get()) + ")"
                    + (wholeValue ? ", or make " + keyAttribute.name() + " type " + storedAs + " to hold the value itself" : ""));
        }
    }

    /** The file's types whose values fill key text, from the registry, and those among them holding the same values as {@code kind}. */
    private static String textKinds(dev.singletable.internal.kinds.Kind kind) {
        List<dev.singletable.internal.kinds.Kind> keyable = Arrays.stream(dev.singletable.internal.kinds.Kind.values())
                .filter(k -> k.keyable() && k.fileName().isPresent()).toList();
        List<String> names = keyable.stream().map(k -> k.fileName().orElseThrow()).toList();
        List<String> same = keyable.stream().filter(k -> k.javaType() == kind.javaType()).map(k -> "type " + k.fileName().orElseThrow()).toList();
        return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1)
                + (same.isEmpty() ? "" : "; " + String.join(", ", same) + " holds the same values as text");
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
