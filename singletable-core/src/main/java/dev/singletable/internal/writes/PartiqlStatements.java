package dev.singletable.internal.writes;

import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.partiql.PartiqlWrite;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.partiql.PartiqlText;
import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The PartiQL statements of one table's writes: INSERT, UPDATE and DELETE rendered from the schema (the same items,
 * keys and maintained attributes as put, update and delete), and statements written by hand, checked against the
 * schema. {@link PartiqlWrites} sends them.
 */
final class PartiqlStatements {
    /** What the statements render from: the same plans as the item writes, so the same items, keys and maintained values. */
    private final WritePlans plans;

    PartiqlStatements(WritePlans plans) {
        this.plans = plans;
    }

    private BoundTable table() {
        return plans.table();
    }

    private String tableName() {
        return PartiqlText.quoted(table().name());
    }


    /** {@code INSERT INTO "T" VALUE {'PK' : ?, ...}}: the item {@code create} would put, every attribute a parameter. */
    <T> PartiqlWrite insert(T entity) {
        EntityWrites<T> w = plans.writesFor(entity);
        PutAction action = w.putAction(entity, EntityWrites.PutMode.CREATE, Condition.none());
        List<String> names = new ArrayList<>(action.item().keySet());
        names.sort(attributeOrder(w.bound()));
        StringBuilder statement = new StringBuilder("INSERT INTO ").append(tableName()).append(" VALUE {");
        List<AttributeValue> parameters = new ArrayList<>(names.size());
        for (String name : names) {
            statement.append(parameters.isEmpty() ? "" : ", ").append(PartiqlText.literal(name)).append(" : ?");
            parameters.add(action.item().get(name));
        }
        statement.append('}');
        T written = action.writtenAs();
        return DefaultPartiqlWrite.built(table(), statement.toString(), parameters, "insert", action,
                ItemKey.of(w.bound().schema(), w.keyValuesOf(written)));
    }

    /** The table's keys, the entity type, the entity's attributes as declared, then the rest (index keys) by name. */
    private Comparator<String> attributeOrder(BoundEntity<?> bound) {
        Map<String, Integer> rank = new HashMap<>();
        rank.put(table().schema().partitionKeyAttribute(), 0);
        table().schema().sortKeyAttribute().ifPresent(sk -> rank.put(sk, 1));
        rank.put(table().schema().entityTypeAttribute(), 2);
        List<? extends Attribute<?, ?>> attributes = bound.schema().attributes();
        for (int i = 0; i < attributes.size(); i++) {
            rank.putIfAbsent(attributes.get(i).name(), 3 + i);
        }
        return Comparator.<String>comparingInt(name -> rank.getOrDefault(name, Integer.MAX_VALUE)).thenComparing(Comparator.naturalOrder());
    }

