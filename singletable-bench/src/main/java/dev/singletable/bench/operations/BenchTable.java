package dev.singletable.bench.operations;

import dev.singletable.TableSchema;

/** The benchmark table: generic {@code PK}/{@code SK} keys, the entity type in {@code entityType}, no index. */
final class BenchTable {
    static final String NAME = "Bench";
    static final TableSchema SCHEMA = TableSchema.builder(NAME)
            .entities(CustomerSchema.INSTANCE, OrderSchema.INSTANCE, AddressSchema.INSTANCE)
            .build();

    private BenchTable() {
    }
}
