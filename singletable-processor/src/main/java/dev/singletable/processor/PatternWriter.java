package dev.singletable.processor;

import dev.singletable.processor.PatternModel.Bound;
import dev.singletable.processor.PatternModel.FilterArg;
import dev.singletable.processor.PatternModel.Method;
import dev.singletable.processor.PatternModel.Result;
import dev.singletable.processor.PatternModel.SortOp;

import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders {@code <Name>Patterns}: the implementation of an {@code @AccessPatterns} interface, each method one call into
 * the query API, written as a user would write it, so that its requests are those of hand-written code.
 */
final class PatternWriter {
    private final PatternModel model;
    private final ImportScope scope;
    private final StringBuilder out = new StringBuilder();

    private PatternWriter(PatternModel model) {
        this.model = model;
        this.scope = new ImportScope(model.packageName(), model.implName());
    }

    static String write(PatternModel model) {
        return new PatternWriter(model).render();
    }

    private String render() {
        String iface = scope.name(model.element());
        String table = scope.name(model.async() ? "dev.singletable.AsyncTable" : "dev.singletable.Table");
        String nulls = scope.name("dev.singletable.NullArgumentException");
        String generated = scope.name("javax.annotation.processing.Generated");
        StringBuilder body = new StringBuilder();
        for (Method method : model.methods()) {
            body.append('\n').append(method(method));
        }
        StringBuilder file = new StringBuilder();
        if (!model.packageName().isEmpty()) {
            file.append("package ").append(model.packageName()).append(";\n\n");
        }
        file.append(scope.importBlock()).append('\n');
        file.append("/**\n * The access patterns of {@link ").append(iface).append("}, each one call into the query API of " + (model.async() ? "an" : "a") + " {@link ")
                .append(table).append("}.\n */\n");
        file.append("@").append(generated).append("(\"dev.singletable.processor.SingleTableProcessor\")\n");
        file.append(model.isPublic() ? "public " : "").append("final class ").append(model.implName()).append(" implements ")
                .append(iface).append(" {\n");
        file.append("    private final ").append(table).append(" table;\n\n");
        file.append("    private ").append(model.implName()).append('(').append(table).append(" table) {\n");
        file.append("        this.table = table;\n    }\n\n");
        file.append("    /** The patterns of {@link ").append(iface).append("}, read and written through {@code table}. */\n");
        file.append("    public static ").append(iface).append(" of(").append(table).append(" table) {\n");
        file.append("        ").append(nulls).append(".check(\"").append(model.implName()).append(".of\", \"table\", table);\n");
        file.append("        return new ").append(model.implName()).append("(table);\n    }\n");
        file.append(body);
        file.append("}\n");
        return file.toString();
    }

    private String method(Method method) {
        out.setLength(0);
        String parameters = method.element().getParameters().stream().map(p -> written(p.asType()) + " " + p.getSimpleName())
                .collect(Collectors.joining(", "));
        out.append("    @Override\n    public ").append(written(method.element().getReturnType())).append(' ').append(method.name())
                .append('(').append(parameters).append(") {\n");
        switch (method.kind()) {
            case GET -> line("return table.get(" + schema(method) + ", " + keyValues(method.key()) + ");");
            case BATCH_GET -> batchGet(method);
            case QUERY -> query(method);
            case SCAN -> scan(method);
            case PUT, CREATE -> {
                String call = "table." + (method.kind() == PatternModel.Kind.PUT ? "put" : "create") + "("
                        + method.written().orElseThrow().getSimpleName() + ");";
                line(method.result() == Result.NONE ? call : "return " + call);
            }
            case UPDATE -> {
                String sets = method.sets().stream().map(b -> ".set(" + constant(b) + ", " + b.name() + ")").collect(Collectors.joining());
                if (method.target().entity().indexes().stream().anyMatch(index -> index.condition() != null)) {
                    // a sparse index's Java condition may read any attribute: the core decides membership on the stored item
                    sets += ".readingStoredValuesForIndexKeys()";
                }
                String call = "table.update(" + schema(method) + ", " + keyValues(method.key()) + ", update$ -> update$" + sets + ");";
                line(method.result() == Result.NONE ? call : "return " + call);
            }
            case DELETE -> {
                if (method.result() == Result.OPTIONAL) {
                    line("return table.delete(" + schema(method) + ", " + keyValues(method.key()) + ", "
                            + scope.name("dev.singletable.Condition") + ".none());");
                } else {
                    String call = "table.delete(" + schema(method) + ", " + keyValues(method.key()) + ");";
                    line(model.async() ? "return " + call : call);
                }
            }
        }
        out.append("    }\n");
        return out.toString();
    }

    private void batchGet(Method method) {
        String itemKey = scope.name("dev.singletable.ItemKey");
        String entity = scope.type(method.target().type().asType());
        Bound varying = method.varying().orElseThrow();
        line(scope.name("java.util.List") + "<" + itemKey + "<" + entity + ">> keys$ = new " + scope.name("java.util.ArrayList")
                + "<>();");
        line("for (" + scope.type(varying.property().type()) + " value$ : " + varying.name() + ") {");
        String key = keyValues(method.key(), varying, "value$");
        line("    keys$.add(" + itemKey + ".of(" + schema(method) + ", " + key + "));");
        line("}");
        line(model.async()
                ? "return table.batchGet(keys$).thenApply(found$ -> found$.found(" + schema(method) + "));"
                : "return table.batchGet(keys$).found(" + schema(method) + ");");
    }

