package dev.singletable.schema;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** What round trips compare: an import says in each entity's description what it inferred, the design itself must match. */
final class RoundTrips {
    private RoundTrips() {
    }

    static SchemaDocument withoutEntityDescriptions(SchemaDocument document) {
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        document.entities().forEach((name, e) -> entities.put(name, new EntityDefinition(Optional.empty(), e.attributes(), e.keys(),
                e.indexes(), e.attributeBag(), e.examples(), e.exampleFile(), e.states(), e.volume())));
        return new SchemaDocument(document.table(), entities, document.collections(), document.accessPatterns(), document.relations(),
                document.types());
    }
}
