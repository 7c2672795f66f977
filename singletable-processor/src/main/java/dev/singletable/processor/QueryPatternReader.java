package dev.singletable.processor;

import dev.singletable.annotations.From;
import dev.singletable.annotations.Query;
import dev.singletable.annotations.Scan;
import dev.singletable.annotations.Slot;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.PatternModel.Bound;
import dev.singletable.processor.PatternModel.Kind;
import dev.singletable.processor.PatternModel.Result;
import dev.singletable.processor.PatternModel.SortOp;
import dev.singletable.processor.PatternModel.Target;
import dev.singletable.processor.PatternReader.Design;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static dev.singletable.processor.PatternParameters.annotationOf;
import static dev.singletable.processor.PatternParameters.attributeNames;
import static dev.singletable.processor.PatternParameters.closest;
import static dev.singletable.processor.PatternParameters.join;
import static dev.singletable.processor.PatternParameters.property;
import static dev.singletable.processor.PatternParameters.slotName;
import static dev.singletable.processor.PatternParameters.slots;
import static dev.singletable.processor.PatternParameters.sortOp;

/**
 * Reads a {@code @Query} pattern: parameters fill the partition key and, from its first slot on, the sort key, at most
 * one of them a sort condition on the next slot; the rest are {@code @Filter}s and the {@code @Cursor} of a page. And a
 * {@code @Scan}, a read of the table or an index without key: the same index check, filters, cursor and limit.
 */
final class QueryPatternReader {
    private final ProcessorContext context;
    private final PatternParameters parameters;

    /** What the parameters of one query bind, filled parameter by parameter. */
    private static final class Binding {
        final List<String> partitionTemplates;
        final List<String> sortTemplates;
        final String where;
        final List<String> partition;
        final List<String> sort;
        final Map<Property, Bound> partitionBound = new LinkedHashMap<>();
        final Map<Integer, Bound> sortBound = new TreeMap<>();
        final PatternParameters.ReadExtras extras = new PatternParameters.ReadExtras();
        SortOp op;
        final List<Bound> conditionArgs = new ArrayList<>();
        int conditionSlot = -1;
        VariableElement conditionParameter;
        List<String> raw = List.of();

        Binding(List<String> partitionTemplates, List<String> sortTemplates, String where) {
            this.partitionTemplates = partitionTemplates;
            this.sortTemplates = sortTemplates;
            this.where = where;
            this.partition = slots(partitionTemplates);
            this.sort = slots(sortTemplates);
        }
    }

    QueryPatternReader(ProcessorContext context) {
        this.context = context;
        this.parameters = new PatternParameters(context);
    }

    /** The query or scan ({@code kind}), or null when reported. */
    PatternModel.Method read(String name, ExecutableElement method, Kind kind, Result result, Target target, Design design) {
        Query query = method.getAnnotation(Query.class);
        Scan scan = method.getAnnotation(Scan.class);
        Optional<String> index = PatternParameters.indexNamed(kind == Kind.SCAN ? scan.index() : query.index());
        if (!parameters.onIndex(name, method, target, design, index)) {
            return null;
        }
        // a collection's slots are looked up in its first member's templates; the core checks the others
        EntityModel keyed = target.entities().get(0);
        return kind == Kind.SCAN ? scan(name, method, result, target, index, keyed, scan)
                : query(name, method, result, target, index, keyed, query);
    }

    private PatternModel.Method query(String name, ExecutableElement method, Result result, Target target, Optional<String> index,
                                      EntityModel keyed, Query query) {
        Binding binding = binding(keyed, index);
        for (VariableElement parameter : method.getParameters()) {
            if (!bind(name, parameter, result, keyed, binding)) {
                return null;
            }
        }
        if (!betweenWhole(name, binding)
                || !parameters.checkBound(name, method, keyed, binding.where, String.join("', '", binding.partitionTemplates),
                binding.partition, binding.partitionBound)
                || !sortInOrder(name, binding) || !rawCondition(name, method, query, binding)) {
            return null;
        }
        List<Bound> sortEquals = List.copyOf(binding.sortBound.values());
        if (binding.op == null && !sortEquals.isEmpty()) {
            binding.op = sortEquals.size() == binding.sort.size() ? SortOp.EQUALS : SortOp.BEGINS_WITH;
        }
        Optional<List<Bound>> select = select(name, method, query, target, keyed);
        if (select.isEmpty()) {
            return null;
        }
        if (!limitFits(name, method, "@Query", query.limit())) {
            return null;
        }
        List<Bound> ordered = new ArrayList<>();
        for (String slot : binding.partition) {
            binding.partitionBound.forEach((property, bound) -> {
                if (property.attributeName().equals(slot)) {
                    ordered.add(bound);
                }
            });
        }
        return new PatternModel.Method(method, Kind.QUERY, result, target, index, ordered, sortEquals, Optional.ofNullable(binding.op),
                binding.conditionArgs, binding.raw, binding.extras.filters, binding.extras.cursor, Optional.empty(), Optional.empty(), List.of(),
                query.descending(), query.limit(), select.get(), query.consistentRead());
    }

