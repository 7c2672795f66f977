package dev.singletable.internal.writes;

import dev.singletable.Attribute;
import dev.singletable.EntitySchema;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.NullArgumentException;
import dev.singletable.partiql.PartiqlWrite;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.internal.partiql.PartiqlText;
import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link PartiqlWrite} of one table. One built from the schema keeps the write action a single item
 * operation would have sent ({@code origin}), so that a refusal is explained as that operation's would be;
 * one written by hand keeps the number of its {@code ?}s, checked before sending.
 */
final class DefaultPartiqlWrite implements PartiqlWrite {
    private final BoundTable table;
    private final String statement;
    private final List<AttributeValue> parameters;
    private final String operation;
    private final int placeholders;
    /** What a hand-written UPDATE's SET and REMOVE clauses write, by top-level attribute; empty for one built from the schema. */
    private final Map<String, String> changed;
    private final Optional<WriteAction> origin;
    private final Optional<ItemKey<?>> item;
    /** Whether applying it twice stores what applying it once does: only then may the SDK repeat a possibly applied attempt. */
    private final boolean repeatable;

    private DefaultPartiqlWrite(BoundTable table, String statement, List<AttributeValue> parameters, String operation, int placeholders,
                                Map<String, String> changed, Optional<WriteAction> origin, Optional<ItemKey<?>> item, boolean repeatable) {
        this.table = table;
        this.statement = statement;
        this.parameters = List.copyOf(parameters);
        this.operation = operation;
        this.placeholders = placeholders;
        this.changed = changed;
        this.origin = origin;
        this.item = item;
        this.repeatable = repeatable;
    }

    /** A statement rendered from the schema, holding every parameter. */
    static DefaultPartiqlWrite built(BoundTable table, String statement, List<AttributeValue> parameters, String operation,
                                     WriteAction origin, ItemKey<?> item) {
        // an update is as repeatable as the UpdateItem it renders (an unchecked addition or append is not); a put or delete is
        return new DefaultPartiqlWrite(table, statement, parameters, operation, parameters.size(), Map.of(), Optional.of(origin),
                Optional.of(item), !(origin instanceof UpdateAction update) || update.repeatable());
    }

    /** A statement written by hand, checked against the table; its parameters come later. */
    static DefaultPartiqlWrite written(BoundTable table, String statement) {
        PartiqlText.CheckedWrite checked = PartiqlText.checkWrite(statement, table.schema());
        return new DefaultPartiqlWrite(table, statement, List.of(), checked.operation(), checked.parameterCount(), checked.changed(),
                Optional.empty(), Optional.empty(), checked.repeatable());
    }

    BoundTable table() {
        return table;
    }

    /** The write a single item operation would have sent for this statement, when it was built from the schema. */
    Optional<WriteAction> origin() {
        return origin;
    }

    /** The item's key as text ({@code {PK=..., SK=...}}), for messages; empty when unknown. */
    Map<String, String> keyText() {
        return item.map(k -> table.keyText(table.bound(k.entity()).key(k.values()))).orElse(Map.of());
    }

    /** The entity type, for messages; {@code (statement)} when unknown. */
    String entityType() {
        return item.map(k -> k.entity().type()).orElse("(statement)");
    }

    /** How the statement is named in messages: {@code update of Order {PK=C1, SK=O1} ('UPDATE ...')}. */
    String description() {
        return operation + " of " + (item.isEmpty() ? "" : entityType() + " " + keyText() + " ") + "('" + statement + "')";
    }

    @Override
    public String statement() {
        return statement;
    }

    @Override
    public List<AttributeValue> parameters() {
        return parameters;
    }

    @Override
    public String operation() {
        return operation;
    }

    @Override
    public Optional<ItemKey<?>> item() {
        return item;
    }

    private void refuseIfBuilt(String method) {
        if (origin.isPresent()) {
            throw new ValidationException("PartiQL " + description() + " was built from the schema and holds its parameters; "
                    + method + " is for statements written with table.partiqlWrite(statement)");
        }
    }

