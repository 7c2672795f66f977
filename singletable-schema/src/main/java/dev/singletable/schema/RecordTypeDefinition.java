package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A record type of a schema file ({@code types:}): attributes embedded in an entity's item as one
 * DynamoDB map, such as a customer's address. Entities (and other record types) hold it with
 * {@code {type: Address}}, {@code {type: list, of: Address}} or {@code {type: map, of: Address}}.
 *
 * <pre>{@code
 * types:
 *   Address:
 *     attributes:
 *       street: {type: string, required: true}
 *       city: {type: string, required: true}
 *       zip: {type: string}
 * }</pre>
 *
 * @param description free text
 * @param attributes attribute name to its definition, in declaration order (no roles, no generated ids: those are an
 *        item's, not an embedded record's)
 */
@Experimental
public record RecordTypeDefinition(Optional<String> description, Map<String, AttributeDefinition> attributes) {
    public RecordTypeDefinition {
        Objects.requireNonNull(description, "description");
        attributes = Definitions.copy(attributes, "attributes");
    }
}
