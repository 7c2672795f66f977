/**
 * Change events: a table's DynamoDB Streams records decoded into its entity types. {@link
 * dev.singletable.changes.ChangeDecoder} turns each record into a {@link dev.singletable.changes.Change} (a typed
 * {@link dev.singletable.changes.ChangeEvent}, or an outcome saying why there is no entity to decode), and {@link
 * dev.singletable.changes.ChangeReader} reads a stream with checkpoints. The stream itself is declared on the table's
 * schema ({@link dev.singletable.TableSchema.Builder#stream}).
 *
 * <pre>{@code
 * TableSchema schema = TableSchema.builder("AppTable").stream(StreamViewType.NEW_AND_OLD_IMAGES).entities(USER).build();
 * Table table = Table.of(schema, dynamo);
 * table.createTable();                                                    // with its stream
 * ChangeReader<User> reader = ChangeReader.builder(ChangeDecoder.of(table, USER), DynamoDbStreamsClient.create()).build();
 * for (Change<User> change : reader.readAvailable()) {
 *     if (change instanceof ChangeEvent<User> event) {
 *         System.out.println(event.kind() + " " + event.newImage());     // CREATED Optional[User[id=u1, name=Ada]]
 *     }
 * }
 * }</pre>
 *
 * <p>API status: experimental ({@link dev.singletable.Experimental}): usable and tested, but its shape may still change
 * in a minor version.
 */
package dev.singletable.changes;
