package dev.singletable.internal.writes;

import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.ItemSize;
import dev.singletable.internal.kinds.Kind;
import dev.singletable.internal.keys.BoundKeyTemplate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Renders an update or upsert: the caller's changes, the maintained attributes (timestamps,
 * version), the index keys ({@link IndexKeyUpkeep}), and the condition that keeps it honest.
 */
final class UpdatePlanner<T> {
    private final EntityWrites<T> writes;
    private final EntitySchema<T> schema;
    private final Set<String> primarySlots;
    private final IndexKeyUpkeep<T> indexKeys;
    /** The version and timestamp attributes, which singletable maintains and an update may not change. */
    private final Set<String> maintainedNames;

    UpdatePlanner(EntityWrites<T> writes, Set<String> primarySlots, IndexKeyUpkeep<T> indexKeys) {
        this.writes = writes;
        this.schema = writes.bound().schema();
        this.primarySlots = primarySlots;
        this.indexKeys = indexKeys;
        Set<String> maintained = new java.util.HashSet<>();
        schema.versionAttribute().ifPresent(a -> maintained.add(a.name()));
        schema.createdAtAttribute().ifPresent(a -> maintained.add(a.name()));
        schema.updatedAtAttribute().ifPresent(a -> maintained.add(a.name()));
        this.maintainedNames = Set.copyOf(maintained);
    }

    UpdatePlan plan(IndexKeyUpkeep.Request<T> request, Condition user, Optional<Long> expectedVersion) {
        if (request.update().isEmpty()) {
            throw new ValidationException(request.operation() + " of " + schema.type() + " " + writes.keyText(request.key())
                    + " changes nothing; give at least one change (set, remove, add...)");
        }
        writes.checkCondition(request.operation(), user);
        schema.versionAttribute().ifPresent(version -> expectedVersion.ifPresent(
                stored -> VersionIncrement.check(schema, version, stored, request.operation())));
        if (request.upsert()) {
            checkCreatable(request);
            writes.bound().checkKeyValuesForWrite(request.keyValues());
        }
        UpdateClauses clauses = new UpdateClauses();
        if (request.upsert()) {
            typeAndKeySlots(clauses, request.keyValues());
        }
        for (Update.Action<T> action : request.update().actions()) {
            change(clauses, action, request.key());
        }
        checkSize(request);
        maintained(clauses, request.upsert(), expectedVersion.isPresent());
        Map<String, Object> guards = new LinkedHashMap<>();
        Optional<UpdatePlan.NeedsStoredValues> needed = indexKeys.rewrite(request, clauses, guards);
        if (needed.isPresent()) {
            return needed.get();
        }
        if (expectedVersion.isPresent()) {
            // the version check already pins every stored value a sparse index's condition was decided on
            schema.versionAttribute().ifPresent(version -> guards.remove(version.name()));
        }
        String expression = clauses.render();
        checkExpressionLength(request, expression);
        Guard guard = condition(clauses, request.upsert(), expectedVersion, guards, user);
        // a version check refuses a repeat (as a conflict that may have been applied): only an unchecked accumulation is unrepeatable
        UpdateAction action = new UpdateAction(writes.bound(), request.operation(), request.key(), expression, guard,
                !clauses.accumulates || expectedVersion.isPresent());
        return clauses.keysIfAbsent.isEmpty() ? new UpdatePlan.Ready(action) : new UpdatePlan.ReadsOnRefusal(action);
    }

    private void typeAndKeySlots(UpdateClauses clauses, KeyValues keyValues) {
        clauses.set.add(clauses.name(writes.entityTypeAttribute()) + " = " + clauses.value(writes.bound().typeValue()));
        for (String slot : primarySlots) {
            if (slot.equals(writes.partitionKeyAttribute()) || writes.bound().primary().sortAttribute().filter(slot::equals).isPresent()) {
                continue; // the entity's own attribute is the table's key: DynamoDB sets it from the request's Key
            }
            Attribute<T, ?> attribute = schema.attribute(slot).orElseThrow();
            clauses.set.add(clauses.name(slot) + " = " + clauses.value(EntityWrites.encode(attribute, keyValues.value(slot).orElseThrow())));
        }
    }

