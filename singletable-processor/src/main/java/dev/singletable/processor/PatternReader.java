package dev.singletable.processor;

import dev.singletable.ClosestName;
import dev.singletable.KeyTemplate;
import dev.singletable.annotations.After;
import dev.singletable.annotations.AtOrAfter;
import dev.singletable.annotations.AtOrBefore;
import dev.singletable.annotations.BatchGet;
import dev.singletable.annotations.Before;
import dev.singletable.annotations.BeginsWith;
import dev.singletable.annotations.Children;
import dev.singletable.annotations.Create;
import dev.singletable.annotations.Cursor;
import dev.singletable.annotations.Delete;
import dev.singletable.annotations.Filter;
import dev.singletable.annotations.From;
import dev.singletable.annotations.Get;
import dev.singletable.annotations.Put;
import dev.singletable.annotations.Query;
import dev.singletable.annotations.Scan;
import dev.singletable.annotations.Slot;
import dev.singletable.annotations.Subtree;
import dev.singletable.annotations.To;
import dev.singletable.annotations.Update;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.PatternModel.Bound;
import dev.singletable.processor.PatternModel.FilterArg;
import dev.singletable.processor.PatternModel.Kind;
import dev.singletable.processor.PatternModel.Result;
import dev.singletable.processor.PatternModel.SortOp;
import dev.singletable.processor.PatternModel.Target;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads an {@code @AccessPatterns} interface: binds each method's parameters to the key slots of its entity on the
 * table or index it names, and reports every pattern that cannot be one call into the query API as a compile error at
 * the method or parameter, with the fix.
 */
final class PatternReader {
    private static final List<Class<? extends Annotation>> KINDS =
            List.of(Get.class, BatchGet.class, Query.class, Scan.class, Put.class, Create.class, Update.class, Delete.class);

    private final ProcessingEnvironment env;
    private final Types types;
    private final Diagnostics diagnostics;

    /** The table a pattern interface names: its facts and the models of its entities. */
    record Design(TypeElement holder, TableFacts facts, List<EntityModel> entities) {
    }

    PatternReader(ProcessingEnvironment env, Diagnostics diagnostics) {
        this.env = env;
        this.types = env.getTypeUtils();
        this.diagnostics = diagnostics;
    }

    /** The model, or null when errors were reported. */
    PatternModel read(TypeElement type, Design design, Map<String, EntityModel> models, Map<String, List<TypeElement>> collections) {
        int errorsBefore = diagnostics.errors();
        String iface = type.getSimpleName().toString();
        if (type.getKind() != ElementKind.INTERFACE) {
            diagnostics.report(Message.PATTERNS_NOT_INTERFACE, type, type.getKind().toString().toLowerCase(java.util.Locale.ROOT) + " " + iface);
            return null;
        }
        if (!type.getTypeParameters().isEmpty()) {
            diagnostics.report(Message.PATTERN_GENERIC, type, iface);
            return null;
        }
        if (type.getModifiers().contains(Modifier.PRIVATE)) {
            diagnostics.report(Message.PRIVATE_TYPE, type, iface, Names.generatedName(type, "Patterns"));
            return null;
        }
        List<ExecutableElement> abstractMethods = new ArrayList<>();
        // inherited patterns too: the generated class implements every abstract method of the interface
        for (Element member : env.getElementUtils().getAllMembers(type)) {
            if (member instanceof ExecutableElement method && method.getModifiers().contains(Modifier.ABSTRACT)
                    && method.getEnclosingElement().getKind() == ElementKind.INTERFACE) {
                abstractMethods.add(method);
            }
        }
        boolean async = !abstractMethods.isEmpty() && isAsync(abstractMethods.get(0).getReturnType());
        List<PatternModel.Method> methods = new ArrayList<>();
        for (ExecutableElement method : abstractMethods) {
            String name = iface + "." + method.getSimpleName();
            if (isAsync(method.getReturnType()) != async) {
                diagnostics.report(Message.PATTERN_MIXED_ASYNC, method, name, async ? "no CompletableFuture" : "a CompletableFuture",
                        iface, async ? "asynchronous" : "synchronous");
                continue;
            }
            PatternModel.Method read = readMethod(iface, method, async, design, models, collections);
            if (read != null) {
                methods.add(read);
            }
        }
        if (diagnostics.errors() > errorsBefore) {
            return null;
        }
        return new PatternModel(type, Names.packageOf(type), Names.generatedName(type, "Patterns"),
                type.getModifiers().contains(Modifier.PUBLIC), async, List.copyOf(methods));
    }

