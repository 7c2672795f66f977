package dev.singletable.schema.internal;

import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.schema.CollectionDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyDefinition;
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
                problems.add(Kind.UNKNOWN_NAME, at + "/members/" + i, "unknown entity '" + members.get(i) + "'"
                        + suggestion(members.get(i), document.entities().keySet()) + "; the entities are " + String.join(", ", document.entities().keySet()));
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
                    + "template on any index, so no one query reads them together; give them the same pk template on the table or on a GSI");
        }
        List<EntitySchema<DynamicItem>> schemas = members.stream().map(entities::get).filter(Objects::nonNull).toList();
        if (!known || schemas.size() != members.size() || problems.stream().anyMatch(p -> p.pointer().startsWith(at))) {
            return Optional.empty();
        }
        @SuppressWarnings({"unchecked", "rawtypes"})
        EntitySchema<DynamicItem>[] array = schemas.toArray(new EntitySchema[0]);
        return problems.core(Kind.SCHEMA_DEFINITION, at, () -> EntityCollection.of(DynamicItem.class, array));
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
