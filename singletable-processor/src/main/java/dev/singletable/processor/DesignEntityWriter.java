package dev.singletable.processor;

import dev.singletable.annotations.TimeToLive;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.singletable.processor.DesignFileWriter.entityType;
import static dev.singletable.processor.DesignFileWriter.enumValues;
import static dev.singletable.processor.DesignFileWriter.quote;
import static dev.singletable.processor.DesignFileWriter.strings;

/**
 * One entity of the schema file: its attributes, keys and indexes (or its states), attribute bag, volume, example items
 * and where it is declared. Writes into the file's text that {@link DesignFileWriter} renders around it.
 */
final class DesignEntityWriter {
    private final DesignFileWriter file;
    private final StringBuilder out;
    private final Map<String, List<String>> examples;
    private final Map<String, String> sources;
    private final Map<String, String> present;

    DesignEntityWriter(DesignFileWriter file, StringBuilder out, Map<String, List<String>> examples, Map<String, String> sources,
                       Map<String, String> present) {
        this.file = file;
        this.out = out;
        this.examples = examples;
        this.sources = sources;
        this.present = present;
    }

    /** The entity's object: attributes, keys (or states), bag, volume, examples and source. */
    void entity(EntityModel entity) {
        indent(2).append(quote(entity.entity() ? entityType(entity) : entity.typeName())).append(": {\n");
        indent(3).append("\"attributes\": {\n");
        boolean bag = attributes(entity);
        indent(3).append("},\n");
        if (entity.states().isPresent()) {
            states(entity.states().get());
        } else {
            keys(entity);
        }
        if (bag) {
            out.append(",\n");
            indent(3).append("\"attributeBag\": true");
        }
        volume(VolumeFacts.of(entity.element()));
        List<String> items = examples.getOrDefault(entity.typeName(), List.of());
        if (!items.isEmpty()) {
            out.append(",\n");
            indent(3).append("\"examples\": [\n");
            for (int i = 0; i < items.size(); i++) {
                indent(4).append(items.get(i)).append(i + 1 < items.size() ? ",\n" : "\n");
            }
            indent(3).append("]");
        }
        String source = sources.get(entity.typeName());
        if (source != null) {
            member("source", source);
        }
        out.append("\n");
        indent(2).append("}");
    }

    /** The attributes' members, one line each; true when the entity has an attribute bag (not among them). */
    private boolean attributes(EntityModel entity) {
        List<String> attributes = new ArrayList<>();
        boolean bag = false;
        for (EntityModel.Property property : entity.properties()) {
            if (property.bag()) {
                bag = true;
                continue;
            }
            if (!property.mapped()) {
                continue;
            }
            StringBuilder attribute = new StringBuilder();
            attribute.append("        ").append(quote(property.attributeName())).append(": {").append(file.typeFields(property.typeCode()));
            enumValues(property.typeCode()).ifPresent(values -> attribute.append(", \"values\": [")
                    .append(String.join(", ", values.stream().map(DesignFileWriter::quote).toList())).append("]"));
            if (property.required()) {
                attribute.append(", \"required\": true");
            }
            String role = property.element().getAnnotation(TimeToLive.class) != null ? "timeToLive" : property.maintainedAs();
            if (role != null) {
                attribute.append(", \"role\": ").append(quote(role));
            }
            if (property.generatedId() != null) {
                attribute.append(", \"generated\": ").append(quote(property.generatedId().toLowerCase(Locale.ROOT)));
            }
            attribute.append(DesignFileWriter.optionFields(property.options()));
            attributes.add(attribute.append("}").toString());
        }
        out.append(String.join(",\n", attributes)).append("\n");
        return bag;
    }

