package dev.singletable.processor;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code <Holder>Design}: the {@code TableSchema} a {@code @TableDesign} declares, built with the core's builders from
 * the entities' generated schemas, so that a code-first table is declared once. Renders text only, like {@link SchemaWriter}.
 */
final class TableSchemaWriter {
    private static final String INDENT = "    ";
    private static final String CONTINUATION = INDENT + INDENT + INDENT;

    private TableSchemaWriter() {
    }

    static String write(String packageName, String className, String holder, boolean isPublic, TableFacts table,
                        List<EntityModel> entities) {
        return write(packageName, className, holder, isPublic, table, entities, List.of());
    }

    /** As above, with a typed {@code Relation} constant per relation, declared before {@code SCHEMA}, which registers them. */
    static String write(String packageName, String className, String holder, boolean isPublic, TableFacts table,
                        List<EntityModel> entities, List<RelationFacts> relations) {
        ImportScope scope = new ImportScope(packageName, className);
        String relationConstants = relationConstants(scope, relations);
        String tableSchema = scope.name("dev.singletable.TableSchema");
        String indexSchema = scope.name("dev.singletable.IndexSchema");
        String keyAttribute = scope.name("dev.singletable.KeyAttribute");
        String projection = scope.name("dev.singletable.Projection");
        StringBuilder chain = new StringBuilder();
        chain.append(tableSchema).append(".builder(").append(literal(table.name())).append(")");
        line(chain).append(".partitionKey(").append(key(keyAttribute, table.partitionKey())).append(")");
        if (table.hasSortKey()) {
            line(chain).append(".sortKey(").append(key(keyAttribute, table.sortKey())).append(")");
        } else {
            line(chain).append(".noSortKey()");
        }
        indexes(chain, table, indexSchema, keyAttribute, projection);
        line(chain).append(".entityTypeAttribute(").append(literal(table.entityTypeAttribute())).append(")");
        if (!table.timeToLiveAttribute().isEmpty()) {
            line(chain).append(".timeToLiveAttribute(").append(literal(table.timeToLiveAttribute())).append(")");
        }
        if (!table.stream().isEmpty()) {
            line(chain).append(".stream(").append(scope.name("software.amazon.awssdk.services.dynamodb.model.StreamViewType"))
                    .append(".").append(table.stream()).append(")");
        }
        entities(chain, scope, entities, relations);
        line(chain).append(".build();");
        String generated = scope.name("javax.annotation.processing.Generated");
        StringBuilder file = new StringBuilder();
        if (!packageName.isEmpty()) {
            file.append("package ").append(packageName).append(";\n\n");
        }
        file.append(scope.importBlock()).append("\n")
                .append("/**\n * The table {@code ").append(table.name()).append("} as {@code @TableDesign} on {@link ").append(holder)
                .append("} declares it.\n */\n")
                .append("@").append(generated).append("(\"").append(SchemaWriter.PROCESSOR).append("\")\n")
                .append(isPublic ? "public " : "").append("final class ").append(className).append(" {\n")
                .append(relationConstants)
                .append(INDENT).append("/** The table's schema: keys, indexes and entities. */\n")
                .append(INDENT).append("public static final ").append(tableSchema).append(" SCHEMA = ").append(chain).append("\n\n")
                .append(INDENT).append("private ").append(className).append("() {\n").append(INDENT).append("}\n}\n");
        return file.toString();
    }

    /** One {@code .index(...)} per index of the table: its keys and projection. */
    private static void indexes(StringBuilder chain, TableFacts table, String indexSchema, String keyAttribute, String projection) {
        for (TableFacts.IndexFacts index : table.indexes()) {
            line(chain).append(".index(").append(indexSchema).append(index.local() ? ".local(" : ".global(").append(literal(index.name()))
                    .append(")");
            if (!index.partitionKey().isEmpty()) {
                chain.append(".partitionKey(").append(keys(keyAttribute, index.partitionKey())).append(")");
            }
            if (!index.sortKey().isEmpty()) {
                chain.append(".sortKey(").append(keys(keyAttribute, index.sortKey())).append(")");
            }
            line(chain).append(INDENT).append(".projection(").append(projection).append(switch (index.projection()) {
                case "KEYS_ONLY" -> ".keysOnly()";
                case "INCLUDE" -> ".include(" + String.join(", ", index.include().stream().map(TableSchemaWriter::literal).toList()) + ")";
                default -> ".all()";
            }).append(").build())");
        }
    }

