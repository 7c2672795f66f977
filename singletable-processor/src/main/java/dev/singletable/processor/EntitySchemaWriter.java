package dev.singletable.processor;

import dev.singletable.processor.EntityModel.Hook;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;

import java.util.List;
import java.util.stream.Collectors;

import static dev.singletable.processor.CreationWriter.generator;
import static dev.singletable.processor.JavaSource.CONTINUATION;
import static dev.singletable.processor.JavaSource.INDENT;
import static dev.singletable.processor.JavaSource.anonymous;
import static dev.singletable.processor.JavaSource.escape;
import static dev.singletable.processor.JavaSource.quoted;
import static dev.singletable.processor.JavaSource.read;

/**
 * The entity's {@code INSTANCE}, built by one chain of {@code EntitySchema.Builder} calls (or {@code base()} and its
 * {@code STATES} for an entity stored by its state): attributes, keys, indexes, maintained attributes, hooks, volume.
 */
final class EntitySchemaWriter {
    private EntitySchemaWriter() {
    }

    /** Appends the entity's schema constant (or states) and its generated-id fillers. */
    static void write(StringBuilder body, EntityModel model, List<Property> mapped, ImportScope scope, String entity, String map) {
        String schema = scope.name("dev.singletable.EntitySchema");
        boolean stated = model.states().isPresent();
        String dot = "\n" + CONTINUATION + (stated ? INDENT : "") + ".";
        opening(body, model, mapped, scope, entity, schema, dot, stated);
        indexCalls(body, model, scope, entity, dot);
        maintainedCalls(body, model, scope, entity, dot);
        hookCalls(body, model, scope, entity, map, dot);
        volumeCall(body, model, scope, dot);
        // the core's messages then give their fixes in annotation terms (@Attribute(required = true)), not Attribute.of(...)
        body.append(dot).append("declaredWith(").append(scope.name("dev.singletable.Declaration")).append(".ANNOTATIONS)");
        body.append(dot).append("factory(CODEC)");
        body.append(dot).append("codec(CODEC)");
        if (stated) {
            body.append(";\n").append(INDENT).append("}\n");
            body.append(StatesWriter.states(model, model.states().get(), scope, entity, schema));
        } else {
            body.append(dot).append("build();\n");
        }
        for (Property property : model.properties()) {
            if (property.generatedId() != null) {
                body.append(generator(model, property, scope, entity));
            }
        }
    }

    /** The builder up to its keys: {@code INSTANCE}'s type, attributes and primary key, or {@code base()}'s attributes. */
    private static void opening(StringBuilder body, EntityModel model, List<Property> mapped, ImportScope scope, String entity,
                                String schema, String dot, boolean stated) {
        if (stated) {
            body.append("\n").append(INDENT).append("/** What the states of {@code ").append(model.typeName())
                    .append("} share: attributes and how to build a {@link ").append(entity).append("}; each state adds its keys. */\n")
                    .append(INDENT).append("private static ").append(schema).append(".Builder<").append(entity).append("> base() {\n")
                    .append(INDENT).append(INDENT).append("return ").append(schema).append(".builder(").append(entity).append(".class)")
                    .append(attributesCalls(mapped, dot));
        } else {
            body.append("\n").append(INDENT).append("/** The entity {@code ").append(model.typeName()).append("}: attributes, keys and how to build a {@link ")
                    .append(entity).append("}. */\n")
                    .append(INDENT).append("public static final ").append(schema).append("<").append(entity).append("> INSTANCE = ")
                    .append(schema).append(".builder(").append(entity).append(".class)")
                    .append(dot).append("type(\"").append(escape(model.typeName())).append("\")")
                    .append(attributesCalls(mapped, dot));
            body.append(dot).append("primaryKey(\"").append(escape(model.partitionTemplate())).append("\"");
            if (model.sortTemplate() != null) {
                body.append(", \"").append(escape(model.sortTemplate())).append("\"");
            }
            body.append(")");
        }
    }

    /**
     * {@code attributes(...)} with the written properties, then {@code readOnlyAttributes(...)} with the {@code @Ignore(WRITE)} ones,
     * which the factory reads (the core refuses a factory reading an attribute declared neither way).
     */
    private static String attributesCalls(List<Property> mapped, String dot) {
        String calls = dot + "attributes(" + mapped.stream().filter(Property::written).map(Property::constant)
                .collect(Collectors.joining(", ")) + ")";
        String readOnly = mapped.stream().filter(property -> !property.written()).map(Property::constant).collect(Collectors.joining(", "));
        return readOnly.isEmpty() ? calls : calls + dot + "readOnlyAttributes(" + readOnly + ")";
    }