    /**
     * A scan: no key to fill, so every parameter is a {@code @Filter} (or the {@code @Cursor} of a page); the index, when
     * named, one the table has and every entity has keys on (a scan of an index reads only the items on it).
     */
    private PatternModel.Method scan(String name, ExecutableElement method, Result result, Target target, Optional<String> index,
                                     EntityModel keyed, Scan scan) {
        PatternParameters.ReadExtras extras = new PatternParameters.ReadExtras();
        for (VariableElement parameter : method.getParameters()) {
            PatternParameters.Taken taken = parameters.takeCursorOrFilter(name, parameter, result, keyed, extras);
            if (taken == PatternParameters.Taken.REPORTED) {
                return null;
            }
            if (taken == PatternParameters.Taken.NEITHER) {
                String condition = annotationOf(parameter);
                context.diagnostics().report(Message.PATTERN_SCAN_PARAMETER, parameter, name, parameter.getSimpleName(),
                        condition.isEmpty() && parameter.getAnnotation(Slot.class) == null ? "" : " (@"
                                + (condition.isEmpty() ? "Slot" : condition) + " is for a @Query's key)",
                        property(keyed, parameter.getSimpleName().toString()) == null ? "attribute" : parameter.getSimpleName());
                return null;
            }
        }
        if (!limitFits(name, method, "@Scan", scan.limit())) {
            return null;
        }
        return new PatternModel.Method(method, Kind.SCAN, result, target, index, List.of(), List.of(), Optional.empty(), List.of(),
                List.of(), extras.filters, extras.cursor, Optional.empty(), Optional.empty(), List.of(), false, scan.limit(), List.of(), false);
    }

    /** A read's {@code limit} is 0 (all) or more; false when reported. */
    private boolean limitFits(String name, ExecutableElement method, String annotation, int limit) {
        if (limit < 0) {
            context.diagnostics().report(Message.PATTERN_LIMIT, method, name, annotation, limit);
            return false;
        }
        return true;
    }

    /** The key templates the query fills: the index's, else the table's. */
    private static Binding binding(EntityModel keyed, Optional<String> index) {
        String where = index.map(i -> "index " + i).orElse("the table");
        if (index.isPresent()) {
            IndexModel model = keyed.indexes().stream().filter(i -> i.name().equals(index.get())).findFirst().orElseThrow();
            return new Binding(model.partitions().isEmpty() ? List.of(keyed.partitionTemplate()) : model.partitions(), model.sorts(),
                    where);
        }
        return new Binding(List.of(keyed.partitionTemplate()), keyed.sortTemplate() == null ? List.of() : List.of(keyed.sortTemplate()),
                where);
    }

    /** Binds one parameter (cursor, filter, key value or sort condition); false when reported. */
    private boolean bind(String name, VariableElement parameter, Result result, EntityModel keyed, Binding binding) {
        PatternParameters.Taken taken = parameters.takeCursorOrFilter(name, parameter, result, keyed, binding.extras);
        if (taken != PatternParameters.Taken.NEITHER) {
            return taken == PatternParameters.Taken.TAKEN;
        }
        SortOp parameterOp = sortOp(parameter);
        String slot = slotName(parameter, parameterOp);
        Property property = property(keyed, slot);
        String attribute = property == null ? null : property.attributeName();
        List<String> partition = binding.partition;
        List<String> sort = binding.sort;
        if (property == null || !partition.contains(attribute) && !sort.contains(attribute)
                || parameterOp != null && !sort.contains(attribute)) {
            String where = parameterOp != null ? "the sort key on " + binding.where : binding.where;
            parameters.reportUnknownSlot(name, parameter, slot, keyed, where, parameterOp != null ? sort : join(partition, sort), property);
            return false;
        }
        boolean list = parameterOp == SortOp.CHILDREN || parameterOp == SortOp.SUBTREE;
        if (!list && !parameters.fits(parameter.asType(), property) || list && !context.types().isAssignable(parameter.asType(), property.type())) {
            parameters.reportType(name, parameter, keyed, property);
            return false;
        }
        Bound bound = new Bound(parameter, keyed, property);
        if (parameterOp == null) {
            if (partition.contains(attribute)) {
                if (!parameters.slotFree(name, bound, Optional.ofNullable(binding.partitionBound.get(property)))) {
                    return false;
                }
                binding.partitionBound.put(property, bound);
            } else {
                if (!parameters.slotFree(name, bound, Optional.ofNullable(binding.sortBound.get(sort.indexOf(attribute))))) {
                    return false;
                }
                binding.sortBound.put(sort.indexOf(attribute), bound);
            }
            return true;
        }
        int position = sort.indexOf(attribute);
        boolean pairs = binding.op == SortOp.BETWEEN && parameterOp == SortOp.BETWEEN && position == binding.conditionSlot;
        if (binding.op != null && !pairs) {
            context.diagnostics().report(Message.PATTERN_TWO_SORT_CONDITIONS, parameter, name, binding.conditionParameter.getSimpleName(),
                    parameter.getSimpleName());
            return false;
        }
        binding.op = parameterOp;
        binding.conditionSlot = position;
        binding.conditionParameter = parameter;
        binding.conditionArgs.add(bound);
        return true;
    }

