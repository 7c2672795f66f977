package dev.singletable.processor;

import dev.singletable.processor.EntityModel.IndexModel;

import javax.lang.model.SourceVersion;
import java.util.HashSet;
import java.util.Set;

import static dev.singletable.processor.JavaSource.CONTINUATION;
import static dev.singletable.processor.JavaSource.INDENT;
import static dev.singletable.processor.JavaSource.anonymous;
import static dev.singletable.processor.JavaSource.escape;
import static dev.singletable.processor.JavaSource.escapeJavadoc;
import static dev.singletable.processor.JavaSource.quoted;

/** The {@code STATES} of an entity stored by its state, and a constant per state's entity type. */
final class StatesWriter {
    private StatesWriter() {
    }

    /**
     * {@code STATES}, the entity's {@code EntityStates} built from {@code base()} and each state's keys, and one constant per
     * state's entity type (left out when its name is taken).
     */
    static String states(EntityModel model, EntityModel.StatesModel states, ImportScope scope, String entity, String schema) {
        String entityStates = scope.name("dev.singletable.EntityStates");
        String builder = schema + ".Builder<" + entity + ">";
        String enumType = states.enumType() == null ? null : scope.name(states.enumType().getQualifiedName().toString());
        String dot = "\n" + CONTINUATION + ".";
        StringBuilder out = new StringBuilder("\n");
        out.append(INDENT).append("/** {@code ").append(model.typeName()).append("} stored by its state: {@code ").append(states.attribute().attributeName())
                .append("} picks the keys, and a change of it moves the item. */\n")
                .append(INDENT).append("public static final ").append(entityStates).append("<").append(entity).append("> STATES = ")
                .append(entityStates).append(enumType == null ? ".byFlag(" : ".byEnum(").append(states.attribute().constant()).append(", ")
                .append(enumType == null ? "" : enumType + ".class, ")
                .append(anonymous(scope.name("java.util.function.Supplier") + "<" + builder + ">", builder, "get", "", "return base();",
                        CONTINUATION)).append(")");
        for (EntityModel.StateModel state : states.states()) {
            StringBuilder keys = new StringBuilder("return keys.primaryKey(\"").append(escape(state.partition())).append("\"");
            if (state.sort() != null) {
                keys.append(", \"").append(escape(state.sort())).append("\"");
            }
            keys.append(")");
            for (IndexModel index : state.indexes()) {
                if (index.multiAttribute()) {
                    String list = scope.name("java.util.List");
                    keys.append(".index(\"").append(escape(index.name())).append("\", ").append(scope.name("dev.singletable.IndexKey"))
                            .append(".ofAttributes(").append(list).append(".of(").append(quoted(index.partitions())).append("), ")
                            .append(list).append(".of(").append(quoted(index.sorts())).append(")))");
                } else {
                    keys.append(".index(\"").append(escape(index.name())).append("\", \"").append(escape(index.partition())).append("\"");
                    if (index.sort() != null) {
                        keys.append(", \"").append(escape(index.sort())).append("\"");
                    }
                    keys.append(")");
                }
            }
            keys.append(";");
            String value = enumType == null ? state.value() : enumType + "." + state.value();
            out.append(dot).append("state(").append(value).append(", \"").append(escape(state.type())).append("\", ")
                    .append(anonymous(scope.name("java.util.function.UnaryOperator") + "<" + builder + ">", builder, "apply",
                            builder + " keys", keys.toString(), CONTINUATION)).append(")");
        }
        out.append(dot).append("build();\n");
        Set<String> taken = new HashSet<>();
        model.properties().forEach(p -> taken.add(p.constant()));
        taken.add("STATES");
        taken.add("CODEC");
        for (EntityModel.StateModel state : states.states()) {
            String constant = Names.constant(state.type());
            if (!SourceVersion.isIdentifier(constant) || !taken.add(constant)) {
                continue;
            }
            String value = enumType == null ? state.value() : enumType + "." + state.value();
            out.append("\n").append(INDENT).append("/** The state {@code ").append(escapeJavadoc(state.type())).append("} ({@code ")
                    .append(states.attribute().attributeName()).append(" = ").append(state.value()).append("}), for reads by its keys. */\n")
                    .append(INDENT).append("public static final ").append(schema).append("<").append(entity).append("> ").append(constant)
                    .append(" = STATES.state(").append(value).append(");\n");
        }
        return out.toString();
    }
}
