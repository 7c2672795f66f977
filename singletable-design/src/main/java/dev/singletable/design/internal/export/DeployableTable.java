package dev.singletable.design.internal.export;

import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.TableDefinition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A design's table as infrastructure declares it: key schema, the definitions of key attributes
 * only (table and index keys, each once), GSIs and LSIs with their projections, billing, TTL,
 * point-in-time recovery, deletion protection, tags and the stream. Both exports render this one value.
 *
 * @param name the table name
 * @param keySchema the table's key: partition, then sort
 * @param attributes every key attribute of the table and its indexes, once, in first-use order
 * @param globalIndexes the GSIs in declaration order
 * @param localIndexes the LSIs in declaration order
 * @param billing on-demand or provisioned (GSIs get the table's capacity)
 * @param timeToLiveAttribute the TTL attribute, when the design has one
 * @param pointInTimeRecovery continuous backups on
 * @param deletionProtection deletion protection on
 * @param tags tag keys to values, in the order given
 * @param stream the view type of the table's stream, when the design declares one
 */
public record DeployableTable(String name, List<KeyElement> keySchema, List<KeyAttributeDefinition> attributes, List<Index> globalIndexes,
                       List<Index> localIndexes, BillingDefinition billing, Optional<String> timeToLiveAttribute,
                       boolean pointInTimeRecovery, boolean deletionProtection, Map<String, String> tags,
                       Optional<software.amazon.awssdk.services.dynamodb.model.StreamViewType> stream) {

    /** One key schema element: an attribute and its role, HASH (partition) or RANGE (sort). */
    record KeyElement(String attribute, String keyType) {
    }

    /** A secondary index: its name, key schema (several HASH or RANGE elements for a multi-attribute key) and projection. */
    record Index(String name, List<KeyElement> keySchema, ProjectionDefinition projection) {
        boolean multiAttribute() {
            return keySchema.stream().filter(k -> k.keyType().equals("HASH")).count() > 1
                    || keySchema.stream().filter(k -> k.keyType().equals("RANGE")).count() > 1;
        }
    }

    public static DeployableTable of(SchemaDocument document, boolean pointInTimeRecovery, boolean deletionProtection, Map<String, String> tags) {
        TableDefinition table = document.table();
        Map<String, KeyAttributeDefinition> attributes = new LinkedHashMap<>();
        List<KeyElement> keySchema = new ArrayList<>();
        keySchema.add(new KeyElement(table.partitionKey().name(), "HASH"));
        attributes.put(table.partitionKey().name(), table.partitionKey());
        table.sortKey().ifPresent(sort -> {
            keySchema.add(new KeyElement(sort.name(), "RANGE"));
            attributes.put(sort.name(), sort);
        });
        List<Index> globalIndexes = new ArrayList<>();
        List<Index> localIndexes = new ArrayList<>();
        for (IndexDefinition index : table.indexes()) {
            List<KeyElement> indexKey = new ArrayList<>();
            List<KeyAttributeDefinition> partition = index.kind() == IndexDefinition.IndexKind.LOCAL ? List.of(table.partitionKey()) : index.partitionKey();
            partition.forEach(attribute -> {
                indexKey.add(new KeyElement(attribute.name(), "HASH"));
                attributes.putIfAbsent(attribute.name(), attribute);
            });
            index.sortKey().forEach(attribute -> {
                indexKey.add(new KeyElement(attribute.name(), "RANGE"));
                attributes.putIfAbsent(attribute.name(), attribute);
            });
            Index deployable = new Index(index.name(), List.copyOf(indexKey), index.projection());
            (index.kind() == IndexDefinition.IndexKind.GLOBAL ? globalIndexes : localIndexes).add(deployable);
        }
        return new DeployableTable(table.name(), List.copyOf(keySchema), List.copyOf(attributes.values()), List.copyOf(globalIndexes),
                List.copyOf(localIndexes), table.billing(), table.timeToLiveAttribute(), pointInTimeRecovery, deletionProtection,
                java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tags)), table.stream());
    }

    boolean provisioned() {
        return billing.mode() == BillingDefinition.BillingMode.PROVISIONED;
    }

    /** The logical name of the resource: the table name's letters and digits, starting with a letter. */
    String logicalId() {
        String letters = name.replaceAll("[^A-Za-z0-9]", "");
        return letters.isEmpty() || !Character.isLetter(letters.charAt(0)) ? "Table" + letters : letters;
    }

    /**
     * The names of resources, one per table in order, each the table's {@code base} name or, when an earlier table already
     * has that name (table names {@code ab-c} and {@code ab.c} both give {@code abc}), that name followed by the first of
     * 2, 3, ... that is free: a template keeps every table, and the same tables always get the same names.
     */
    static List<String> uniqueNames(List<DeployableTable> tables, java.util.function.Function<DeployableTable, String> base) {
        java.util.Set<String> taken = new java.util.HashSet<>();
        List<String> names = new ArrayList<>();
        for (DeployableTable table : tables) {
            String name = base.apply(table);
            for (int n = 2; !taken.add(name); n++) {
                name = base.apply(table) + n;
            }
            names.add(name);
        }
        return List.copyOf(names);
    }
}
