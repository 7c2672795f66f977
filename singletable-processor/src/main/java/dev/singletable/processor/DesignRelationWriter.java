package dev.singletable.processor;

import java.util.List;
import java.util.Map;

import static dev.singletable.processor.DesignFileWriter.entityType;
import static dev.singletable.processor.DesignFileWriter.quote;
import static dev.singletable.processor.DesignFileWriter.strings;

/** The design file's {@code relations}: each relation's sides, item types, copies, edge attributes and example pairs. */
final class DesignRelationWriter {
    private final DesignFileWriter writer;
    private final StringBuilder out;
    /** Each relation's example pairs, by its name, each pair's JSON. */
    private final Map<String, List<String>> relationExamples;

    DesignRelationWriter(DesignFileWriter writer, StringBuilder out, Map<String, List<String>> relationExamples) {
        this.writer = writer;
        this.out = out;
        this.relationExamples = relationExamples;
    }

    void relations(List<RelationFacts> relations) {
        if (relations.isEmpty()) {
            return;
        }
        out.append(",\n");
        writer.indent(1).append("\"relations\": {\n");
        for (int r = 0; r < relations.size(); r++) {
            RelationFacts relation = relations.get(r);
            writer.indent(2).append(quote(relation.name())).append(": {\n");
            writer.field(3, "first", entityType(relation.first())).append(",\n");
            writer.field(3, "second", entityType(relation.second())).append(",\n");
            writer.indent(3).append("\"firstSide\": {\"pk\": ").append(quote(relation.firstPk())).append(", \"sk\": ")
                    .append(quote(relation.firstSk())).append("},\n");
            writer.indent(3).append("\"secondSide\": {\"pk\": ").append(quote(relation.secondPk())).append(", \"sk\": ")
                    .append(quote(relation.secondSk())).append("}");
            if (!relation.itemTypes().isEmpty()) {
                out.append(",\n");
                writer.indent(3).append("\"itemTypes\": ").append(strings(relation.itemTypes()));
            }
            if (!relation.copyFromFirst().isEmpty()) {
                out.append(",\n");
                writer.indent(3).append("\"copyFromFirst\": ").append(strings(relation.copyFromFirst().stream()
                        .map(EntityModel.Property::attributeName).toList()));
            }
            if (!relation.copyFromSecond().isEmpty()) {
                out.append(",\n");
                writer.indent(3).append("\"copyFromSecond\": ").append(strings(relation.copyFromSecond().stream()
                        .map(EntityModel.Property::attributeName).toList()));
            }
            if (relation.propagateCopies()) {
                out.append(",\n");
                writer.indent(3).append("\"propagateCopies\": true");
            }
            if (!relation.edges().isEmpty()) {
                out.append(",\n");
                writer.indent(3).append("\"edge\": {\n");
                for (int e = 0; e < relation.edges().size(); e++) {
                    writer.indent(4).append(edge(relation.edges().get(e))).append(e + 1 < relation.edges().size() ? ",\n" : "\n");
                }
                writer.indent(3).append("}");
            }
            List<String> pairs = relationExamples.getOrDefault(relation.name(), List.of());
            if (!pairs.isEmpty()) {
                out.append(",\n");
                writer.indent(3).append("\"examples\": [\n");
                for (int e = 0; e < pairs.size(); e++) {
                    writer.indent(4).append(pairs.get(e)).append(e + 1 < pairs.size() ? ",\n" : "\n");
                }
                writer.indent(3).append("]");
            }
            out.append("\n");
            writer.indent(2).append("}").append(r + 1 < relations.size() ? ",\n" : "\n");
        }
        writer.indent(1).append("}");
    }

    /** {@code "role": {"type": "enum", "values": ["MEMBER", "ADMIN"], "required": true}}: the kind by its file name. */
    private static String edge(RelationFacts.EdgeFacts edge) {
        StringBuilder text = new StringBuilder(quote(edge.name())).append(": {\"type\": ").append(quote(edge.kind().fileName().orElseThrow()));
        if (!edge.values().isEmpty()) {
            text.append(", \"values\": ").append(strings(edge.values()));
        }
        if (edge.required()) {
            text.append(", \"required\": true");
        }
        if (!edge.description().isEmpty()) {
            text.append(", \"description\": ").append(quote(edge.description()));
        }
        return text.append("}").toString();
    }
}