    /** A between condition has its {@code @From} and its {@code @To}, in that order; false when reported. */
    private boolean betweenWhole(String name, Binding binding) {
        if (binding.op != SortOp.BETWEEN) {
            return true;
        }
        List<Bound> conditionArgs = binding.conditionArgs;
        VariableElement conditionParameter = binding.conditionParameter;
        long froms = conditionArgs.stream().filter(b -> b.parameter().getAnnotation(From.class) != null).count();
        if (conditionArgs.size() != 2 || froms != 1) {
            context.diagnostics().report(Message.PATTERN_BETWEEN_HALF, conditionParameter, name, conditionParameter.getSimpleName(),
                    froms == 1 ? "@To" : "@From", binding.sort.get(binding.conditionSlot));
            return false;
        }
        if (conditionArgs.get(0).parameter().getAnnotation(From.class) == null) {
            Collections.reverse(conditionArgs);
        }
        return true;
    }

    /** Equal sort values fill the template from its first slot on; a condition takes the next slot. False when reported. */
    private boolean sortInOrder(String name, Binding binding) {
        List<String> sort = binding.sort;
        int next = 0;
        for (Map.Entry<Integer, Bound> entry : binding.sortBound.entrySet()) {
            if (entry.getKey() != next) {
                context.diagnostics().report(Message.PATTERN_SORT_NOT_NEXT, entry.getValue().parameter(), name, "'" + entry.getValue().name()
                        + "' gives", sort.get(entry.getKey()), String.join("', '", binding.sortTemplates), sort.get(next), sort.get(next));
                return false;
            }
            next++;
        }
        if (binding.op != null && binding.conditionSlot != next) {
            String annotation = "@" + annotationOf(binding.conditionParameter);
            context.diagnostics().report(Message.PATTERN_SORT_NOT_NEXT, binding.conditionParameter, name, "the sort condition " + annotation
                    + " is on", sort.get(binding.conditionSlot), String.join("', '", binding.sortTemplates), sort.get(next), sort.get(next));
            return false;
        }
        return true;
    }

    /** {@code @Query(sortBetweenRaw)} or {@code (sortBeginsWithRaw)}, alone on the sort key; false when reported. */
    private boolean rawCondition(String name, ExecutableElement method, Query query, Binding binding) {
        List<String> raw = List.of(query.sortBetweenRaw());
        if (!raw.isEmpty()) {
            if (raw.size() != 2 || binding.op != null || !binding.sortBound.isEmpty()) {
                context.diagnostics().report(Message.PATTERN_RAW_RANGE, method, name, raw);
                return false;
            }
            binding.op = SortOp.BETWEEN_RAW;
        }
        if (!query.sortBeginsWithRaw().isEmpty()) {
            if (binding.op != null || !binding.sortBound.isEmpty()) {
                String other = !raw.isEmpty() ? "@Query(sortBetweenRaw)" : "parameter '"
                        + (binding.conditionParameter != null ? binding.conditionParameter.getSimpleName()
                        : binding.sortBound.values().iterator().next().name()) + "'";
                context.diagnostics().report(Message.PATTERN_RAW_PREFIX, method, name, query.sortBeginsWithRaw(), other);
                return false;
            }
            binding.op = SortOp.BEGINS_WITH_RAW;
            raw = List.of(query.sortBeginsWithRaw());
        }
        binding.raw = raw;
        return true;
    }

    /** The attributes of {@code @Query(select)}, each one of the entity's (a collection selects none); empty when reported. */
    private Optional<List<Bound>> select(String name, ExecutableElement method, Query query, Target target, EntityModel keyed) {
        List<Bound> select = new ArrayList<>();
        for (String attribute : query.select()) {
            Property property = target.collection() ? null : property(keyed, attribute);
            if (property == null) {
                context.diagnostics().report(Message.PATTERN_UNKNOWN_ATTRIBUTE, method, name, "@Query(select)", attribute,
                        target.type().getSimpleName(), closest(attribute, attributeNames(keyed)), attributeNames(keyed));
                return Optional.empty();
            }
            select.add(new Bound(null, keyed, property));
        }
        return Optional.of(select);
    }
}
