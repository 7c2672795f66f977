package dev.singletable.partiql;

import dev.singletable.Attribute;
import dev.singletable.EntitySchema;
import dev.singletable.Experimental;
import dev.singletable.Explanation;
import dev.singletable.ItemKey;
import dev.singletable.KeyTemplateException;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.ValidationException;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;

import java.util.List;
import java.util.Optional;

/**
 * A PartiQL {@code INSERT}, {@code UPDATE} or {@code DELETE} with its {@code ?} parameters, checked against
 * the table's schema and not yet sent: run it with {@link Table#execute(PartiqlWrite)}, or several with
 * {@link Table#executeBatch(List)} (BatchExecuteStatement) or {@link Table#executeTransaction(List)}
 * (ExecuteTransaction). Immutable: each setting returns a new statement.
 *
 * <p>Built from the schema ({@link Table#partiqlInsert}, {@link Table#partiqlUpdate}, {@link Table#partiqlDelete}),
 * a statement writes what the matching item operation would (composed keys, entity type, timestamps,
 * version, index keys) and holds every parameter. Written by hand ({@link Table#partiqlWrite(String)}), its
 * table and quoted attribute names are checked at once, its parameters are given here, and their
 * number is checked against its {@code ?}s before it is sent. It is sent as written: it sets no timestamp or
 * version and rewrites no index key, so an UPDATE that sets or removes an attribute an index key is built from
 * ({@code "status"} for GSI1's {@code STATUS#{status}}) is refused unless it also sets or removes that key attribute
 * ({@code "GSI1PK"}): for the entity {@link #key} names, as soon as it is named, or, without one, for every entity of
 * the table, before sending. {@link Table#partiqlUpdate} writes all of them.
 *
 * <pre>{@code
 * PartiqlWrite insert = table.partiqlInsert(order);      // INSERT INTO "AppTable" VALUE {'PK' : ?, 'SK' : ?, ...}
 * PartiqlWrite note = table.partiqlWrite("UPDATE \"AppTable\" SET \"note\" = ? WHERE \"PK\" = ? AND \"SK\" = ?")
 *         .parameter(NOTE, "leave at the door")                            // stored as the attribute's type stores it
 *         .key(ORDER, KeyValues.of(CUSTOMER_ID, "C2").and(ORDER_ID, "O2")); // "PK" and "SK" composed by the templates
 * table.executeTransaction(List.of(insert, note));
 * }</pre>
 */
@Experimental
public interface PartiqlWrite {
    /** The statement text, with a {@code ?} for every value. */
    String statement();

    /** The values of the {@code ?}s, in order. */
    List<AttributeValue> parameters();

    /** {@code insert}, {@code update} or {@code delete}. */
    String operation();

    /**
     * The entity type and key of the item the statement writes: always for a statement built from the schema, and
     * for a hand-written one once {@link #key(EntitySchema, KeyValues)} gave them. A refusal names them.
     */
    Optional<ItemKey<?>> item();

    /**
     * Replaces the parameters with these values: {@code String} (S), any {@code Number} (N), {@code Boolean} (BOOL),
     * {@code byte[]} (B), or an {@code AttributeValue}.
     *
     * @throws ValidationException for a statement built from the schema (it holds its parameters), or a value of another type
     */
    PartiqlWrite parameters(Object... values);

    /**
     * Adds the next parameter: the value as the attribute stores it (an enum as its name, an {@code Instant} as the
     * attribute's format, a converted type through its converter).
     *
     * <pre>{@code write.parameter(STATUS, OrderStatus.SHIPPED)   // {S: "SHIPPED"}}</pre>
     *
     * @throws ValidationException for a statement built from the schema, or a value the attribute cannot store
     */
    <V> PartiqlWrite parameter(Attribute<?, V> attribute, V value);

    /**
     * Adds the item's primary key as the next parameters, composed by the entity's templates: the partition key's
     * value, then the sort key's (for {@code WHERE "PK" = ? AND "SK" = ?}), and makes the entity and key the
     * statement's {@link #item()}.
     *
     * @throws KeyTemplateException when the key values do not fill the entity's primary key templates
     * @throws ValidationException when the statement sets or removes an attribute that a key of one of the entity's
     *         indexes is built from, and not that key attribute too (use {@link Table#partiqlUpdate})
     */
    PartiqlWrite key(EntitySchema<?> entity, KeyValues key);

    /** The ExecuteStatement request {@link Table#execute(PartiqlWrite)} sends, without sending it. */
    ExecuteStatementRequest toRequest();

    /** {@link #toRequest()} as SDK request and JSON. */
    default Explanation explain() {
        return Explanation.ofRequest(toRequest());
    }
}