    private PatternModel.Method readMethod(String iface, ExecutableElement method, boolean async, Design design,
                                           Map<String, EntityModel> models, Map<String, List<TypeElement>> collections) {
        String name = iface + "." + method.getSimpleName();
        List<Class<? extends Annotation>> kinds = KINDS.stream().filter(k -> method.getAnnotation(k) != null).toList();
        if (kinds.size() != 1) {
            diagnostics.report(kinds.isEmpty() ? Message.PATTERN_NOT_ANNOTATED : Message.PATTERN_TWO_KINDS, method, name,
                    kinds.stream().map(k -> "@" + k.getSimpleName()).toList());
            return null;
        }
        if (!method.getTypeParameters().isEmpty()) {
            diagnostics.report(Message.PATTERN_GENERIC, method, name);
            return null;
        }
        Kind kind = switch (kinds.get(0).getSimpleName()) {
            case "Get" -> Kind.GET;
            case "BatchGet" -> Kind.BATCH_GET;
            case "Query" -> Kind.QUERY;
            case "Scan" -> Kind.SCAN;
            case "Put" -> Kind.PUT;
            case "Create" -> Kind.CREATE;
            case "Update" -> Kind.UPDATE;
            default -> Kind.DELETE;
        };
        String annotation = "@" + kinds.get(0).getSimpleName();
        TypeMirror returned = isFuture(method.getReturnType()) ? argument(method.getReturnType()) : method.getReturnType();
        // the entity or collection: a write's parameter, else the element type of what it returns
        TypeMirror element;
        Optional<VariableElement> written = Optional.empty();
        if (kind == Kind.PUT || kind == Kind.CREATE) {
            if (method.getParameters().size() != 1) {
                diagnostics.report(Message.PATTERN_WRITE_PARAMETERS, method, name, annotation, method.getParameters().size(),
                        method.getSimpleName());
                return null;
            }
            written = Optional.of(method.getParameters().get(0));
            element = written.get().asType();
        } else if ((kind == Kind.QUERY || kind == Kind.SCAN) && returned != null && isCount(returned)
                || (kind == Kind.UPDATE || kind == Kind.DELETE) && returned != null
                && (returned.getKind() == TypeKind.VOID || rawName(returned).equals("java.lang.Void"))) {
            element = declaredEntity(method);
        } else {
            element = elementOf(returned);
        }
        Target target = element == null ? null : target(element, models, collections);
        if (target == null && element instanceof DeclaredType declared && (declared.asElement().getAnnotation(
                dev.singletable.annotations.Entity.class) != null || declared.asElement().getAnnotation(
                dev.singletable.annotations.ItemCollection.class) != null)) {
            diagnostics.report(Message.PATTERN_ENTITY_NOT_COMPILED, method, name, declared.asElement().getSimpleName(),
                    method.getEnclosingElement().getSimpleName());
            return null;
        }
        if (target == null) {
            diagnostics.report(Message.PATTERN_RETURN_TYPE, method, name, annotation, returnText(method), forms(kind, async, "E"),
                     " of an @Entity E" + (reads(kind) ? " or an @ItemCollection E" : "") + " of table " + design.facts().name());
            return null;
        }
        Result result = reads(kind) && isCount(returned) ? Result.COUNT : result(kind, async, returned, element);
        if (result == null || (target.collection() && !reads(kind))) {
            String e = target.type().getSimpleName().toString();
            diagnostics.report(Message.PATTERN_RETURN_TYPE, method, name, annotation, returnText(method), forms(kind, async, e),
                    target.collection() && !reads(kind) ? "; a collection is read by @Query or @Scan only" : "");
            return null;
        }
        for (EntityModel entity : target.entities()) {
            if (!design.entities().contains(entity)) {
                diagnostics.report(Message.PATTERN_NOT_IN_TABLE, method, name, entity.element().getSimpleName(), design.facts().name(),
                        entity.element().getSimpleName(), design.holder().getSimpleName());
                return null;
            }
            if (entity.states().isPresent()) {
                diagnostics.report(Message.PATTERN_ENTITY_HAS_STATES, method, name, entity.element().getSimpleName());
                return null;
            }
        }
        return switch (kind) {
            case QUERY -> readQuery(name, method, result, target, design);
            case SCAN -> readScan(name, method, result, target, design);
            case PUT, CREATE -> new PatternModel.Method(method, kind, result, target, Optional.empty(), List.of(), List.of(),
                    Optional.empty(), List.of(), List.of(), List.of(), Optional.empty(), Optional.empty(), written, List.of(), false, 0,
                    List.of(), false);
            default -> readKeyed(name, method, kind, result, target);
        };
    }

