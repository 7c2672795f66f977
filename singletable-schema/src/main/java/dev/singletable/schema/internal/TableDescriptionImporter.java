package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.ImportResult;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.TableDefinition;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table as DynamoDB describes it ({@code aws dynamodb describe-table}: {@code {"Table": {...}}}, or the table object
 * alone, or a CreateTable request) into a skeleton design: the table's keys, its GSIs and LSIs with their projections, its
 * billing, and one entity {@code Item} whose keys are whole slots and which keeps every attribute it is given, so the
 * table's items load and its indexes can be queried before the entities are written.
 */
final class TableDescriptionImporter {
    static final String ENTITY = "Item";

    private final ImportNotes notes = new ImportNotes();

    private TableDescriptionImporter() {
    }

    static ImportResult read(JsonNode root) {
        TableDescriptionImporter importer = new TableDescriptionImporter();
        JsonNode table = root.has("Table") ? root.path("Table") : root;
        String path = root.has("Table") ? "Table" : "";
        SchemaDocument document = importer.document(table, path);
        return new ImportResult(document, importer.notes.list());
    }

    private SchemaDocument document(JsonNode table, String path) {
        String at = path.isEmpty() ? "" : path + ".";
        if (!table.path("TableName").isTextual() || !table.path("KeySchema").isArray()) {
            throw new DesignImportException("Not a table description: it has no TableName and KeySchema; give the output of "
                    + "'aws dynamodb describe-table --table-name NAME' (or the table object, or a CreateTable request)");
        }
        Map<String, KeyAttributeDefinition.KeyAttributeType> types = new LinkedHashMap<>();
        for (JsonNode definition : table.path("AttributeDefinitions")) {
            types.put(definition.path("AttributeName").asText(), type(definition.path("AttributeType").asText("S"),
                    at + "AttributeDefinitions"));
        }
        List<KeyAttributeDefinition> primary = keySchema(table.path("KeySchema"), types, at + "KeySchema", "HASH");
        List<KeyAttributeDefinition> primarySort = keySchema(table.path("KeySchema"), types, at + "KeySchema", "RANGE");
        List<IndexDefinition> indexes = new ArrayList<>();
        indexes(table.path("GlobalSecondaryIndexes"), IndexDefinition.IndexKind.GLOBAL, types, at + "GlobalSecondaryIndexes", indexes);
        indexes(table.path("LocalSecondaryIndexes"), IndexDefinition.IndexKind.LOCAL, types, at + "LocalSecondaryIndexes", indexes);
        BillingDefinition billing = billing(table);
        if (billing.mode() == BillingDefinition.BillingMode.PROVISIONED) {
            indexCapacities(table.path("GlobalSecondaryIndexes"), billing, at + "GlobalSecondaryIndexes");
        }
        Optional<StreamViewType> stream = stream(table.path("StreamSpecification"), at + "StreamSpecification");
        for (String unmapped : List.of("SSEDescription", "SSESpecification", "TableClassSummary", "Replicas", "DeletionProtectionEnabled")) {
            if (table.has(unmapped)) {
                notes.notMapped(at + unmapped, "not part of a schema file's table; set it where the table is deployed (singletable "
                        + "export cloudformation or terraform, then edit)");
            }
        }
        TableDefinition definition = new TableDefinition(table.path("TableName").asText(), Optional.empty(), primary.get(0),
                primarySort.stream().findFirst(), TableDefinition.DEFAULT_ENTITY_TYPE_ATTRIBUTE, Optional.empty(), billing, indexes, stream);
        EntityDefinition item = item(primary.get(0), primarySort.stream().findFirst(), indexes);
        notes.inferred(at + "KeySchema", "entity " + ENTITY + ": a table description holds no entities, so one entity covers every "
                + "item, its keys whole slots (" + SampleEntities.describe(item.keys()) + ") and every other attribute kept; write "
                + "the entities of your access patterns in its place");
        return new SchemaDocument(definition, Map.of(ENTITY, item), Map.of(), List.of());
    }

