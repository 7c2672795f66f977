package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.internal.SampleEntities.Keys;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The declared layout of a NoSQL Workbench table: its key attributes, its GSIs and LSIs with their projections, and its
 * billing. What a design cannot hold (auto scaling, an LSI DynamoDB would not create) is a note.
 */
final class WorkbenchTableLayout {
    private final ImportNotes notes;

    WorkbenchTableLayout(ImportNotes notes) {
        this.notes = notes;
    }

    Keys keys(JsonNode keyAttributes, String path) {
        JsonNode partition = keyAttributes.path("PartitionKey");
        if (!partition.has("AttributeName")) {
            throw new DesignImportException(path + ".PartitionKey: the table has no partition key; every table of a model has one");
        }
        JsonNode sort = keyAttributes.path("SortKey");
        return new Keys(keyAttribute(partition, path + ".PartitionKey"),
                sort.has("AttributeName") ? Optional.of(keyAttribute(sort, path + ".SortKey")) : Optional.empty());
    }

    KeyAttributeDefinition keyAttribute(JsonNode key, String path) {
        String type = key.path("AttributeType").asText("S");
        KeyAttributeDefinition.KeyAttributeType keyType;
        try {
            keyType = KeyAttributeDefinition.KeyAttributeType.valueOf(type);
        } catch (IllegalArgumentException e) {
            notes.notMapped(path + ".AttributeType", "key type '" + type + "' is not S, N or B; read as S");
            keyType = KeyAttributeDefinition.KeyAttributeType.S;
        }
        return new KeyAttributeDefinition(key.path("AttributeName").asText(), keyType);
    }

    List<IndexDefinition> indexes(JsonNode gsis, String path) {
        List<IndexDefinition> indexes = new ArrayList<>();
        for (int i = 0; i < gsis.size(); i++) {
            JsonNode gsi = gsis.get(i);
            String at = path + "[" + i + "]";
            Keys keys = keys(gsi.path("KeyAttributes"), at + ".KeyAttributes");
            indexes.add(new IndexDefinition(text(gsi, "IndexName", at), IndexDefinition.IndexKind.GLOBAL, Optional.empty(),
                    List.of(keys.partition()), keys.sort().stream().toList(), projection(gsi.path("Projection"), at + ".Projection")));
        }
        return indexes;
    }

    /**
     * The LSIs: each shares the table's partition key, so only its sort attribute and projection are kept; one keyed
     * otherwise, or without a sort key, is not an LSI DynamoDB would create and is reported instead.
     */
    List<IndexDefinition> localIndexes(JsonNode lsis, String path, Keys table) {
        List<IndexDefinition> indexes = new ArrayList<>();
        for (int i = 0; i < lsis.size(); i++) {
            JsonNode lsi = lsis.get(i);
            String at = path + "[" + i + "]";
            String name = text(lsi, "IndexName", at);
            JsonNode keyAttributes = lsi.path("KeyAttributes");
            String partition = keyAttributes.path("PartitionKey").path("AttributeName").asText(table.partition().name());
            if (!partition.equals(table.partition().name())) {
                notes.notMapped(at + ".KeyAttributes.PartitionKey", "LSI " + name + " is keyed by " + partition + ", not the table's partition key "
                        + table.partition().name() + "; an LSI shares the table's partition key: left out, declare it as a GSI by hand");
                continue;
            }
            if (!keyAttributes.path("SortKey").has("AttributeName")) {
                notes.notMapped(at + ".KeyAttributes.SortKey", "LSI " + name + " has no sort key; an LSI needs one: left out");
                continue;
            }
            if (table.sort().isEmpty()) {
                notes.notMapped(at, "LSI " + name + ": the table has no sort key, and DynamoDB makes LSIs only on tables with one: left out");
                continue;
            }
            KeyAttributeDefinition sort = keyAttribute(keyAttributes.path("SortKey"), at + ".KeyAttributes.SortKey");
            indexes.add(new IndexDefinition(name, IndexDefinition.IndexKind.LOCAL, Optional.empty(), List.of(), List.of(sort),
                    projection(lsi.path("Projection"), at + ".Projection")));
        }
        return indexes;
    }

    private ProjectionDefinition projection(JsonNode projection, String path) {
        String type = projection.path("ProjectionType").asText("ALL");
        return switch (type) {
            case "ALL" -> ProjectionDefinition.all();
            case "KEYS_ONLY" -> new ProjectionDefinition(ProjectionDefinition.ProjectionType.KEYS_ONLY, List.of());
            case "INCLUDE" -> {
                List<String> attributes = new ArrayList<>();
                projection.path("NonKeyAttributes").forEach(a -> attributes.add(a.asText()));
                yield new ProjectionDefinition(ProjectionDefinition.ProjectionType.INCLUDE, attributes);
            }
            default -> {
                notes.notMapped(path + ".ProjectionType", "projection '" + type + "' is not ALL, KEYS_ONLY or INCLUDE; read as ALL");
                yield ProjectionDefinition.all();
            }
        };
    }

    BillingDefinition billing(JsonNode table, String path) {
        JsonNode settings = table.path("ProvisionedCapacitySettings");
        for (String scaling : List.of("AutoScalingRead", "AutoScalingWrite")) {
            if (settings.has(scaling)) {
                JsonNode target = settings.path(scaling).path("ScalableTargetRequest");
                notes.notMapped(path + ".ProvisionedCapacitySettings." + scaling, "auto scaling (" + target.path("MinCapacity").asText("?")
                        + " to " + target.path("MaxCapacity").asText("?") + " units, target " + settings.path(scaling)
                        .path("ScalingPolicyConfiguration").path("TargetValue").asText("?") + "%) is not part of a design; set it where the "
                        + "table is deployed");
            }
        }
        if (!"PROVISIONED".equals(table.path("BillingMode").asText())) {
            return BillingDefinition.payPerRequest();
        }
        JsonNode capacity = settings.path("ProvisionedThroughput");
        for (String units : List.of("ReadCapacityUnits", "WriteCapacityUnits")) {
            if (!capacity.path(units).canConvertToLong()) {
                notes.notMapped(path + ".ProvisionedCapacitySettings.ProvisionedThroughput." + units, "missing under BillingMode PROVISIONED; "
                        + "read as 5, NoSQL Workbench's default");
            }
        }
        return new BillingDefinition(BillingDefinition.BillingMode.PROVISIONED, Optional.of(capacity.path("ReadCapacityUnits").asLong(5)),
                Optional.of(capacity.path("WriteCapacityUnits").asLong(5)));
    }

    /** A field every such part of a model has: its text, or a refusal naming where it is missing. */
    static String text(JsonNode node, String field, String path) {
        JsonNode value = node.path(field);
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new DesignImportException(path + "." + field + ": missing; every " + path.replaceAll("\\[\\d+]", "").replaceAll(".*\\.", "")
                    + " of a NoSQL Workbench model has one");
        }
        return value.asText();
    }
}
