package dev.singletable.processor;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.processor.PatternModel.Bound;
import dev.singletable.processor.PatternModel.FilterArg;
import dev.singletable.processor.PatternModel.Method;
import dev.singletable.processor.PatternModel.SortOp;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders every read pattern's request with the core, offline, on stand-ins of the table and its entities (as
 * {@link CoreSchemaCheck} does for schemas) with a sample value per slot: whatever the query API would refuse when the
 * method is first called (a projection the entity cannot be built from, a consistent read on a GSI, a sort condition
 * a multi-attribute key does not take, ...) is a compile error at the method, with the core's own message.
 */
final class CorePatternCheck {
    /** Where the core's message for a read its index cannot serve turns to the query API's fixes. */
    private static final String PROJECTION_ADVICE = "; select only what it holds with selectMaps(...)";
    /** Where the core's message for a selection that leaves out a required attribute turns to the query API's fixes. */
    private static final String SELECT_ADVICE = " to select(...), or use selectMaps(...) for plain maps";

    private CorePatternCheck() {
    }

    /** False when a pattern was refused (the errors are reported). */
    static boolean check(PatternModel model, PatternReader.Design design, Diagnostics diagnostics) {
        Table table;
        Map<EntityModel, EntitySchema<DynamicItem>> standIns = new HashMap<>();
        try {
            table = Table.offline(table(design, standIns));
        } catch (SingleTableException e) {
            return true; // the @TableDesign's own check reports it
        } catch (LinkageError | java.util.ServiceConfigurationError e) {
            return true; // the core runs only with its SDK on the processor path; without it the mistake fails at first use
        }
        boolean passed = true;
        for (Method method : model.methods()) {
            try {
                render(table, method, standIns);
            } catch (SingleTableException e) {
                diagnostics.report(Message.PATTERN_CORE_REFUSES, method.element(),
                        model.element().getSimpleName() + "." + method.name(),
                        annotationAdvice(userNames(e.getMessage(), method.target()), method));
                passed = false;
            } catch (LinkageError | java.util.ServiceConfigurationError e) {
                return passed;
            }
        }
        return passed;
    }

    /**
     * The core's message with the collection named as the user wrote it: the core names a collection by its Java class,
     * which for the stand-ins is {@code DynamicItem} ({@code Query of DynamicItem[A, B]}), not the user's interface.
     */
    private static String userNames(String message, PatternModel.Target target) {
        return target.collection() ? message.replace(DynamicItem.class.getSimpleName() + "[", target.type().getSimpleName() + "[")
                : message;
    }

    /**
     * The core's refusal of a read of an index that does not hold what it needs, with the fix an annotated pattern has:
     * the core's advice names calls of the query API (selectMaps, fetchFullItems, Projection.include) that an
     * {@code @AccessPatterns} method cannot make; it can select with {@code @Query(select)}, or the table can project more.
     * A selection that leaves out a required attribute is fixed in {@code @Query(select)} too.
     */
    private static String annotationAdvice(String message, Method method) {
        if (message.endsWith(SELECT_ADVICE)) {
            return message.substring(0, message.length() - SELECT_ADVICE.length()) + " to @Query(select = {...}), or leave select "
                    + "out to read whole items";
        }
        int advice = message.indexOf(PROJECTION_ADVICE);
        if (advice < 0 || method.index().isEmpty()) {
            return message;
        }
        return message.substring(0, advice) + "; select only attributes the index holds with @Query(select = {...}), or add the "
                + "ones it lacks to include of @TableDesign.GlobalIndex(name = \"" + method.index().get() + "\") (or give it projection "
                + "= ProjectionType.ALL)";
    }

