package dev.singletable.schema.internal;

import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError.Kind;

import java.util.Optional;

import static dev.singletable.schema.internal.DesignProblems.suggestion;

/**
 * A value the file gives for an attribute (in an example, a condition or a pattern's key) checked against the
 * attribute's declaration and converted to the value the core stores.
 */
final class FileValues extends DesignSection {
    private final AttributeTypeBuilder types;
    private final java.util.function.Function<String, Optional<String>> writtenAs;

    /** @param writtenAs the text of a number or boolean as the file writes it, by JSON pointer (YAML's {@code 0012} for 10) */
    FileValues(SchemaDocument document, DesignProblems problems, AttributeTypeBuilder types,
               java.util.function.Function<String, Optional<String>> writtenAs) {
        super(document, problems);
        this.types = types;
        this.writtenAs = writtenAs;
    }

    Optional<String> known(String at, String attribute, EntityDefinition entity) {
        if (entity.attributes().containsKey(attribute)) {
            return Optional.of(attribute);
        }
        problems.add(Kind.UNKNOWN_NAME, at, "unknown attribute '" + attribute + "'" + suggestion(attribute, entity.attributes().keySet())
                + "; the attributes are " + String.join(", ", entity.attributes().keySet()));
        return Optional.empty();
    }

    Optional<Object> convert(String at, String attribute, AttributeDefinition definition, Object value) {
        return convert(at, definition, value, "attribute '" + attribute + "'");
    }

    /** The value as its attribute types it, for comparing; empty, and nothing reported, when it does not convert. */
    Optional<Object> typed(AttributeDefinition definition, Object value) {
        if (definition.recordType().isPresent() && !types.built(definition.recordType().get())) {
            return Optional.empty();
        }
        try {
            return Optional.of(DynamicTypes.valueOf(definition, value, document.types()));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // reported where the value is written, not where it is compared
        }
    }

    /**
     * @param subject how a refusal names the attribute, followed by {@code is <type>: } ({@code relation Membership: example 2:
     *                edge attribute 'role'})
     */
    Optional<Object> convert(String at, AttributeDefinition definition, Object value, String subject) {
        if (definition.recordType().isPresent() && !types.built(definition.recordType().get())) {
            return Optional.empty(); // the record type is unknown or refused, which is reported where the attribute names it
        }
        try {
            return Optional.of(DynamicTypes.valueOf(definition, value, document.types()));
        } catch (DynamicTypes.NotText e) {
            // a number or boolean for a string: quoted as the file writes it, which is not the number's text when YAML rewrote it
            String message = writtenAs.apply(at + e.pointer()).map(e::message).orElse(e.getMessage());
            problems.add(Kind.INVALID_VALUE, at, subject + " is " + definition.typeText() + ": " + message);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            // DynamicTypes's own refusal, worded to follow "attribute 'x' is <type>: " ('lots' is not a number, .city: ...)
            problems.add(Kind.INVALID_VALUE, at, subject + " is " + definition.typeText() + ": " + e.getMessage());
            return Optional.empty();
        }
    }
}
