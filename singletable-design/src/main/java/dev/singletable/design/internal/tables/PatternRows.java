package dev.singletable.design.internal.tables;

import dev.singletable.Explanation;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.design.internal.tables.DesignTables.PatternResults;
import dev.singletable.design.internal.tables.DesignTables.PatternRow;
import dev.singletable.design.internal.tables.DesignTables.Sample;
import dev.singletable.design.internal.text.RequestText;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.SchemaFile;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static dev.singletable.design.internal.tables.DesignTables.NONE;

/**
 * The access-pattern rows of a design's tables: each pattern's request as the key design shows it (operation, key
 * condition, filter) and the sample items its run returned, found by their keys.
 */
final class PatternRows {
    /** How an operation that reads strongly consistent says so. */
    private static final String STRONG = "strongly consistent";

    private PatternRows() {
    }

    /** The rows of the design's access patterns and relation reads, with the items {@code results} says each returned. */
    static List<PatternRow> of(SchemaFile design, Table table, List<Sample> stored, PatternResults results) {
        SamplesByKey byKey = new SamplesByKey(stored, table);
        List<PatternRow> patterns = new ArrayList<>();
        for (AccessPatternDefinition pattern : design.document().accessPatterns()) {
            Explanation explanation;
            try {
                explanation = design.explain(table, pattern.name(), Map.of());
            } catch (SingleTableException e) {
                throw new PatternRunException(design, pattern.name(), e);
            }
            List<Sample> expected = results.keysOf(pattern.name()).stream().map(key -> byKey.find(key, pattern.name())).toList();
            PatternRow row = patternRow(pattern, explanation, expected);
            patterns.add(pattern.acrossBuckets().isPresent() || pattern.acrossShards() ? acrossPartitions(row, pattern,
                    pattern.select().isEmpty() ? design.query(table, pattern.name(), Map.of()).toRequests()
                            : design.queryMaps(table, pattern.name(), Map.of()).toRequests()) : row);
        }
        for (RelationTables.RelationRead read : RelationTables.reads(design)) {
            List<Sample> expected = results.keysOf(read.name()).stream().map(key -> byKey.find(key, read.name())).toList();
            patterns.add(relationReadRow(read, read.query(table).explain(), expected));
        }
        return patterns;
    }

    private static PatternRow patternRow(AccessPatternDefinition pattern, Explanation explanation, List<Sample> expected) {
        String target = (pattern.target().kind() == AccessPatternDefinition.Target.Kind.ENTITY ? "" : "collection ") + pattern.target().name();
        String where = pattern.index().orElse("table");
        String description = pattern.description().orElse("");
        if (explanation.request() instanceof GetItemRequest get) {
            String key = get.key().entrySet().stream().map(e -> e.getKey() + " = " + RequestText.value(e.getValue()))
                    .collect(Collectors.joining(" AND "));
            return new PatternRow(pattern.name(), description, target, where, "GetItem" + (Boolean.TRUE.equals(get.consistentRead())
                    ? " (" + STRONG + ")" : ""), false, key, NONE, explanation, expected);
        }
        if (explanation.request() instanceof QueryRequest query) {
            String condition = RequestText.substitute(query.keyConditionExpression(), query.expressionAttributeNames(),
                    query.expressionAttributeValues());
            String filter = query.filterExpression() == null ? NONE
                    : RequestText.substitute(query.filterExpression(), query.expressionAttributeNames(), query.expressionAttributeValues());
            List<String> options = new ArrayList<>();
            if (Boolean.FALSE.equals(query.scanIndexForward())) {
                options.add("descending");
            }
            if (query.limit() != null) {
                options.add("limit " + query.limit());
            }
            if (query.select() != null) {
                options.add("Select " + query.selectAsString());
            }
            if (!pattern.select().isEmpty()) {
                options.add("select " + String.join(", ", pattern.select()));
            }
            if (Boolean.TRUE.equals(query.consistentRead())) {
                options.add(STRONG);
            }
            String operation = "Query" + (options.isEmpty() ? "" : " (" + String.join(", ", options) + ")")
                    + (pattern.fetchFullItems() ? " + BatchGetItem" : "");
            return new PatternRow(pattern.name(), description, target, where, operation, false, condition, filter, explanation, expected);
        }
        ScanRequest scan = (ScanRequest) explanation.request();
        String filter = scan.filterExpression() == null ? NONE
                : RequestText.substitute(scan.filterExpression(), scan.expressionAttributeNames(), scan.expressionAttributeValues());
        List<String> options = new ArrayList<>();
        if (scan.select() != null) {
            options.add("Select " + scan.selectAsString());
        }
        if (!pattern.select().isEmpty()) {
            options.add("select " + String.join(", ", pattern.select()));
        }
        if (Boolean.TRUE.equals(scan.consistentRead())) {
            options.add(STRONG);
        }
        return new PatternRow(pattern.name(), description, target, where, "Scan" + (options.isEmpty() ? "" : " (" + String.join(", ", options)
                + ")"), true, "none: a Scan reads every item", filter, explanation, expected);
    }

