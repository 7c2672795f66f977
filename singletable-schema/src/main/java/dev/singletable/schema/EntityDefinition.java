package dev.singletable.schema;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One entity type of a schema file.
 *
 * <pre>{@code
 * Post:
 *   attributes:
 *     username: {type: string, required: true}
 *     postId: {type: string, required: true, generated: ulid}
 *     published: {type: boolean}
 *   keys: {pk: 'USER#{username}', sk: 'POST#{postId}'}
 *   indexes:
 *     gsi1: {pk: POST, sk: 'STATUS#{published}#{postId}', when: {present: published}}
 * }</pre>
 *
 * @param description free text
 * @param attributes attribute name to its definition, in declaration order
 * @param keys the key templates on the table's primary key
 * @param indexes index name to this entity's key templates on it
 * @param attributeBag true when the item's unmapped attributes are kept
 * @param examples example items, attribute name to value (String, BigDecimal, Boolean, List or Map)
 * @param exampleFile a JSON Lines file of more examples, relative to the schema file
 */
public record EntityDefinition(Optional<String> description, Map<String, AttributeDefinition> attributes, KeyDefinition keys,
                               Map<String, KeyDefinition> indexes, boolean attributeBag, List<Map<String, Object>> examples,
                               Optional<String> exampleFile) {
    public EntityDefinition {
        Objects.requireNonNull(description, "description");
        attributes = Definitions.copy(attributes, "attributes");
        Objects.requireNonNull(keys, "keys");
        indexes = Definitions.copy(indexes, "indexes");
        examples = examples.stream().map(example -> Definitions.copy(example, "example")).toList();
        Objects.requireNonNull(exampleFile, "exampleFile");
    }
}