    private void change(UpdateClauses clauses, Update.Action<T> action, Map<String, AttributeValue> key) {
        Attribute<T, ?> attribute = action.attribute();
        checkChangeable(attribute, key, action);
        if (!action.path().isTopLevel()) {
            nestedChange(clauses, action, key);
            return;
        }
        String name = clauses.name(attribute.name());
        if (action.operation() == Update.Operation.SET || action.operation() == Update.Operation.SET_IF_ABSENT) {
            action.storedValue().ifPresent(value -> writes.bound().checkKeyValue(attribute.name(), value));
        }
        switch (action.operation()) {
            case SET -> {
                clauses.set.add(name + " = " + clauses.value(action.storedValue().orElseThrow()));
                // a nullable attribute set to null holds NULL, which reads as null
                clauses.newValues.put(attribute.name(), action.value().orElse(null));
            }
            case SET_IF_ABSENT -> clauses.set.add(name + " = if_not_exists(" + name + ", " + clauses.value(action.storedValue().orElseThrow()) + ")");
            case SET_FROM_ATTRIBUTE -> clauses.set.add(name + " = " + clauses.name(checkedSource(action, key).name()));
            case REMOVE -> {
                clauses.remove.add(name);
                clauses.newValues.put(attribute.name(), null);
            }
            case ADD_NUMBER, ADD_TO_SET -> clauses.add.add(name + " " + clauses.value(action.storedValue().orElseThrow()));
            case SUBTRACT_NUMBER -> clauses.set.add(name + " = " + name + " - " + clauses.value(action.storedValue().orElseThrow()));
            case APPEND -> clauses.set.add(name + " = list_append(if_not_exists(" + name + ", " + clauses.value(AttributeValue.fromL(List.of()))
                    + "), " + clauses.value(action.storedValue().orElseThrow()) + ")");
            case PREPEND -> clauses.set.add(name + " = list_append(" + clauses.value(action.storedValue().orElseThrow()) + ", if_not_exists("
                    + name + ", " + clauses.value(AttributeValue.fromL(List.of())) + "))");
            case DELETE_FROM_SET -> clauses.delete.add(name + " " + clauses.value(action.storedValue().orElseThrow()));
        }
        clauses.guardRange(action, name);
        clauses.noteAccumulation(action);
        if (!clauses.newValues.containsKey(attribute.name())) {
            clauses.changedOpaquely(attribute.name(), action.operation());
        }
    }

    /**
     * A change inside an attribute: every element of the path is a placeholder. A number is added with SET and
     * if_not_exists (DynamoDB's ADD works on top-level attributes only); the attribute it changes is then known to
     * DynamoDB only, which index key upkeep is told.
     */
    private void nestedChange(UpdateClauses clauses, Update.Action<T> action, Map<String, AttributeValue> key) {
        checkPathOutsideKeys(action, key);
        String path = action.path().render(clauses.expressions);
        switch (action.operation()) {
            case SET -> clauses.set.add(path + " = " + clauses.value(action.storedValue().orElseThrow()));
            case SET_IF_ABSENT -> clauses.set.add(path + " = if_not_exists(" + path + ", " + clauses.value(action.storedValue().orElseThrow()) + ")");
            case SET_FROM_ATTRIBUTE -> throw new IllegalStateException("setFrom takes attributes only");
            case REMOVE -> clauses.remove.add(path);
            case ADD_NUMBER -> clauses.set.add(path + " = if_not_exists(" + path + ", " + clauses.value(AttributeValue.fromN("0")) + ") + "
                    + clauses.value(action.storedValue().orElseThrow()));
            case ADD_TO_SET -> clauses.add.add(path + " " + clauses.value(action.storedValue().orElseThrow()));
            case SUBTRACT_NUMBER -> clauses.set.add(path + " = " + path + " - " + clauses.value(action.storedValue().orElseThrow()));
            case APPEND -> clauses.set.add(path + " = list_append(if_not_exists(" + path + ", " + clauses.value(AttributeValue.fromL(List.of()))
                    + "), " + clauses.value(action.storedValue().orElseThrow()) + ")");
            case PREPEND -> clauses.set.add(path + " = list_append(" + clauses.value(action.storedValue().orElseThrow()) + ", if_not_exists("
                    + path + ", " + clauses.value(AttributeValue.fromL(List.of())) + "))");
            case DELETE_FROM_SET -> clauses.delete.add(path + " " + clauses.value(action.storedValue().orElseThrow()));
        }
        clauses.guardElement(action);
        clauses.guardRange(action, path);
        clauses.noteAccumulation(action);
        clauses.changedOpaquely(action.attribute().name(), action.operation());
    }