    /** A get, batch get, update or delete: parameters fill the primary key (an update's also set attributes). */
    private PatternModel.Method readKeyed(String name, ExecutableElement method, Kind kind, Result result, Target target) {
        EntityModel entity = target.entity();
        List<String> partition = slots(List.of(entity.partitionTemplate()));
        List<String> sort = entity.sortTemplate() == null ? List.of() : slots(List.of(entity.sortTemplate()));
        List<String> setNames = kind == Kind.UPDATE ? List.of(method.getAnnotation(Update.class).set()) : List.of();
        List<Bound> sets = new ArrayList<>();
        for (String set : setNames) {
            if (property(entity, set) == null) {
                diagnostics.report(Message.PATTERN_UNKNOWN_ATTRIBUTE, method, name, "@Update(set)", set, entity.element().getSimpleName(),
                        closest(set, attributeNames(entity)), attributeNames(entity));
                return null;
            }
        }
        Map<Property, Bound> key = new LinkedHashMap<>();
        Optional<Bound> varying = Optional.empty();
        for (VariableElement parameter : method.getParameters()) {
            String slot = slotName(parameter, null);
            Property property = property(entity, slot);
            if (kind == Kind.UPDATE && property != null && setNames.stream().anyMatch(s -> property.equals(property(entity, s)))) {
                if (!fits(parameter.asType(), property)) {
                    reportType(name, parameter, entity, property);
                    return null;
                }
                sets.add(new Bound(parameter, entity, property));
                continue;
            }
            if (property == null || !partition.contains(property.attributeName()) && !sort.contains(property.attributeName())) {
                reportUnknownSlot(name, parameter, slot, entity, "the table", join(partition, sort), property);
                return null;
            }
            Bound bound = new Bound(parameter, entity, property);
            if (kind == Kind.BATCH_GET && isCollection(parameter.asType())) {
                if (varying.isPresent()) {
                    diagnostics.report(Message.PATTERN_BATCH_SHAPE, parameter, name, "two Collection parameters ('" + varying.get().name()
                            + "' and '" + parameter.getSimpleName() + "')");
                    return null;
                }
                if (!fits(argument(parameter.asType()), property)) {
                    reportType(name, parameter, entity, property);
                    return null;
                }
                varying = Optional.of(bound);
            } else if (!fits(parameter.asType(), property)) {
                reportType(name, parameter, entity, property);
                return null;
            }
            key.put(property, bound);
        }
        if (kind == Kind.BATCH_GET && varying.isEmpty()) {
            diagnostics.report(Message.PATTERN_BATCH_SHAPE, method, name, "no Collection parameter");
            return null;
        }
        for (String set : setNames) {
            Property property = property(entity, set);
            if (sets.stream().noneMatch(b -> b.property().equals(property))) {
                diagnostics.report(Message.PATTERN_SET_WITHOUT_PARAMETER, method, name, set, simpleType(property.type()),
                        property.javaName());
                return null;
            }
        }
        if (!checkBound(name, method, entity, "the table", entity.partitionTemplate(), partition, key)
                || entity.sortTemplate() != null && !checkBound(name, method, entity, "the table", entity.sortTemplate(), sort, key)) {
            return null;
        }
        List<Bound> ordered = new ArrayList<>();
        // distinct: a slot in both templates (pk USER#{username}, sk USER#{username}) is one key value
        for (String slot : join(partition, sort).stream().distinct().toList()) {
            key.forEach((property, bound) -> {
                if (property.attributeName().equals(slot)) {
                    ordered.add(bound);
                }
            });
        }
        return new PatternModel.Method(method, kind, result, target, Optional.empty(), ordered, List.of(), Optional.empty(), List.of(),
                List.of(), List.of(), Optional.empty(), varying, Optional.empty(), sets, false, 0, List.of(), false);
    }

