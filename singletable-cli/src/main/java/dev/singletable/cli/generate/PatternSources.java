package dev.singletable.cli.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.SortCondition;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.CollectionDefinition;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaDocument;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Modifier;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code @AccessPatterns} interface of {@link JavaSources}: a method per get and query of the design (index, sort
 * conditions, order, limit, filters, {@code @Example} values), and a note for each pattern the annotations cannot say.
 */
final class PatternSources {
    private final JavaSources sources;

    PatternSources(JavaSources sources) {
        this.sources = sources;
    }

    TypeSpec patterns(String name, String tableClass, List<String> entities, Map<String, String> collections) {
        TypeSpec.Builder type = TypeSpec.interfaceBuilder(name).addModifiers(Modifier.PUBLIC)
                .addAnnotation(AnnotationSpec.builder(JavaSources.annotation("AccessPatterns")).addMember("table", "$T.class",
                        ClassName.get(sources.packageName, tableClass)).build())
                .addJavadoc("The access patterns of table $L; {@code $LPatterns.of(table)} implements them.\n", sources.document.table().name(), name);
        List<String> left = new ArrayList<>();
        Set<String> methods = new LinkedHashSet<>();
        for (AccessPatternDefinition pattern : sources.document.accessPatterns()) {
            Optional<String> reason = unexpressible(pattern, entities, collections);
            if (reason.isPresent()) {
                String line = "accessPatterns." + pattern.name() + ": " + reason.get();
                left.add(line);
                sources.notes.add(line);
                continue;
            }
            String method = JavaSources.identifier(camelCase(pattern.name()));
            for (int i = 2; !methods.add(method); i++) {
                method = JavaSources.identifier(camelCase(pattern.name())) + i;
            }
            type.addMethod(patternMethod(pattern, method, collections));
        }
        JavaSources.notGenerated(type, left);
        return type.build();
    }

    private static String camelCase(String name) {
        StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (char c : name.toCharArray()) {
            if (c == '-' || c == '_' || c == ' ' || c == '.') {
                upper = out.length() > 0;
            } else {
                out.append(upper ? Character.toUpperCase(c) : out.length() == 0 ? Character.toLowerCase(c) : c);
                upper = false;
            }
        }
        return out.length() == 0 ? "pattern" : out.toString();
    }

    /** The entity whose key templates a pattern reads: its own, or a collection's first entity's (a relation's item type is none). */
    private String keyEntity(AccessPatternDefinition pattern) {
        return pattern.target().kind() == AccessPatternDefinition.Target.Kind.ENTITY ? pattern.target().name()
                : entitiesOf(pattern).get(0);
    }

    /** The entities a pattern reads: its own, or its collection's members that are entities. */
    private List<String> entitiesOf(AccessPatternDefinition pattern) {
        return pattern.target().kind() == AccessPatternDefinition.Target.Kind.ENTITY ? List.of(pattern.target().name())
                : sources.document.collections().get(pattern.target().name()).members().stream()
                        .filter(sources.document.entities()::containsKey).toList();
    }

    private Optional<String> unexpressible(AccessPatternDefinition pattern, List<String> entities, Map<String, String> collections) {
        if (pattern.acrossBuckets().isPresent() || pattern.acrossShards()) {
            return Optional.of("a read across " + (pattern.acrossShards() ? "write shards" : "time buckets") + " (no pattern annotation reads several partitions)");
        }
        if (pattern.target().kind() == AccessPatternDefinition.Target.Kind.COLLECTION && !collections.containsKey(pattern.target().name())) {
            return Optional.of("collection " + pattern.target().name() + " is left out");
        }
        String entity = keyEntity(pattern);
        Optional<String> ofState = sources.document.entityOfState(entity);
        if (ofState.isPresent() || sources.document.entities().containsKey(entity) && sources.document.entities().get(entity).states().isPresent()) {
            return Optional.of("a read of " + (ofState.isPresent() ? entity + ", a state of entity " + ofState.get() : "entity " + entity)
                    + ", whose keys depend on its state (@KeyState): access-pattern interfaces take no such entity yet (read its states "
                    + "with table.query(...STATES.state(...)))");
        }
        if (!entities.contains(entity)) {
            return Optional.of("entity " + entity + " is left out");
        }
        if (pattern.index().isPresent() && !sources.generatedIndexes.get(entity).contains(pattern.index().get())) {
            return Optional.of("entity " + entity + " has no generated keys on index " + pattern.index().get());
        }
        Optional<String> notProjected = pattern.index().flatMap(index -> notProjected(pattern, index));
        if (notProjected.isPresent()) {
            return notProjected;
        }
        if (pattern.filter().isPresent() && filters(pattern.filter().get()).isEmpty()) {
            return Optional.of("a filter other than equals, not-equals, begins-with, lessThan ... greaterThanOrEqual and between on attributes, or their "
                    + "conjunction (@Filter has no in, contains, size, attributeType, not or any)");
        }
        return Optional.empty();
    }

