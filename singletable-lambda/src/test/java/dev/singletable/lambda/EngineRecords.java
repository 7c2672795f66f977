package dev.singletable.lambda;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.lambda.LambdaTestModel.Group;
import dev.singletable.lambda.LambdaTestModel.User;
import dev.singletable.local.LocalDynamoDbExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.singletable.lambda.LambdaTestModel.USER;
import static dev.singletable.lambda.LambdaTestModel.USER_ID;

/** A table's stream records as the engine gives them to the Streams API (one shard), with the stream's ARN. */
record EngineRecords(String streamArn, List<Record> records) {

    /**
     * The records of the changes the tests decode, written to {@code table} (new, its schema one of
     * {@link LambdaTestModel#schema}): Ada (u1) created and renamed, group g1 created, the items {@code more} writes, a
     * Robot item the schema does not know, and Ada deleted.
     */
    static EngineRecords written(Table table, LocalDynamoDbExtension db, Runnable more) {
        table.createTable();
        table.put(new User("u1", "Ada"));
        table.put(new User("u1", "Ada Lovelace"));
        table.put(new Group("g1", "Analysts"));
        more.run();
        db.client().putItem(r -> r.tableName(table.schema().name()).item(Map.of("PK", s("ROBOT#r1"), "SK", s("META"),
                "entityType", s("Robot"))));
        table.delete(USER, KeyValues.of(USER_ID, "u1"));
        return read(db.engine().streamsClient(), table.schema().name());
    }

    /** A string attribute value. */
    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    static EngineRecords read(DynamoDbStreamsClient streams, String table) {
        String arn = streams.listStreams(r -> r.tableName(table)).streams().get(0).streamArn();
        StreamDescription description = streams.describeStream(r -> r.streamArn(arn)).streamDescription();
        List<Record> records = new ArrayList<>();
        for (var shard : description.shards()) {
            String iterator = streams.getShardIterator(r -> r.streamArn(arn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            while (iterator != null) {
                String current = iterator;
                var page = streams.getRecords(r -> r.shardIterator(current));
                records.addAll(page.records());
                iterator = page.records().isEmpty() ? null : page.nextShardIterator();
            }
        }
        return new EngineRecords(arn, List.copyOf(records));
    }
}
