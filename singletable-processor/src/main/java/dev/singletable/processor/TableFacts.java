package dev.singletable.processor;

import dev.singletable.annotations.TableDesign;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The table facts of a {@code @TableDesign}: keys with their types, GSIs and LSIs with their
 * projections, TTL and entity-type attributes. Read once, then checked by the core
 * ({@link CoreSchemaCheck#tableRefusal}), rendered as Java ({@link TableSchemaWriter}) and as the
 * schema file ({@link DesignFileWriter}) from the same values.
 *
 * @param sortKey the table's sort key; {@code hasSortKey} false for a partition-key-only table (then it is unused)
 * @param timeToLiveAttribute empty for none
 * @param stream the stream's view type, such as {@code NEW_AND_OLD_IMAGES}; empty for none
 */
record TableFacts(String name, KeyFacts partitionKey, boolean hasSortKey, KeyFacts sortKey, String entityTypeAttribute,
                  String timeToLiveAttribute, List<IndexFacts> indexes, String stream) {

    /** A key attribute: its name and DynamoDB type (S, N or B). */
    record KeyFacts(String name, String type) {
    }

    /**
     * A secondary index. An LSI has no partition key of its own (it is the table's) and one sort key.
     *
     * @param projection ALL, KEYS_ONLY or INCLUDE; {@code include} lists the INCLUDE attributes
     */
    record IndexFacts(String name, boolean local, List<KeyFacts> partitionKey, List<KeyFacts> sortKey, String projection,
                      List<String> include) {
    }

    /** What a {@code @TableDesign} declares that is not one table (a count of key types that does not match its attributes...). */
    record Mistake(String message) {
    }

    /**
     * Reads the annotation; mistakes the core cannot see (they concern the annotation's shape) are added to {@code mistakes}.
     */
    static TableFacts read(TableDesign design, List<Mistake> mistakes) {
        List<IndexFacts> indexes = new ArrayList<>();
        for (TableDesign.GlobalIndex index : design.indexes()) {
            List<KeyFacts> partition = keys(design.name(), index.name(), "partitionKey", index.partitionKey(), index.partitionKeyType(), mistakes);
            List<KeyFacts> sort = keys(design.name(), index.name(), "sortKey", index.sortKey(), index.sortKeyType(), mistakes);
            checkInclude(design.name(), index.name(), index.projection(), index.include(), mistakes);
            indexes.add(new IndexFacts(index.name(), false, partition, sort, index.projection().name(), List.of(index.include())));
        }
        for (TableDesign.LocalIndex index : design.localIndexes()) {
            checkInclude(design.name(), index.name(), index.projection(), index.include(), mistakes);
            indexes.add(new IndexFacts(index.name(), true, List.of(), List.of(new KeyFacts(index.sortKey(), index.sortKeyType().name())),
                    index.projection().name(), List.of(index.include())));
        }
        return new TableFacts(design.name(), new KeyFacts(design.partitionKey(), design.partitionKeyType().name()), !design.noSortKey(),
                new KeyFacts(design.sortKey(), design.sortKeyType().name()), design.entityTypeAttribute(), design.timeToLiveAttribute(),
                List.copyOf(indexes), design.stream() == TableDesign.StreamView.NONE ? "" : design.stream().name());
    }

    private static List<KeyFacts> keys(String table, String index, String what, String[] names, TableDesign.KeyType[] types,
                                       List<Mistake> mistakes) {
        if (types.length != 0 && types.length != names.length) {
            mistakes.add(new Mistake("@TableDesign " + table + ": GSI '" + index + "' lists " + names.length + " " + what + " attribute"
                    + (names.length == 1 ? "" : "s") + " " + Arrays.toString(names) + " but " + types.length + " " + what + "Type"
                    + (types.length == 1 ? "" : "s") + "; give one type per attribute, or none for all strings"));
            return List.of();
        }
        List<KeyFacts> keys = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            keys.add(new KeyFacts(names[i], types.length == 0 ? "S" : types[i].name()));
        }
        return List.copyOf(keys);
    }

    private static void checkInclude(String table, String index, TableDesign.ProjectionType projection, String[] include,
                                     List<Mistake> mistakes) {
        if (projection != TableDesign.ProjectionType.INCLUDE && include.length != 0) {
            mistakes.add(new Mistake("@TableDesign " + table + ": index '" + index + "' lists include = " + Arrays.toString(include)
                    + " but projects " + projection + "; set projection = ProjectionType.INCLUDE, or remove include"));
        }
    }
}
