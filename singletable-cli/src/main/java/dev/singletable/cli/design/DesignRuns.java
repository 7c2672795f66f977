package dev.singletable.cli.design;

import dev.singletable.DynamicItem;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDb;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.SchemaFile;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds a design's {@link DesignTables} with every access pattern run on DynamoDB Local embedded in
 * this process, on a fresh table holding the sample items, so the expected items are what DynamoDB
 * returns, not an imitation of it. (Kept apart from {@link DesignTables#offline}, so that describe
 * never loads DynamoDB Local's classes and runs on a class path without them.)
 */
final class DesignRuns {
    private DesignRuns() {
    }

    /** The tables with each access pattern run on the sample items in an embedded DynamoDB Local. */
    static DesignTables onLocalEngine(SchemaFile design, SampleItems samples) {
        try (LocalDynamoDb engine = LocalDynamoDb.embedded()) {
            Table table = Table.builder(design.tableSchema(), engine.client()).clock(DesignTables.CLOCK).build();
            table.createTable();
            for (DynamicItem item : samples.items()) {
                table.put(item);
            }
            Map<String, List<Map<String, AttributeValue>>> keys = new LinkedHashMap<>();
            for (AccessPatternDefinition pattern : design.document().accessPatterns()) {
                try {
                    keys.put(pattern.name(), design.run(table, pattern.name(), Map.of()).stream().map(item -> keyOf(table, item)).toList());
                } catch (SingleTableException e) {
                    throw new PatternRunException(design.document().table().name(), pattern.name(), e);
                }
            }
            for (RelationTables.RelationRead read : RelationTables.reads(design)) {
                keys.put(read.name(), read.query(table).list().stream().map(item -> keyOf(table, item)).toList());
            }
            return DesignTables.of(design, samples, table, Optional.of(keys::get));
        }
    }

    private static Map<String, AttributeValue> keyOf(Table table, DynamicItem item) {
        Map<String, AttributeValue> stored = table.toItem(item);
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(table.schema().partitionKeyAttribute(), stored.get(table.schema().partitionKeyAttribute()));
        table.schema().sortKeyAttribute().ifPresent(sk -> key.put(sk, stored.get(sk)));
        return key;
    }
}