    private static TableSchema table(PatternReader.Design design, Map<EntityModel, EntitySchema<DynamicItem>> standIns) {
        TableFacts facts = design.facts();
        TableSchema.Builder table = CoreSchemaCheck.tableBuilder(facts);
        for (EntityModel entity : design.entities()) {
            if (entity.states().isPresent()) {
                continue; // patterns do not read entities with states
            }
            EntitySchema<DynamicItem> standIn = CoreSchemaCheck.standIn(DynamicItem.class, entity.typeName(),
                    entity.element().getSimpleName().toString(), entity.properties(), entity.partitionTemplate(), entity.sortTemplate(),
                    entity.indexes(), List.of(), true);
            standIns.put(entity, standIn);
            table.entity(standIn);
        }
        return table.build();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void render(Table table, Method method, Map<EntityModel, EntitySchema<DynamicItem>> standIns) {
        PatternModel.Target target = method.target();
        EntitySchema<DynamicItem> entity = target.collection() ? null : standIns.get(target.entity());
        switch (method.kind()) {
            case GET, BATCH_GET -> table.getRequest(entity, keyValues(method.key(), standIns), ReadConsistency.EVENTUAL);
            case DELETE -> table.explainDelete(entity, keyValues(method.key(), standIns), Condition.none());
            case UPDATE -> table.explainUpdate(entity, keyValues(method.key(), standIns), update -> {
                dev.singletable.Update changed = update;
                for (Bound set : method.sets()) {
                    Attribute attribute = attribute(set, standIns);
                    changed = changed.set(attribute, sample(attribute.type()));
                }
                return changed;
            });
            case QUERY -> query(table, method, standIns);
            case SCAN -> scan(table, method, standIns);
            default -> {
                // a put or create needs an entity to render; its item is checked by the core when the schema is built
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void query(Table table, Method method, Map<EntityModel, EntitySchema<DynamicItem>> standIns) {
        PatternModel.Target target = method.target();
        dev.singletable.Query<DynamicItem> query;
        if (target.collection()) {
            List<EntitySchema<DynamicItem>> members = target.members().stream().map(standIns::get).toList();
            query = table.query(EntityCollection.of(DynamicItem.class, members.toArray(EntitySchema[]::new)));
        } else {
            query = table.query(standIns.get(target.entity()));
        }
        if (method.index().isPresent()) {
            query = query.index(method.index().get());
        }
        query = query.partition(keyValues(method.key(), standIns));
        if (method.sortOp().isPresent()) {
            SortOp op = method.sortOp().get();
            List<Bound> sortEquals = method.sortEquals();
            query = switch (op) {
                case EQUALS -> query.sortEquals(keyValues(sortEquals, standIns));
                case BEGINS_WITH -> query.sortBeginsWith(keyValues(with(sortEquals, method.sortArgs()), standIns));
                case GREATER_THAN -> query.sortGreaterThan(keyValues(with(sortEquals, method.sortArgs()), standIns));
                case GREATER_THAN_OR_EQUAL -> query.sortGreaterThanOrEqual(keyValues(with(sortEquals, method.sortArgs()), standIns));
                case LESS_THAN -> query.sortLessThan(keyValues(with(sortEquals, method.sortArgs()), standIns));
                case LESS_THAN_OR_EQUAL -> query.sortLessThanOrEqual(keyValues(with(sortEquals, method.sortArgs()), standIns));
                case BETWEEN -> query.sortBetween(keyValues(with(sortEquals, method.sortArgs().subList(0, 1)), standIns),
                        keyValues(with(sortEquals, method.sortArgs().subList(1, 2)), standIns));
                case CHILDREN -> query.sortChildren(keyValues(with(sortEquals, method.sortArgs()), standIns));
                case SUBTREE -> query.sortSubtree(keyValues(with(sortEquals, method.sortArgs()), standIns));
                case BETWEEN_RAW -> query.sortBetweenRaw(method.rawSort().get(0), method.rawSort().get(1));
                case BEGINS_WITH_RAW -> query.sortBeginsWithRaw(method.rawSort().get(0));
            };
        }
        for (FilterArg filter : method.filters()) {
            query = query.filter(filter(filter, standIns));
        }
        if (!method.select().isEmpty()) {
            query = query.select(method.select().stream().map(b -> attribute(b, standIns)).toArray(Attribute[]::new));
        }
        if (method.consistentRead()) {
            query = query.consistentRead();
        }
        if (method.descending()) {
            query = query.descending();
        }
        if (method.limit() > 0) {
            query = query.limit(method.limit());
        }
        query.toRequest();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void scan(Table table, Method method, Map<EntityModel, EntitySchema<DynamicItem>> standIns) {
        PatternModel.Target target = method.target();
        dev.singletable.Scan<DynamicItem> scan;
        if (target.collection()) {
            List<EntitySchema<DynamicItem>> members = target.members().stream().map(standIns::get).toList();
            scan = table.scan(EntityCollection.of(DynamicItem.class, members.toArray(EntitySchema[]::new)));
        } else {
            scan = table.scan(standIns.get(target.entity()));
        }
        if (method.index().isPresent()) {
            scan = scan.index(method.index().get());
        }
        for (FilterArg filter : method.filters()) {
            scan = scan.filter(filter(filter, standIns));
        }
        if (method.limit() > 0) {
            scan = scan.limit(method.limit());
        }
        scan.toRequest();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Condition filter(FilterArg filter, Map<EntityModel, EntitySchema<DynamicItem>> standIns) {
        Attribute attribute = attribute(filter.bound(), standIns);
        Object value = sample(attribute.type());
        return switch (filter.conditionMethod()) {
            case "ne" -> Condition.ne(attribute, value);
            case "lt" -> Condition.lt(attribute, value);
            case "le" -> Condition.le(attribute, value);
            case "gt" -> Condition.gt(attribute, value);
            case "ge" -> Condition.ge(attribute, value);
            case "beginsWith" -> Condition.beginsWith((Attribute<?, String>) attribute, "x");
            default -> Condition.eq(attribute, value);
        };
    }

    private static List<Bound> with(List<Bound> first, List<Bound> more) {
        List<Bound> all = new ArrayList<>(first);
        all.addAll(more);
        return all;
    }

    private static Attribute<DynamicItem, ?> attribute(Bound bound, Map<EntityModel, EntitySchema<DynamicItem>> standIns) {
        return standIns.get(bound.owner()).attribute(bound.property().attributeName()).orElseThrow();
    }

    private static KeyValues keyValues(List<Bound> bounds, Map<EntityModel, EntitySchema<DynamicItem>> standIns) {
        KeyValues values = KeyValues.none();
        for (Bound bound : bounds) {
            values = values.and(bound.property().attributeName(), sample(attribute(bound, standIns).type()));
        }
        return values;
    }

    /** A value of the stand-in type; its content does not matter, as no request is sent. */
    private static Object sample(AttributeType<?> type) {
        if (type == AttributeTypes.STRING) {
            return "x";
        }
        if (type == AttributeTypes.INTEGER) {
            return 1;
        }
        if (type == AttributeTypes.LONG) {
            return 1L;
        }
        if (type == AttributeTypes.DECIMAL) {
            return BigDecimal.ONE;
        }
        if (type == AttributeTypes.BIG_INTEGER) {
            return BigInteger.ONE;
        }
        if (type == AttributeTypes.BOOLEAN) {
            return Boolean.TRUE;
        }
        if (type == AttributeTypes.INSTANT || type == AttributeTypes.EPOCH_SECONDS) {
            return Instant.EPOCH;
        }
        if (type == AttributeTypes.LOCAL_DATE) {
            return LocalDate.EPOCH;
        }
        if (type == AttributeTypes.UUID) {
            return new java.util.UUID(0, 0);
        }
        if (type == AttributeTypes.STRING_LIST) {
            return List.of("x");
        }
        return PropertyTypes.AnyEnum.CONSTANT;
    }
}
