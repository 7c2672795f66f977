package dev.singletable.processor;

import dev.singletable.annotations.Example;
import dev.singletable.internal.kinds.Kind;
import dev.singletable.processor.PatternModel.Bound;
import dev.singletable.processor.PatternModel.FilterArg;
import dev.singletable.processor.PatternModel.Method;
import dev.singletable.processor.PatternModel.SortOp;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.VariableElement;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code accessPatterns} of a design file, from the {@code @Get}, {@code @Query} and {@code @Scan} patterns with an {@code @Example}:
 * each as a schema file writes it, named after its method, with the example's values: every {@code @Filter} op as its
 * condition, a {@code GREATER_THAN_OR_EQUAL} with a {@code LESS_THAN_OR_EQUAL} on one attribute as a {@code between}.
 * Patterns the format cannot hold yet (a raw sort range; an attribute compared twice otherwise, one of them by order,
 * which is noted at the method) are left out of the file.
 */
final class PatternFileWriter {
    /** The file's names of the ordered comparisons, by the {@code Condition} factory of a {@code @Filter} op. */
    private static final Map<String, String> ORDERED = Map.of("lt", "lessThan", "le", "lessThanOrEqual", "gt", "greaterThan",
            "ge", "greaterThanOrEqual");
    /** The {@code @Filter} op of each {@code Condition} factory, for messages. */
    private static final Map<String, String> OPS = Map.of("eq", "EQUALS", "ne", "NOT_EQUALS", "beginsWith", "BEGINS_WITH",
            "lt", "LESS_THAN", "le", "LESS_THAN_OR_EQUAL", "gt", "GREATER_THAN", "ge", "GREATER_THAN_OR_EQUAL");
    private final ProcessorContext context;
    private final SourceLines lines;

    PatternFileWriter(ProcessorContext context, SourceLines lines) {
        this.context = context;
        this.lines = lines;
    }

    /** The design file with its {@code accessPatterns}; unchanged when no pattern has an example. */
    String withPatterns(String json, List<PatternModel> models, java.util.Set<String> collections) {
        List<String> patterns = new ArrayList<>();
        Map<String, String> taken = new HashMap<>();
        for (PatternModel model : models) {
            for (Method method : model.methods()) {
                pattern(model, method, collections).filter(pattern -> nameFree(model, method, taken)).ifPresent(patterns::add);
            }
        }
        if (patterns.isEmpty()) {
            return json;
        }
        int end = json.lastIndexOf('}');
        String body = json.substring(0, end).stripTrailing();
        return body + ",\n  \"accessPatterns\": [\n    " + String.join(",\n    ", patterns) + "\n  ]\n}\n";
    }

    /**
     * True when no earlier pattern of the table's design file has the method's pattern name (its kebab-case name: overloads
     * share one); else reported at the method, as the file names each pattern once and the processor chose the name.
     */
    private boolean nameFree(PatternModel model, Method method, Map<String, String> taken) {
        String pattern = kebab(method.name());
        String signature = model.element().getSimpleName() + "." + method.name() + method.element().getParameters().stream()
                .map(p -> PatternParameters.simpleType(p.asType())).collect(Collectors.joining(", ", "(", ")"));
        String earlier = taken.putIfAbsent(pattern, signature);
        if (earlier == null) {
            return true;
        }
        context.diagnostics().report(Message.PATTERN_NAME_TAKEN, method.element(), model.element().getSimpleName() + "." + method.name(),
                pattern, earlier);
        return false;
    }

