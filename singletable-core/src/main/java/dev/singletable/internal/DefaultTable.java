package dev.singletable.internal;

import dev.singletable.NullArgumentException;

import dev.singletable.BatchOptions;
import dev.singletable.BatchWrite;
import dev.singletable.Condition;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.EntityTypes;
import dev.singletable.Explanation;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyValues;
import dev.singletable.partiql.PartiqlStatement;
import dev.singletable.Query;
import dev.singletable.ReadConsistency;
import dev.singletable.Scan;
import dev.singletable.Table;
import dev.singletable.Update;
import dev.singletable.WriteTransaction;
import dev.singletable.internal.admin.TableAdmin;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.Sender;
import dev.singletable.internal.relations.Relations;
import dev.singletable.internal.table.Futures;
import dev.singletable.Adjacency;
import dev.singletable.Relation;
import dev.singletable.RelationReport;
import dev.singletable.TransactionActions;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static dev.singletable.internal.table.Futures.join;

/**
 * The {@link Table} facade on the synchronous SDK client: each operation goes to the package that
 * does it. Writes, batches and gets are written once for both clients and return futures, which the
 * synchronous {@link Sender} has completed by the time they return: {@code join} takes the value or
 * throws the typed failure.
 */
final class DefaultTable extends TableFacade implements Table {
    private final DynamoDbClient client;
    private final TableAdmin admin;
    private final Relations relations;
    /** Whether the schema declares relations, whose copies a write may have to propagate (asked once: the schema is immutable). */
    private final boolean propagatesCopies;

    DefaultTable(BoundTable table, DynamoDbClient client) {
        this(table, client, TableAdmin.DEFAULT_WAIT);
    }

    /** @param tableWait how long table lifecycle operations wait for a table to settle */
    DefaultTable(BoundTable table, DynamoDbClient client, java.time.Duration tableWait) {
        super("Table", table, Sender.of(table, client));
        this.client = client;
        this.admin = new TableAdmin(table, client, tableWait);
        this.propagatesCopies = !table.schema().relations().isEmpty();
        this.relations = new Relations(table, new Relations.Port() {
            @Override
            public <T> CompletableFuture<List<T>> query(EntitySchema<T> entity, KeyValues partition) {
                return Futures.of(() -> DefaultTable.this.query(entity).partition(partition).list());
            }

            @Override
            public <T> CompletableFuture<List<T>> scan(EntityCollection<T> collection) {
                return Futures.of(() -> DefaultTable.this.scan(collection).list());
            }

            @Override
            public CompletableFuture<ItemsByKey> batchGet(List<ItemKey<?>> keys) {
                return Futures.of(() -> DefaultTable.this.batchGet(keys));
            }

            @Override
            public CompletableFuture<Void> transact(java.util.function.Consumer<TransactionActions<?>> actions) {
                return Futures.of(() -> {
                    WriteTransaction transaction = transaction();
                    actions.accept(transaction);
                    transaction.execute();
                    return null;
                });
            }
        });
    }

    /** The write, then the copies it propagates to related items; a table without relations skips that step. */
    private <T> CompletableFuture<T> propagated(CompletableFuture<T> written) {
        return propagatesCopies ? written.thenCompose(relations::propagate) : written;
    }

    // ---------------------------------------------------------------- table lifecycle

    @Override
    public CreateTableRequest createTableRequest() {
        return admin.createTableRequest();
    }

    @Override
    public void createTable() {
        admin.createTable();
    }

    @Override
    public List<String> schemaMismatches(TableDescription description) {
        NullArgumentException.require(description, "Table.schemaMismatches", "description",
                "give the table of a DescribeTable response: client.describeTable(r -> r.tableName(name)).table()");
        return admin.mismatches(description);
    }

    @Override
    public void deleteTable() {
        admin.deleteTable();
    }

