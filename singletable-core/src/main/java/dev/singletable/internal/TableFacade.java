package dev.singletable.internal;

import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.EntityTypes;
import dev.singletable.KeyValues;
import dev.singletable.NullArgumentException;
import dev.singletable.partiql.PartiqlWrite;
import dev.singletable.TableSchema;
import dev.singletable.Update;
import dev.singletable.internal.batch.Batches;
import dev.singletable.internal.reads.ItemFetcher;
import dev.singletable.internal.reads.Reads;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.Sender;
import dev.singletable.internal.writes.Writes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * What {@link DefaultTable} and {@link DefaultAsyncTable} share whole: the packages each sends through on its client
 * kind, and the operations that send nothing (the schema, item conversion and PartiQL write statements), which are the
 * same on both clients. A failed argument check names the facade's method ({@code Table.toItem},
 * {@code AsyncTable.toItem}).
 */
abstract class TableFacade {
    /** What to give for a null read subject (NullArgumentException's hint for "entities" is a write's). */
    private static final String READ_FIX = "give the EntitySchema or the EntityCollection to read";

    final BoundTable table;
    final Sender sender;
    final ItemFetcher fetcher;
    final Writes writes;
    final Batches batches;
    /** {@code Table} or {@code AsyncTable}: the interface named in argument failures. */
    private final String facade;

    TableFacade(String facade, BoundTable table, Sender sender) {
        this.facade = facade;
        this.table = table;
        this.sender = sender;
        this.fetcher = new ItemFetcher(table);
        this.writes = new Writes(sender);
        this.batches = new Batches(sender, writes);
    }

    /** The method's name as an application calls it, such as {@code Table.put}. */
    final String method(String name) {
        return facade + "." + name;
    }

    /**
     * The queries, scans and PartiQL reads of {@code entities} for the facade's {@code operation}, which a null subject
     * fails naming ({@code Table.query}, {@code AsyncTable.scan}); each facade then builds them on its own client.
     */
    final <T> Reads<T> reads(String operation, EntityTypes<T> entities) {
        return Reads.of(table, NullArgumentException.require(entities, method(operation), "entities", READ_FIX));
    }

    /** {@link #reads} for a PartiQL {@code statement}, which must not be null either. */
    final <T> Reads<T> partiqlReads(EntityTypes<T> entities, String statement) {
        Reads<T> reads = reads("partiql", entities);
        NullArgumentException.check(method("partiql"), "statement", statement);
        return reads;
    }

    public TableSchema schema() {
        return table.schema();
    }

    public <T> Map<String, AttributeValue> toItem(T entity) {
        NullArgumentException.check(method("toItem"), "entity", entity);
        return writes.toItem(entity);
    }

    public <T> T fromItem(EntitySchema<T> entity, Map<String, AttributeValue> item) {
        NullArgumentException.check(method("fromItem"), "entity", entity, "item", item);
        return table.fromItem(entity, item);
    }

    public <T> PartiqlWrite partiqlInsert(T entity) {
        NullArgumentException.check(method("partiqlInsert"), "entity", entity);
        return writes.partiqlInsert(entity);
    }

    public <T> PartiqlWrite partiqlUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        NullArgumentException.check(method("partiqlUpdate"), "entity", entity, "key", key, "changes", changes);
        return writes.partiqlUpdate(entity, key, changes, Condition.none());
    }

    public <T> PartiqlWrite partiqlUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes,
                                          Condition condition) {
        NullArgumentException.check(method("partiqlUpdate"), "entity", entity, "key", key, "changes", changes, "condition", condition);
        return writes.partiqlUpdate(entity, key, changes, condition);
    }

    public <T> PartiqlWrite partiqlDelete(EntitySchema<T> entity, KeyValues key) {
        NullArgumentException.check(method("partiqlDelete"), "entity", entity, "key", key);
        return writes.partiqlDelete(entity, key, Condition.none());
    }

    public <T> PartiqlWrite partiqlDelete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        NullArgumentException.check(method("partiqlDelete"), "entity", entity, "key", key, "condition", condition);
        return writes.partiqlDelete(entity, key, condition);
    }

    public PartiqlWrite partiqlWrite(String statement) {
        NullArgumentException.check(method("partiqlWrite"), "statement", statement);
        return writes.partiqlWrite(statement);
    }
}
