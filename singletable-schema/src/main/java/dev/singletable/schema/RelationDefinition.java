package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A many-to-many relation between two entities of the file, stored as adjacency items in both
 * partitions (see the core's {@code Relation}).
 *
 * <pre>{@code
 * relations:
 *   Membership:
 *     first: User
 *     second: Group
 *     firstSide: {pk: 'USER#{userId}', sk: 'GROUP#{groupId}'}
 *     secondSide: {pk: 'GROUP#{groupId}', sk: 'USER#{userId}'}
 *     itemTypes: [USERGROUP, GROUPUSER]
 *     copyFromFirst: [userName]
 *     copyFromSecond: [groupName]
 *     propagateCopies: true
 *     edge:                                  # attributes of the membership itself, on both items
 *       role: {type: enum, values: [MEMBER, ADMIN], required: true}
 *       joinedAt: {type: instant}
 *     examples:                              # sample edges: a pair of the entities' examples by key slots, and edge values
 *       - {userId: '123', groupId: '1', role: ADMIN}
 * }</pre>
 *
 * <p>An edge attribute takes the attribute kinds of entity attributes ({@code type}, {@code of}, {@code values},
 * {@code required}, {@code description}); {@code relate} writes its value onto both adjacency items. Roles, generated ids,
 * defaults, {@code nullable} and validation rules are for entities and are refused on an edge attribute.
 *
 * @param description     free text
 * @param first           the first entity type
 * @param second          the second entity type
 * @param firstSide       the keys of the adjacency item in the first entity's partition
 * @param secondSide      the keys of the mirror item in the second entity's partition
 * @param itemTypes       the two item types' names, first side first; empty for the default (the two entity names joined)
 * @param copyFromFirst   attributes of the first entity copied onto both items
 * @param copyFromSecond  attributes of the second entity copied onto both items
 * @param propagateCopies whether writes of either entity rewrite the copies
 * @param edge            the attributes of the edge itself, by name, in the file's order; empty for none
 * @param examples        example edges, each the key slot values naming a pair of the two entities' examples and its edge
 *                        values; the design tools' sample adjacency items are these pairs, or every pair when empty
 */
@Experimental
public record RelationDefinition(Optional<String> description, String first, String second, KeyDefinition firstSide,
                                 KeyDefinition secondSide, List<String> itemTypes, List<String> copyFromFirst,
                                 List<String> copyFromSecond, boolean propagateCopies, Map<String, AttributeDefinition> edge,
                                 List<Map<String, Object>> examples) {
    public RelationDefinition {
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
        Objects.requireNonNull(firstSide, "firstSide");
        Objects.requireNonNull(secondSide, "secondSide");
        itemTypes = List.copyOf(itemTypes);
        copyFromFirst = List.copyOf(copyFromFirst);
        copyFromSecond = List.copyOf(copyFromSecond);
        edge = Collections.unmodifiableMap(new LinkedHashMap<>(edge));
        examples = examples.stream().map(example -> Collections.unmodifiableMap(new LinkedHashMap<>(example))).toList();
    }

    /**
     * The two item types' names as items carry them, first side first: {@link #itemTypes()}, or when it is empty the
     * default, the two entity names joined ({@code UserGroup}, {@code GroupUser}).
     *
     * <pre>{@code
     * membership.itemTypeNames();   // [USERGROUP, GROUPUSER] with itemTypes: [USERGROUP, GROUPUSER]; else [UserGroup, GroupUser]
     * }</pre>
     */
    public List<String> itemTypeNames() {
        return itemTypes.isEmpty() ? List.of(first + second, second + first) : itemTypes;
    }

    /** A relation with edge attributes and no example edges. */
    public RelationDefinition(Optional<String> description, String first, String second, KeyDefinition firstSide,
                              KeyDefinition secondSide, List<String> itemTypes, List<String> copyFromFirst,
                              List<String> copyFromSecond, boolean propagateCopies, Map<String, AttributeDefinition> edge) {
        this(description, first, second, firstSide, secondSide, itemTypes, copyFromFirst, copyFromSecond, propagateCopies, edge, List.of());
    }

    /** A relation whose edge carries no attributes of its own. */
    public RelationDefinition(Optional<String> description, String first, String second, KeyDefinition firstSide,
                              KeyDefinition secondSide, List<String> itemTypes, List<String> copyFromFirst,
                              List<String> copyFromSecond, boolean propagateCopies) {
        this(description, first, second, firstSide, secondSide, itemTypes, copyFromFirst, copyFromSecond, propagateCopies, Map.of());
    }
}