    private Optional<String> pattern(PatternModel model, Method method, java.util.Set<String> collections) {
        Example example = method.element().getAnnotation(Example.class);
        if (example == null || method.kind() != PatternModel.Kind.GET && method.kind() != PatternModel.Kind.QUERY
                && method.kind() != PatternModel.Kind.SCAN) {
            return Optional.empty();
        }
        String name = model.element().getSimpleName() + "." + method.name();
        List<? extends VariableElement> parameters = method.element().getParameters();
        Given given = new Given(name, method, Annotated.mirror(method.element(), Example.class), example.value());
        if (example.value().length != parameters.size()) {
            context.diagnostics().report(Message.PATTERN_EXAMPLE_COUNT, method.element(), name, example.value().length, parameters.size(),
                    parameters.stream().map(p -> p.getSimpleName().toString()).toList());
            return Optional.empty();
        }
        boolean writable = method.sortOp().map(op -> op != SortOp.BETWEEN_RAW).orElse(true)
                && filtersWritable(name, method)
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
                        .append(values(method.key(), given));
            }
            if (method.sortOp().isPresent()) {
                out.append(", \"sort\": {").append(sort(method, given)).append('}');
            }
            if (!method.filters().isEmpty()) {
                out.append(", \"filter\": ").append(filter(method, given));
            }
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // reported at the @Example
        }
        if (method.descending()) {
            out.append(", \"order\": \"descending\"");
        }
        if (method.limit() > 0) {
            out.append(", \"limit\": ").append(method.limit());
        }
        if (method.consistentRead()) {
            out.append(", \"consistentRead\": true");
        }
        lines.at(method.element()).ifPresent(source -> out.append(", \"source\": ").append(source));
        return Optional.of(out.append('}').toString());
    }

    /** The method's filters by the attribute they compare, in the order they are declared. */
    private static Map<String, List<FilterArg>> byAttribute(Method method) {
        Map<String, List<FilterArg>> filters = new LinkedHashMap<>();
        method.filters().forEach(f -> filters.computeIfAbsent(f.bound().property().attributeName(), a -> new ArrayList<>()).add(f));
        return filters;
    }

    /** True for a {@code >=} with a {@code <=} on one attribute, which the file writes as a between. */
    private static boolean between(List<FilterArg> filters) {
        return filters.size() == 2 && filters.stream().map(FilterArg::conditionMethod).sorted().toList().equals(List.of("ge", "le"));
    }

    /**
     * True when the file holds the method's filters: each attribute compared once, or several times by equality, not-equality
     * and prefix only, or by a between; otherwise noted at the method, as the file's one parameter per attribute would give
     * both comparisons one value (the schema file refuses such a filter).
     */
    private boolean filtersWritable(String name, Method method) {
        for (Map.Entry<String, List<FilterArg>> entry : byAttribute(method).entrySet()) {
            List<FilterArg> filters = entry.getValue();
            boolean ordered = filters.stream().anyMatch(f -> ORDERED.containsKey(f.conditionMethod()));
            if (filters.size() > 1 && ordered && !between(filters)) {
                context.diagnostics().report(Message.PATTERN_FILTER_NOT_IN_FILE, method.element(), name, entry.getKey(), filters.size(),
                        filters.stream().map(f -> OPS.get(f.conditionMethod())).collect(Collectors.joining(", ")), entry.getKey(),
                        entry.getKey());
                return false;
            }
        }
        return true;
    }

    /** The pattern's filters as the file writes them: one condition, or all of several. */
    private String filter(Method method, Given example) {
        Map<String, List<FilterArg>> byAttribute = byAttribute(method);
        List<String> filters = new ArrayList<>();
        for (FilterArg filter : method.filters()) {
            List<FilterArg> same = byAttribute.get(filter.bound().property().attributeName());
            if (!between(same)) {
                String operator = ORDERED.getOrDefault(filter.conditionMethod(), filter.conditionMethod().equals("ne") ? "notEquals"
                        : filter.conditionMethod().equals("beginsWith") ? "beginsWith" : "equals");
                filters.add("{\"" + operator + "\": " + values(List.of(filter.bound()), example) + "}");
            } else if (filter == same.get(0)) {
                filters.add(between(same, example));
            }
        }
        return filters.size() == 1 ? filters.get(0) : "{\"all\": [" + String.join(", ", filters) + "]}";
    }

    /** A {@code >=} and a {@code <=} on one attribute as {@code {"between": {"from": ..., "to": ...}}}; low above high reported. */
    private String between(List<FilterArg> pair, Given example) {
        Bound low = pair.stream().filter(f -> f.conditionMethod().equals("ge")).findFirst().orElseThrow().bound();
        Bound high = pair.stream().filter(f -> f.conditionMethod().equals("le")).findFirst().orElseThrow().bound();
        String from = values(List.of(low), example);
        String to = values(List.of(high), example);
        String lowValue = value(low, example);
        String highValue = value(high, example);
        if (above(lowValue, highValue)) {
            context.diagnostics().report(Message.PATTERN_EXAMPLE_RANGE, example.method().element(), example.annotation(), null,
                    example.name(), low.property().attributeName(), lowValue, low.name(), highValue, high.name(), low.name());
            throw new IllegalArgumentException(lowValue);
        }
        return "{\"between\": {\"from\": " + from + ", \"to\": " + to + "}}";
    }

    /**
     * True when the file's value {@code low} lies above {@code high} in DynamoDB's order: numbers by value, strings by their
     * UTF-8 bytes (the file's quoted text; converted values, as written, are not compared).
     */
    private static boolean above(String low, String high) {
        if (low.startsWith("\"") && high.startsWith("\"")) {
            return java.util.Arrays.compareUnsigned(unquoted(low).getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    unquoted(high).getBytes(java.nio.charset.StandardCharsets.UTF_8)) > 0;
        }
        try {
            return new BigDecimal(low).compareTo(new BigDecimal(high)) > 0;
        } catch (NumberFormatException e) {
            return false; // booleans and the like: the file refuses an ordered comparison of them where it loads
        }
    }

    private String sort(Method method, Given example) {
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
            return "\"between\": {\"from\": " + values(from, example) + ", \"to\": " + values(to, example) + "}";
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
        return "\"" + operator + "\": " + values(given, example);
    }

    /** {@code {"slot": value, ...}} from the example's values of the bounds' parameters. */
    private String values(List<Bound> bounds, Given example) {
        return bounds.stream().map(bound -> DesignFileWriter.quote(bound.property().attributeName()) + ": " + value(bound, example))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    /**
     * The example's value of a bound's parameter as the design file writes it, read by the core's registry of attribute
     * kinds (the one parser of each kind's text, as the command line and schema files read values), an enum's by its
     * constants; a value that is none is reported at the method's {@code @Example} and thrown as an IllegalArgumentException.
     */
    private String value(Bound bound, Given example) {
        String text = example.values()[example.method().element().getParameters().indexOf(bound.parameter())];
        EntityModel.TypeCode code = bound.property().typeCode();
        if (code instanceof EntityModel.TypeCode.EnumOf enumOf) {
            List<String> constants = enumOf.type().getEnclosedElements().stream().filter(e -> e.getKind() == ElementKind.ENUM_CONSTANT)
                    .map(e -> e.getSimpleName().toString()).toList();
            if (!constants.contains(text.strip())) {
                throw reported(bound, example, text, "one of " + enumOf.type().getSimpleName() + "'s constants " + constants);
            }
            return DesignFileWriter.quote(text.strip());
        }
        Optional<Kind> kind = code instanceof EntityModel.TypeCode.Constant constant ? Kind.named(constant.name()) : Optional.empty();
        if (kind.isPresent() && kind.get() == Kind.STRING_LIST) {
            return java.util.Arrays.stream(text.split(",")).map(String::strip).map(DesignFileWriter::quote)
                    .collect(Collectors.joining(", ", "[", "]"));
        }
        if (kind.isEmpty() || kind.get() == Kind.STRING || !List.of("S", "N", "BOOL").contains(kind.get().storedAs())) {
            return DesignFileWriter.quote(text); // converted values, and the kinds a file writes as JSON, are not read here
        }
        Object value;
        try {
            value = kind.get().parse(text);
        } catch (IllegalArgumentException e) {
            throw reported(bound, example, text, kind.get().expected());
        }
        // as the design file holds a value of the kind: numbers and booleans as JSON's, the rest as their ISO text
        if (value instanceof Number) {
            return new BigDecimal(value.toString()).toPlainString();
        }
        return value instanceof Boolean ? value.toString() : DesignFileWriter.quote(value.toString());
    }

    private IllegalArgumentException reported(Bound bound, Given example, String text, String expected) {
        context.diagnostics().report(Message.PATTERN_EXAMPLE_VALUE, example.method().element(), example.annotation(), null, example.name(),
                text, bound.name(), PatternParameters.simpleType(bound.parameter().asType()), expected);
        return new IllegalArgumentException(text);
    }

    /** A pattern's {@code @Example}: the pattern's name in messages, its method, the annotation and its values. */
    private record Given(String name, Method method, AnnotationMirror annotation, String[] values) {
    }

    private static String unquoted(String quoted) {
        return quoted.substring(1, quoted.length() - 1);
    }

    /** {@code ordersByStatus} as {@code orders-by-status}. */
    static String kebab(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }
}
