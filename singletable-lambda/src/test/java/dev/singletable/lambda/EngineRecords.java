package dev.singletable.lambda;

import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

import java.util.ArrayList;
import java.util.List;

/** A table's stream records as the engine gives them to the Streams API (one shard), with the stream's ARN. */
record EngineRecords(String streamArn, List<Record> records) {

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