    @Override
    public PartiqlWrite parameters(Object... values) {
        NullArgumentException.checkOn(this, "parameters", "values", values);
        refuseIfBuilt("parameters(...)");
        List<AttributeValue> encoded = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            encoded.add(PartiqlText.plain(values[i], i, "PartiQL " + description()));
        }
        return new DefaultPartiqlWrite(table, statement, encoded, operation, placeholders, changed, origin, item, repeatable);
    }

    @Override
    public <V> PartiqlWrite parameter(Attribute<?, V> attribute, V value) {
        NullArgumentException.checkOn(this, "parameter", "attribute", attribute, "value", value);
        refuseIfBuilt("parameter(...)");
        List<AttributeValue> next = new ArrayList<>(parameters);
        next.add(PartiqlText.attributeValue(attribute, value, "PartiQL " + description() + ", parameter " + (parameters.size() + 1)));
        return new DefaultPartiqlWrite(table, statement, next, operation, placeholders, changed, origin, item, repeatable);
    }

    @Override
    public PartiqlWrite key(EntitySchema<?> entity, KeyValues key) {
        NullArgumentException.checkOn(this, "key", "entity", entity, "key", key);
        refuseIfBuilt("key(...)");
        List<AttributeValue> next = new ArrayList<>(parameters);
        next.addAll(PartiqlText.keyValues(table, entity, key));
        DefaultPartiqlWrite keyed = new DefaultPartiqlWrite(table, statement, next, operation, placeholders, changed, origin,
                Optional.of(ItemKey.of(entity, key)), repeatable);
        keyed.refuseStaleIndexKeys();
        return keyed;
    }

    /**
     * Refuses, before sending, parameters that do not match the {@code ?}s, and a hand-written change that would leave an
     * index key stale.
     */
    void checkBeforeSending() {
        PartiqlText.checkParameterCount("PartiQL " + description(), placeholders, parameters.size());
        refuseStaleIndexKeys();
    }

    /**
     * A hand-written statement is sent as written: nothing rewrites the index keys built from what it changes. So a SET or
     * REMOVE of an attribute a written index key's template reads is refused unless the statement also writes that key
     * attribute: for the entity {@link #key} named, or, when no entity was named, for any entity of the table (naming the
     * entity with {@code key(ENTITY, key)} narrows it to that entity's indexes).
     */
    private void refuseStaleIndexKeys() {
        if (changed.isEmpty()) {
            return;
        }
        List<BoundEntity<?>> entities = item.isPresent() ? List.of(table.bound(item.get().entity())) : table.entities();
        for (BoundEntity<?> entity : entities) {
            for (String indexName : entity.schema().indexKeys().keySet()) {
                KeyBinding<?> index = entity.binding(Optional.of(indexName)).orElseThrow();
                for (Map.Entry<String, String> change : changed.entrySet()) {
                    for (Map.Entry<String, String> key : index.writtenAttributesBuiltFrom(change.getKey()).entrySet()) {
                        if (!changed.containsKey(key.getKey())) {
                            throw staleIndexKey(entity.schema().type(), change.getKey(), change.getValue(), indexName, key.getKey(),
                                    key.getValue());
                        }
                    }
                }
            }
        }
    }

    private ValidationException staleIndexKey(String entity, String attribute, String clause, String indexName, String keyAttribute,
                                              String template) {
        return new ValidationException("PartiQL " + description() + (clause.equals("SET") ? " sets '" : " removes '") + attribute
                + "', which " + keyAttribute + ", " + entity + "'s key of index " + indexName + ", is built from ('" + template
                + "'), but does not set or remove " + keyAttribute + ": a hand-written statement is sent as written, so " + indexName
                + " would keep the item under its old key. Use table.partiqlUpdate(entity, key, u -> ...), which rewrites index "
                + "keys, or also " + clause + " " + PartiqlText.quoted(keyAttribute) + " in the statement"
                + (item.isEmpty() ? " (if the item is no " + entity + ", name its entity with key(ENTITY, key))" : ""));
    }

    @Override
    public ExecuteStatementRequest toRequest() {
        checkBeforeSending();
        return ExecuteStatementRequest.builder()
                .statement(statement)
                .parameters(parameters.isEmpty() ? null : parameters)
                .returnValuesOnConditionCheckFailure(returnsItemOnRefusal() ? ReturnValuesOnConditionCheckFailure.ALL_OLD : null)
                .returnConsumedCapacity(table.runner().consumedCapacity())
                .build();
    }

    /**
     * Whether applying it twice stores what applying it once does; a statement that is not (an addition, an append, a list
     * element removed) is sent without the SDK's retries of failures that may have been applied ({@link RefusedOnlyRetries}).
     */
    boolean repeatable() {
        return repeatable;
    }

    /** The request to send: {@link #toRequest}, without the SDK's retries of possibly applied failures unless {@link #repeatable}. */
    ExecuteStatementRequest requestToSend() {
        ExecuteStatementRequest request = toRequest();
        return repeatable ? request : RefusedOnlyRetries.onto(request);
    }

    /** An update or delete built from the schema asks for the stored item when refused, to explain the refusal from it. */
    boolean returnsItemOnRefusal() {
        return origin.isPresent() && !operation.equals("insert");
    }

    @Override
    public String toString() {
        return statement + (parameters.isEmpty() ? "" : " " + parameters);
    }
}
