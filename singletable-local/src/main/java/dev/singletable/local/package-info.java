/**
 * Amazon's DynamoDB Local inside the JVM, for tests, demos and local development, and the same
 * tests pointed at any other engine.
 *
 * <ul>
 * <li>{@link dev.singletable.local.LocalDynamoDb}: starts and stops an in-memory engine,
 * embedded (no HTTP) or behind an HTTP server on 127.0.0.1, or connects to one elsewhere
 * ({@code singletable.test.endpoint}), and hands out its SDK v2 clients.
 * <li>{@link dev.singletable.local.DynamoDbLocalExtension}: the JUnit 5 extension for database
 * tests, one engine per test run and a fresh table per test class.
 * <li>{@link dev.singletable.local.RequiresEngineFeature} and {@link dev.singletable.local.EngineFeature}:
 * tests that need transactions, PartiQL, TTL or the stored item on a failed condition, skipped
 * with the reason where the engine lacks it.
 * <li>{@link dev.singletable.local.Dynalite}: dynalite (Node.js) in a child process, a second,
 * independent engine.
 * </ul>
 *
 * <pre>{@code
 * @RegisterExtension
 * static final DynamoDbLocalExtension db = DynamoDbLocalExtension.withTable(SCHEMA);
 *
 * @Test
 * void put_whenNew_storesItem() {
 *     db.table().put(order);
 * }
 * }</pre>
 *
 * <p>Depends on {@code com.amazonaws:DynamoDBLocal}, which is not Apache-2.0 licensed: keep this
 * module out of production dependencies (test scope, or the CLI).
 */
package dev.singletable.local;