    /** One {@code index(...)} call per index, with its condition as a predicate. */
    private static void indexCalls(StringBuilder body, EntityModel model, ImportScope scope, String entity, String dot) {
        for (IndexModel index : model.indexes()) {
            if (index.multiAttribute()) {
                String list = scope.name("java.util.List");
                body.append(dot).append("index(\"").append(escape(index.name())).append("\", ").append(scope.name("dev.singletable.IndexKey"))
                        .append(".ofAttributes(").append(list).append(".of(").append(quoted(index.partitions())).append("), ")
                        .append(list).append(".of(").append(quoted(index.sorts())).append("))");
            } else {
                body.append(dot).append("index(\"").append(escape(index.name())).append("\", \"").append(escape(index.partition())).append("\"");
                if (index.sort() != null) {
                    body.append(", \"").append(escape(index.sort())).append("\"");
                }
            }
            if (index.condition() != null) {
                String test = index.conditionIsStatic() ? entity + "." + index.condition() + "(entity)" : "entity." + index.condition() + "()";
                body.append(", ").append(anonymous(scope.name("java.util.function.Predicate")
                        + "<" + entity + ">", "boolean", "test", entity + " entity", "return " + test + ";", CONTINUATION));
            }
            body.append(")");
        }
    }

    /** Maintained attributes ({@code version(...)}, ...) and the {@code beforeWrite} of each generated id. */
    private static void maintainedCalls(StringBuilder body, EntityModel model, ImportScope scope, String entity, String dot) {
        for (String maintained : model.maintained()) {
            int colon = maintained.indexOf(':');
            body.append(dot).append(maintained, 0, colon).append("(").append(maintained.substring(colon + 1)).append(")");
        }
        for (Property property : model.properties()) {
            if (property.generatedId() != null) {
                body.append(dot).append("beforeWrite(").append(anonymous(scope.name("java.util.function.UnaryOperator") + "<" + entity + ">",
                        entity, "apply", entity + " entity",
                        "return generate" + Names.capitalize(property.javaName()) + "(entity);", CONTINUATION)).append(")");
            }
        }
    }

    /** The item hooks and the attribute bag. */
    private static void hookCalls(StringBuilder body, EntityModel model, ImportScope scope, String entity, String map, String dot) {
        for (Hook hook : model.hooks()) {
            String call = entity + "." + hook.method();
            String hookClass = switch (hook.builderMethod()) {
                case "beforeFromItem" -> anonymous(scope.name("java.util.function.Consumer") + "<" + map + ">", "void", "accept",
                        map + " item", call + "(item);", CONTINUATION);
                case "afterFromItem" -> anonymous(scope.name("java.util.function.BiFunction") + "<" + map + ", " + entity + ", " + entity + ">",
                        entity, "apply", map + " item, " + entity + " entity", "return " + call + "(item, entity);", CONTINUATION);
                default -> anonymous(scope.name("java.util.function.BiConsumer") + "<" + entity + ", " + map + ">", "void", "accept",
                        entity + " entity, " + map + " item", call + "(entity, item);", CONTINUATION);
            };
            body.append(dot).append(hook.builderMethod()).append("(").append(hookClass).append(")");
        }
        for (Property property : model.properties()) {
            if (property.bag()) {
                body.append(dot).append("attributeBag(").append(anonymous(scope.name("java.util.function.Function") + "<" + entity + ", " + map + ">",
                        map, "apply", entity + " entity", "return " + read(property, "entity") + ";", CONTINUATION)).append(")");
            }
        }
    }

    /** {@code volume(...)}, when the entity declares its volume. */
    private static void volumeCall(StringBuilder body, EntityModel model, ImportScope scope, String dot) {
        VolumeFacts volume = VolumeFacts.of(model.element());
        if (!volume.isEmpty()) {
            body.append(dot).append("volume(").append(scope.name("dev.singletable.Volume")).append(".none()");
            volume.count().ifPresent(count -> body.append(".count(").append(count).append("L)"));
            volume.partitionKeyValues().ifPresent(values -> body.append(".partitionKeyValues(").append(values).append("L)"));
            volume.writesPeak().ifPresent(peak -> body.append(".writes(").append(peak).append(", ")
                    .append(volume.writesAverage().orElseThrow()).append(")"));
            body.append(")");
        }
    }
}