    /**
     * Why the records a pattern reads cannot be read from {@code indexName}, whose projection lacks some of their attributes
     * (the processor refuses such a method, as a record needs them all); empty when the index holds them.
     */
    private Optional<String> notProjected(AccessPatternDefinition pattern, String indexName) {
        Optional<IndexDefinition> index = sources.document.table().index(indexName);
        if (index.isEmpty() || index.get().projection().type() == dev.singletable.schema.ProjectionDefinition.ProjectionType.ALL) {
            return Optional.empty();
        }
        Set<String> held = new LinkedHashSet<>(index.get().projection().attributes());
        held.add(sources.document.table().partitionKey().name());
        sources.document.table().sortKey().ifPresent(key -> held.add(key.name()));
        index.get().partitionKey().forEach(key -> held.add(key.name()));
        index.get().sortKey().forEach(key -> held.add(key.name()));
        List<String> read = entitiesOf(pattern);
        Set<String> missing = new LinkedHashSet<>();
        missing.add(sources.document.table().entityTypeAttribute());
        read.forEach(entity -> missing.addAll(sources.document.entities().get(entity).attributes().keySet()));
        missing.removeAll(held);
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("a read of index " + indexName + ", which projects " + index.get().projection().type()
                + (index.get().projection().attributes().isEmpty() ? "" : " " + index.get().projection().attributes())
                + " and so lacks " + String.join(", ", missing) + ", which the record needs (the processor refuses the method; "
                + "read the whole items from the table, or project them into the index)");
    }

    /** A {@code @Filter} parameter: {@code prefix} names a bound of a between ({@code fromTotal}), empty for the others. */
    private record FilterParameter(String attribute, String op, Object value, String prefix) {
        FilterParameter(String attribute, String op, Object value) {
            this(attribute, op, value, "");
        }
    }

