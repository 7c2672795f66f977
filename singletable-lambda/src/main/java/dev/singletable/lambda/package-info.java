/**
 * A table's DynamoDB stream in AWS Lambda: {@link dev.singletable.lambda.LambdaStreamRecords} converts a
 * {@code DynamodbEvent}'s records exactly to the SDK's stream records that {@link dev.singletable.changes.ChangeDecoder}
 * decodes, and {@link dev.singletable.lambda.StreamChangeHandler} is a handler base class that gets typed changes and
 * reports partial-batch failures.
 *
 * <pre>{@code
 * public final class UserChanges extends StreamChangeHandler<User> {
 *     public UserChanges() {
 *         super(ChangeDecoder.of(Table.offline(SCHEMA), USER));
 *     }
 *
 *     protected void handle(ChangeEvent<User> event, Context context) {
 *         context.getLogger().log(event.kind() + " " + event.newImage());
 *     }
 * }
 * }</pre>
 */
package dev.singletable.lambda;
