package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Objects;

/**
 * One side's adjacency items of a relation, named by their item type: what a collection's member resolves to when it is
 * not an entity ({@link SchemaDocument#relationItemType}). The items lie in the partition of the side's own entity
 * ({@link #near()}) and name the other ({@link #far()}), so a collection of that entity and these items reads an
 * entity with its related items in one query.
 *
 * <pre>{@code
 * collections:
 *   GroupMembers: {members: [Group, GROUPUSER]}     # GROUPUSER: the Membership relation's second side
 *
 * RelationItemType items = document.relationItemType("GROUPUSER").orElseThrow();
 * items.relation();   // "Membership"
 * items.near();       // "Group": the items lie in the group's partition (GROUP#{groupId} / USER#{userId})
 * items.far();        // "User"
 * items.keys();       // the relation's secondSide
 * }</pre>
 *
 * @param relation   the relation's name
 * @param definition the relation
 * @param firstSide  whether these are the first side's items (in the first entity's partition), else the second's
 */
@Experimental
public record RelationItemType(String relation, RelationDefinition definition, boolean firstSide) {
    public RelationItemType {
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(definition, "definition");
    }

    /** The item type's name: the side's entry of {@code itemTypes}, or the default, the two entity names joined. */
    public String itemType() {
        return definition.itemTypeNames().get(firstSide ? 0 : 1);
    }

    /** The entity in whose partition these items lie: the relation's first entity for the first side. */
    public String near() {
        return firstSide ? definition.first() : definition.second();
    }

    /** The entity these items point to, on the other end. */
    public String far() {
        return firstSide ? definition.second() : definition.first();
    }

    /** The items' primary key templates: the relation's {@code firstSide} or {@code secondSide}. */
    public KeyDefinition keys() {
        return firstSide ? definition.firstSide() : definition.secondSide();
    }
}
