package dev.singletable.processor;

import dev.singletable.processor.EntityModel.Creation;
import dev.singletable.processor.EntityModel.Hook;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.EntityModel.TypeCode;

import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Renders an {@link EntityModel} as the Java source a careful person would write by hand. */
final class SchemaWriter {
    static final String PROCESSOR = "dev.singletable.processor.SingleTableProcessor";
    private static final String ATTRIBUTE_VALUE = "software.amazon.awssdk.services.dynamodb.model.AttributeValue";
    private static final String INDENT = "    ";
    private static final String CONTINUATION = "            ";

    private SchemaWriter() {
    }

    static String write(EntityModel model) {
        return write(model, List.of());
    }

    /** The schema class; {@code compiled} are the models of this round, whose embedded records give an entity its path constants. */
    static String write(EntityModel model, java.util.Collection<EntityModel> compiled) {
        ImportScope scope = new ImportScope(model.packageName(), model.schemaName());
        String own = (model.packageName().isEmpty() ? "" : model.packageName() + ".") + model.schemaName();
        scope.reserve("Accessor", own + ".Accessor");
        scope.reserve("Codec", own + ".Codec");
        String entity = scope.name(model.element());
        StringBuilder body = new StringBuilder();
        String visibility = model.isPublic() ? "public " : "";
        body.append("/**\n * The schema of {@link ").append(entity).append("}, generated from its annotations.\n */\n");
        body.append("@").append(scope.name("javax.annotation.processing.Generated")).append("(\"").append(PROCESSOR).append("\")\n");
        body.append(visibility).append("final class ").append(model.schemaName()).append(" {\n");

        String attribute = scope.name("dev.singletable.Attribute");
        String types = scope.name("dev.singletable.AttributeTypes");
        List<Property> mapped = model.properties().stream().filter(Property::mapped).toList();
        for (int position = 0; position < mapped.size(); position++) {
            Property property = mapped.get(position);
            body.append(INDENT).append("public static final ").append(attribute).append("<").append(entity).append(", ")
                    .append(scope.type(property.type())).append("> ").append(property.constant()).append(" =\n")
                    .append(CONTINUATION).append(attribute).append(property.required() ? ".required(\"" : ".of(\"")
                    .append(property.attributeName()).append("\", ").append(typeCode(property.typeCode(), scope, types, CONTINUATION))
                    .append(", new Accessor<>(").append(position).append("))").append(options(property.options(), scope))
                    .append(";\n");
            if (!property.written()) {
                body.append(INDENT).append("// ").append(property.constant())
                        .append(" is read but never written (@Ignore(WRITE)), so it is not among the schema's attributes\n");
            }
        }
        if (model.entity()) {
            paths(body, model, mapped, compiled, scope, entity);
        }
        if (model.entity() && !model.indexes().isEmpty()) {
            Set<String> taken = new HashSet<>();
            for (Property property : mapped) {
                taken.add(property.constant());
            }
            taken.add("INSTANCE");
            body.append("\n");
            for (IndexModel index : model.indexes()) {
                String constant = indexConstant(index.name(), taken);
                taken.add(constant);
                body.append(INDENT).append("/** The index {@code ").append(escapeJavadoc(index.name())).append("}, as {@code query(...).index(")
                        .append(model.schemaName()).append(".").append(constant).append(")} names it. */\n")
                        .append(INDENT).append("public static final String ").append(constant).append(" = \"")
                        .append(escape(index.name())).append("\";\n");
            }
        }
        String map = scope.name("java.util.Map") + "<String, " + scope.name(ATTRIBUTE_VALUE) + ">";
        body.append("\n").append(INDENT).append("private static final Codec CODEC = new Codec();\n");
        if (model.embeddable()) {
            String attributeType = scope.name("dev.singletable.AttributeType");
            body.append("\n").append(INDENT).append("/** Stores a {@link ").append(entity).append("} as a map (M). */\n")
                    .append(INDENT).append("public static final ").append(attributeType).append("<").append(entity).append("> TYPE =\n")
                    .append(CONTINUATION).append(types).append(".object(").append(entity).append(".class, ")
                    .append(scope.name("java.util.List")).append(".of(")
                    .append(mapped.stream().filter(Property::written).map(Property::constant).collect(Collectors.joining(", ")))
                    .append("), CODEC, CODEC);\n");
        }
        if (model.entity()) {
            String schema = scope.name("dev.singletable.EntitySchema");
            boolean stated = model.states().isPresent();
            String dot = "\n" + CONTINUATION + (stated ? INDENT : "") + ".";
            if (stated) {
                body.append("\n").append(INDENT).append("/** What the states of {@code ").append(model.typeName())
                        .append("} share: attributes and how to build a {@link ").append(entity).append("}; each state adds its keys. */\n")
                        .append(INDENT).append("private static ").append(schema).append(".Builder<").append(entity).append("> base() {\n")
                        .append(INDENT).append(INDENT).append("return ").append(schema).append(".builder(").append(entity).append(".class)")
                        .append(dot).append("attributes(")
                        .append(mapped.stream().filter(Property::written).map(Property::constant).collect(Collectors.joining(", ")))
                        .append(")");
            } else {
            body.append("\n").append(INDENT).append("/** The entity {@code ").append(model.typeName()).append("}: attributes, keys and how to build a {@link ")
                    .append(entity).append("}. */\n")
                    .append(INDENT).append("public static final ").append(schema).append("<").append(entity).append("> INSTANCE = ")
                    .append(schema).append(".builder(").append(entity).append(".class)")
                    .append(dot).append("type(\"").append(escape(model.typeName())).append("\")")
                    .append(dot).append("attributes(")
                    .append(mapped.stream().filter(Property::written).map(Property::constant).collect(Collectors.joining(", ")))
                    .append(")");
            body.append(dot).append("primaryKey(\"").append(escape(model.partitionTemplate())).append("\"");
            if (model.sortTemplate() != null) {
                body.append(", \"").append(escape(model.sortTemplate())).append("\"");
            }
            body.append(")");
            }
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
            VolumeFacts volume = VolumeFacts.of(model.element());
            if (!volume.isEmpty()) {
                body.append(dot).append("volume(").append(scope.name("dev.singletable.Volume")).append(".none()");
                volume.count().ifPresent(count -> body.append(".count(").append(count).append("L)"));
                volume.partitionKeyValues().ifPresent(values -> body.append(".partitionKeyValues(").append(values).append("L)"));
                volume.writesPeak().ifPresent(peak -> body.append(".writes(").append(peak).append(", ")
                        .append(volume.writesAverage().orElseThrow()).append(")"));
                body.append(")");
            }
            body.append(dot).append("factory(CODEC)");
            body.append(dot).append("codec(CODEC)");
            if (stated) {
                body.append(";\n").append(INDENT).append("}\n");
                body.append(states(model, model.states().get(), scope, entity, schema));
            } else {
            body.append(dot).append("build();\n");
            }
            for (Property property : model.properties()) {
                if (property.generatedId() != null) {
                    body.append(generator(model, property, scope, entity));
                }
            }
        }
        body.append(codec(model, scope, entity, map));
        body.append(accessor(mapped, scope, entity));
        body.append("\n").append(INDENT).append("private ").append(model.schemaName()).append("() {\n").append(INDENT).append("}\n}\n");

        StringBuilder file = new StringBuilder();
        if (!model.packageName().isEmpty()) {
            file.append("package ").append(model.packageName()).append(";\n\n");
        }
        file.append(scope.importBlock()).append("\n").append(body);
        return file.toString();
    }

