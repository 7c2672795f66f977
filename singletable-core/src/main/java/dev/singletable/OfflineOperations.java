package dev.singletable;

import dev.singletable.partiql.PartiqlWrite;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * What a table does without sending anything, the same on {@link Table} and {@link AsyncTable}: its schema, the item an
 * entity is stored as and the entity an item decodes to, and the PartiQL writes built from the schema (which
 * {@code execute} then sends, blocking or as a future). All of them work on an {@linkplain Table#offline offline} table too.
 *
 * <pre>{@code
 * Map<String, AttributeValue> item = table.toItem(order);              // as put would write it
 * PartiqlWrite insert = asyncTable.partiqlInsert(order);               // the same statement on either table
 * }</pre>
 */
@Stable
public interface OfflineOperations {
    /** The schema the table was built with: its keys, indexes and entity types. */
    TableSchema schema();

    /**
     * The item an entity is stored as, without sending anything: its attributes, entity type,
     * primary key and the index keys whose slots all have values, exactly as {@code put} would write
     * them for the entity as it is ({@code put} also sets the next version and the timestamps first):
     * a null attribute left out (a null list or map too, which a read gives back empty; an empty one is
     * {@code L: []} or {@code M: {}}), a null attribute with a default as the default, a number with its
     * trailing zeros dropped.
     * For items handed to another tool, or compared in a test.
     *
     * <pre>{@code
     * Map<String, AttributeValue> item = table.toItem(order);   // {PK=CUSTOMER#C1, SK=ORDER#O1, entityType=Order, ...}
     * }</pre>
     *
     * @throws SchemaDefinitionException when no entity type of the table maps the entity's class
     * @throws ValidationException when a required attribute is null or the item is over 400 KB
     */
    <T> Map<String, AttributeValue> toItem(T entity);

    /**
     * The entity an item decodes to, without sending anything: the inverse of {@link #toItem}, for
     * items that reached you by another path, such as the images of a DynamoDB Streams record or an
     * export.
     *
     * <pre>{@code
     * for (Record record : streams.getRecords(r -> r.shardIterator(iterator)).records()) {
     *     if (record.dynamodb().hasNewImage()) {
     *         Order order = table.fromItem(ORDER, record.dynamodb().newImage());
     *     }
     * }
     * }</pre>
     *
     * @throws EntityTypeMismatchException when the item's entity type attribute names another type
     * @throws ItemDecodingException when a required attribute is missing or a value has the wrong shape
     * @throws SchemaDefinitionException when the entity is not one of the table's
     */
    <T> T fromItem(EntitySchema<T> entity, Map<String, AttributeValue> item);

    /**
     * The PartiQL {@code INSERT} of an entity, built from its schema and not sent: {@code INSERT INTO "T" VALUE {...}}
     * with the item {@link Table#create(Object)} would write (composed keys, entity type, index keys, timestamps, version 1),
     * every value a {@code ?} parameter. Like a create, it fails when an item has the key.
     *
     * <pre>{@code
     * PartiqlWrite insert = table.partiqlInsert(order);
     * System.out.println(insert.statement());   // INSERT INTO "AppTable" VALUE {'PK' : ?, 'SK' : ?, 'entityType' : ?, ...}
     * table.execute(insert);                    // ItemAlreadyExistsException when the key is taken
     * }</pre>
     *
     * @throws ValidationException when a required attribute is null or the item is over 400 KB
     */
    <T> PartiqlWrite partiqlInsert(T entity);

    /**
     * The PartiQL {@code UPDATE} of an existing item, built from the schema and not sent:
     * {@code UPDATE "T" SET ... REMOVE ... WHERE "PK" = ? AND "SK" = ? AND "entityType" = ?}, with the update
     * timestamp, the version incremented and the index keys rewritten as {@link Table#update(EntitySchema, KeyValues, UnaryOperator)}
     * does, nested paths included. {@code add} and {@code subtract} become {@code "a" = a + ?} (the attribute must be
     * stored; a name read as a value is written bare where it is a plain identifier and no reserved word, the spelling
     * every engine takes),
     * {@code append}/{@code prepend} {@code list_append}, sets {@code set_add}/{@code set_delete}. Changing an attribute
     * an index key is built from needs the values of that key's other slots in the update (here {@code createdAt}, GSI1's
     * sort key), as for {@code update}; a statement cannot read them from the stored item first.
     *
     * <pre>{@code
     * PartiqlWrite ship = table.partiqlUpdate(ORDER, key, u -> u.set(STATUS, OrderStatus.SHIPPED).set(CREATED_AT, order.createdAt()));
     * // UPDATE "AppTable" SET "status" = ? SET "createdAt" = ? SET "GSI1PK" = ? SET "GSI1SK" = ?
     * //     WHERE "PK" = ? AND "SK" = ? AND "entityType" = ?
     * table.execute(ship);
     * }</pre>
     *
     * @throws ValidationException for what {@code update} refuses, and for {@code setIfAbsent} or an update that
     *         must read stored values first (PartiQL can do neither)
     */
    <T> PartiqlWrite partiqlUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes);

    /** {@link #partiqlUpdate(EntitySchema, KeyValues, UnaryOperator)} when the condition also holds ({@code AND ...} in its WHERE clause). */
    <T> PartiqlWrite partiqlUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition);

    /** The PartiQL {@code DELETE FROM "T" WHERE "PK" = ? AND "SK" = ?} of the item at the key, not sent. */
    <T> PartiqlWrite partiqlDelete(EntitySchema<T> entity, KeyValues key);

    /**
     * {@link #partiqlDelete(EntitySchema, KeyValues)} when the condition holds, rendered as PartiQL in the WHERE clause
     * ({@code attribute_not_exists} as {@code IS MISSING}, {@code IN} lists in brackets).
     *
     * <pre>{@code table.partiqlDelete(ORDER, key, Condition.eq(STATUS, OrderStatus.CANCELLED))}</pre>
     */
    <T> PartiqlWrite partiqlDelete(EntitySchema<T> entity, KeyValues key, Condition condition);

    /**
     * A PartiQL {@code INSERT}, {@code UPDATE} or {@code DELETE} written by hand, checked at once against the schema (the
     * table's name, and every quoted attribute name and INSERT tuple key known to one of its entities or keys); give
     * its parameters on the result, whose number is checked against the {@code ?}s before sending. It is sent as
     * written: no timestamp, version or index key is maintained, so an UPDATE that sets or removes an attribute an index
     * key is built from without also writing that key attribute is refused before sending (when {@code key(ENTITY, ...)}
     * names the entity, for that entity's indexes); {@link #partiqlUpdate} rewrites them.
     *
     * <pre>{@code
     * table.execute(table.partiqlWrite("UPDATE \"AppTable\" SET \"note\" = ? WHERE \"PK\" = ? AND \"SK\" = ?")
     *         .parameter(NOTE, "leave at the door").key(ORDER, key));
     * }</pre>
     *
     * @throws ValidationException when it is no write, names another table or an unknown attribute
     */
    PartiqlWrite partiqlWrite(String statement);
}
