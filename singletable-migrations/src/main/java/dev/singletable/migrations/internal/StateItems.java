package dev.singletable.migrations.internal;

import dev.singletable.KeyType;
import dev.singletable.TableSchema;
import dev.singletable.migrations.MigrationDefinitionException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The keys of the two items the runner keeps in the migrated table: the state (applied versions,
 * the step in progress, saved scan positions) and the lock. Their entity types start with an
 * underscore, so entity reads skip them as foreign items.
 */
public final class StateItems {
    static final String STATE_KEY = "_singletable#migrations";
    static final String LOCK_KEY = "_singletable#migrations#lock";
    static final String STATE_TYPE = "_MigrationState";
    static final String LOCK_TYPE = "_MigrationLock";

    private final TableSchema schema;

    public StateItems(TableSchema schema) {
        if (schema.partitionKey().type() != KeyType.S || schema.sortKey().map(k -> k.type() != KeyType.S).orElse(false)) {
            throw new MigrationDefinitionException("Table " + schema.name() + " has a number or binary key; migrations keep "
                    + "their state in items with string keys, so they need a table whose keys are strings");
        }
        this.schema = schema;
    }

    String tableName() {
        return schema.name();
    }

    String partitionKey() {
        return schema.partitionKeyAttribute();
    }

    String entityTypeAttribute() {
        return schema.entityTypeAttribute();
    }

    Map<String, AttributeValue> stateKey() {
        return key(STATE_KEY);
    }

    Map<String, AttributeValue> lockKey() {
        return key(LOCK_KEY);
    }

    private Map<String, AttributeValue> key(String value) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(schema.partitionKeyAttribute(), AttributeValue.fromS(value));
        schema.sortKeyAttribute().ifPresent(sk -> key.put(sk, AttributeValue.fromS(value)));
        return key;
    }
}