    /**
     * The table's billing: its summary's mode, or a CreateTable request's; a table created without a mode is provisioned,
     * and DescribeTable then gives no summary, only the capacity it was created with.
     */
    private static BillingDefinition billing(JsonNode table) {
        JsonNode throughput = table.path("ProvisionedThroughput");
        boolean hasCapacity = throughput.path("ReadCapacityUnits").asLong(0) > 0 || throughput.path("WriteCapacityUnits").asLong(0) > 0;
        String mode = table.path("BillingModeSummary").path("BillingMode")
                .asText(table.path("BillingMode").asText(hasCapacity ? "PROVISIONED" : "PAY_PER_REQUEST"));
        return !mode.equals("PROVISIONED") ? BillingDefinition.payPerRequest()
                : new BillingDefinition(BillingDefinition.BillingMode.PROVISIONED, Optional.of(throughput.path("ReadCapacityUnits").asLong(5)),
                Optional.of(throughput.path("WriteCapacityUnits").asLong(5)));
    }

    /** A GSI's capacity other than the table's: a schema file gives every GSI the table's, so each other is a note. */
    private void indexCapacities(JsonNode gsis, BillingDefinition billing, String path) {
        for (int i = 0; i < gsis.size(); i++) {
            JsonNode throughput = gsis.get(i).path("ProvisionedThroughput");
            if (!throughput.has("ReadCapacityUnits") && !throughput.has("WriteCapacityUnits")) {
                continue;
            }
            long read = throughput.path("ReadCapacityUnits").asLong(0);
            long write = throughput.path("WriteCapacityUnits").asLong(0);
            if (read != billing.readCapacity().orElse(0L) || write != billing.writeCapacity().orElse(0L)) {
                notes.notMapped(path + "[" + i + "].ProvisionedThroughput", "GSI " + gsis.get(i).path("IndexName").asText() + " has "
                        + read + " read and " + write + " write capacity units; a schema file gives every GSI the table's ("
                        + billing.readCapacity().orElse(0L) + " and " + billing.writeCapacity().orElse(0L) + "): set the GSI's where "
                        + "the table is deployed (singletable export cloudformation or terraform, then edit)");
            }
        }
    }

    /** The stream's view type when the stream is on. */
    private Optional<StreamViewType> stream(JsonNode specification, String path) {
        if (!specification.path("StreamEnabled").asBoolean(false)) {
            return Optional.empty();
        }
        String viewType = specification.path("StreamViewType").asText("");
        StreamViewType stream = StreamViewType.fromValue(viewType);
        if (stream == null || stream == StreamViewType.UNKNOWN_TO_SDK_VERSION) {
            throw new DesignImportException(path + ".StreamViewType: '" + viewType + "' is not a stream view type; DynamoDB's are "
                    + "KEYS_ONLY, NEW_IMAGE, OLD_IMAGE and NEW_AND_OLD_IMAGES");
        }
        return Optional.of(stream);
    }

    private EntityDefinition item(KeyAttributeDefinition partition, Optional<KeyAttributeDefinition> sort, List<IndexDefinition> indexes) {
        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        attributes.put("partitionKey", AttributeDefinition.of(kind(partition), true));
        sort.ifPresent(s -> attributes.put("sortKey", AttributeDefinition.of(kind(s), true)));
        KeyDefinition keys = new KeyDefinition(List.of("{partitionKey}"), sort.isPresent() ? List.of("{sortKey}") : List.of(), Optional.empty());
        Map<String, KeyDefinition> onIndexes = new LinkedHashMap<>();
        for (IndexDefinition index : indexes) {
            List<String> partitionTemplates = new ArrayList<>();
            List<String> sortTemplates = new ArrayList<>();
            index.partitionKey().forEach(k -> partitionTemplates.add(slot(k, partition, sort, attributes)));
            index.sortKey().forEach(k -> sortTemplates.add(slot(k, partition, sort, attributes)));
            onIndexes.put(index.name(), new KeyDefinition(partitionTemplates, sortTemplates, Optional.empty()));
        }
        return new EntityDefinition(Optional.of("Every item of the table: a skeleton from its description. Write the entities of "
                + "your access patterns in its place."), attributes, keys, onIndexes, true, List.of(), Optional.empty());
    }

