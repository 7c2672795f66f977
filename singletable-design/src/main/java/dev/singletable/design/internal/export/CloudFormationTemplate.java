package dev.singletable.design.internal.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

import java.util.List;

/** Tables as an AWS CloudFormation template in YAML: one {@code AWS::DynamoDB::Table} resource each. */
public final class CloudFormationTemplate {
    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .disable(YAMLGenerator.Feature.MINIMIZE_QUOTES)   // every string quoted: "2010-09-09" is no date to a YAML 1.1 reader
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .build());

    private CloudFormationTemplate() {
    }

    /** The template; {@code source} names the design files in its description. */
    public static String yaml(List<DeployableTable> tables, String source) {
        ObjectNode template = YAML.createObjectNode();
        template.put("AWSTemplateFormatVersion", "2010-09-09");
        template.put("Description", "DynamoDB " + (tables.size() == 1 ? "table " : "tables ")
                + String.join(", ", tables.stream().map(DeployableTable::name).toList()) + ", exported by singletable from " + source);
        ObjectNode resources = template.putObject("Resources");
        List<String> logicalIds = DeployableTable.uniqueNames(tables, DeployableTable::logicalId);
        for (int i = 0; i < tables.size(); i++) {
            DeployableTable table = tables.get(i);
            ObjectNode resource = resources.putObject(logicalIds.get(i));
            resource.put("Type", "AWS::DynamoDB::Table");
            properties(table, resource.putObject("Properties"));
        }
        try {
            return YAML.writeValueAsString(template);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always writes: " + e.getMessage(), e);
        }
    }

    private static void properties(DeployableTable table, ObjectNode properties) {
        properties.put("TableName", table.name());
        properties.put("BillingMode", table.billing().mode().name());
        if (table.provisioned()) {
            throughput(table, properties);
        }
        ArrayNode attributes = properties.putArray("AttributeDefinitions");
        table.attributes().forEach(a -> attributes.addObject().put("AttributeName", a.name()).put("AttributeType", a.type().name()));
        keySchema(table.keySchema(), properties.putArray("KeySchema"));
        if (!table.globalIndexes().isEmpty()) {
            ArrayNode indexes = properties.putArray("GlobalSecondaryIndexes");
            table.globalIndexes().forEach(index -> {
                ObjectNode node = index(index, indexes.addObject());
                if (table.provisioned()) {
                    throughput(table, node);
                }
            });
        }
        if (!table.localIndexes().isEmpty()) {
            ArrayNode indexes = properties.putArray("LocalSecondaryIndexes");
            table.localIndexes().forEach(index -> index(index, indexes.addObject()));
        }
        table.timeToLiveAttribute().ifPresent(ttl -> properties.putObject("TimeToLiveSpecification").put("AttributeName", ttl).put("Enabled", true));
        table.stream().ifPresent(view -> properties.putObject("StreamSpecification").put("StreamViewType", view.name()));
        properties.putObject("PointInTimeRecoverySpecification").put("PointInTimeRecoveryEnabled", table.pointInTimeRecovery());
        properties.put("DeletionProtectionEnabled", table.deletionProtection());
        if (!table.tags().isEmpty()) {
            ArrayNode tags = properties.putArray("Tags");
            table.tags().forEach((key, value) -> tags.addObject().put("Key", key).put("Value", value));
        }
    }

    private static ObjectNode index(DeployableTable.Index index, ObjectNode node) {
        node.put("IndexName", index.name());
        keySchema(index.keySchema(), node.putArray("KeySchema"));
        ObjectNode projection = node.putObject("Projection");
        projection.put("ProjectionType", index.projection().type().name());
        if (!index.projection().attributes().isEmpty()) {
            ArrayNode attributes = projection.putArray("NonKeyAttributes");
            index.projection().attributes().forEach(attributes::add);
        }
        return node;
    }

    private static void keySchema(List<DeployableTable.KeyElement> keySchema, ArrayNode array) {
        keySchema.forEach(k -> array.addObject().put("AttributeName", k.attribute()).put("KeyType", k.keyType()));
    }

    private static void throughput(DeployableTable table, ObjectNode node) {
        node.putObject("ProvisionedThroughput")
                .put("ReadCapacityUnits", table.billing().readCapacity().orElse(1L))
                .put("WriteCapacityUnits", table.billing().writeCapacity().orElse(1L));
    }
}