    /**
     * Refuses a path into an attribute a key is composed from (the table's key attributes, any template slot): the
     * composed key would no longer say what the item holds.
     */
    private void checkPathOutsideKeys(Update.Action<T> action, Map<String, AttributeValue> key) {
        String root = action.attribute().name();
        boolean keyAttribute = key.containsKey(root) || root.equals(writes.entityTypeAttribute());
        boolean slot = primarySlots.contains(root) || indexKeys.keyAttributesAndSlots().contains(root);
        if (keyAttribute || slot) {
            throw new ValidationException("Update of " + schema.type() + " " + writes.keyText(key) + " changes " + action.path() + " inside '"
                    + root + "', which " + (keyAttribute ? "is a key attribute" : "a key template is composed from") + ": a change inside it "
                    + "would leave the composed key out of step with the item. Set the whole attribute (set(" + root + ", value)), which "
                    + "rewrites index keys, or move the item for a primary key (table.move)");
        }
    }

    /**
     * The timestamps and the version's {@code ADD 1}. A version pinned by the condition was checked in Java
     * ({@link VersionIncrement#check}), so only an update by key carries the stored-side range guard.
     */
    private void maintained(UpdateClauses clauses, boolean upsert, boolean versionPinned) {
        boolean stamps = upsert && schema.createdAtAttribute().isPresent() || schema.updatedAtAttribute().isPresent();
        Instant now = stamps ? writes.now() : Instant.EPOCH; // the clock is read only for a timestamp it sets
        if (upsert && schema.createdAtAttribute().isPresent()) {
            Attribute<T, Instant> created = schema.createdAtAttribute().get();
            String name = clauses.name(created.name());
            // not known here (kept when the item exists): index keys built from it need it given, or read
            clauses.set.add(name + " = if_not_exists(" + name + ", " + clauses.value(EntityWrites.encodeInstant(created, now)) + ")");
        }
        if (schema.updatedAtAttribute().isPresent()) {
            Attribute<T, Instant> updated = schema.updatedAtAttribute().get();
            clauses.set.add(clauses.name(updated.name()) + " = " + clauses.value(EntityWrites.encodeInstant(updated, now)));
            clauses.newValues.put(updated.name(), now);
        }
        schema.versionAttribute().ifPresent(version -> {
            String name = clauses.name(version.name());
            clauses.add.add(name + " " + clauses.value(AttributeValue.fromN("1")));
            if (!versionPinned) {
                VersionIncrement.storedGuard(version).ifPresent(guard -> clauses.ranges.put(name, guard));
            }
        });
    }