    /** An index key's slot: the table key's slot for a table key attribute, else the item's own attribute of that name. */
    private static String slot(KeyAttributeDefinition key, KeyAttributeDefinition partition, Optional<KeyAttributeDefinition> sort,
                               Map<String, AttributeDefinition> attributes) {
        if (key.name().equals(partition.name())) {
            return "{partitionKey}";
        }
        if (sort.isPresent() && key.name().equals(sort.get().name())) {
            return "{sortKey}";
        }
        attributes.putIfAbsent(key.name(), AttributeDefinition.of(kind(key), false));
        return "{" + key.name() + "}";
    }

    private static AttributeKind kind(KeyAttributeDefinition key) {
        return switch (key.type()) {
            case S -> AttributeKind.STRING;
            case N -> AttributeKind.DECIMAL;
            case B -> AttributeKind.BINARY;
        };
    }

    private void indexes(JsonNode list, IndexDefinition.IndexKind kind, Map<String, KeyAttributeDefinition.KeyAttributeType> types, String path,
                         List<IndexDefinition> into) {
        for (int i = 0; i < list.size(); i++) {
            JsonNode index = list.get(i);
            String at = path + "[" + i + "]";
            List<KeyAttributeDefinition> partition = keySchema(index.path("KeySchema"), types, at + ".KeySchema", "HASH");
            // a local index shares the table's partition key: a schema file names its sort key alone
            into.add(new IndexDefinition(index.path("IndexName").asText(), kind, Optional.empty(),
                    kind == IndexDefinition.IndexKind.LOCAL ? List.of() : partition,
                    keySchema(index.path("KeySchema"), types, at + ".KeySchema", "RANGE"), projection(index.path("Projection"), at)));
        }
    }

    /** The key attributes of one kind (HASH or RANGE) in order: an index of multi-attribute keys has several. */
    private List<KeyAttributeDefinition> keySchema(JsonNode schema, Map<String, KeyAttributeDefinition.KeyAttributeType> types, String path,
                                                   String keyType) {
        List<KeyAttributeDefinition> keys = new ArrayList<>();
        for (JsonNode key : schema) {
            if (key.path("KeyType").asText().equals(keyType)) {
                String name = key.path("AttributeName").asText();
                if (!types.containsKey(name)) {
                    notes.notMapped(path, "key attribute " + name + " has no AttributeDefinitions entry; read as S");
                }
                keys.add(new KeyAttributeDefinition(name, types.getOrDefault(name, KeyAttributeDefinition.KeyAttributeType.S)));
            }
        }
        if (keyType.equals("HASH") && keys.isEmpty()) {
            throw new DesignImportException(path + ": no HASH key; every table and index has a partition key");
        }
        return keys;
    }

    private ProjectionDefinition projection(JsonNode projection, String path) {
        return switch (projection.path("ProjectionType").asText("ALL")) {
            case "KEYS_ONLY" -> new ProjectionDefinition(ProjectionDefinition.ProjectionType.KEYS_ONLY, List.of());
            case "INCLUDE" -> {
                List<String> attributes = new ArrayList<>();
                projection.path("NonKeyAttributes").forEach(a -> attributes.add(a.asText()));
                yield new ProjectionDefinition(ProjectionDefinition.ProjectionType.INCLUDE, attributes);
            }
            case "ALL" -> ProjectionDefinition.all();
            default -> {
                notes.notMapped(path + ".Projection", "projection '" + projection.path("ProjectionType").asText() + "' is not ALL, "
                        + "KEYS_ONLY or INCLUDE; read as ALL");
                yield ProjectionDefinition.all();
            }
        };
    }

    private KeyAttributeDefinition.KeyAttributeType type(String type, String path) {
        try {
            return KeyAttributeDefinition.KeyAttributeType.valueOf(type);
        } catch (IllegalArgumentException e) {
            notes.notMapped(path, "key type '" + type + "' is not S, N or B; read as S");
            return KeyAttributeDefinition.KeyAttributeType.S;
        }
    }
}
