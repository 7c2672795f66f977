package dev.singletable.design.internal.export;

import java.util.List;
import java.util.Locale;

/**
 * Tables as Terraform {@code aws_dynamodb_table} resources in HCL. Values are written as quoted
 * strings with HCL's escapes (backslash, quote, and {@code ${} / {@code %{} doubled so that a name
 * is never read as a template).
 */
public final class TerraformResource {
    /** The first hashicorp/aws provider whose {@code global_secondary_index} takes {@code key_schema} blocks (multi-attribute keys). */
    public static final String MULTI_ATTRIBUTE_KEYS_PROVIDER = "6.29.0";

    private TerraformResource() {
    }

    public static String hcl(List<DeployableTable> tables, String source) {
        StringBuilder hcl = new StringBuilder();
        hcl.append("# DynamoDB ").append(tables.size() == 1 ? "table " : "tables ")
                .append(String.join(", ", tables.stream().map(DeployableTable::name).toList()))
                .append(", exported by singletable from ").append(source.replace('\n', ' ')).append('\n');
        List<String> multiAttribute = tables.stream().flatMap(table -> table.globalIndexes().stream().filter(DeployableTable.Index::multiAttribute)
                .map(index -> table.name() + "." + index.name())).toList();
        if (!multiAttribute.isEmpty()) {
            // key_schema blocks in a global_secondary_index came with the AWS provider 6.29.0: an older one refuses them
            hcl.append('\n')
                    .append("# ").append(String.join(", ", multiAttribute)).append(multiAttribute.size() == 1 ? " has" : " have")
                    .append(" a multi-attribute key, written as key_schema blocks,\n")
                    .append("# which the AWS provider reads from version ").append(MULTI_ATTRIBUTE_KEYS_PROVIDER)
                    .append(" on (move this to your terraform block if you have one)\n")
                    .append("terraform {\n")
                    .append("  required_providers {\n")
                    .append("    aws = {\n")
                    .append("      source  = \"hashicorp/aws\"\n")
                    .append("      version = \">= ").append(MULTI_ATTRIBUTE_KEYS_PROVIDER).append("\"\n")
                    .append("    }\n")
                    .append("  }\n")
                    .append("}\n");
        }
        List<String> names = DeployableTable.uniqueNames(tables, TerraformResource::resourceName);
        for (int i = 0; i < tables.size(); i++) {
            hcl.append('\n');
            resource(tables.get(i), names.get(i), hcl);
        }
        return hcl.toString();
    }

    private static void resource(DeployableTable table, String resourceName, StringBuilder hcl) {
        hcl.append("resource \"aws_dynamodb_table\" ").append(quoted(resourceName)).append(" {\n");
        attribute(hcl, 1, "name", quoted(table.name()));
        attribute(hcl, 1, "billing_mode", quoted(table.billing().mode().name()));
        if (table.provisioned()) {
            attribute(hcl, 1, "read_capacity", String.valueOf(table.billing().readCapacity().orElse(1L)));
            attribute(hcl, 1, "write_capacity", String.valueOf(table.billing().writeCapacity().orElse(1L)));
        }
        attribute(hcl, 1, "hash_key", quoted(table.keySchema().get(0).attribute()));
        if (table.keySchema().size() > 1) {
            attribute(hcl, 1, "range_key", quoted(table.keySchema().get(1).attribute()));
        }
        attribute(hcl, 1, "deletion_protection_enabled", String.valueOf(table.deletionProtection()));
        table.stream().ifPresent(view -> {
            attribute(hcl, 1, "stream_enabled", "true");
            attribute(hcl, 1, "stream_view_type", quoted(view.name()));
        });
        table.attributes().forEach(a -> {
            hcl.append('\n');
            block(hcl, 1, "attribute");
            attribute(hcl, 2, "name", quoted(a.name()));
            attribute(hcl, 2, "type", quoted(a.type().name()));
            end(hcl, 1);
        });
        for (DeployableTable.Index index : table.globalIndexes()) {
            globalIndex(table, index, hcl);
        }
        for (DeployableTable.Index index : table.localIndexes()) {
            hcl.append('\n');
            block(hcl, 1, "local_secondary_index");
            attribute(hcl, 2, "name", quoted(index.name()));
            attribute(hcl, 2, "range_key", quoted(index.keySchema().stream().filter(k -> k.keyType().equals("RANGE")).findFirst().orElseThrow().attribute()));
            projection(index, hcl);
            end(hcl, 1);
        }
        table.timeToLiveAttribute().ifPresent(ttl -> {
            hcl.append('\n');
            block(hcl, 1, "ttl");
            attribute(hcl, 2, "attribute_name", quoted(ttl));
            attribute(hcl, 2, "enabled", "true");
            end(hcl, 1);
        });
        hcl.append('\n');
        block(hcl, 1, "point_in_time_recovery");
        attribute(hcl, 2, "enabled", String.valueOf(table.pointInTimeRecovery()));
        end(hcl, 1);
        if (!table.tags().isEmpty()) {
            hcl.append('\n');
            hcl.append("  tags = {\n");
            table.tags().forEach((key, value) -> attribute(hcl, 2, quoted(key), quoted(value)));
            hcl.append("  }\n");
        }
        hcl.append("}\n");
    }