    /**
     * Whether the table exists, asked with DescribeTable; empty when that cannot be told (the table is offline, or the
     * request fails): the answer only sharpens another failure's message.
     */
    Optional<Boolean> exists() {
        try {
            return Optional.of(admin.describe().isPresent());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    // ---------------------------------------------------------------- items

    @Override
    public <T> T put(T entity, Condition condition) {
        NullArgumentException.check("Table.put", "entity", entity, "condition", condition);
        return join(propagated(writes.put(entity, condition)));
    }

    @Override
    public <T> T create(T entity) {
        NullArgumentException.check("Table.create", "entity", entity);
        return join(writes.create(entity));
    }

    @Override
    public <T> T restore(T entity) {
        NullArgumentException.check("Table.restore", "entity", entity);
        return join(writes.restore(entity));
    }

    @Override
    public <T> T restoreReplacing(T entity) {
        NullArgumentException.check("Table.restoreReplacing", "entity", entity);
        return join(writes.restoreReplacing(entity));
    }

    @Override
    public <T> T replace(T entity, Condition condition) {
        NullArgumentException.check("Table.replace", "entity", entity, "condition", condition);
        return join(propagated(writes.replace(entity, condition)));
    }

    @Override
    public <T> T update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        NullArgumentException.check("Table.update", "entity", entity, "key", key, "changes", changes, "condition", condition);
        return join(propagated(writes.update(entity, key, changes, condition)));
    }

    @Override
    public <T> T update(T current, UnaryOperator<Update<T>> changes, Condition condition) {
        NullArgumentException.check("Table.update", "current", current, "changes", changes, "condition", condition);
        return join(propagated(writes.update(current, changes, condition)));
    }

    @Override
    public <T> T upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        NullArgumentException.check("Table.upsert", "entity", entity, "key", key, "changes", changes, "condition", condition);
        return join(propagated(writes.upsert(entity, key, changes, condition)));
    }

