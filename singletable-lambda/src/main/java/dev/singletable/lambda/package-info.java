/**
 * A table's DynamoDB stream in AWS Lambda: {@link dev.singletable.lambda.LambdaStreamRecords} converts a
 * {@code DynamodbEvent}'s records exactly to the SDK's stream records that {@link dev.singletable.changes.ChangeDecoder}
 * decodes, and {@link dev.singletable.lambda.StreamChangeHandler} is a handler base class that gets typed changes and
 * reports partial-batch failures.
 *
 * <p>For cold starts: {@link dev.singletable.lambda.Priming} renders a function's requests without sending them (for a
 * SnapStart or CRaC snapshot, or an AOT cache's training run), {@link dev.singletable.lambda.SnapshotReadiness} closes
 * the DynamoDB client before a snapshot and reopens it, and reseeds your generators, after a restore, and
 * {@link dev.singletable.lambda.CracSnapshotResource} registers those hooks with {@code org.crac}.
 *
 * <pre>{@code
 * public final class UserChanges extends StreamChangeHandler<User> {
 *     public UserChanges() {        // the table as deployed: the design's schema under the function's TABLE_NAME
 *         super(ChangeDecoder.of(Table.offline(SCHEMA.toBuilder().name(System.getenv("TABLE_NAME")).build()), USER));
 *     }
 *
 *     protected void handle(ChangeEvent<User> event, Context context) {
 *         context.getLogger().log(event.kind() + " " + event.newImage());
 *     }
 * }
 * }</pre>
 */
package dev.singletable.lambda;