    /**
     * {@code UPDATE "T" SET ... REMOVE ... WHERE "PK" = ? AND "SK" = ? AND "entityType" = ?}: the changes, the
     * update timestamp, the version incremented and the index keys rewritten, as {@code update} would; checked
     * by the same planner first, so that what {@code update} refuses is refused here with the same message.
     */
    <T> PartiqlWrite update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        EntityWrites<T> w = plans.writes(entity);
        Update<T> update = WritePlans.changed(entity, changes);
        UpdatePlan plan = w.updatePlan(key, update, condition, EntityWrites.UpdateMode.UPDATE, Optional.empty(), Optional.empty());
        Map<String, AttributeValue> itemKey = w.bound().key(key);
        String what = "PartiQL update of " + entity.type() + " " + w.keyText(itemKey);
        if (!(plan instanceof UpdatePlan.Ready ready)) {
            throw new ValidationException(what + " needs stored values for index keys (readingStoredValuesForIndexKeys()), which a "
                    + "statement cannot read first; give those values in the update, or use table.update");
        }
        List<String> clauses = new ArrayList<>();
        List<AttributeValue> parameters = new ArrayList<>();
        Map<String, Object> newValues = new LinkedHashMap<>();
        for (Update.Action<T> action : update.actions()) {
            clauses.add(clause(action, parameters, what));
            if (action.path().isTopLevel() && action.operation() == Update.Operation.SET) {
                newValues.put(action.attribute().name(), action.value().orElseThrow());
            } else if (action.path().isTopLevel() && action.operation() == Update.Operation.REMOVE) {
                newValues.put(action.attribute().name(), null);
            }
        }
        Instant now = w.now();
        entity.updatedAtAttribute().ifPresent(updated -> {
            clauses.add("SET " + PartiqlText.quoted(updated.name()) + " = ?");
            parameters.add(EntityWrites.encodeInstant(updated, now));
            newValues.put(updated.name(), updated.type().fromAttributeValue(EntityWrites.encodeInstant(updated, now)));
        });
        entity.versionAttribute().ifPresent(version -> {
            clauses.add("SET " + PartiqlText.quoted(version.name()) + " = " + PartiqlText.operand(version.name()) + " + ?");
            parameters.add(AttributeValue.fromN("1"));
        });
        indexKeys(w, key, newValues, clauses, parameters);
        StringBuilder statement = new StringBuilder("UPDATE ").append(tableName());
        clauses.forEach(c -> statement.append(' ').append(c));
        statement.append(" WHERE ").append(PartiqlText.keyPredicate(table().schema()));
        parameters.addAll(PartiqlText.keyValues(table(), entity, key));
        statement.append(" AND ").append(PartiqlText.quoted(table().schema().entityTypeAttribute())).append(" = ?");
        parameters.add(AttributeValue.fromS(entity.type()));
        for (ElementGuard element : ready.action().guard().expectation().elements()) { // a list element written at must exist
            statement.append(" AND ").append(element.element().render(pathNames(PartiqlText::operand))).append(" IS NOT MISSING");
        }
        for (RangeGuard range : ready.action().guard().expectation().ranges()) { // the planner's, which explains a refusal
            String path = range.path().render(pathNames(PartiqlText::operand));
            statement.append(" AND ").append(range.render(path + " IS MISSING", path, "?"));
            parameters.add(range.storedBound());
        }
        for (RuleBoundGuard bound : ready.action().guard().expectation().bounds()) { // a range rule the addition could cross
            String path = bound.path().render(pathNames(PartiqlText::operand));
            statement.append(" AND ").append(bound.render(path + " IS MISSING", path, "?"));
            parameters.add(bound.storedBound());
        }
        userCondition(condition, statement, parameters);
        live(w, ready.action(), statement, parameters);
        return DefaultPartiqlWrite.built(table(), statement.toString(), parameters, "update", ready.action(), ItemKey.of(entity, key));
    }

    private <T> String clause(Update.Action<T> action, List<AttributeValue> parameters, String what) {
        String path = action.path().render(pathNames(PartiqlText::quoted));
        String operand = action.path().render(pathNames(PartiqlText::operand)); // the same path where a value is read
        String sourcePath = action.source().map(source -> PartiqlText.operand(source.name())).orElse("");
        Optional<AttributeValue> value = action.storedValue();
        value.ifPresent(parameters::add);
        return switch (action.operation()) {
            case SET -> "SET " + path + " = ?";
            case REMOVE -> "REMOVE " + path;
            case ADD_NUMBER -> "SET " + path + " = " + operand + " + ?";
            case SUBTRACT_NUMBER -> "SET " + path + " = " + operand + " - ?";
            case APPEND -> "SET " + path + " = list_append(" + operand + ", ?)";
            case PREPEND -> "SET " + path + " = list_append(?, " + operand + ")";
            case ADD_TO_SET -> "SET " + path + " = set_add(" + operand + ", ?)";
            case DELETE_FROM_SET -> "SET " + path + " = set_delete(" + operand + ", ?)";
            case SET_FROM_ATTRIBUTE -> "SET " + path + " = " + sourcePath;
            case SET_IF_ABSENT -> throw new ValidationException(what + " sets " + action.path() + " only if absent, but PartiQL has no "
                    + "if_not_exists: use table.update (UpdateItem) for it, or set the value");
        };
    }

    private static dev.singletable.Placeholders pathNames(java.util.function.UnaryOperator<String> names) {
        return new dev.singletable.Placeholders() {
            @Override
            public String name(String attributeName) {
                return names.apply(attributeName);
            }

            @Override
            public String value(AttributeValue value) {
                throw new IllegalStateException("a path has no values");
            }
        };
    }

    /**
     * Rewrites the index keys whose slots the update sets (from the values it sets and the primary key's), and
     * removes those of a sparse index whose slot it removes. The planner has already refused an update that
     * touches a slot without every value its key needs.
     */
    private <T> void indexKeys(EntityWrites<T> w, KeyValues key, Map<String, Object> newValues, List<String> clauses,
                               List<AttributeValue> parameters) {
        for (String indexName : w.bound().schema().indexKeys().keySet()) {
            KeyBinding<T> index = w.bound().binding(Optional.of(indexName)).orElseThrow();
            if (!index.writesAnyAttribute()) {
                continue;
            }
            List<String> slots = new ArrayList<>();
            for (BoundKeyTemplate<T> template : index.templates()) {
                template.attributes().forEach(a -> {
                    if (!slots.contains(a.name())) {
                        slots.add(a.name());
                    }
                });
            }
            if (slots.stream().noneMatch(newValues::containsKey)) {
                continue;
            }
            KeyValues values = KeyValues.none();
            boolean removed = false;
            for (String slot : slots) {
                Object value = newValues.containsKey(slot) ? newValues.get(slot) : key.value(slot).orElse(null);
                if (value == null) {
                    removed = true;
                } else {
                    values = values.and(slot, value);
                }
            }
            if (removed) {
                index.writtenAttributes().forEach(a -> clauses.add("REMOVE " + PartiqlText.quoted(a)));
                continue;
            }
            for (Map.Entry<String, AttributeValue> written : index.writtenValues(values).entrySet()) {
                clauses.add("SET " + PartiqlText.quoted(written.getKey()) + " = ?");
                parameters.add(written.getValue());
            }
        }
    }

    private static void userCondition(Condition condition, StringBuilder statement, List<AttributeValue> parameters) {
        if (!condition.isNone()) {
            String predicate = PartiqlText.predicate(condition, parameters);
            statement.append(" AND ").append(condition.bindsAtLeastAsTightAsAnd() ? predicate : "(" + predicate + ")");
        }
    }

    /** {@code DELETE FROM "T" WHERE "PK" = ? AND "SK" = ?}, and the condition: what {@code delete} removes. */
    <T> PartiqlWrite delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        DeleteAction action = plans.delete(entity, key, condition);
        StringBuilder statement = new StringBuilder("DELETE FROM ").append(tableName()).append(" WHERE ")
                .append(PartiqlText.keyPredicate(table().schema()));
        List<AttributeValue> parameters = new ArrayList<>(PartiqlText.keyValues(table(), entity, key));
        userCondition(condition, statement, parameters);
        live(plans.writes(entity), action, statement, parameters);
        return DefaultPartiqlWrite.built(table(), statement.toString(), parameters, "delete", action, ItemKey.of(entity, key));
    }

    /**
     * Where the item write requires a stored item unexpired (an update; a delete with a condition), the statement does too,
     * last as there: an item whose TTL has passed counts as absent, as reads hide it.
     */
    private static void live(EntityWrites<?> w, WriteAction origin, StringBuilder statement, List<AttributeValue> parameters) {
        if (origin.guard().expectation().live()) {
            String ttl = PartiqlText.quoted(w.timeToLiveAttribute().orElseThrow());
            statement.append(" AND (").append(ttl).append(" IS MISSING OR ").append(ttl).append(" > ?)");
            parameters.add(AttributeValue.fromN(Long.toString(w.now().getEpochSecond())));
        }
    }

    /** A statement written by hand, checked against the schema. */
    PartiqlWrite written(String statement) {
        return DefaultPartiqlWrite.written(table(), statement);
    }
}