    /**
     * The filter as @Filter parameters, a between as its two bounds ({@code >=} and {@code <=}, as BETWEEN includes both);
     * empty when it is not a conjunction of equals, not-equals, begins-with, the ordered comparisons and between.
     */
    private static List<FilterParameter> filters(ConditionDefinition condition) {
        List<FilterParameter> filters = new ArrayList<>();
        if (condition instanceof ConditionDefinition.Equals equals) {
            equals.values().forEach((attribute, value) -> filters.add(new FilterParameter(attribute, "EQUALS", value)));
        } else if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            notEquals.values().forEach((attribute, value) -> filters.add(new FilterParameter(attribute, "NOT_EQUALS", value)));
        } else if (condition instanceof ConditionDefinition.BeginsWith beginsWith) {
            beginsWith.prefixes().forEach((attribute, value) -> filters.add(new FilterParameter(attribute, "BEGINS_WITH", value)));
        } else if (condition instanceof ConditionDefinition.Compare compare) {
            compare.values().forEach((attribute, value) -> filters.add(new FilterParameter(attribute, compare.comparison().name(), value)));
        } else if (condition instanceof ConditionDefinition.Between between) {
            between.from().forEach((attribute, from) -> {
                filters.add(new FilterParameter(attribute, "GREATER_THAN_OR_EQUAL", from, "from"));
                filters.add(new FilterParameter(attribute, "LESS_THAN_OR_EQUAL", between.to().get(attribute), "to"));
            });
        } else if (condition instanceof ConditionDefinition.All all) {
            for (ConditionDefinition part : all.conditions()) {
                List<FilterParameter> of = filters(part);
                if (of.isEmpty()) {
                    return List.of();
                }
                filters.addAll(of);
            }
        }
        return filters;
    }

    private MethodSpec patternMethod(AccessPatternDefinition pattern, String method, Map<String, String> collections) {
        String entity = keyEntity(pattern);
        EntityDefinition definition = sources.document.entities().get(entity);
        MethodSpec.Builder builder = MethodSpec.methodBuilder(method).addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT);
        pattern.description().ifPresent(description -> builder.addJavadoc("$L\n", JavaSources.javadocText(description)));
        TypeName item = pattern.target().kind() == AccessPatternDefinition.Target.Kind.ENTITY
                ? ClassName.get(sources.packageName, sources.typeNames.get(entity)) : ClassName.get(sources.packageName, collections.get(pattern.target().name()));
        List<String> examples = new ArrayList<>();
        Set<String> parameterNames = new LinkedHashSet<>();
        if (pattern.operation() == AccessPatternDefinition.Operation.SCAN) {
            AnnotationSpec.Builder scan = AnnotationSpec.builder(JavaSources.annotation("Scan"));
            pattern.index().ifPresent(index -> scan.addMember("index", "$S", index));
            pattern.limit().ifPresent(limit -> scan.addMember("limit", "$L", limit));
            builder.addAnnotation(scan.build()).returns(ParameterizedTypeName.get(ClassName.get(List.class), item));
            pattern.filter().ifPresent(filter -> filterParameters(builder, entity, filter, examples, parameterNames));
        } else if (pattern.operation() == AccessPatternDefinition.Operation.GET) {
            builder.addAnnotation(JavaSources.annotation("Get")).returns(ParameterizedTypeName.get(ClassName.get(Optional.class), item));
            for (String slot : JavaSources.slots(JavaSources.concat(definition.keys().partition(), definition.keys().sort()))) {
                builder.addParameter(parameter(entity, slot, null, parameterNames));
                examples.add(text(pattern.key().get(slot)));
            }
        } else {
            AnnotationSpec.Builder query = AnnotationSpec.builder(JavaSources.annotation("Query"));
            pattern.index().ifPresent(index -> query.addMember("index", "$S", index));
            pattern.order().filter(order -> order == AccessPatternDefinition.Order.DESCENDING).ifPresent(order -> query.addMember("descending", "true"));
            pattern.limit().ifPresent(limit -> query.addMember("limit", "$L", limit));
            pattern.sort().filter(sort -> sort.operator() == AccessPatternDefinition.SortOperator.BEGINS_WITH_RAW)
                    .flatMap(SortCondition::rawPrefix).ifPresent(prefix -> query.addMember("sortBeginsWithRaw", "$S", prefix));
            builder.addAnnotation(query.build()).returns(ParameterizedTypeName.get(ClassName.get(List.class), item));
            KeyDefinition key = pattern.index().map(index -> definition.indexes().get(index)).orElse(definition.keys());
            for (String slot : JavaSources.slots(key.partition().isEmpty() ? definition.keys().partition() : key.partition())) {
                builder.addParameter(parameter(entity, slot, null, parameterNames));
                examples.add(text(pattern.key().get(slot)));
            }
            pattern.sort().ifPresent(sort -> sortParameters(builder, entity, sort, examples, parameterNames));
            pattern.filter().ifPresent(filter -> filterParameters(builder, entity, filter, examples, parameterNames));
        }
        // a pattern without parameters still takes an (empty) @Example: without one the processor leaves it out of the design file
        AnnotationSpec.Builder example = AnnotationSpec.builder(JavaSources.annotation("Example"));
        examples.forEach(value -> example.addMember("value", "$S", value));
        builder.addAnnotation(examples.isEmpty() ? example.addMember("value", "{}").build() : example.build());
        sources.methods.add(new JavaSources.PatternMethod(pattern.name(), method, examples));
        return builder.build();
    }

    /** The filter's conjunction as {@code @Filter} parameters, after the key's (a name a slot took gets "Filter" appended). */
    private void filterParameters(MethodSpec.Builder builder, String entity, ConditionDefinition filter, List<String> examples,
                                  Set<String> parameterNames) {
        EntityDefinition definition = sources.document.entities().get(entity);
        for (FilterParameter parameter : filters(filter)) {
            String java = sources.attributeName(entity, parameter.attribute());
            String name = parameter.prefix().isEmpty() ? java : parameter.prefix() + JavaSources.capitalized(java);
            name = parameterNames.contains(name) ? name + "Filter" : name;
            for (int i = 2; parameterNames.contains(name); i++) {
                name = java + "Filter" + i;
            }
            AnnotationSpec.Builder annotation = AnnotationSpec.builder(JavaSources.annotation("Filter"));
            if (!name.equals(java)) {
                annotation.addMember("value", "$S", java);
            }
            if (!parameter.op().equals("EQUALS")) {
                annotation.addMember("op", "$T.$L", JavaSources.annotation("Filter").nestedClass("Op"), parameter.op());
            }
            AttributeDefinition attribute = definition.attributes().get(parameter.attribute());
            TypeName type = parameter.op().equals("BEGINS_WITH") || attribute == null ? ClassName.get(String.class)
                    : javaTypeOfSlot(entity, parameter.attribute());
            parameterNames.add(name);
            builder.addParameter(ParameterSpec.builder(type, name).addAnnotation(annotation.build()).build());
            examples.add(text(parameter.value()));
        }
    }

    private void sortParameters(MethodSpec.Builder builder, String entity, SortCondition sort, List<String> examples, Set<String> names) {
        if (sort.operator() == AccessPatternDefinition.SortOperator.BEGINS_WITH_RAW) {
            return; // @Query(sortBeginsWithRaw = ...) holds it
        }
        List<String> given = new ArrayList<>(sort.values().keySet());
        if (sort.operator() == AccessPatternDefinition.SortOperator.BETWEEN) {
            for (String slot : given) {
                Object from = sort.values().get(slot);
                Object to = sort.to().get(slot);
                if (java.util.Objects.equals(from, to)) {
                    builder.addParameter(parameter(entity, slot, null, names));
                    examples.add(text(from));
                } else {
                    builder.addParameter(parameter(entity, slot, "From", names, "from"));
                    examples.add(text(from));
                    builder.addParameter(parameter(entity, slot, "To", names, "to"));
                    examples.add(text(to));
                }
            }
            return;
        }
        String last = given.isEmpty() ? null : given.get(given.size() - 1);
        for (String slot : given) {
            String condition = !slot.equals(last) ? null : switch (sort.operator()) {
                case EQUALS -> null;
                case BEGINS_WITH -> "BeginsWith";
                case LESS_THAN -> "Before";
                case LESS_THAN_OR_EQUAL -> "AtOrBefore";
                case GREATER_THAN -> "After";
                case GREATER_THAN_OR_EQUAL -> "AtOrAfter";
                case CHILDREN -> "Children";
                case SUBTREE -> "Subtree";
                case BETWEEN, BEGINS_WITH_RAW -> throw new IllegalStateException("handled above: " + sort.operator());
            };
            builder.addParameter(parameter(entity, slot, condition, names));
            examples.add(text(sort.values().get(slot)));
        }
    }

    private ParameterSpec parameter(String entity, String slot, String condition, Set<String> names) {
        return parameter(entity, slot, condition, names, "");
    }

    private ParameterSpec parameter(String entity, String slot, String condition, Set<String> names, String prefix) {
        String java = sources.attributeName(entity, slot);
        String name = prefix.isEmpty() ? java : prefix + JavaSources.capitalized(java);
        for (int i = 2; !names.add(name); i++) {
            name = java + i;
        }
        ParameterSpec.Builder parameter = ParameterSpec.builder(javaTypeOfSlot(entity, slot), name);
        if (condition != null) {
            AnnotationSpec.Builder annotation = AnnotationSpec.builder(JavaSources.annotation(condition));
            if (!name.equals(java)) {
                annotation.addMember("value", "$S", java);
            }
            parameter.addAnnotation(annotation.build());
        } else if (!name.equals(java)) {
            parameter.addAnnotation(AnnotationSpec.builder(JavaSources.annotation("Slot")).addMember("value", "$S", java).build());
        }
        return parameter.build();
    }

    private TypeName javaTypeOfSlot(String entity, String attribute) {
        AttributeDefinition definition = sources.document.entities().get(entity).attributes().get(attribute);
        if (definition == null) {
            return ClassName.get(String.class);
        }
        return sources.javaType(sources.typeNames.get(entity), attribute, definition, Map.of(), new ArrayList<>());
    }

    /** An example value as {@code @Example} text: a list as its values joined by commas, as the processor reads it. */
    private static String text(Object value) {
        if (value instanceof java.util.Collection<?> values) {
            return String.join(",", values.stream().map(String::valueOf).toList());
        }
        return value == null ? "" : String.valueOf(value);
    }
}
