/**
 * The public API of singletable's core: the model of a single table ({@link dev.singletable.TableSchema}, its
 * {@link dev.singletable.IndexSchema}es and {@link dev.singletable.EntitySchema}s, their
 * {@link dev.singletable.Attribute}s and {@link dev.singletable.KeyTemplate}s), the operations on it
 * ({@link dev.singletable.Table} and {@link dev.singletable.AsyncTable}, with {@link dev.singletable.Query},
 * {@link dev.singletable.Update}, {@link dev.singletable.Condition} and the batches and transactions), and the typed
 * exceptions under {@link dev.singletable.SingleTableException}.
 *
 * <pre>{@code
 * TableSchema schema = TableSchema.builder("AppTable").entities(CUSTOMER, ORDER).build();
 * Table table = Table.of(schema, dynamoDbClient);
 * table.create(new Order("C1", "O1", new BigDecimal("99.99")));   // ItemAlreadyExistsException if present
 * List<Order> orders = table.query(ORDER).partition(CUSTOMER_ID, "C1").list();
 * }</pre>
 *
 * <p>Beside it, each in a package of its own: {@code dev.singletable.partiql} (PartiQL statements),
 * {@code dev.singletable.extension} (what an application plugs in: item codecs, entity hooks, request listeners),
 * {@code dev.singletable.capacity} (what items and requests cost) and {@code dev.singletable.changes} (a table's
 * stream decoded into its entities).
 *
 * <p>API status: stable ({@link dev.singletable.Stable}), but for the types and members marked
 * {@link dev.singletable.Experimental}: relations ({@link dev.singletable.Relation}, {@link dev.singletable.Adjacency},
 * {@link dev.singletable.EdgeValues}, {@link dev.singletable.RelationReport}), {@link dev.singletable.AttributeRule},
 * {@link dev.singletable.Volume} and the members that use them. Every public type says its status with one of
 * {@code @Stable}, {@code @Experimental} and {@code @Internal}.
 */
package dev.singletable;
