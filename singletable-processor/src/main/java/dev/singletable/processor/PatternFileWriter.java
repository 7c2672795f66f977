package dev.singletable.processor;

import dev.singletable.annotations.Example;
import dev.singletable.internal.kinds.Kind;
import dev.singletable.processor.PatternModel.Bound;
import dev.singletable.processor.PatternModel.FilterArg;
import dev.singletable.processor.PatternModel.Method;
import dev.singletable.processor.PatternModel.SortOp;

import javax.lang.model.element.VariableElement;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code accessPatterns} of a design file, from the {@code @Get}, {@code @Query} and {@code @Scan} patterns with an {@code @Example}:
 * each as a schema file writes it, named after its method, with the example's values. Patterns the format cannot hold
 * yet (a raw sort range, a filter other than equals, not-equals and begins-with) are left out of the file.
 */
final class PatternFileWriter {
    private final ProcessorContext context;
    private final SourceLines lines;

    PatternFileWriter(ProcessorContext context, SourceLines lines) {
        this.context = context;
        this.lines = lines;
    }

    /** The design file with its {@code accessPatterns}; unchanged when no pattern has an example. */
    String withPatterns(String json, List<PatternModel> models, java.util.Set<String> collections) {
        List<String> patterns = new ArrayList<>();
        for (PatternModel model : models) {
            for (Method method : model.methods()) {
                pattern(model, method, collections).ifPresent(patterns::add);
            }
        }
        if (patterns.isEmpty()) {
            return json;
        }
        int end = json.lastIndexOf('}');
        String body = json.substring(0, end).stripTrailing();
        return body + ",\n  \"accessPatterns\": [\n    " + String.join(",\n    ", patterns) + "\n  ]\n}\n";
    }

    private Optional<String> pattern(PatternModel model, Method method, java.util.Set<String> collections) {
        Example example = method.element().getAnnotation(Example.class);
        if (example == null || method.kind() != PatternModel.Kind.GET && method.kind() != PatternModel.Kind.QUERY
                && method.kind() != PatternModel.Kind.SCAN) {
            return Optional.empty();
        }
        String name = model.element().getSimpleName() + "." + method.name();
        List<? extends VariableElement> parameters = method.element().getParameters();
        if (example.value().length != parameters.size()) {
            context.diagnostics().report(Message.PATTERN_EXAMPLE_COUNT, method.element(), name, example.value().length, parameters.size(),
                    parameters.stream().map(p -> p.getSimpleName().toString()).toList());
            return Optional.empty();
        }
        boolean writable = method.sortOp().map(op -> op != SortOp.BETWEEN_RAW).orElse(true)
                && method.filters().stream().allMatch(f -> List.of("eq", "ne", "beginsWith").contains(f.conditionMethod()))
                && (!method.target().collection() || collections.contains(method.target().type().getSimpleName().toString()));
        if (!writable) {
            return Optional.empty();
        }
        StringBuilder out = new StringBuilder("{\"name\": ").append(DesignFileWriter.quote(kebab(method.name())));
        String doc = context.elements().getDocComment(method.element());
        if (doc != null && !doc.isBlank()) {
            String first = doc.strip().split("\\.(\\s|$)", 2)[0].replaceAll("\\s+", " ").strip();
            out.append(", \"description\": ").append(DesignFileWriter.quote(first));
        }
        out.append(", \"operation\": ").append(DesignFileWriter.quote(method.kind().name().toLowerCase(Locale.ROOT)));
        if (method.target().collection()) {
            out.append(", \"collection\": ").append(DesignFileWriter.quote(method.target().type().getSimpleName().toString()));
        } else {
            out.append(", \"entity\": ").append(DesignFileWriter.quote(method.target().entity().typeName()));
        }
        method.index().ifPresent(index -> out.append(", \"index\": ").append(DesignFileWriter.quote(index)));
        try {
            if (method.kind() != PatternModel.Kind.SCAN) {
                out.append(method.kind() == PatternModel.Kind.GET ? ", \"key\": " : ", \"partition\": ")
                        .append(values(method.key(), example, parameters));
            }
            if (method.sortOp().isPresent()) {
                out.append(", \"sort\": {").append(sort(method, example, parameters)).append('}');
            }
            if (!method.filters().isEmpty()) {
                out.append(", \"filter\": ").append(filter(method, example, parameters));
            }
        } catch (NumberFormatException e) {
            return Optional.empty(); // reported where the value was read
        }
        if (method.descending()) {
            out.append(", \"order\": \"descending\"");
        }
        if (method.limit() > 0) {
            out.append(", \"limit\": ").append(method.limit());
        }
        lines.at(method.element()).ifPresent(source -> out.append(", \"source\": ").append(source));
        return Optional.of(out.append('}').toString());
    }

