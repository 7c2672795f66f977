/**
 * A DynamoDB engine for tests, demos and local development (Dynoxide, started in a child process),
 * and the same tests pointed at any other engine.
 *
 * <ul>
 * <li>{@link dev.singletable.local.LocalDynamoDb}: starts and stops Dynoxide, in memory (or on a
 * SQLite file) on 127.0.0.1, or connects to an engine elsewhere ({@code singletable.test.endpoint}),
 * and hands out its SDK v2 clients.
 * <li>{@link dev.singletable.local.LocalDynamoDbExtension}: the JUnit 5 extension for database
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
 * static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);
 *
 * @Test
 * void put_whenNew_storesItem() {
 *     db.table().put(order);
 * }
 * }</pre>
 *
 * <p>Depends on the core, the SDK's HTTP clients and {@code singletable-engine-linux-x64} (Dynoxide's binary,
 * MIT OR Apache-2.0). Meant for test scope.
 */
package dev.singletable.local;