    /** The entities' schemas, the states of those stored by their state, and the relations' constants. */
    private static void entities(StringBuilder chain, ImportScope scope, List<EntityModel> entities, List<RelationFacts> relations) {
        List<String> schemas = new ArrayList<>();
        List<String> states = new ArrayList<>();
        for (EntityModel entity : entities) {
            String schema = entity.packageName().isEmpty() ? entity.schemaName() : entity.packageName() + "." + entity.schemaName();
            if (entity.states().isPresent()) {
                states.add(scope.name(schema) + ".STATES");
            } else {
                schemas.add(scope.name(schema) + ".INSTANCE");
            }
        }
        if (!schemas.isEmpty()) {
            line(chain).append(".entities(").append(String.join(",\n" + CONTINUATION + INDENT, schemas)).append(")");
        }
        for (String state : states) {
            line(chain).append(".states(").append(state).append(")");
        }
        for (RelationFacts relation : relations) {
            line(chain).append(".relation(").append(relation.constant()).append(")");
        }
    }

    private static String relationConstants(ImportScope scope, List<RelationFacts> relations) {
        StringBuilder constants = new StringBuilder();
        if (relations.isEmpty()) {
            return "";
        }
        String relationType = scope.name("dev.singletable.Relation");
        for (RelationFacts relation : relations) {
            String first = scope.name(relation.first().element());
            String second = scope.name(relation.second().element());
            String firstSchema = scope.name(RelationFacts.schemaClass(relation.first()));
            String secondSchema = scope.name(RelationFacts.schemaClass(relation.second()));
            StringBuilder chain = new StringBuilder();
            chain.append(relationType).append(".between(").append(literal(relation.name())).append(", ").append(firstSchema)
                    .append(".INSTANCE, ").append(secondSchema).append(".INSTANCE)");
            line(chain).append(".firstSide(").append(literal(relation.firstPk())).append(", ").append(literal(relation.firstSk())).append(")");
            line(chain).append(".secondSide(").append(literal(relation.secondPk())).append(", ").append(literal(relation.secondSk()))
                    .append(")");
            if (!relation.itemTypes().isEmpty()) {
                line(chain).append(".itemTypes(").append(literal(relation.itemTypes().get(0))).append(", ")
                        .append(literal(relation.itemTypes().get(1))).append(")");
            }
            if (!relation.copyFromFirst().isEmpty()) {
                line(chain).append(".copyFromFirst(").append(String.join(", ", relation.copyFromFirst().stream()
                        .map(p -> firstSchema + "." + p.constant()).toList())).append(")");
            }
            if (!relation.copyFromSecond().isEmpty()) {
                line(chain).append(".copyFromSecond(").append(String.join(", ", relation.copyFromSecond().stream()
                        .map(p -> secondSchema + "." + p.constant()).toList())).append(")");
            }
            if (relation.propagateCopies()) {
                line(chain).append(".propagateCopies()");
            }
            if (!relation.edges().isEmpty()) {
                String types = scope.name("dev.singletable.AttributeTypes");
                line(chain).append(".edge(").append(String.join(", ", relation.edges().stream().map(edge -> relationType
                        + (edge.required() ? ".requiredEdgeAttribute(" : ".edgeAttribute(") + literal(edge.name()) + ", " + types + "."
                        + edge.typeCode() + ")").toList())).append(")");
            }
            line(chain).append(".build();");
            constants.append(INDENT).append("/** The relation {@code ").append(relation.name()).append("} between {@link ").append(first)
                    .append("} and {@link ").append(second).append("}; {@code inverse()} reads it from the second side. */\n")
                    .append(INDENT).append("public static final ").append(relationType).append("<").append(first).append(", ")
                    .append(second).append("> ").append(relation.constant()).append(" = ").append(chain).append("\n\n");
        }
        return constants.toString();
    }

    private static StringBuilder line(StringBuilder chain) {
        return chain.append("\n").append(CONTINUATION);
    }

    private static String keys(String keyAttribute, List<TableFacts.KeyFacts> keys) {
        return String.join(", ", keys.stream().map(k -> key(keyAttribute, k)).toList());
    }

    private static String key(String keyAttribute, TableFacts.KeyFacts key) {
        return keyAttribute + switch (key.type()) {
            case "N" -> ".number(";
            case "B" -> ".binary(";
            default -> ".string(";
        } + literal(key.name()) + ")";
    }

    private static String literal(String text) {
        return DesignFileWriter.quote(text);
    }
}