    /** {@code "keys"} and {@code "indexes"} of an entity whose keys do not depend on its state. */
    private void keys(EntityModel entity) {
        indent(3).append("\"keys\": {\"pk\": ").append(quote(entity.partitionTemplate()));
        if (entity.sortTemplate() != null && !entity.sortTemplate().isEmpty()) {
            out.append(", \"sk\": ").append(quote(entity.sortTemplate()));
        }
        out.append("}");
        if (!entity.indexes().isEmpty()) {
            out.append(",\n");
            indent(3).append("\"indexes\": {\n");
            for (int i = 0; i < entity.indexes().size(); i++) {
                EntityModel.IndexModel index = entity.indexes().get(i);
                indent(4).append(quote(index.name())).append(": {\"pk\": ").append(index.partitions().size() > 1
                        ? strings(index.partitions()) : quote(index.partition()));
                if (index.sorts().size() > 1) {
                    out.append(", \"sk\": ").append(strings(index.sorts()));
                } else if (index.sort() != null && !index.sort().isEmpty()) {
                    out.append(", \"sk\": ").append(quote(index.sort()));
                }
                String presentAttribute = present.get(PresentConditions.key(entity, index));
                if (presentAttribute != null) {
                    out.append(", \"when\": {\"present\": ").append(quote(presentAttribute)).append("}");
                } else if (index.condition() != null) {
                    out.append(", \"when\": {\"java\": ").append(quote(index.condition())).append("}");
                }
                out.append("}").append(i + 1 < entity.indexes().size() ? ",\n" : "\n");
            }
            indent(3).append("}");
        }
    }


    /** {@code count}, {@code partitionKeyValues} and {@code writes} of an entity's {@code @Volume}, as a schema file declares them. */
    private void volume(VolumeFacts volume) {
        volume.count().ifPresent(count -> member("count", Long.toString(count)));
        volume.partitionKeyValues().ifPresent(values -> member("partitionKeyValues", Long.toString(values)));
        volume.writesPeak().ifPresent(peak -> member("writes", "{\"peak\": " + number(peak) + ", \"average\": "
                + number(volume.writesAverage().orElseThrow()) + "}"));
    }

    /** One more member of an entity's object, after those written. */
    private void member(String name, String json) {
        out.append(",\n");
        indent(3).append(quote(name)).append(": ").append(json);
    }

    /** A rate as JSON: whole numbers without a fraction. */
    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }

    /** An entity's {@code states} in the place of its keys: the state attribute and each value's type, keys and indexes. */
    private void states(EntityModel.StatesModel states) {
        indent(3).append("\"states\": {\n");
        field(4, "attribute", states.attribute().attributeName()).append(",\n");
        indent(4).append("\"values\": {\n");
        for (int s = 0; s < states.states().size(); s++) {
            EntityModel.StateModel state = states.states().get(s);
            indent(5).append(quote(state.value())).append(": {\"type\": ").append(quote(state.type()))
                    .append(", \"keys\": {\"pk\": ").append(quote(state.partition()));
            if (state.sort() != null && !state.sort().isEmpty()) {
                out.append(", \"sk\": ").append(quote(state.sort()));
            }
            out.append("}");
            if (!state.indexes().isEmpty()) {
                out.append(", \"indexes\": {");
                for (int i = 0; i < state.indexes().size(); i++) {
                    EntityModel.IndexModel index = state.indexes().get(i);
                    out.append(i == 0 ? "" : ", ").append(quote(index.name())).append(": {\"pk\": ").append(index.partitions().size() > 1
                            ? strings(index.partitions()) : quote(index.partition()));
                    if (index.sorts().size() > 1) {
                        out.append(", \"sk\": ").append(strings(index.sorts()));
                    } else if (index.sort() != null && !index.sort().isEmpty()) {
                        out.append(", \"sk\": ").append(quote(index.sort()));
                    }
                    out.append("}");
                }
                out.append("}");
            }
            out.append("}").append(s + 1 < states.states().size() ? ",\n" : "\n");
        }
        indent(4).append("}\n");
        indent(3).append("}");
    }

    private StringBuilder field(int depth, String name, String value) {
        return file.field(depth, name, value);
    }

    private StringBuilder indent(int depth) {
        return file.indent(depth);
    }
}