    private Guard condition(UpdateClauses clauses, boolean upsert, Optional<Long> expectedVersion, Map<String, Object> guards,
                            Condition user) {
        ConditionParts parts = writes.conditions(clauses.expressions);
        String pk = clauses.name(writes.partitionKeyAttribute());
        String typeCheck = clauses.name(writes.entityTypeAttribute()) + " = " + clauses.value(writes.bound().typeValue());
        Expectation.Existence existence = upsert ? Expectation.Existence.ANY : Expectation.Existence.MUST_EXIST;
        if (upsert) {
            // an expired item is refused, so that the upsert writes as onto no item (Writes clears it and sends the upsert again)
            parts.add("(attribute_not_exists(" + pk + ") OR " + typeCheck + ")").live();
        } else {
            parts.existence(existence).add(typeCheck);
        }
        schema.versionAttribute().ifPresent(version -> parts.version(version.name(), expectedVersion));
        for (Map.Entry<String, Object> guard : guards.entrySet()) {
            parts.add(pin(clauses, schema.attribute(guard.getKey()).orElseThrow(), guard.getValue()));
        }
        clauses.keysIfAbsent.forEach(keys -> parts.add(storedOrDefaulted(clauses, keys)));
        clauses.elementConditions().forEach(parts::add);
        clauses.rangeConditions().forEach(parts::add);
        List<String> guarded = guards.isEmpty() ? List.of() : List.copyOf(guards.keySet());
        return parts.user(user).guard(new Expectation(existence, true, expectedVersion, guarded, user, List.copyOf(clauses.ranges.values()),
                List.copyOf(clauses.elements.values()), List.copyOf(clauses.bounds)));
    }

    /**
     * The condition that the stored attribute still reads as {@code value}, in every stored form that reads as it
     * ({@link Kind#whenMissing}): no attribute when an absent attribute reads as it (null, an empty list or map, a declared
     * default), DynamoDB's NULL when a NULL reads as it (a nullable attribute's null; for any other attribute, which
     * another tool may have stored NULL under, what the absent attribute reads as), and the value itself when it is
     * stored as one (an omitted value, such as an empty set, is stored as no attribute).
     */
    private static <T> String pin(UpdateClauses clauses, Attribute<T, ?> attribute, Object value) {
        String name = clauses.name(attribute.name());
        boolean omitted = value != null && omitted(attribute, value);
        List<String> forms = new ArrayList<>();
        if (omitted || Objects.equals(Kind.whenMissing(attribute, false).orElse(null), value)) {
            forms.add("attribute_not_exists(" + name + ")");
        }
        if (Objects.equals(Kind.whenMissing(attribute, true).orElse(null), value)) {
            forms.add("attribute_type(" + name + ", " + clauses.value(AttributeValue.fromS("NULL")) + ")");
        }
        if (value != null && !omitted) {
            forms.add(name + " = " + clauses.value(EntityWrites.encode(attribute, value)));
        }
        if (forms.isEmpty()) {
            // null where no stored form reads as null: nothing was read (the item an upsert creates), or the entity was built by hand
            return "attribute_not_exists(" + name + ")";
        }
        return forms.size() == 1 ? forms.get(0) : "(" + String.join(" OR ", forms) + ")";
    }

    /**
     * The condition under index keys set only where absent: the keys are stored (and kept), or every slot whose default
     * they were built from reads as that default in the stored item (absent, NULL or the default stored), so the keys
     * written are the item's own.
     */
    private static String storedOrDefaulted(UpdateClauses clauses, UpdateClauses.KeysIfAbsent keys) {
        List<String> stored = keys.keyAttributes().stream().map(k -> "attribute_exists(" + clauses.name(k) + ")").toList();
        List<String> defaults = new ArrayList<>();
        keys.defaulted().forEach((slot, value) -> defaults.add(pin(clauses, slot, value)));
        return "(" + group(stored) + " OR " + group(defaults) + ")";
    }

    private static String group(List<String> conditions) {
        return conditions.size() == 1 ? conditions.get(0) : "(" + String.join(" AND ", conditions) + ")";
    }

    @SuppressWarnings("unchecked")
    private static <V> boolean omitted(Attribute<?, V> attribute, Object value) {
        try {
            return attribute.type().isOmitted((V) value);
        } catch (ClassCastException wrongType) {
            return false;
        }
    }