    /**
     * {@code STATES}, the entity's {@code EntityStates} built from {@code base()} and each state's keys, and one constant per
     * state's entity type (left out when its name is taken).
     */
    private static String states(EntityModel model, EntityModel.StatesModel states, ImportScope scope, String entity, String schema) {
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
        Set<String> taken = new java.util.HashSet<>();
        model.properties().forEach(p -> taken.add(p.constant()));
        taken.add("STATES");
        taken.add("CODEC");
        for (EntityModel.StateModel state : states.states()) {
            String constant = Names.constant(state.type());
            if (!javax.lang.model.SourceVersion.isIdentifier(constant) || !taken.add(constant)) {
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

    /** An index name as a constant: GSI1 stays GSI1, byStatus becomes BY_STATUS, orders-by-day ORDERS_BY_DAY. */
    static String indexConstant(String indexName, Set<String> taken) {
        StringBuilder java = new StringBuilder();
        boolean upperNext = false;
        for (int i = 0; i < indexName.length(); i++) {
            char c = indexName.charAt(i);
            if (Character.isJavaIdentifierPart(c) && c != '$') {
                java.append(upperNext && java.length() > 0 ? Character.toUpperCase(c) : c);
                upperNext = false;
            } else {
                upperNext = true;
            }
        }
        String constant = java.length() == 0 ? "INDEX" : Names.constant(java.toString());
        if (!Character.isJavaIdentifierStart(constant.charAt(0)) || taken.contains(constant)
                || constant.equals("INSTANCE_ATTRIBUTE") || constant.equals("TYPE_ATTRIBUTE")) {
            constant = "INDEX_" + constant;
        }
        while (taken.contains(constant)) {
            constant = constant + "_";
        }
        return constant;
    }

    private static String escapeJavadoc(String text) {
        return text.replace("*/", "*&#47;").replace("@", "&#64;").replace("}", "&#125;").replace("{", "&#123;");
    }

    static String writeCollection(TypeElement collection, String packageName, String className, boolean isPublic,
                                  List<TypeElement> members) {
        ImportScope scope = new ImportScope(packageName, className);
        String type = scope.name(collection);
        String entityCollection = scope.name("dev.singletable.EntityCollection");
        List<String> schemas = new ArrayList<>();
        for (TypeElement member : members) {
            String pkg = Names.packageOf(member);
            schemas.add(scope.name(pkg.isEmpty() ? Names.generatedName(member, "Schema")
                    : pkg + "." + Names.generatedName(member, "Schema")) + ".INSTANCE");
        }
        String generated = scope.name("javax.annotation.processing.Generated");
        StringBuilder file = new StringBuilder();
        if (!packageName.isEmpty()) {
            file.append("package ").append(packageName).append(";\n\n");
        }
        file.append(scope.importBlock()).append("\n")
                .append("/**\n * The entities of {@link ").append(type).append("}, read together by one query.\n */\n")
                .append("@").append(generated).append("(\"").append(PROCESSOR).append("\")\n")
                .append(isPublic ? "public " : "").append("final class ").append(className).append(" {\n")
                .append(INDENT).append("public static final ").append(entityCollection).append("<").append(type).append("> INSTANCE =\n")
                .append(CONTINUATION).append(entityCollection).append(".of(").append(type).append(".class, ")
                .append(String.join(", ", schemas)).append(");\n\n")
                .append(INDENT).append("private ").append(className).append("() {\n").append(INDENT).append("}\n}\n");
        return file.toString();
    }

    /**
     * An anonymous class implementing a functional interface with one statement: what a lambda or method
     * reference would say, without the {@code LambdaMetafactory} call that spins a class for each at run time.
     */
    private static String anonymous(String implemented, String returnType, String method, String parameters, String statement,
                                    String indent) {
        return "new " + implemented + "() {\n"
                + indent + INDENT + "@Override\n"
                + indent + INDENT + "public " + returnType + " " + method + "(" + parameters + ") {\n"
                + indent + INDENT + INDENT + statement + "\n"
                + indent + INDENT + "}\n"
                + indent + "}";
    }

    private static String read(Property property, String variable) {
        return variable + "." + property.access().name() + (property.access().field() ? "" : "()");
    }

    /**
     * {@code HOME_CITY = HOME.then(AddressSchema.CITY)}: a typed path to each attribute of each embedded record the entity
     * holds directly (deeper records too, {@code HOME_GEO_LAT}), when the record's model is compiled in this round. A
     * constant whose name another constant has is left out (the path stays reachable with {@code then}).
     */
    private static void paths(StringBuilder body, EntityModel model, List<Property> mapped, java.util.Collection<EntityModel> compiled,
                              ImportScope scope, String entity) {
        Set<String> taken = new HashSet<>();
        for (Property property : mapped) {
            taken.add(property.constant());
        }
        taken.add("INSTANCE");
        for (IndexModel index : model.indexes()) {
            taken.add(indexConstant(index.name(), new HashSet<>()));
        }
        StringBuilder constants = new StringBuilder();
        for (Property property : mapped) {
            if (property.written()) {
                nestedPaths(constants, property.constant(), property.constant(), property.typeCode(), compiled, scope, entity, taken,
                        new HashSet<>());
            }
        }
        if (constants.length() > 0) {
            String first = constants.substring(constants.indexOf("> ") + 2, constants.indexOf(" =\n"));
            body.append("\n").append(INDENT).append("// paths into embedded records (@Embeddable), for Update and Condition, as in u.set(")
                    .append(first).append(", value)\n").append(constants);
        }
    }

    private static void nestedPaths(StringBuilder out, String constant, String expression, TypeCode code,
                                    java.util.Collection<EntityModel> compiled, ImportScope scope, String entity, Set<String> taken,
                                    Set<String> visiting) {
        if (!(code instanceof TypeCode.Nested nested) || !visiting.add(nested.packageName() + "." + nested.schemaName())) {
            return;
        }
        EntityModel record = compiled.stream().filter(m -> m.embeddable() && m.packageName().equals(nested.packageName())
                && m.schemaName().equals(nested.schemaName())).findFirst().orElse(null);
        if (record == null) {
            return;
        }
        String attributePath = scope.name("dev.singletable.AttributePath");
        String schema = scope.name(nested.packageName().isEmpty() ? nested.schemaName() : nested.packageName() + "." + nested.schemaName());
        for (Property inner : record.properties()) {
            if (!inner.mapped() || !inner.written()) {
                continue;
            }
            String name = constant + "_" + inner.constant();
            String path = expression + ".then(" + schema + "." + inner.constant() + ")";
            if (!taken.add(name)) {
                continue;
            }
            out.append(INDENT).append("public static final ").append(attributePath).append("<").append(entity).append(", ")
                    .append(scope.type(inner.type())).append("> ").append(name).append(" =\n")
                    .append(CONTINUATION).append(path).append(";\n");
            nestedPaths(out, name, path, inner.typeCode(), compiled, scope, entity, taken, visiting);
        }
        visiting.remove(nested.packageName() + "." + nested.schemaName());
    }

    private static String typeCode(TypeCode code, ImportScope scope, String types, String indent) {
        if (code instanceof TypeCode.Constant constant) {
            return types + "." + constant.name();
        }
        if (code instanceof TypeCode.EnumOf enumOf) {
            String enumType = scope.name(enumOf.type());
            return types + ".enumType(" + enumType + ".class, " + enumType + ".values())";
        }
        if (code instanceof TypeCode.Of of) {
            return types + "." + of.method() + "(" + typeCode(of.element(), scope, types, indent) + ")";
        }
        if (code instanceof TypeCode.Nested nested) {
            return scope.name(nested.packageName().isEmpty() ? nested.schemaName() : nested.packageName() + "." + nested.schemaName()) + ".TYPE";
        }
        if (code instanceof TypeCode.Custom custom) {
            String owner = scope.name(custom.owner());
            String value = scope.type(custom.valueType());
            String attributeValue = scope.name(ATTRIBUTE_VALUE);
            String function = scope.name("java.util.function.Function");
            String inner = indent + INDENT + INDENT;
            return types + ".custom(\"" + custom.typeName() + "\",\n"
                    + inner + anonymous(function + "<" + value + ", " + attributeValue + ">", attributeValue, "apply", value + " value",
                            "return " + owner + "." + custom.to() + "(value);", inner) + ",\n"
                    + inner + anonymous(function + "<" + attributeValue + ", " + value + ">", value, "apply", attributeValue + " value",
                            "return " + owner + "." + custom.from() + "(value);", inner) + ")";
        }
        TypeCode.OmitEmpty omit = (TypeCode.OmitEmpty) code;
        return types + ".omitEmpty(" + typeCode(omit.type(), scope, types, indent) + ")";
    }

    /**
     * Statements that build the entity and return it, each property's value given by {@code value}: a
     * constructor call, or a no-argument constructor and setters.
     */
    private static String creation(EntityModel model, String entity, String indent, Function<Property, String> value) {
        if (model.creation() == Creation.SETTERS) {
            String variable = variable(entity);
            StringBuilder out = new StringBuilder();
            out.append(indent).append(entity).append(" ").append(variable).append(" = new ").append(entity).append("();\n");
            for (Property property : model.properties()) {
                if (property.read() || property.bag()) {
                    out.append(indent).append(variable).append(".").append(property.setter()).append("(")
                            .append(value.apply(property)).append(");\n");
                }
            }
            out.append(indent).append("return ").append(variable).append(";\n");
            return out.toString();
        }
        List<String> arguments = new ArrayList<>();
        for (Property property : constructorOrder(model)) {
            arguments.add(property.read() || property.bag() ? value.apply(property) : defaultValue(property.type()));
        }
        String argumentIndent = indent + CONTINUATION.substring(4);
        return indent + "return new " + entity + "(\n" + argumentIndent + String.join(",\n" + argumentIndent, arguments) + ");\n";
    }

    /**
     * The entity's {@link dev.singletable.ItemCodec}: every attribute written and read in a line of its own,
     * through the same attribute types as the constants, and primitives without boxing.
     */
    private static String codec(EntityModel model, ImportScope scope, String entity, String map) {
        String attributeValue = scope.name(ATTRIBUTE_VALUE);
        String itemCodec = scope.name("dev.singletable.ItemCodec");
        String in = INDENT + INDENT + INDENT;
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
        List<Property> readOnly = model.properties().stream().filter(p -> p.mapped() && !p.written()).toList();
        boolean filtersBag = !readOnly.isEmpty() && model.properties().stream().anyMatch(Property::bag);
        out.append(creation(model, entity, INDENT + INDENT + INDENT,
                property -> property.bag() ? bag(filtersBag, "item") : "item.get(" + property.constant() + ")"));
        out.append(INDENT).append(INDENT).append("}\n\n");
        out.append(INDENT).append(INDENT).append("@Override\n");
        out.append(INDENT).append(INDENT).append("public void encode(").append(entity).append(" entity, ").append(map).append(" item) {\n");
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
                out.append(in).append("item.put(").append(name).append(", ").append(attributeValue).append(".fromBool(").append(value).append("));\n");
            } else if (builtIn && (kind == TypeKind.INT || kind == TypeKind.LONG)) {
                out.append(in).append("item.put(").append(name).append(", ").append(attributeValue).append(".fromN(")
                        .append(kind == TypeKind.INT ? "Integer" : "Long").append(".toString(").append(value).append(")));\n");
            } else if (kind.isPrimitive()) {
                out.append(in).append("item.put(").append(name).append(", ").append(type).append(".toAttributeValue(").append(value).append("));\n");
            } else if (property.required() && !mayOmit(property.typeCode())) {
                out.append(in).append("item.put(").append(name).append(", ").append(type).append(".toAttributeValue(")
                        .append(scope.name("java.util.Objects")).append(".requireNonNull(").append(value).append(", ").append(name).append(")));\n");
            } else {
                String local = locals.get(property);
                out.append(in).append(scope.type(property.type())).append(" ").append(local).append(" = ").append(value).append(";\n");
                if (property.required()) {
                    out.append(in).append(scope.name("java.util.Objects")).append(".requireNonNull(").append(local).append(", ").append(name).append(");\n")
                            .append(in).append("if (!").append(type).append(".isOmitted(").append(local).append(")) {\n");
                } else {
                    out.append(in).append("if (").append(local).append(" != null");
                    out.append(mayOmit(property.typeCode()) ? " && !" + type + ".isOmitted(" + local + ")" : "").append(") {\n");
                }
                out.append(in).append(INDENT).append("item.put(").append(name).append(", ").append(type).append(".toAttributeValue(")
                        .append(local).append("));\n").append(in).append("}\n");
            }
        }
        out.append(INDENT).append(INDENT).append("}\n\n");
        out.append(INDENT).append(INDENT).append("@Override\n");
        out.append(INDENT).append(INDENT).append("public ").append(entity).append(" decode(").append(map).append(" item, ")
                .append(scope.name("dev.singletable.ItemReader")).append(" reader) {\n");
        for (Property property : model.properties()) {
            if (property.mapped() && property.read()) {
                out.append(in).append(attributeValue).append(" ").append(locals.get(property)).append(" = ").append(itemCodec)
                        .append(".stored(item, \"").append(escape(property.attributeName())).append("\");\n");
            }
        }
        out.append(creation(model, entity, in, property -> {
            if (property.bag()) {
                return bag(filtersBag, "reader");
            }
            String local = locals.get(property);
            return local + " == null ? " + itemCodec + ".absent(" + property.constant() + ") : " + property.constant()
                    + ".type().fromAttributeValue(" + local + ")";
        }));
        out.append(INDENT).append(INDENT).append("}\n");
        if (filtersBag) {
            out.append("\n").append(INDENT).append(INDENT)
                    .append("/** The item's unmapped attributes less those of properties read but never written, which are not the bag's. */\n")
                    .append(INDENT).append(INDENT).append("private static ").append(map).append(" bag(").append(map).append(" unmapped) {\n")
                    .append(in).append(map).append(" bag = new ").append(scope.name("java.util.LinkedHashMap")).append("<>(unmapped);\n");
            for (Property property : readOnly) {
                out.append(in).append("bag.remove(\"").append(escape(property.attributeName())).append("\");\n");
            }
            out.append(in).append("return ").append(scope.name("java.util.Collections")).append(".unmodifiableMap(bag);\n")
                    .append(INDENT).append(INDENT).append("}\n");
        }
        out.append(INDENT).append("}\n");
        return out.toString();
    }

    /** The attribute bag's value, read from the item reader in {@code reader}. */
    private static String bag(boolean filtered, String reader) {
        return filtered ? "bag(" + reader + ".unmappedAttributes())" : reader + ".unmappedAttributes()";
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

    /** One class reading any of the attributes, by position: a class per accessor would make loading the schema slower. */
    private static String accessor(List<Property> mapped, ImportScope scope, String entity) {
        String in = INDENT + INDENT;
        StringBuilder out = new StringBuilder("\n");
        out.append(INDENT).append("/** Reads the attribute at a position of the list above from a {@link ").append(entity).append("}. */\n");
        out.append(INDENT).append("private static final class Accessor<V> implements ").append(scope.name("java.util.function.Function"))
                .append("<").append(entity).append(", V> {\n");
        out.append(in).append("private final int position;\n\n");
        out.append(in).append("Accessor(int position) {\n").append(in).append(INDENT).append("this.position = position;\n").append(in).append("}\n\n");
        out.append(in).append("@Override\n").append(in).append("@SuppressWarnings(\"unchecked\")\n");
        out.append(in).append("public V apply(").append(entity).append(" entity) {\n").append(in).append(INDENT).append("return (V) value(entity);\n")
                .append(in).append("}\n\n");
        out.append(in).append("private Object value(").append(entity).append(" entity) {\n");
        out.append(in).append(INDENT).append("return switch (position) {\n");
        for (int position = 0; position < mapped.size(); position++) {
            Property property = mapped.get(position);
            out.append(in).append(INDENT).append(INDENT).append("case ").append(position).append(" -> ")
                    .append(property.access() == null ? "null" : read(property, "entity")).append(";\n");
        }
        out.append(in).append(INDENT).append(INDENT).append("default -> throw new IllegalStateException(\"no attribute at position \" + position);\n");
        out.append(in).append(INDENT).append("};\n").append(in).append("}\n").append(INDENT).append("}\n");
        return out.toString();
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

    private static List<Property> constructorOrder(EntityModel model) {
        if (model.creation() == Creation.RECORD) {
            return model.properties();
        }
        List<Property> ordered = new ArrayList<>();
        for (String parameter : model.constructorParameters()) {
            model.properties().stream().filter(p -> p.javaName().equals(parameter)).findFirst().ifPresent(ordered::add);
        }
        return ordered;
    }

    private static String defaultValue(TypeMirror type) {
        return switch (type.getKind()) {
            case BOOLEAN -> "false";
            case INT, SHORT, BYTE -> "0";
            case LONG -> "0L";
            case FLOAT -> "0f";
            case DOUBLE -> "0d";
            case CHAR -> "'\\0'";
            default -> "null";
        };
    }

    /** A static method filling a null generated id, for {@code beforeWrite}. */
    private static String generator(EntityModel model, Property id, ImportScope scope, String entity) {
        String value;
        if ("ULID".equals(id.generatedId())) {
            value = scope.name("com.github.f4b6a3.ulid.UlidCreator") + ".getMonotonicUlid().toString()";
        } else {
            value = scope.name("java.util.UUID") + ".randomUUID()" + (scope.type(id.type()).equals("String") ? ".toString()" : "");
        }
        String variable = "entity";
        StringBuilder out = new StringBuilder("\n");
        out.append(INDENT).append("/** Fills {@code ").append(id.javaName()).append("} with a new ").append(id.generatedId())
                .append(" when it is null. */\n");
        out.append(INDENT).append("private static ").append(entity).append(" generate").append(Names.capitalize(id.javaName()))
                .append("(").append(entity).append(" ").append(variable).append(") {\n");
        out.append(INDENT).append(INDENT).append("if (").append(read(id, variable)).append(" != null) {\n")
                .append(INDENT).append(INDENT).append(INDENT).append("return ").append(variable).append(";\n")
                .append(INDENT).append(INDENT).append("}\n");
        if (model.creation() == Creation.SETTERS) {
            out.append(INDENT).append(INDENT).append(variable).append(".").append(id.setter()).append("(").append(value).append(");\n")
                    .append(INDENT).append(INDENT).append("return ").append(variable).append(";\n");
        } else {
            List<String> arguments = new ArrayList<>();
            for (Property property : constructorOrder(model)) {
                arguments.add(property == id ? value : property.access() == null ? defaultValue(property.type()) : read(property, variable));
            }
            out.append(INDENT).append(INDENT).append("return new ").append(entity).append("(\n").append(CONTINUATION).append(INDENT)
                    .append(String.join(",\n" + CONTINUATION + INDENT, arguments)).append(");\n");
        }
        out.append(INDENT).append("}\n");
        return out.toString();
    }

    private static String variable(String entity) {
        String simple = entity.substring(entity.lastIndexOf('.') + 1);
        String name = Names.decapitalize(simple);
        return name.equals("item") ? "entity" : name;
    }

    private static String quoted(List<String> texts) {
        return texts.stream().map(text -> "\"" + escape(text) + "\"").collect(java.util.stream.Collectors.joining(", "));
    }

    /** The calls that declare nullable, default and rules on a generated attribute constant. */
    private static String options(EntityModel.ValueOptions options, ImportScope scope) {
        if (!options.any()) {
            return "";
        }
        StringBuilder code = new StringBuilder();
        if (options.nullable()) {
            code.append(".nullable()");
        }
        if (options.defaultCode() != null) {
            code.append(".withDefault(").append(options.defaultCode()).append(")");
        }
        if (options.hasRules()) {
            String rule = scope.name("dev.singletable.AttributeRule");
            String decimal = scope.name("java.math.BigDecimal");
            List<String> rules = new ArrayList<>();
            if (options.pattern() != null) {
                rules.add(rule + ".pattern(\"" + escape(options.pattern()) + "\")");
            }
            if (options.min() != null && options.max() != null) {
                rules.add(rule + ".range(new " + decimal + "(\"" + options.min() + "\"), new " + decimal + "(\"" + options.max() + "\"))");
            } else if (options.min() != null) {
                rules.add(rule + ".min(new " + decimal + "(\"" + options.min() + "\"))");
            } else if (options.max() != null) {
                rules.add(rule + ".max(new " + decimal + "(\"" + options.max() + "\"))");
            }
            if (options.minLength() != null) {
                rules.add(rule + ".length(" + options.minLength() + ", " + options.maxLength() + ")");
            }
            if (!options.allowed().isEmpty()) {
                rules.add(rule + ".allowedValues(" + scope.name("java.util.List") + ".of("
                        + options.allowed().stream().map(v -> "\"" + escape(v) + "\"").collect(java.util.stream.Collectors.joining(", ")) + "))");
            }
            code.append("\n").append(CONTINUATION).append(INDENT).append(".validatedBy(").append(String.join(", ", rules)).append(")");
        }
        return code.toString();
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