    private PatternModel.Method readQuery(String name, ExecutableElement method, Result result, Target target, Design design) {
        Query query = method.getAnnotation(Query.class);
        Optional<String> index = query.index().isEmpty() ? Optional.empty() : Optional.of(query.index());
        // a collection's slots are looked up in its first member's templates; the core checks the others
        EntityModel keyed = target.entities().get(0);
        List<String> partitionTemplates;
        List<String> sortTemplates;
        String where = index.map(i -> "index " + i).orElse("the table");
        if (index.isPresent()) {
            if (!onIndex(name, method, target, design, index.get())) {
                return null;
            }
            IndexModel model = keyed.indexes().stream().filter(i -> i.name().equals(index.get())).findFirst().orElseThrow();
            partitionTemplates = model.partitions().isEmpty() ? List.of(keyed.partitionTemplate()) : model.partitions();
            sortTemplates = model.sorts();
        } else {
            partitionTemplates = List.of(keyed.partitionTemplate());
            sortTemplates = keyed.sortTemplate() == null ? List.of() : List.of(keyed.sortTemplate());
        }
        List<String> partition = slots(partitionTemplates);
        List<String> sort = slots(sortTemplates);
        Map<Property, Bound> partitionBound = new LinkedHashMap<>();
        Map<Integer, Bound> sortBound = new java.util.TreeMap<>();
        List<FilterArg> filters = new ArrayList<>();
        Optional<VariableElement> cursor = Optional.empty();
        SortOp op = null;
        List<Bound> conditionArgs = new ArrayList<>();
        int conditionSlot = -1;
        VariableElement conditionParameter = null;
        for (VariableElement parameter : method.getParameters()) {
            if (parameter.getAnnotation(Cursor.class) != null) {
                if (!cursorFits(name, parameter, result)) {
                    return null;
                }
                cursor = Optional.of(parameter);
                continue;
            }
            if (parameter.getAnnotation(Filter.class) != null) {
                FilterArg filter = filterArg(name, parameter, keyed);
                if (filter == null) {
                    return null;
                }
                filters.add(filter);
                continue;
            }
            SortOp parameterOp = sortOp(parameter);
            String slot = slotName(parameter, parameterOp);
            Property property = property(keyed, slot);
            String attribute = property == null ? null : property.attributeName();
            if (property == null || !partition.contains(attribute) && !sort.contains(attribute)
                    || parameterOp != null && !sort.contains(attribute)) {
                reportUnknownSlot(name, parameter, slot, keyed, parameterOp != null ? "the sort key on " + where : where,
                        parameterOp != null ? sort : join(partition, sort), property);
                return null;
            }
            boolean list = parameterOp == SortOp.CHILDREN || parameterOp == SortOp.SUBTREE;
            if (!list && !fits(parameter.asType(), property) || list && !types.isAssignable(parameter.asType(), property.type())) {
                reportType(name, parameter, keyed, property);
                return null;
            }
            Bound bound = new Bound(parameter, keyed, property);
            if (parameterOp == null) {
                if (partition.contains(attribute)) {
                    partitionBound.put(property, bound);
                } else {
                    sortBound.put(sort.indexOf(attribute), bound);
                }
                continue;
            }
            int position = sort.indexOf(attribute);
            boolean pairs = op == SortOp.BETWEEN && parameterOp == SortOp.BETWEEN && position == conditionSlot;
            if (op != null && !pairs) {
                diagnostics.report(Message.PATTERN_TWO_SORT_CONDITIONS, parameter, name, conditionParameter.getSimpleName(),
                        parameter.getSimpleName());
                return null;
            }
            op = parameterOp;
            conditionSlot = position;
            conditionParameter = parameter;
            conditionArgs.add(bound);
        }
        if (op == SortOp.BETWEEN) {
            long froms = conditionArgs.stream().filter(b -> b.parameter().getAnnotation(From.class) != null).count();
            if (conditionArgs.size() != 2 || froms != 1) {
                diagnostics.report(Message.PATTERN_BETWEEN_HALF, conditionParameter, name, conditionParameter.getSimpleName(),
                        froms == 1 ? "@To" : "@From", sort.get(conditionSlot));
                return null;
            }
            if (conditionArgs.get(0).parameter().getAnnotation(From.class) == null) {
                java.util.Collections.reverse(conditionArgs);
            }
        }
        if (!checkBound(name, method, keyed, where, String.join("', '", partitionTemplates), partition, partitionBound)) {
            return null;
        }
        // equal sort values fill the template from its first slot on; a condition takes the next slot
        int next = 0;
        for (Map.Entry<Integer, Bound> entry : sortBound.entrySet()) {
            if (entry.getKey() != next) {
                diagnostics.report(Message.PATTERN_SORT_NOT_NEXT, entry.getValue().parameter(), name, "'" + entry.getValue().name()
                        + "' gives", sort.get(entry.getKey()), String.join("', '", sortTemplates), sort.get(next), sort.get(next));
                return null;
            }
            next++;
        }
        if (op != null && conditionSlot != next) {
            String annotation = "@" + annotationOf(conditionParameter);
            diagnostics.report(Message.PATTERN_SORT_NOT_NEXT, conditionParameter, name, "the sort condition " + annotation + " is on",
                    sort.get(conditionSlot), String.join("', '", sortTemplates), sort.get(next), sort.get(next));
            return null;
        }
        List<String> raw = List.of(query.sortBetweenRaw());
        if (!raw.isEmpty()) {
            if (raw.size() != 2 || op != null || !sortBound.isEmpty()) {
                diagnostics.report(Message.PATTERN_RAW_RANGE, method, name, raw);
                return null;
            }
            op = SortOp.BETWEEN_RAW;
        }
        if (!query.sortBeginsWithRaw().isEmpty()) {
            if (op != null || !sortBound.isEmpty()) {
                String other = !raw.isEmpty() ? "@Query(sortBetweenRaw)" : "parameter '"
                        + (conditionParameter != null ? conditionParameter.getSimpleName() : sortBound.values().iterator().next().name()) + "'";
                diagnostics.report(Message.PATTERN_RAW_PREFIX, method, name, query.sortBeginsWithRaw(), other);
                return null;
            }
            op = SortOp.BEGINS_WITH_RAW;
            raw = List.of(query.sortBeginsWithRaw());
        }
        List<Bound> sortEquals = List.copyOf(sortBound.values());
        if (op == null && !sortEquals.isEmpty()) {
            op = sortEquals.size() == sort.size() ? SortOp.EQUALS : SortOp.BEGINS_WITH;
        }
        List<Bound> select = new ArrayList<>();
        for (String attribute : query.select()) {
            Property property = target.collection() ? null : property(keyed, attribute);
            if (property == null) {
                diagnostics.report(Message.PATTERN_UNKNOWN_ATTRIBUTE, method, name, "@Query(select)", attribute,
                        target.type().getSimpleName(), closest(attribute, attributeNames(keyed)), attributeNames(keyed));
                return null;
            }
            select.add(new Bound(null, keyed, property));
        }
        if (query.limit() < 0) {
            diagnostics.report(Message.PATTERN_LIMIT, method, name, "@Query", query.limit());
            return null;
        }
        List<Bound> ordered = new ArrayList<>();
        for (String slot : partition) {
            partitionBound.forEach((property, bound) -> {
                if (property.attributeName().equals(slot)) {
                    ordered.add(bound);
                }
            });
        }
        return new PatternModel.Method(method, Kind.QUERY, result, target, index, ordered, sortEquals, Optional.ofNullable(op),
                conditionArgs, raw, filters, cursor, Optional.empty(), Optional.empty(), List.of(), query.descending(), query.limit(),
                select, query.consistentRead());
    }