    @Override
    public <T> Optional<T> delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        NullArgumentException.check("Table.delete", "entity", entity, "key", key, "condition", condition);
        return join(writes.delete(entity, key, condition));
    }

    @Override
    public <T> Optional<T> delete(T current) {
        NullArgumentException.check("Table.delete", "current", current);
        return join(writes.delete(current));
    }

    @Override
    public <T> void delete(EntitySchema<T> entity, KeyValues key) {
        NullArgumentException.check("Table.delete", "entity", entity, "key", key);
        join(writes.delete(entity, key));
    }

    @Override
    public <T> T move(EntitySchema<T> entity, KeyValues oldKey, T moved) {
        NullArgumentException.check("Table.move", "entity", entity, "oldKey", oldKey, "moved", moved);
        return join(writes.move(entity, oldKey, moved));
    }

    @Override
    public <T> T move(T current, T moved) {
        NullArgumentException.check("Table.move", "current", current, "moved", moved);
        return join(writes.move(current, moved));
    }

    @Override
    public <T> T retryOnConflict(EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change) {
        NullArgumentException.check("Table.retryOnConflict", "entity", entity, "key", key, "change", change);
        return join(writes.retryOnConflict(entity, key, maxAttempts, change));
    }

    @Override
    public WriteTransaction transaction() {
        return writes.transaction();
    }

    @Override
    public <A, B> void relate(A first, B second, Relation<A, B> relation) {
        NullArgumentException.check("Table.relate", "first", first, "second", second, "relation", relation);
        join(relations.relate(first, second, relation));
    }

    @Override
    public <A, B> void relate(A first, B second, Relation<A, B> relation, dev.singletable.EdgeValues edge) {
        NullArgumentException.check("Table.relate", "first", first, "second", second, "relation", relation, "edge", edge);
        join(relations.relate(first, second, relation, edge));
    }

    @Override
    public void relate(Object first, Object second) {
        NullArgumentException.check("Table.relate", "first", first, "second", second);
        join(relations.relate(first, second, relations.between(first, second)));
    }

    @Override
    public <A, B> void unrelate(A first, B second, Relation<A, B> relation) {
        NullArgumentException.check("Table.unrelate", "first", first, "second", second, "relation", relation);
        join(relations.unrelate(first, second, relation));
    }

    @Override
    public void unrelate(Object first, Object second) {
        NullArgumentException.check("Table.unrelate", "first", first, "second", second);
        join(relations.unrelate(first, second, relations.between(first, second)));
    }

    @Override
    public <A, B> List<Adjacency<A, B>> related(A entity, Relation<A, B> relation) {
        NullArgumentException.check("Table.related", "entity", entity, "relation", relation);
        return join(relations.related(entity, relation));
    }

    @Override
    public <A, B> List<B> relatedEntities(A entity, Relation<A, B> relation) {
        NullArgumentException.check("Table.relatedEntities", "entity", entity, "relation", relation);
        return join(relations.relatedEntities(entity, relation));
    }

    @Override
    public int deleteWithPairs(Object entity) {
        NullArgumentException.check("Table.deleteWithPairs", "entity", entity);
        return join(relations.deleteWithPairs(entity));
    }

    @Override
    public <A, B> int deleteWithPairs(A entity, Relation<A, B> relation) {
        NullArgumentException.check("Table.deleteWithPairs", "entity", entity, "relation", relation);
        return join(relations.deleteWithPairs(entity, relation));
    }

    @Override
    public RelationReport verifyRelation(Relation<?, ?> relation) {
        NullArgumentException.check("Table.verifyRelation", "relation", relation);
        return join(relations.verify(relation));
    }

    @Override
    public int deleteDanglingPairs(Relation<?, ?> relation) {
        NullArgumentException.check("Table.deleteDanglingPairs", "relation", relation);
        return join(relations.deleteDanglingPairs(relation));
    }

    @Override
    public ItemsByKey transactGet(List<? extends ItemKey<?>> keys) {
        NullArgumentException.check("Table.transactGet", "keys", keys);
        return join(batches.transactGet(keys));
    }

    @Override
    public ItemsByKey batchGet(List<? extends ItemKey<?>> keys, BatchOptions options) {
        NullArgumentException.check("Table.batchGet", "keys", keys, "options", options);
        return join(batches.batchGet(keys, options));
    }

    @Override
    public BatchWrite batchWrite() {
        return batches.batchWrite();
    }

    @Override
    public <T> GetItemRequest getRequest(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        NullArgumentException.check("Table.getRequest", "entity", entity, "key", key, "consistency", consistency);
        return fetcher.request(entity, key, consistency);
    }

    @Override
    public <T> Optional<T> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        NullArgumentException.check("Table.get", "entity", entity, "key", key, "consistency", consistency);
        return join(fetcher.get(sender, entity, key, consistency, true));
    }

    @Override
    public <T> Optional<T> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        NullArgumentException.check("Table.getIncludingExpired", "entity", entity, "key", key, "consistency", consistency);
        return join(fetcher.get(sender, entity, key, consistency, false));
    }

    // ---------------------------------------------------------------- explanations

    @Override
    public <T> Explanation explainPut(T entity) {
        NullArgumentException.check("Table.explainPut", "entity", entity);
        return writes.explainPut(entity);
    }

    @Override
    public <T> Explanation explainCreate(T entity) {
        NullArgumentException.check("Table.explainCreate", "entity", entity);
        return writes.explainCreate(entity);
    }

    @Override
    public <T> Explanation explainRestore(T entity) {
        NullArgumentException.check("Table.explainRestore", "entity", entity);
        return writes.explainRestore(entity);
    }

    @Override
    public <T> Explanation explainRestoreReplacing(T entity) {
        NullArgumentException.check("Table.explainRestoreReplacing", "entity", entity);
        return writes.explainRestoreReplacing(entity);
    }

    @Override
    public <T> Explanation explainUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        NullArgumentException.check("Table.explainUpdate", "entity", entity, "key", key, "changes", changes);
        return writes.explainUpdate(entity, key, changes);
    }

    @Override
    public <T> Explanation explainUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        NullArgumentException.check("Table.explainUpdate", "entity", entity, "key", key, "changes", changes, "condition", condition);
        return writes.explainUpdate(entity, key, changes, condition);
    }

    @Override
    public <T> Explanation explainDelete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        NullArgumentException.check("Table.explainDelete", "entity", entity, "key", key, "condition", condition);
        return writes.explainDelete(entity, key, condition);
    }

    @Override
    public <T> Map<String, String> keyOf(T entity) {
        NullArgumentException.check("Table.keyOf", "entity", entity);
        return table.keyText(table.entityFor(entity).key(entity));
    }

    @Override
    public <T> Map<String, String> keyOf(EntitySchema<T> entity, KeyValues key) {
        NullArgumentException.check("Table.keyOf", "entity", entity, "key", key);
        return table.keyText(table.bound(entity).key(key));
    }

    // ---------------------------------------------------------------- reads

    @Override
    public <T> Query<T> query(EntityTypes<T> entities) {
        return reads("query", entities).query(client);
    }

    @Override
    public <T> Scan<T> scan(EntityTypes<T> entities) {
        return reads("scan", entities).scan(client);
    }

    @Override
    public <T> PartiqlStatement<T> partiql(EntityTypes<T> entities, String statement) {
        return partiqlReads(entities, statement).partiql(client, statement);
    }

    @Override
    public void execute(dev.singletable.partiql.PartiqlWrite statement) {
        NullArgumentException.check("Table.execute", "statement", statement);
        join(writes.execute(statement));
    }

    @Override
    public void executeBatch(List<? extends dev.singletable.partiql.PartiqlWrite> statements) {
        NullArgumentException.check("Table.executeBatch", "statements", statements);
        join(writes.executeBatch(statements));
    }

    @Override
    public void executeTransaction(List<? extends dev.singletable.partiql.PartiqlWrite> statements) {
        NullArgumentException.check("Table.executeTransaction", "statements", statements);
        join(writes.executeTransaction(statements));
    }
}