    /** The pattern's filters as the file writes them: one condition, or all of several. */
    private String filter(Method method, Example example, List<? extends VariableElement> parameters) {
        List<String> filters = new ArrayList<>();
        for (FilterArg filter : method.filters()) {
            String operator = switch (filter.conditionMethod()) {
                case "ne" -> "notEquals";
                case "beginsWith" -> "beginsWith";
                default -> "equals";
            };
            filters.add("{\"" + operator + "\": " + values(List.of(filter.bound()), example, parameters) + "}");
        }
        return filters.size() == 1 ? filters.get(0) : "{\"all\": [" + String.join(", ", filters) + "]}";
    }

    private String sort(Method method, Example example, List<? extends VariableElement> parameters) {
        SortOp op = method.sortOp().orElseThrow();
        List<Bound> given = new ArrayList<>(method.sortEquals());
        if (op == SortOp.BEGINS_WITH_RAW) {
            return "\"beginsWithRaw\": " + DesignFileWriter.quote(method.rawSort().get(0));
        }
        if (op == SortOp.BETWEEN) {
            List<Bound> from = new ArrayList<>(given);
            from.add(method.sortArgs().get(0));
            List<Bound> to = new ArrayList<>(given);
            to.add(method.sortArgs().get(1));
            return "\"between\": {\"from\": " + values(from, example, parameters) + ", \"to\": " + values(to, example, parameters) + "}";
        }
        given.addAll(method.sortArgs());
        String operator = switch (op) {
            case EQUALS -> "equals";
            case BEGINS_WITH -> "beginsWith";
            case GREATER_THAN -> "greaterThan";
            case GREATER_THAN_OR_EQUAL -> "greaterThanOrEqual";
            case LESS_THAN -> "lessThan";
            case LESS_THAN_OR_EQUAL -> "lessThanOrEqual";
            case CHILDREN -> "children";
            default -> "subtree";
        };
        return "\"" + operator + "\": " + values(given, example, parameters);
    }

    /** {@code {"slot": value, ...}} from the example's values of the bounds' parameters. */
    private String values(List<Bound> bounds, Example example, List<? extends VariableElement> parameters) {
        return bounds.stream().map(bound -> DesignFileWriter.quote(bound.property().attributeName()) + ": "
                        + value(bound, example.value()[parameters.indexOf(bound.parameter())]))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private String value(Bound bound, String text) {
        EntityModel.TypeCode code = bound.property().typeCode();
        // as the design file holds a value of the kind its entry in the core's registry stores: numbers, booleans, lists of strings
        String storedAs = code instanceof EntityModel.TypeCode.Constant constant ? Kind.named(constant.name())
                .filter(kind -> !kind.storedAs().equals("N") || Number.class.isAssignableFrom(kind.javaType()))
                .map(Kind::storedAs).orElse("S") : "S";
        switch (storedAs) {
            case "N" -> {
                try {
                    return new BigDecimal(text.strip()).toPlainString();
                } catch (NumberFormatException e) {
                    context.diagnostics().report(Message.PATTERN_EXAMPLE_VALUE, bound.parameter(), bound.name(), text, "number");
                    throw e;
                }
            }
            case "BOOL" -> {
                if (!text.strip().equals("true") && !text.strip().equals("false")) {
                    context.diagnostics().report(Message.PATTERN_EXAMPLE_VALUE, bound.parameter(), bound.name(), text, "boolean (true or false)");
                    throw new NumberFormatException(text);
                }
                return text.strip();
            }
            case "L" -> {
                return java.util.Arrays.stream(text.split(",")).map(String::strip).map(DesignFileWriter::quote)
                        .collect(Collectors.joining(", ", "[", "]"));
            }
            default -> {
                return DesignFileWriter.quote(text);
            }
        }
    }

    /** {@code ordersByStatus} as {@code orders-by-status}. */
    static String kebab(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }
}