    /** True when the table has the index and every entity has keys on it; else reported. */
    private boolean onIndex(String name, ExecutableElement method, Target target, Design design, String index) {
        List<String> names = design.facts().indexes().stream().map(TableFacts.IndexFacts::name).toList();
        if (!names.contains(index)) {
            diagnostics.report(Message.PATTERN_INDEX_UNKNOWN, method, name, index, design.facts().name(), closest(index, names), names);
            return false;
        }
        for (EntityModel entity : target.entities()) {
            if (entity.indexes().stream().noneMatch(i -> i.name().equals(index))) {
                List<String> on = entity.indexes().stream().map(IndexModel::name).toList();
                diagnostics.report(Message.PATTERN_NOT_ON_INDEX, method, name, entity.element().getSimpleName(), index, on,
                        index, entity.element().getSimpleName());
                return false;
            }
        }
        return true;
    }

    /** A {@code @Filter} parameter on an attribute of {@code keyed}; null when reported. */
    private FilterArg filterArg(String name, VariableElement parameter, EntityModel keyed) {
        Filter filter = parameter.getAnnotation(Filter.class);
        String attribute = filter.value().isEmpty() ? parameter.getSimpleName().toString() : filter.value();
        Property property = property(keyed, attribute);
        if (property == null) {
            diagnostics.report(Message.PATTERN_UNKNOWN_ATTRIBUTE, parameter, name, "@Filter", attribute, keyed.element().getSimpleName(),
                    closest(attribute, attributeNames(keyed)), attributeNames(keyed));
            return null;
        }
        if (!fits(parameter.asType(), property)) {
            reportType(name, parameter, keyed, property);
            return null;
        }
        return new FilterArg(new Bound(parameter, keyed, property), switch (filter.op()) {
            case EQUALS -> "eq";
            case NOT_EQUALS -> "ne";
            case LESS_THAN -> "lt";
            case LESS_THAN_OR_EQUAL -> "le";
            case GREATER_THAN -> "gt";
            case GREATER_THAN_OR_EQUAL -> "ge";
            case BEGINS_WITH -> "beginsWith";
        });
    }

