package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An item collection: entity types read together by one query because they share a partition.
 *
 * <pre>{@code
 * collections:
 *   UserPage: {members: [User, Post]}
 * }</pre>
 *
 * @param description free text
 * @param members the member entity types, in declaration order
 */
@Experimental
public record CollectionDefinition(Optional<String> description, List<String> members) {
    public CollectionDefinition {
        Objects.requireNonNull(description, "description");
        members = List.copyOf(members);
    }
}