    /** DynamoDB's limit on an expression's length (UTF-8 bytes), placeholders included. */
    static final int MAX_EXPRESSION_BYTES = 4096;

    /** Refuses an update expression over DynamoDB's 4 KB: many changes, or many deep paths, in one update. */
    private void checkExpressionLength(IndexKeyUpkeep.Request<T> request, String expression) {
        int length = BoundKeyTemplate.utf8Length(expression);
        if (length > MAX_EXPRESSION_BYTES) {
            throw new ValidationException(request.operation() + " of " + schema.type() + " " + writes.keyText(request.key()) + " has "
                    + request.update().actions().size() + " changes whose UpdateExpression is " + length + " bytes, over the "
                    + MAX_EXPRESSION_BYTES + " bytes (4 KB) DynamoDB takes: split it into several updates, or set a whole embedded "
                    + "record or map (set(attribute, value)) instead of many paths into it");
        }
    }

    /**
     * Refuses an update whose key and written values alone are over DynamoDB's item limit: the item after
     * it could never be stored. What the stored item adds is known only to DynamoDB, which refuses the
     * rest ({@code RequestRunner} explains that refusal).
     */
    private void checkSize(IndexKeyUpkeep.Request<T> request) {
        long written = ItemSize.of(request.key());
        for (Update.Action<T> action : request.update().actions()) {
            boolean writes = switch (action.operation()) {
                case SET, ADD_NUMBER, SUBTRACT_NUMBER, APPEND, PREPEND, ADD_TO_SET -> true;
                case SET_IF_ABSENT, SET_FROM_ATTRIBUTE, REMOVE, DELETE_FROM_SET -> false;
            };
            if (writes && action.storedValue().isPresent()) {
                if (action.path().isTopLevel()) {
                    written += BoundKeyTemplate.utf8Length(action.attribute().name()); // no list of one name
                } else {
                    for (String name : action.path().names()) {
                        written += BoundKeyTemplate.utf8Length(name);
                    }
                }
                written += ItemSize.of(action.storedValue().get());
            }
        }
        if (written > ItemSize.MAX_ITEM_BYTES) {
            throw new ValidationException(request.operation() + " of " + schema.type() + " " + writes.keyText(request.key()) + " writes "
                    + written + " bytes of key and values (attribute names included), over the " + ItemSize.MAX_ITEM_BYTES
                    + " bytes (400 KB) DynamoDB allows for a whole item, so it could never be stored; store large values elsewhere "
                    + "(such as S3) with a reference in the item");
        }
    }

    /**
     * Refuses an upsert that would create an item its entity cannot be read from: one lacking a required
     * attribute (the upsert would be written, then fail to decode). Key slots and maintained attributes
     * are set by the upsert itself.
     */
    private void checkCreatable(IndexKeyUpkeep.Request<T> request) {
        List<String> missing = new ArrayList<>();
        for (Attribute<T, ?> attribute : schema.attributes()) {
            String name = attribute.name();
            boolean given = request.update().actions().stream()
                    .anyMatch(action -> action.path().isTopLevel() && action.attribute().name().equals(name)
                            && action.operation() != Update.Operation.REMOVE);
            boolean maintained = schema.versionAttribute().map(a -> a.name().equals(name)).orElse(false)
                    || schema.createdAtAttribute().map(a -> a.name().equals(name)).orElse(false)
                    || schema.updatedAtAttribute().map(a -> a.name().equals(name)).orElse(false);
            if (attribute.isRequired() && attribute.type().valueWhenAbsent().isEmpty() && !primarySlots.contains(name) && !maintained
                    && !given) {
                missing.add(name);
            }
        }
        if (!missing.isEmpty()) {
            throw new ValidationException(request.operation() + " of " + schema.type() + " " + writes.keyText(request.key())
                    + " does not set required attribute" + (missing.size() == 1 ? " " : "s ") + missing + ": an item it creates could "
                    + "not be read back as " + schema.type() + ". Give them in the upsert (with set, or setIfAbsent to keep a stored "
                    + "value where no index key is built from it), or use update for an item that exists");
        }
    }

