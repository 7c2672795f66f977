package dev.singletable.processor;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import java.util.List;
import java.util.Optional;

/**
 * An {@code @AccessPatterns} interface as the processor checked it: what each method reads or writes and how its
 * parameters fill key slots, conditions and filters. {@link PatternWriter} renders it without looking at elements again.
 */
record PatternModel(TypeElement element, String packageName, String implName, boolean isPublic, boolean async,
                    List<Method> methods) {

    enum Kind { GET, BATCH_GET, QUERY, SCAN, PUT, CREATE, UPDATE, DELETE }

    /** What a method returns: the element type is the target's ({@code NONE} for void, {@code ENTITY} for a write's entity). */
    enum Result { OPTIONAL, LIST, STREAM, PUBLISHER, PAGE, COUNT, ENTITY, NONE }

    /** The sort key condition of a query, as the query API names it. */
    enum SortOp {
        EQUALS("sortEquals"), BEGINS_WITH("sortBeginsWith"), GREATER_THAN("sortGreaterThan"),
        GREATER_THAN_OR_EQUAL("sortGreaterThanOrEqual"), LESS_THAN("sortLessThan"), LESS_THAN_OR_EQUAL("sortLessThanOrEqual"),
        BETWEEN("sortBetween"), CHILDREN("sortChildren"), SUBTREE("sortSubtree"), BETWEEN_RAW("sortBetweenRaw"),
        BEGINS_WITH_RAW("sortBeginsWithRaw");

        final String method;

        SortOp(String method) {
            this.method = method;
        }
    }

    /**
     * What a pattern reads or writes: one entity, or an {@code @ItemCollection} of several ({@code members} in
     * permits order; {@code entity} then null).
     */
    record Target(TypeElement type, EntityModel entity, List<EntityModel> members, String collectionPackage, String collectionName) {
        boolean collection() {
            return entity == null;
        }

        /** The entities whose templates the pattern's slots are looked up in. */
        List<EntityModel> entities() {
            return collection() ? members : List.of(entity);
        }
    }

    /** A parameter filling a key slot or naming an attribute: {@code property} of {@code owner}. */
    record Bound(VariableElement parameter, EntityModel owner, EntityModel.Property property) {
        String name() {
            return parameter.getSimpleName().toString();
        }
    }

    /** A filter parameter: attribute, comparison (a {@code Condition} factory) and value. */
    record FilterArg(Bound bound, String conditionMethod) {
    }

    /**
     * One access pattern.
     *
     * @param key        the primary key (get, batch get, update, delete) or the query's partition slots
     * @param sortEquals the query's sort slots given as equal values, in template order
     * @param sortOp     the sort condition; empty for none
     * @param sortArgs   the condition's parameters (two for between)
     * @param varying    the batch get's collection parameter
     * @param written    the put/create parameter
     * @param sets       the update's attributes
     */
    record Method(ExecutableElement element, Kind kind, Result result, Target target, Optional<String> index, List<Bound> key,
                  List<Bound> sortEquals, Optional<SortOp> sortOp, List<Bound> sortArgs, List<String> rawSort, List<FilterArg> filters,
                  Optional<VariableElement> cursor, Optional<Bound> varying, Optional<VariableElement> written, List<Bound> sets,
                  boolean descending, int limit, List<Bound> select, boolean consistentRead) {
        String name() {
            return element.getSimpleName().toString();
        }
    }
}
