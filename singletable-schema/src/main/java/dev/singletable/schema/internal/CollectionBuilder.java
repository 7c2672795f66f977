package dev.singletable.schema.internal;

import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.Relation;
import dev.singletable.TableSchema;
import dev.singletable.schema.CollectionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.RelationItemType;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError.Kind;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import static dev.singletable.schema.internal.DesignProblems.suggestion;

/**
 * A collection of {@code collections:} to the core's entity collection: members known (entities, or a relation's adjacency
 * item types, read with the entity whose partition they lie in), told apart and read together.
 */
final class CollectionBuilder extends DesignSection {
    CollectionBuilder(SchemaDocument document, DesignProblems problems) {
        super(document, problems);
    }

    /** Checks the collection's members: known, told apart and sharing a partition; what is wrong goes to the problems. */
    void check(String name, CollectionDefinition collection) {
        String at = "/collections/" + LocatedTree.segment(name);
        List<String> members = collection.members();
        boolean known = true;
        for (int i = 0; i < members.size(); i++) {
            if (!isMember(members.get(i))) {
                problems.add(Kind.UNKNOWN_NAME, at + "/members/" + i, unknown(members.get(i)));
                known = false;
            }
        }
        members = members.stream().filter(this::isMember).toList();
        for (int i = 0; i < members.size(); i++) {
            for (int j = i + 1; j < members.size(); j++) {
                KeyDefinition first = keys(members.get(i));
                KeyDefinition second = keys(members.get(j));
                if (first.partition().equals(second.partition()) && first.sort().equals(second.sort())) {
                    problems.add(Kind.INDISTINGUISHABLE_COLLECTION, at + "/members/" + collection.members().indexOf(members.get(j)), "members " + members.get(i) + " and " + members.get(j)
                            + " have the same primary key templates (" + String.join(" / ", first.partition()) + (first.sort().isEmpty() ? ""
                            : " / " + String.join(" / ", first.sort())) + "): their items would overwrite each other; give one a sort key "
                            + "template of its own, such as a different literal prefix");
                }
            }
        }
        if (known && !members.isEmpty() && members.stream().noneMatch(document.entities()::containsKey)) {
            RelationItemType items = document.relationItemType(members.get(0)).orElseThrow();
            problems.add(Kind.SCHEMA_DEFINITION, at + "/members", "members " + String.join(", ", members) + " are all adjacency item types "
                    + "of relations, and a collection's query is keyed by an entity's key attributes: list the entity whose partition "
                    + "they lie in too (" + items.near() + " for " + items.itemType() + "), or read them with the relation (run "
                    + items.relation() + ".related(" + items.near() + "))");
        } else if (known && sharedPartitionIndexes(members).isEmpty()) {
            problems.add(Kind.INDISTINGUISHABLE_COLLECTION, at + "/members", "members " + String.join(", ", members) + " share no partition key "
                    + "template on any index, so no one query reads them together; " + sameTextOtherSlots(members)
                    .orElse("give them the same pk template on the table or on a GSI"));
        }
    }

    /**
     * The core's collection of a checked collection: its entities, and for a member naming a relation's item type that
     * relation's items of the table; empty when the entities or relations did not build.
     */
    Optional<EntityCollection<DynamicItem>> collection(String name, CollectionDefinition collection,
                                                       Map<String, EntitySchema<DynamicItem>> entities, TableSchema table) {
        List<EntitySchema<DynamicItem>> schemas = new ArrayList<>();
        for (String member : collection.members()) {
            Optional<RelationItemType> items = document.relationItemType(member);
            Optional<EntitySchema<DynamicItem>> schema = items.isEmpty() || document.entities().containsKey(member)
                    ? Optional.ofNullable(entities.get(member)) : relationItems(table, items.get());
            if (schema.isEmpty()) {
                return Optional.empty();
            }
            schemas.add(schema.get());
        }
        @SuppressWarnings({"unchecked", "rawtypes"})
        EntitySchema<DynamicItem>[] array = schemas.toArray(new EntitySchema[0]);
        return problems.core(Kind.SCHEMA_DEFINITION, "/collections/" + LocatedTree.segment(name), () -> EntityCollection.of(DynamicItem.class, array));
    }

    @SuppressWarnings("unchecked")
    private static Optional<EntitySchema<DynamicItem>> relationItems(TableSchema table, RelationItemType items) {
        return table.relation(items.relation()).map(relation -> (Relation<DynamicItem, DynamicItem>) relation)
                .map(relation -> items.firstSide() ? relation.firstSideItems() : relation.secondSideItems());
    }