    private void query(Method method) {
        StringBuilder chain = new StringBuilder("table.query(" + schema(method) + ")");
        method.index().ifPresent(index -> chain.append(".index(\"").append(index).append("\")"));
        chain.append("\n                .partition(").append(keyValues(method.key())).append(')');
        if (method.sortOp().isPresent()) {
            SortOp op = method.sortOp().get();
            chain.append("\n                .").append(op.method).append('(');
            if (op == SortOp.BETWEEN_RAW) {
                chain.append(JavaSource.literal(method.rawSort().get(0))).append(", ").append(JavaSource.literal(method.rawSort().get(1)));
            } else if (op == SortOp.BEGINS_WITH_RAW) {
                chain.append(JavaSource.literal(method.rawSort().get(0)));
            } else if (op == SortOp.EQUALS || op == SortOp.BEGINS_WITH && method.sortArgs().isEmpty()) {
                chain.append(keyValues(method.sortEquals()));
            } else if (op == SortOp.BETWEEN) {
                chain.append(keyValues(with(method.sortEquals(), method.sortArgs().get(0)))).append(", ")
                        .append(keyValues(with(method.sortEquals(), method.sortArgs().get(1))));
            } else {
                chain.append(keyValues(with(method.sortEquals(), method.sortArgs().get(0))));
            }
            chain.append(')');
        }
        filters(method, chain);
        if (!method.select().isEmpty()) {
            chain.append("\n                .select(").append(method.select().stream().map(this::constant).collect(Collectors.joining(", ")))
                    .append(')');
        }
        if (method.consistentRead()) {
            chain.append(".consistentRead()");
        }
        if (method.descending()) {
            chain.append(".descending()");
        }
        if (method.limit() > 0) {
            chain.append(".limit(").append(method.limit()).append(')');
        }
        terminal(method, chain, "Query", "query$");
    }

    /** A scan: the entity or collection, its index, filters and limit, as a user would chain them. */
    private void scan(Method method) {
        StringBuilder chain = new StringBuilder("table.scan(" + schema(method) + ")");
        method.index().ifPresent(index -> chain.append(".index(\"").append(index).append("\")"));
        filters(method, chain);
        if (method.limit() > 0) {
            chain.append(".limit(").append(method.limit()).append(')');
        }
        terminal(method, chain, "Scan", "scan$");
    }

    private void filters(Method method, StringBuilder chain) {
        String condition = method.filters().isEmpty() ? "" : scope.name("dev.singletable.Condition");
        for (FilterArg filter : method.filters()) {
            chain.append("\n                .filter(").append(condition).append('.').append(filter.conditionMethod()).append('(')
                    .append(constant(filter.bound())).append(", ").append(filter.bound().name()).append("))");
        }
    }

    /** Returns what the chain reads as the method's result; a page from its cursor when it has one. */
    private void terminal(Method method, StringBuilder chain, String api, String variable) {
        if (method.result() == Result.PAGE && method.cursor().isPresent()) {
            String type = scope.name("dev.singletable." + (model.async() ? "Async" : "") + api) + "<"
                    + scope.type(method.target().type().asType()) + ">";
            String cursor = method.cursor().get().getSimpleName().toString();
            line(type + " " + variable + " = " + chain + ";");
            line("return " + cursor + " == null ? " + variable + ".page() : " + variable + ".page(" + cursor + ");");
            return;
        }
        String terminal = switch (method.result()) {
            case OPTIONAL -> ".first()";
            case STREAM -> ".stream()";
            case PUBLISHER -> ".publisher()";
            case PAGE -> ".page()";
            case COUNT -> ".count()";
            default -> ".list()";
        };
        line("return " + chain + terminal + ";");
    }

    private static List<Bound> with(List<Bound> first, Bound last) {
        List<Bound> all = new java.util.ArrayList<>(first);
        all.add(last);
        return all;
    }

    private String keyValues(List<Bound> bounds) {
        return keyValues(bounds, null, null);
    }

    /** The key values of the bounds' parameters, {@code replaced}'s value read from the variable {@code variable} instead. */
    private String keyValues(List<Bound> bounds, Bound replaced, String variable) {
        String keyValues = scope.name("dev.singletable.KeyValues");
        if (bounds.isEmpty()) {
            return keyValues + ".none()";
        }
        StringBuilder text = new StringBuilder(keyValues);
        for (int i = 0; i < bounds.size(); i++) {
            text.append(i == 0 ? ".of(" : ".and(").append(constant(bounds.get(i))).append(", ")
                    .append(bounds.get(i) == replaced ? variable : bounds.get(i).name()).append(')');
        }
        return text.toString();
    }

    private String constant(Bound bound) {
        EntityModel owner = bound.owner();
        return scope.name(qualified(owner.packageName(), owner.schemaName())) + "." + bound.property().constant();
    }

    private String schema(Method method) {
        PatternModel.Target target = method.target();
        if (target.collection()) {
            return scope.name(qualified(target.collectionPackage(), target.collectionName())) + ".INSTANCE";
        }
        return scope.name(qualified(target.entity().packageName(), target.entity().schemaName())) + ".INSTANCE";
    }

    private static String qualified(String pkg, String name) {
        return pkg.isEmpty() ? name : pkg + "." + name;
    }

    /** A type as the interface declares it: primitives and void as they are, others through the imports. */
    private String written(TypeMirror type) {
        if (type.getKind().isPrimitive() || type.getKind() == TypeKind.VOID) {
            return type.toString();
        }
        return scope.type(type);
    }

    private void line(String text) {
        out.append("        ").append(text).append('\n');
    }
}
