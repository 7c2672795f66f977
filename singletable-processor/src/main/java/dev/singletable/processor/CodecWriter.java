package dev.singletable.processor;

import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.EntityModel.TypeCode;

import javax.lang.model.type.TypeKind;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.singletable.processor.CreationWriter.creation;
import static dev.singletable.processor.CreationWriter.variable;
import static dev.singletable.processor.JavaSource.ATTRIBUTE_VALUE;
import static dev.singletable.processor.JavaSource.INDENT;
import static dev.singletable.processor.JavaSource.escape;
import static dev.singletable.processor.JavaSource.read;

/**
 * The entity's {@link dev.singletable.extension.ItemCodec}: every attribute written and read in a line of its own,
 * through the same attribute types as the constants, and primitives without boxing.
 */
final class CodecWriter {
    /**
     * What the codec's methods share: the names in scope and the locals per property. The attribute bag is the reader's
     * {@code unmappedAttributes()} as is: the core keeps read-only ({@code @Ignore(WRITE)}) names out of it.
     */
    private record Codec(EntityModel model, ImportScope scope, String entity, String map, String attributeValue, String itemCodec,
                         Map<Property, String> locals) {
    }

    private static final String IN = INDENT + INDENT + INDENT;

    private CodecWriter() {
    }

    /** The {@code Codec} class of the schema. */
    static String codec(EntityModel model, ImportScope scope, String entity, String map) {
        String attributeValue = scope.name(ATTRIBUTE_VALUE);
        String itemCodec = scope.name("dev.singletable.extension.ItemCodec");
        Map<Property, String> locals = locals(model, new HashSet<>(List.of("entity", "item", "reader", variable(entity))));
        StringBuilder out = new StringBuilder("\n");
        String reader = scope.name("dev.singletable.ItemReader");
        out.append(INDENT).append("/**\n")
                .append(INDENT).append(" * Writes and reads a {@link ").append(entity)
                .append("} in straight-line code, through the same attribute types as the constants above.\n")
                .append(INDENT).append(" * As a function, it is the factory singletable falls back to when the item needs its checks.\n")
                .append(INDENT).append(" */\n");
        out.append(INDENT).append("private static final class Codec implements ").append(itemCodec).append("<").append(entity).append(">, ")
                .append(scope.name("java.util.function.Function")).append("<").append(reader).append(", ").append(entity).append("> {\n");
        out.append(INDENT).append(INDENT).append("@Override\n");
        out.append(INDENT).append(INDENT).append("public ").append(entity).append(" apply(").append(reader).append(" item) {\n");
        Codec codec = new Codec(model, scope, entity, map, attributeValue, itemCodec, locals);
        out.append(creation(model, entity, INDENT + INDENT + INDENT,
                property -> property.bag() ? "item.unmappedAttributes()" : "item.get(" + property.constant() + ")"));
        out.append(INDENT).append(INDENT).append("}\n\n");
        out.append(INDENT).append(INDENT).append("@Override\n");
        out.append(INDENT).append(INDENT).append("public void encode(").append(entity).append(" entity, ").append(map).append(" item) {\n");
        encode(out, codec);
        out.append(INDENT).append(INDENT).append("}\n\n");
        decode(out, codec);
        out.append(INDENT).append("}\n");
        return out.toString();
    }

