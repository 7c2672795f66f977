package dev.singletable.schema.internal;

import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.schema.CollectionDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.RelationDefinition;
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
 * A collection of {@code collections:} to the core's entity collection: members known, told apart and read together.
 */
final class CollectionBuilder extends DesignSection {
    CollectionBuilder(SchemaDocument document, DesignProblems problems) {
        super(document, problems);
    }

    Optional<EntityCollection<DynamicItem>> collection(String name, CollectionDefinition collection,
                                                               Map<String, EntitySchema<DynamicItem>> entities) {
        String at = "/collections/" + LocatedTree.segment(name);
        List<String> members = collection.members();
        boolean known = true;
        for (int i = 0; i < members.size(); i++) {
            if (!document.entities().containsKey(members.get(i))) {
                String member = members.get(i);
                problems.add(Kind.UNKNOWN_NAME, at + "/members/" + i, relationItems(member).orElseGet(() -> "unknown entity '" + member + "'"
                        + suggestion(member, document.entities().keySet()) + "; the entities are " + String.join(", ", document.entities().keySet())));
                known = false;
            }
        }
        members = members.stream().filter(document.entities()::containsKey).toList();
        for (int i = 0; i < members.size(); i++) {
            for (int j = i + 1; j < members.size(); j++) {
                KeyDefinition first = document.entities().get(members.get(i)).keys();
                KeyDefinition second = document.entities().get(members.get(j)).keys();
                if (first.partition().equals(second.partition()) && first.sort().equals(second.sort())) {
                    problems.add(Kind.INDISTINGUISHABLE_COLLECTION, at + "/members/" + collection.members().indexOf(members.get(j)), "members " + members.get(i) + " and " + members.get(j)
                            + " have the same primary key templates (" + String.join(" / ", first.partition()) + (first.sort().isEmpty() ? ""
                            : " / " + String.join(" / ", first.sort())) + "): their items would overwrite each other; give one a sort key "
                            + "template of its own, such as a different literal prefix");
                }
            }
        }
        if (known && sharedPartitionIndexes(members).isEmpty()) {
            problems.add(Kind.INDISTINGUISHABLE_COLLECTION, at + "/members", "members " + String.join(", ", members) + " share no partition key "
                    + "template on any index, so no one query reads them together; " + sameTextOtherSlots(members)
                    .orElse("give them the same pk template on the table or on a GSI"));
        }
        List<EntitySchema<DynamicItem>> schemas = members.stream().map(entities::get).filter(Objects::nonNull).toList();
        if (!known || schemas.size() != members.size() || problems.stream().anyMatch(p -> p.pointer().startsWith(at))) {
            return Optional.empty();
        }
        @SuppressWarnings({"unchecked", "rawtypes"})
        EntitySchema<DynamicItem>[] array = schemas.toArray(new EntitySchema[0]);
        return problems.core(Kind.SCHEMA_DEFINITION, at, () -> EntityCollection.of(DynamicItem.class, array));
    }

    /**
     * When the member names a relation's adjacency item type (its {@code itemTypes}, or the default, the two ends' names
     * joined), what it is and how to read those items with another: the core's collections take them (an
     * {@code EntityCollection} of an entity and {@code Relation.secondSideItems()}), but the file's collections, and the
     * design tools reading them, are of the file's entities.
     */
    private Optional<String> relationItems(String member) {
        for (Map.Entry<String, RelationDefinition> relation : document.relations().entrySet()) {
            RelationDefinition definition = relation.getValue();
            List<String> types = definition.itemTypes().isEmpty() ? List.of(definition.first() + definition.second(),
                    definition.second() + definition.first()) : definition.itemTypes();
            int side = types.indexOf(member);
            if (side >= 0) {
                String near = side == 0 ? definition.first() : definition.second();
                return Optional.of("'" + member + "' is the item type of relation " + relation.getKey() + "'s " + (side == 0 ? "first" : "second")
                        + " side (its adjacency items in " + near + "'s partition), not an entity, and a schema file's collection holds "
                        + "entities only; read " + near + "'s adjacency items with the relation (run " + relation.getKey() + ".related(" + near
                        + ")), or query both types in one request from Java: EntityCollection.of(DynamicItem.class, design.entity(\"" + near
                        + "\"), design.tableSchema().relation(\"" + relation.getKey() + "\").orElseThrow()."
                        + (side == 0 ? "first" : "second") + "SideItems())");
            }
        }
        return Optional.empty();
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
                KeyDefinition key = place.isEmpty() ? document.entities().get(member).keys() : document.entities().get(member).indexes().get(place.get());
                if (key != null) {
                    templates.add(key.partition());
                }
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
        members.forEach(m -> primary.add(document.entities().get(m).keys().partition()));
        if (primary.size() == 1) {
            shared.add("");
        }
        for (IndexDefinition index : document.table().indexes()) {
            Set<List<String>> templates = new HashSet<>();
            boolean all = true;
            for (String member : members) {
                KeyDefinition key = document.entities().get(member).indexes().get(index.name());
                all &= key != null;
                if (key != null) {
                    templates.add(key.partition());
                }
            }
            if (all && templates.size() == 1) {
                shared.add(index.name());
            }
        }
        return shared;
    }
}
