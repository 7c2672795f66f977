package dev.singletable.schema.internal;

import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.KeyType;
import dev.singletable.Projection;
import dev.singletable.TableSchema;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.SchemaError.Kind;
import dev.singletable.schema.TableDefinition;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code table:} section to the core's table builder: its keys, attributes, stream and indexes.
 */
final class TableBuilder {
    private final DesignProblems problems;

    TableBuilder(DesignProblems problems) {
        this.problems = problems;
    }

    List<IndexSchema> indexes(TableDefinition table) {
        List<IndexSchema> indexes = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < table.indexes().size(); i++) {
            IndexDefinition index = table.indexes().get(i);
            String at = "/table/indexes/" + i;
            if (!names.add(index.name())) {
                problems.add(Kind.DUPLICATE_NAME, at + "/name", "index '" + index.name() + "' is declared twice; give each index its own name");
                continue;
            }
            problems.core(Kind.SCHEMA_DEFINITION, at, () -> {
                IndexSchema.Builder builder = index.kind() == IndexDefinition.IndexKind.LOCAL ? IndexSchema.local(index.name())
                        : IndexSchema.global(index.name());
                if (!index.partitionKey().isEmpty()) {
                    builder.partitionKey(index.partitionKey().stream().map(TableBuilder::keyAttribute).toArray(KeyAttribute[]::new));
                }
                if (!index.sortKey().isEmpty()) {
                    builder.sortKey(index.sortKey().stream().map(TableBuilder::keyAttribute).toArray(KeyAttribute[]::new));
                }
                return builder.projection(projection(index.projection())).build();
            }).ifPresent(indexes::add);
        }
        return indexes;
    }

    static KeyAttribute keyAttribute(KeyAttributeDefinition attribute) {
        return new KeyAttribute(attribute.name(), KeyType.valueOf(attribute.type().name()));
    }

    private static Projection projection(ProjectionDefinition projection) {
        return switch (projection.type()) {
            case ALL -> Projection.all();
            case KEYS_ONLY -> Projection.keysOnly();
            case INCLUDE -> Projection.include(projection.attributes().toArray(String[]::new));
        };
    }

    /** A fresh builder of the table without entities; empty when the table itself is refused (the problems say why). */
    Optional<TableSchema.Builder> tableBuilder(TableDefinition table, List<IndexSchema> indexes) {
        int before = problems.size();
        Optional<TableSchema.Builder> builder = problems.core(Kind.SCHEMA_DEFINITION, "/table/name", () -> TableSchema.builder(table.name()));
        if (builder.isEmpty()) {
            return Optional.empty();
        }
        TableSchema.Builder b = builder.get();
        problems.core(Kind.SCHEMA_DEFINITION, "/table/partitionKey", () -> b.partitionKey(keyAttribute(table.partitionKey())));
        if (table.sortKey().isPresent()) {
            problems.core(Kind.SCHEMA_DEFINITION, "/table/sortKey", () -> b.sortKey(keyAttribute(table.sortKey().get())));
        } else {
            b.noSortKey();
        }
        problems.core(Kind.SCHEMA_DEFINITION, "/table/entityTypeAttribute", () -> b.entityTypeAttribute(table.entityTypeAttribute()));
        table.timeToLiveAttribute().ifPresent(ttl -> problems.core(Kind.SCHEMA_DEFINITION, "/table/timeToLiveAttribute", () -> b.timeToLiveAttribute(ttl)));
        table.stream().ifPresent(view -> problems.core(Kind.SCHEMA_DEFINITION, "/table/stream", () -> b.stream(view)));
        indexes.forEach(index -> problems.core(Kind.SCHEMA_DEFINITION, "/table/indexes", () -> b.index(index)));
        if (problems.size() > before) {
            return Optional.empty();
        }
        // the table's own limits (20 GSIs, 5 LSIs, 100 projected attributes) checked before any entity joins, so that they
        // are said once, at the indexes, and not at the first entity whose table is built
        if (problems.core(Kind.SCHEMA_DEFINITION, "/table/indexes", b::build).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(b);
    }
}