    /**
     * A scan: no key to fill, so every parameter is a {@code @Filter} (or the {@code @Cursor} of a page); the index, when
     * named, one the table has and every entity has keys on (a scan of an index reads only the items on it).
     */
    /** A {@code @Cursor} parameter is a String of a method returning a Page; otherwise reported at the parameter. */
    private boolean cursorFits(String name, VariableElement parameter, Result result) {
        if (result != Result.PAGE || !types.isSameType(parameter.asType(), stringType())) {
            diagnostics.report(Message.PATTERN_CURSOR, parameter, name, parameter.getSimpleName());
            return false;
        }
        return true;
    }

    private PatternModel.Method readScan(String name, ExecutableElement method, Result result, Target target, Design design) {
        Scan scan = method.getAnnotation(Scan.class);
        Optional<String> index = scan.index().isEmpty() ? Optional.empty() : Optional.of(scan.index());
        EntityModel keyed = target.entities().get(0);
        if (index.isPresent() && !onIndex(name, method, target, design, index.get())) {
            return null;
        }
        List<FilterArg> filters = new ArrayList<>();
        Optional<VariableElement> cursor = Optional.empty();
        for (VariableElement parameter : method.getParameters()) {
            if (parameter.getAnnotation(Cursor.class) != null) {
                if (!cursorFits(name, parameter, result)) {
                    return null;
                }
                cursor = Optional.of(parameter);
                continue;
            }
            if (parameter.getAnnotation(Filter.class) == null) {
                String condition = annotationOf(parameter);
                diagnostics.report(Message.PATTERN_SCAN_PARAMETER, parameter, name, parameter.getSimpleName(),
                        condition.isEmpty() && parameter.getAnnotation(Slot.class) == null ? "" : " (@"
                                + (condition.isEmpty() ? "Slot" : condition) + " is for a @Query's key)",
                        property(keyed, parameter.getSimpleName().toString()) == null ? "attribute" : parameter.getSimpleName());
                return null;
            }
            FilterArg filter = filterArg(name, parameter, keyed);
            if (filter == null) {
                return null;
            }
            filters.add(filter);
        }
        if (scan.limit() < 0) {
            diagnostics.report(Message.PATTERN_LIMIT, method, name, "@Scan", scan.limit());
            return null;
        }
        return new PatternModel.Method(method, Kind.SCAN, result, target, index, List.of(), List.of(), Optional.empty(), List.of(),
                List.of(), filters, cursor, Optional.empty(), Optional.empty(), List.of(), false, scan.limit(), List.of(), false);
    }

    private boolean checkBound(String name, ExecutableElement method, EntityModel entity, String where, String template,
                               List<String> slots, Map<Property, Bound> bound) {
        for (String slot : slots) {
            if (bound.keySet().stream().noneMatch(p -> p.attributeName().equals(slot))) {
                Property property = property(entity, slot);
                diagnostics.report(Message.PATTERN_SLOT_UNBOUND, method, name, template, entity.element().getSimpleName(), where, slot,
                        property == null ? "String" : simpleType(property.type()), property == null ? slot : property.javaName());
                return false;
            }
        }
        return true;
    }

    private void reportUnknownSlot(String name, VariableElement parameter, String slot, EntityModel entity, String where,
                                   List<String> slots, Property property) {
        String hint;
        if (property != null) {
            hint = "; " + property.javaName() + " is an attribute of " + entity.element().getSimpleName()
                    + " but no slot there: to filter on it, annotate the parameter @Filter";
        } else {
            hint = closest(slot, slots);
        }
        diagnostics.report(Message.PATTERN_UNKNOWN_SLOT, parameter, name, parameter.getSimpleName(), slot, entity.element().getSimpleName(),
                where, slots, hint);
    }

    private void reportType(String name, VariableElement parameter, EntityModel entity, Property property) {
        diagnostics.report(Message.PATTERN_PARAMETER_TYPE, parameter, name, parameter.getSimpleName(), simpleType(parameter.asType()),
                entity.element().getSimpleName(), property.javaName(), simpleType(property.type()), simpleType(property.type()));
    }

    private static String closest(String name, List<String> candidates) {
        return ClosestName.among(name, candidates).map(c -> "; did you mean '" + c + "'?").orElse("");
    }

    private static List<String> attributeNames(EntityModel entity) {
        return entity.properties().stream().filter(Property::mapped).map(Property::javaName).toList();
    }