    /** The body of {@code encode}: each written attribute put into the item, primitives without boxing. */
    private static void encode(StringBuilder out, Codec codec) {
        EntityModel model = codec.model();
        ImportScope scope = codec.scope();
        String attributeValue = codec.attributeValue();
        Map<Property, String> locals = codec.locals();
        for (Property property : model.properties()) {
            if (!property.mapped() || !property.written()) {
                continue;
            }
            String name = "\"" + escape(property.attributeName()) + "\"";
            String value = read(property, "entity");
            String type = property.constant() + ".type()";
            TypeKind kind = property.type().getKind();
            boolean builtIn = property.typeCode() instanceof TypeCode.Constant;
            if (builtIn && kind == TypeKind.BOOLEAN) {
                out.append(IN).append("item.put(").append(name).append(", ").append(attributeValue).append(".fromBool(").append(value).append("));\n");
            } else if (builtIn && (kind == TypeKind.INT || kind == TypeKind.LONG)) {
                out.append(IN).append("item.put(").append(name).append(", ").append(attributeValue).append(".fromN(")
                        .append(kind == TypeKind.INT ? "Integer" : "Long").append(".toString(").append(value).append(")));\n");
            } else if (kind.isPrimitive()) {
                out.append(IN).append("item.put(").append(name).append(", ").append(type).append(".toAttributeValue(").append(value).append("));\n");
            } else if (property.required() && !mayOmit(property.typeCode())) {
                out.append(IN).append("item.put(").append(name).append(", ").append(type).append(".toAttributeValue(")
                        .append(scope.name("java.util.Objects")).append(".requireNonNull(").append(value).append(", ").append(name).append(")));\n");
            } else {
                String local = locals.get(property);
                out.append(IN).append(scope.type(property.type())).append(" ").append(local).append(" = ").append(value).append(";\n");
                if (property.required()) {
                    out.append(IN).append(scope.name("java.util.Objects")).append(".requireNonNull(").append(local).append(", ").append(name).append(");\n")
                            .append(IN).append("if (!").append(type).append(".isOmitted(").append(local).append(")) {\n");
                } else {
                    out.append(IN).append("if (").append(local).append(" != null");
                    out.append(mayOmit(property.typeCode()) ? " && !" + type + ".isOmitted(" + local + ")" : "").append(") {\n");
                }
                out.append(IN).append(INDENT).append("item.put(").append(name).append(", ").append(type).append(".toAttributeValue(")
                        .append(local).append("));\n").append(IN).append("}\n");
            }
        }
    }

    /** The {@code decode} method: each read attribute taken from the item, then the entity created. */
    private static void decode(StringBuilder out, Codec codec) {
        EntityModel model = codec.model();
        String entity = codec.entity();
        String itemCodec = codec.itemCodec();
        Map<Property, String> locals = codec.locals();
        out.append(INDENT).append(INDENT).append("@Override\n");
        out.append(INDENT).append(INDENT).append("public ").append(entity).append(" decode(").append(codec.map()).append(" item, ")
                .append(codec.scope().name("dev.singletable.ItemReader")).append(" reader) {\n");
        for (Property property : model.properties()) {
            if (property.mapped() && property.read()) {
                out.append(IN).append(codec.attributeValue()).append(" ").append(locals.get(property)).append(" = ").append(itemCodec)
                        .append(".stored(item, \"").append(escape(property.attributeName())).append("\");\n");
            }
        }
        out.append(creation(model, entity, IN, property -> {
            if (property.bag()) {
                return "reader.unmappedAttributes()";
            }
            String local = locals.get(property);
            return local + " == null ? " + itemCodec + ".absent(" + property.constant() + ") : " + property.constant()
                    + ".type().fromAttributeValue(" + local + ")";
        }));
        out.append(INDENT).append(INDENT).append("}\n");
    }

    /** A local variable per property, named after it unless that name is taken by a parameter or another local. */
    private static Map<Property, String> locals(EntityModel model, Set<String> taken) {
        Map<Property, String> locals = new IdentityHashMap<>();
        Set<String> used = new HashSet<>(taken);
        for (Property property : model.properties()) {
            String local = property.javaName();
            while (!used.add(local)) {
                local = local + "Value";
            }
            locals.put(property, local);
        }
        return locals;
    }

    /** True when the type may write no attribute for a value (an empty set or Optional): the codec then asks the type. */
    private static boolean mayOmit(TypeCode code) {
        if (code instanceof TypeCode.Constant constant) {
            return constant.name().equals("STRING_SET");
        }
        if (code instanceof TypeCode.Of of) {
            return of.method().equals("setOf") || of.method().equals("optional");
        }
        return code instanceof TypeCode.OmitEmpty;
    }
}