    private Attribute<T, ?> checkedSource(Update.Action<T> action, Map<String, AttributeValue> key) {
        Attribute<T, ?> source = action.source().orElseThrow();
        if (schema.attribute(source.name()).isEmpty()) {
            throw new ValidationException("Update of " + schema.type() + " " + writes.keyText(key) + " copies '" + source.name() + "' into '"
                    + action.attribute().name() + "', but " + source.name() + " is not an attribute of " + schema.type()
                    + "; its attributes are " + schema.attributes().stream().map(Attribute::name).toList());
        }
        return source;
    }

    private void checkChangeable(Attribute<T, ?> attribute, Map<String, AttributeValue> key, Update.Action<T> action) {
        Update.Operation operation = action.operation();
        Optional<Attribute<T, ?>> own = schema.attribute(attribute.name());
        if (own.isEmpty() && schema.attributeBag().isPresent()) {
            checkBagAttribute(attribute, key, action);
            return;
        }
        if (own.isEmpty()) {
            throw new ValidationException(changes(attribute, key) + ", which is not an attribute of " + schema.type()
                    + " (an attribute of another entity?), and " + schema.type() + " keeps no attribute bag for undeclared ones; its "
                    + "attributes are " + schema.attributes().stream().map(Attribute::name).toList());
        }
        if (!own.get().type().typeName().equals(attribute.type().typeName())) {
            throw new ValidationException(changes(attribute, key) + " as " + attribute.type().typeName() + ", but " + schema.type() + "."
                    + attribute.name() + " is " + own.get().type().typeName() + " (an attribute of another entity with the same name?); use "
                    + schema.type() + "'s own attribute constant");
        }
        if (primarySlots.contains(attribute.name())) {
            throw new ValidationException(changes(attribute, key) + ", which the primary key (" + EntityWrites.templates(writes.bound().primary())
                    + ") is built from: an item cannot change its key in place. Move it instead: table.move("
                    + schema.type().toUpperCase(Locale.ROOT) + ", oldKey, newEntity) deletes the old item and creates the new one in "
                    + "one transaction");
        }
        if (maintainedNames.contains(attribute.name())) {
            throw new ValidationException(changes(attribute, key) + " (" + operation + "), which singletable maintains on every write "
                    + "(version or timestamp); leave it out");
        }
    }

    /**
     * An attribute the entity does not declare, changed in its attribute bag: refused where the name is one singletable
     * writes itself (the bag would shadow a key or the entity type, and the item would no longer be found by its keys) or a
     * read-only attribute's.
     */
    private void checkBagAttribute(Attribute<T, ?> attribute, Map<String, AttributeValue> key, Update.Action<T> action) {
        String name = attribute.name();
        Optional<String> taken = writes.writtenByTable(name).map(what -> what + ", which singletable writes itself")
                .or(() -> schema.readOnlyAttributes().contains(name) ? Optional.of("a read-only attribute of " + schema.type()
                        + ", which it never writes") : Optional.empty());
        if (taken.isPresent()) {
            String value = action.value().map(v -> " to " + (v instanceof String text ? "'" + text + "'" : v)).orElse("");
            throw new ValidationException(changes(attribute, key) + " (" + action.operation() + value + ") in its attribute bag, but '"
                    + name + "' is " + taken.get() + "; no attribute of the bag may take its name: change a declared attribute, or "
                    + "give the bag's attribute another name");
        }
    }

    /** The start of a refusal's message: written only when a change is refused, as it renders the key. */
    private String changes(Attribute<T, ?> attribute, Map<String, AttributeValue> key) {
        return "Update of " + schema.type() + " " + writes.keyText(key) + " changes '" + attribute.name() + "'";
    }
}