    private static void globalIndex(DeployableTable table, DeployableTable.Index index, StringBuilder hcl) {
        hcl.append('\n');
        block(hcl, 1, "global_secondary_index");
        attribute(hcl, 2, "name", quoted(index.name()));
        if (index.multiAttribute()) {
            // a multi-attribute key: one key_schema block per attribute, in key order
            for (DeployableTable.KeyElement key : index.keySchema()) {
                block(hcl, 2, "key_schema");
                attribute(hcl, 3, "attribute_name", quoted(key.attribute()));
                attribute(hcl, 3, "key_type", quoted(key.keyType()));
                end(hcl, 2);
            }
        } else {
            keys(index, hcl);
        }
        projection(index, hcl);
        if (table.provisioned()) {
            attribute(hcl, 2, "read_capacity", String.valueOf(table.billing().readCapacity().orElse(1L)));
            attribute(hcl, 2, "write_capacity", String.valueOf(table.billing().writeCapacity().orElse(1L)));
        }
        end(hcl, 1);
    }

    private static void keys(DeployableTable.Index index, StringBuilder hcl) {
        for (DeployableTable.KeyElement key : index.keySchema()) {
            attribute(hcl, 2, key.keyType().equals("HASH") ? "hash_key" : "range_key", quoted(key.attribute()));
        }
    }

    private static void projection(DeployableTable.Index index, StringBuilder hcl) {
        attribute(hcl, 2, "projection_type", quoted(index.projection().type().name()));
        if (!index.projection().attributes().isEmpty()) {
            attribute(hcl, 2, "non_key_attributes", "[" + String.join(", ", index.projection().attributes().stream().map(TerraformResource::quoted).toList()) + "]");
        }
    }

    /** snake_case of the table name, starting with a letter or underscore, as Terraform names resources. */
    static String resourceName(DeployableTable table) {
        String snake = table.name().replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("[^A-Za-z0-9_-]", "_").toLowerCase(Locale.ROOT);
        return Character.isLetter(snake.charAt(0)) || snake.charAt(0) == '_' ? snake : "_" + snake;
    }

    private static void block(StringBuilder hcl, int depth, String type) {
        hcl.append("  ".repeat(depth)).append(type).append(" {\n");
    }

    private static void end(StringBuilder hcl, int depth) {
        hcl.append("  ".repeat(depth)).append("}\n");
    }

    private static void attribute(StringBuilder hcl, int depth, String name, String value) {
        hcl.append("  ".repeat(depth)).append(name).append(" = ").append(value).append('\n');
    }

    static String quoted(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> quoted.append("\\\\");
                case '"' -> quoted.append("\\\"");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                case '$', '%' -> {
                    quoted.append(c);
                    if (i + 1 < text.length() && text.charAt(i + 1) == '{') {
                        quoted.append(c);
                    }
                }
                default -> quoted.append(c);
            }
        }
        return quoted.append('"').toString();
    }
}
