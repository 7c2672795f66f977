package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.List;
import java.util.Objects;

/**
 * Which attributes an index holds besides its keys.
 *
 * <pre>{@code projection: {type: INCLUDE, attributes: [title, createdAt]}}</pre>
 *
 * @param type ALL, KEYS_ONLY or INCLUDE
 * @param attributes the non-key attributes of INCLUDE; empty otherwise
 */
@Experimental
public record ProjectionDefinition(ProjectionType type, List<String> attributes) {
    public ProjectionDefinition {
        Objects.requireNonNull(type, "type");
        attributes = List.copyOf(attributes);
    }

    /** Every attribute, the default. */
    public static ProjectionDefinition all() {
        return new ProjectionDefinition(ProjectionType.ALL, List.of());
    }

    /** DynamoDB's projection types. */
    public enum ProjectionType {
        /** Every attribute. */
        ALL,
        /** The table and index keys only. */
        KEYS_ONLY,
        /** The keys and the listed attributes. */
        INCLUDE
    }
}