    /** Whether a collection may list this name: an entity type, or a relation's adjacency item type. */
    private boolean isMember(String member) {
        return document.entities().containsKey(member) || document.relationItemType(member).isPresent();
    }

    /** A member's primary key templates: an entity's keys, or the relation side's of an adjacency item type. */
    private KeyDefinition keys(String member) {
        EntityDefinition entity = document.entities().get(member);
        return entity != null ? entity.keys() : document.relationItemType(member).orElseThrow().keys();
    }

    /** A member's keys on an index, if it has any there: adjacency items are in the table's primary key only. */
    private Optional<KeyDefinition> keys(String member, String index) {
        return Optional.ofNullable(document.entities().get(member)).map(entity -> entity.indexes().get(index));
    }

    /** Why a name is no member: neither an entity nor a relation's item type, with the names that are. */
    private String unknown(String member) {
        List<String> itemTypes = document.relations().values().stream().flatMap(r -> r.itemTypeNames().stream()).toList();
        if (itemTypes.isEmpty()) {
            return "unknown entity '" + member + "'" + suggestion(member, document.entities().keySet()) + "; the entities are "
                    + String.join(", ", document.entities().keySet());
        }
        List<String> known = new ArrayList<>(document.entities().keySet());
        known.addAll(itemTypes);
        return "unknown entity or relation item type '" + member + "'" + suggestion(member, known) + "; the entities are "
                + String.join(", ", document.entities().keySet()) + ", the relations' adjacency item types " + String.join(", ", itemTypes);
    }

    /**
     * Where the members' partition key templates differ only by their slots' names ({@code USER#{username}} and
     * {@code USER#{userId}}), what that means and how to fix it: their keys may hold the same text, but a collection
     * query fills one template from one set of slot values, so the slots need one name.
     */
    private Optional<String> sameTextOtherSlots(List<String> members) {
        List<Optional<String>> places = new ArrayList<>();
        places.add(Optional.empty());
        document.table().indexes().forEach(index -> places.add(Optional.of(index.name())));
        for (Optional<String> place : places) {
            List<List<String>> templates = new ArrayList<>();
            for (String member : members) {
                Optional<KeyDefinition> key = place.isEmpty() ? Optional.of(keys(member)) : keys(member, place.get());
                key.ifPresent(k -> templates.add(k.partition()));
            }
            if (templates.size() == members.size() && templates.stream().map(CollectionBuilder::withoutSlotNames).distinct().count() == 1) {
                List<String> each = new ArrayList<>();
                for (int i = 0; i < members.size(); i++) {
                    each.add(members.get(i) + "'s '" + String.join(" / ", templates.get(i)) + "'");
                }
                return Optional.of("on " + place.map(name -> "index " + name).orElse("the table") + " their pk templates have the same text "
                        + "but different slot names (" + String.join(", ", each) + "), and a collection query fills one template from "
                        + "one set of slot values: name the slots alike in every member (such as " + slotNames(templates.get(0))
                        + " in each pk template, an attribute of that name declared in each entity)");
            }
        }
        return Optional.empty();
    }

    /** The template texts with each slot's attribute name left out: {@code USER#{username}} gives {@code USER#{}}. */
    private static List<String> withoutSlotNames(List<String> partition) {
        return partition.stream().map(text -> text.replaceAll("\\{[^}:]*", "{")).toList();
    }

    /** The slot names of a partition key template, in order. */
    private static String slotNames(List<String> partition) {
        List<String> names = new ArrayList<>();
        java.util.regex.Matcher slot = java.util.regex.Pattern.compile("\\{([^}:]*)").matcher(String.join("", partition));
        while (slot.find()) {
            names.add("{" + slot.group(1) + "}");
        }
        return String.join(", ", names);
    }

    /** The indexes ("" for the table) on which all members have the same partition key template. */
    private List<String> sharedPartitionIndexes(List<String> members) {
        List<String> shared = new ArrayList<>();
        Set<List<String>> primary = new HashSet<>();
        members.forEach(m -> primary.add(keys(m).partition()));
        if (primary.size() == 1) {
            shared.add("");
        }
        for (IndexDefinition index : document.table().indexes()) {
            Set<List<String>> templates = new HashSet<>();
            boolean all = true;
            for (String member : members) {
                Optional<KeyDefinition> key = keys(member, index.name());
                all &= key.isPresent();
                key.ifPresent(k -> templates.add(k.partition()));
            }
            if (all && templates.size() == 1) {
                shared.add(index.name());
            }
        }
        return shared;
    }
}