    /** A relation's read ({@code related} from one side) as an access pattern row: one Query of the near entity's partition. */
    private static PatternRow relationReadRow(RelationTables.RelationRead read, Explanation explanation, List<Sample> expected) {
        QueryRequest query = (QueryRequest) explanation.request();
        String condition = RequestText.substitute(query.keyConditionExpression(), query.expressionAttributeNames(),
                query.expressionAttributeValues());
        return new PatternRow(read.name(), "The " + read.near() + "'s related items of relation " + read.relation() + " (its "
                + read.itemType() + " adjacency items)", read.itemType(), "table", "Query", false, condition, NONE, explanation, expected);
    }

    /** A pattern across buckets or shards: its operation says how many partition queries it sends, and it keeps them. */
    private static PatternRow acrossPartitions(PatternRow row, AccessPatternDefinition pattern, List<QueryRequest> queries) {
        String across = pattern.acrossBuckets().isPresent() && pattern.acrossShards() ? "buckets and shards"
                : pattern.acrossBuckets().isPresent() ? "buckets" : "shards";
        String count = queries.size() + " partition quer" + (queries.size() == 1 ? "y" : "ies") + " across " + across;
        String operation = row.operation().endsWith(")") ? row.operation().substring(0, row.operation().length() - 1) + ", " + count + ")"
                : row.operation() + " (" + count + ")";
        return new PatternRow(row.name(), row.description(), row.target(), row.tableOrIndex(), operation, row.scan(), row.keyCondition(),
                row.filter(), row.explanation(), row.expected(), List.copyOf(queries));
    }

    /**
     * The samples by their primary key, the first of equal keys kept: each item a pattern returns is looked up here, where a
     * scan of every sample per item made a design's patterns N² work. A key of other attributes is looked up by a scan.
     */
    private static final class SamplesByKey {
        private final List<Sample> samples;
        private final List<String> attributes = new ArrayList<>(2);
        private final Map<List<AttributeValue>, Sample> byKey = new java.util.HashMap<>();

        SamplesByKey(List<Sample> samples, Table table) {
            this.samples = samples;
            attributes.add(table.schema().partitionKeyAttribute());
            table.schema().sortKeyAttribute().ifPresent(attributes::add);
            for (Sample sample : samples) {
                byKey.putIfAbsent(values(sample.item()), sample);
            }
        }

        private List<AttributeValue> values(Map<String, AttributeValue> item) {
            List<AttributeValue> values = new ArrayList<>(attributes.size());
            attributes.forEach(attribute -> values.add(item.get(attribute)));
            return values;
        }

        Sample find(Map<String, AttributeValue> key, String pattern) {
            if (!key.keySet().equals(new java.util.HashSet<>(attributes))) {
                return sampleWithKey(samples, key, pattern);
            }
            Sample found = byKey.get(values(key));
            if (found == null) {
                return sampleWithKey(samples, key, pattern); // throws: no sample has the key
            }
            return found;
        }
    }

    private static Sample sampleWithKey(List<Sample> samples, Map<String, AttributeValue> key, String pattern) {
        return samples.stream().filter(sample -> key.entrySet().stream().allMatch(k -> k.getValue().equals(sample.item().get(k.getKey()))))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("access pattern '" + pattern + "' returned an item with key " + key
                        + " that is no sample item"));
    }
}