    private static List<String> join(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** The slot names of templates, as stored attribute names would be written in them. */
    private static List<String> slots(List<String> templates) {
        List<String> slots = new ArrayList<>();
        for (String template : templates) {
            for (String slot : KeyTemplate.parse(template).attributeNames()) {
                if (!slots.contains(slot)) {
                    slots.add(slot);
                }
            }
        }
        return slots;
    }

    /** A mapped property by Java or stored name. */
    private static Property property(EntityModel entity, String name) {
        for (Property property : entity.properties()) {
            if (property.mapped() && (property.javaName().equals(name) || property.attributeName().equals(name))) {
                return property;
            }
        }
        return null;
    }

    private static String slotName(VariableElement parameter, SortOp op) {
        Slot slot = parameter.getAnnotation(Slot.class);
        if (slot != null) {
            return slot.value();
        }
        String named = op == null ? "" : switch (annotationOf(parameter)) {
            case "BeginsWith" -> parameter.getAnnotation(BeginsWith.class).value();
            case "After" -> parameter.getAnnotation(After.class).value();
            case "AtOrAfter" -> parameter.getAnnotation(AtOrAfter.class).value();
            case "Before" -> parameter.getAnnotation(Before.class).value();
            case "AtOrBefore" -> parameter.getAnnotation(AtOrBefore.class).value();
            case "From" -> parameter.getAnnotation(From.class).value();
            case "To" -> parameter.getAnnotation(To.class).value();
            case "Children" -> parameter.getAnnotation(Children.class).value();
            default -> parameter.getAnnotation(Subtree.class).value();
        };
        return named.isEmpty() ? parameter.getSimpleName().toString() : named;
    }

    private static String annotationOf(VariableElement parameter) {
        for (String name : List.of("BeginsWith", "After", "AtOrAfter", "Before", "AtOrBefore", "From", "To", "Children", "Subtree")) {
            if (parameter.getAnnotationMirrors().stream().anyMatch(m -> m.getAnnotationType().asElement().getSimpleName().contentEquals(name)
                    && m.getAnnotationType().toString().startsWith("dev.singletable.annotations."))) {
                return name;
            }
        }
        return "";
    }

    private static SortOp sortOp(VariableElement parameter) {
        return switch (annotationOf(parameter)) {
            case "BeginsWith" -> SortOp.BEGINS_WITH;
            case "After" -> SortOp.GREATER_THAN;
            case "AtOrAfter" -> SortOp.GREATER_THAN_OR_EQUAL;
            case "Before" -> SortOp.LESS_THAN;
            case "AtOrBefore" -> SortOp.LESS_THAN_OR_EQUAL;
            case "From", "To" -> SortOp.BETWEEN;
            case "Children" -> SortOp.CHILDREN;
            case "Subtree" -> SortOp.SUBTREE;
            default -> null;
        };
    }

    /** The entity or collection a type names, or null. */
    private static Target target(TypeMirror type, Map<String, EntityModel> models, Map<String, List<TypeElement>> collections) {
        if (!(type instanceof DeclaredType declared)) {
            return null;
        }
        TypeElement element = (TypeElement) declared.asElement();
        String qualified = element.getQualifiedName().toString();
        EntityModel entity = models.get(qualified);
        if (entity != null && entity.entity()) {
            return new Target(element, entity, List.of(), null, null);
        }
        List<TypeElement> members = collections.get(qualified);
        if (members == null) {
            return null;
        }
        List<EntityModel> memberModels = new ArrayList<>();
        for (TypeElement member : members) {
            EntityModel model = models.get(member.getQualifiedName().toString());
            if (model == null) {
                return null;
            }
            memberModels.add(model);
        }
        return new Target(element, null, List.copyOf(memberModels), Names.packageOf(element),
                Names.generatedName(element, "Collection"));
    }

    private Result result(Kind kind, boolean async, TypeMirror returned, TypeMirror element) {
        String raw = rawName(returned);
        boolean isElement = types.isSameType(returned, element);
        return switch (kind) {
            case GET -> raw.equals("java.util.Optional") ? Result.OPTIONAL : null;
            case BATCH_GET -> raw.equals("java.util.List") ? Result.LIST : null;
            case QUERY, SCAN -> switch (raw) {
                case "java.util.Optional" -> Result.OPTIONAL;
                case "java.util.List" -> Result.LIST;
                case "java.util.stream.Stream" -> async ? null : Result.STREAM;
                case "java.util.concurrent.Flow.Publisher" -> async ? Result.PUBLISHER : null;
                case "dev.singletable.Page" -> Result.PAGE;
                default -> null;
            };
            case PUT, CREATE, UPDATE -> isElement ? Result.ENTITY : !async && returned.getKind() == TypeKind.VOID ? Result.NONE : null;
            case DELETE -> raw.equals("java.util.Optional") ? Result.OPTIONAL
                    : returned.getKind() == TypeKind.VOID || async && raw.equals("java.lang.Void") ? Result.NONE : null;
        };
    }

    /** The element type of a return type (or written type), null when it has none. */
    private TypeMirror elementOf(TypeMirror returned) {
        if (returned == null || returned.getKind() != TypeKind.DECLARED) {
            return null;
        }
        String raw = rawName(returned);
        if (List.of("java.util.Optional", "java.util.List", "java.util.stream.Stream", "java.util.concurrent.Flow.Publisher",
                "dev.singletable.Page").contains(raw)) {
            return argument(returned);
        }
        return returned;
    }

    /** Queries and scans: reads of several items, of an entity or a collection. */
    private static boolean reads(Kind kind) {
        return kind == Kind.QUERY || kind == Kind.SCAN;
    }

    /** True for count queries ({@code long}, {@code Long}), which {@link #result} does not see as an element. */
    static boolean isCount(TypeMirror returned) {
        return returned.getKind() == TypeKind.LONG || returned.toString().equals("java.lang.Long");
    }

    /** The {@code entity = X.class} of a count, or of an update or delete returning nothing; null without. */
    private static TypeMirror declaredEntity(ExecutableElement method) {
        for (javax.lang.model.element.AnnotationMirror mirror : method.getAnnotationMirrors()) {
            if (!mirror.getAnnotationType().toString().startsWith("dev.singletable.annotations.")) {
                continue;
            }
            for (var entry : mirror.getElementValues().entrySet()) {
                if (entry.getKey().getSimpleName().contentEquals("entity") && entry.getValue().getValue() instanceof TypeMirror type) {
                    return type.getKind() == TypeKind.VOID ? null : type;
                }
            }
        }
        return null;
    }

    /** A future, or a publisher (the asynchronous stream). */
    private boolean isAsync(TypeMirror type) {
        return isFuture(type) || rawName(type).equals("java.util.concurrent.Flow.Publisher");
    }

    private boolean isFuture(TypeMirror type) {
        return rawName(type).equals("java.util.concurrent.CompletableFuture");
    }

    private boolean isCollection(TypeMirror type) {
        TypeElement collection = env.getElementUtils().getTypeElement("java.util.Collection");
        return type.getKind() == TypeKind.DECLARED && types.isAssignable(types.erasure(type), types.erasure(collection.asType()));
    }

    private TypeMirror stringType() {
        return env.getElementUtils().getTypeElement("java.lang.String").asType();
    }

    private boolean fits(TypeMirror parameter, Property property) {
        TypeMirror boxed = parameter.getKind().isPrimitive() ? types.boxedClass((javax.lang.model.type.PrimitiveType) parameter).asType()
                : parameter;
        TypeMirror target = property.type().getKind().isPrimitive()
                ? types.boxedClass((javax.lang.model.type.PrimitiveType) property.type()).asType() : property.type();
        return types.isAssignable(boxed, target);
    }

    private static TypeMirror argument(TypeMirror type) {
        if (type instanceof DeclaredType declared && declared.getTypeArguments().size() == 1) {
            return declared.getTypeArguments().get(0);
        }
        return null;
    }

    private static String rawName(TypeMirror type) {
        if (type instanceof DeclaredType declared) {
            return ((TypeElement) declared.asElement()).getQualifiedName().toString();
        }
        return type == null ? "" : type.toString();
    }

    private static String simpleType(TypeMirror type) {
        return type.toString().replaceAll("[a-zA-Z_$][\\w$]*\\.", "");
    }

    private static String returnText(ExecutableElement method) {
        return simpleType(method.getReturnType());
    }

    /** The return types a kind of pattern takes, for messages. */
    private static String forms(Kind kind, boolean async, String e) {
        List<String> forms = switch (kind) {
            case GET -> List.of("Optional<" + e + ">");
            case BATCH_GET -> List.of("List<" + e + ">");
            case QUERY, SCAN -> async ? List.of("List<" + e + ">", "Optional<" + e + ">", "Page<" + e + ">", "Flow.Publisher<" + e + ">", "Long (a count)")
                    : List.of("List<" + e + ">", "Stream<" + e + ">", "Optional<" + e + ">", "Page<" + e + ">",
                    "long (a count, with @" + (kind == Kind.SCAN ? "Scan" : "Query") + "(entity = " + e + ".class))");
            case PUT, CREATE -> async ? List.of(e) : List.of(e, "void");
            case UPDATE -> async ? List.of(e) : List.of(e, "void (with @Update(entity = " + e + ".class))");
            case DELETE -> List.of((async ? "Void" : "void") + " (with @Delete(entity = " + e + ".class))", "Optional<" + e + ">");
        };
        if (async) {
            forms = forms.stream().map(f -> f.endsWith(" (a count)") ? "CompletableFuture<Long> (a count)" : "CompletableFuture<" + f + ">")
                    .toList();
        }
        return String.join(", ", forms);
    }
}
