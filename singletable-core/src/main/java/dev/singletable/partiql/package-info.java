/**
 * PartiQL on a table, its values always {@code ?} parameters: a {@code SELECT} decoded into entities
 * ({@link dev.singletable.partiql.PartiqlStatement}, {@link dev.singletable.partiql.AsyncPartiqlStatement}, their shared
 * {@link dev.singletable.partiql.PartiqlSettings}), and {@code INSERT}, {@code UPDATE} and {@code DELETE} statements
 * built from the schema or checked against it ({@link dev.singletable.partiql.PartiqlWrite}), run one at a time, in a
 * batch ({@link dev.singletable.partiql.PartiqlBatchException} lists the statements that failed) or in a transaction.
 * The statements are made by {@link dev.singletable.Table} and {@link dev.singletable.AsyncTable}.
 *
 * <pre>{@code
 * List<OrderLine> lines = table.partiql(ORDER_LINE, "SELECT * FROM \"AppTable\" WHERE \"PK\" = ? AND begins_with(\"SK\", ?)")
 *         .parameters("ORDER#O1", "LINE#")
 *         .list();
 * PartiqlWrite insert = table.partiqlInsert(order);       // INSERT INTO "AppTable" VALUE {'PK' : ?, 'SK' : ?, ...}
 * table.executeTransaction(List.of(insert, table.partiqlDelete(CART, cartKey)));
 * }</pre>
 *
 * <p>API status: experimental ({@link dev.singletable.Experimental}): usable and tested, but its shape may still change
 * in a minor version.
 */
package dev.singletable.partiql;
