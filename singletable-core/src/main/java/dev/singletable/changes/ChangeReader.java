package dev.singletable.changes;

import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import dev.singletable.TableNotFoundException;
import dev.singletable.UnsupportedByEngineException;
import dev.singletable.ValidationException;
import dev.singletable.internal.Tables;
import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.internal.table.RequestRunner;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.awscore.AwsResponse;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.Stream;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads a table's DynamoDB stream (ListStreams, DescribeStream, GetShardIterator, GetRecords) and hands each record,
 * decoded, to a consumer; after the consumer returns, the record's sequence number is saved in the
 * {@link ChangeCheckpoints}, so that a reader built again on the same checkpoints resumes after it: nothing lost and
 * nothing repeated, unless the process stops between the consumer's return and the save (then that one change comes
 * again: make consumers idempotent, by sequence number or by a version). A shard's children are read after it, so the
 * changes of one item come in order. For local development, tests and single-process consumers; in production a
 * Lambda function or the Kinesis Client Library spreads shards over workers.
 *
 * <pre>{@code
 * try (DynamoDbStreamsClient streams = DynamoDbStreamsClient.create()) {
 *     ChangeReader<UserItems> reader = ChangeReader.builder(ChangeDecoder.of(table, USER_ITEMS), streams)
 *             .checkpoints(ChangeCheckpoints.file(Path.of("user-items.checkpoints")))
 *             .build();
 *     reader.readAvailable(change -> System.out.println(change));   // what is there now, then returns
 *     reader.tail(change -> handle(change));                        // and then what comes, until stop() or interrupt
 * }
 * }</pre>
 *
 * <p>A Streams request that fails throws {@link ChangeStreamException} naming the operation, the table and the stream or
 * shard (a table that does not exist, {@link TableNotFoundException}); on an engine without DynamoDB Streams (it answers {@code UnknownOperationException}, as dynalite does) it throws
 * {@link UnsupportedByEngineException} naming the operation and the endpoint, as the table's own requests do.
 *
 * <p>Not thread-safe: one thread reads; {@link #stop()} may be called from any.
 *
 * @param <T> the decoder's type
 */
@Experimental
public final class ChangeReader<T> {
    private final ChangeDecoder<T> decoder;
    private final DynamoDbStreamsClient streams;
    private final ChangeCheckpoints checkpoints;
    private final ShardIteratorType start;
    private final Duration pollInterval;
    private final int batchSize;
    private final Map<String, String> iterators = new HashMap<>();
    private final Set<String> finished = new HashSet<>();
    private String streamArn;
    private volatile boolean stopped;

    private ChangeReader(Builder<T> builder) {
        this.decoder = builder.decoder;
        this.streams = builder.streams;
        this.checkpoints = builder.checkpoints;
        this.start = builder.start;
        this.pollInterval = builder.pollInterval;
        this.batchSize = builder.batchSize;
    }

    /** A reader of the decoder's table, with in-memory checkpoints from the oldest record ({@code TRIM_HORIZON}) by default. */
    public static <T> Builder<T> builder(ChangeDecoder<T> decoder, DynamoDbStreamsClient streams) {
        NullArgumentException.check("ChangeReader.builder", "decoder", decoder, "streams", streams);
        return new Builder<>(decoder, streams);
    }

    /**
     * The ARN of the table's newest stream, asked once with ListStreams.
     *
     * @throws ChangeStreamException when the table has no stream
     * @throws TableNotFoundException when the table does not exist (asked with DescribeTable on the decoder's table, as
     *         ListStreams answers an empty list for a table that does not exist)
     */
    public String streamArn() {
        if (streamArn == null) {
            String table = decoder.table().schema().name();
            List<Stream> found = new ArrayList<>();
            String after = null;
            do {
                ListStreamsResponse page;
                try {
                    page = send(DynamoOperation.LIST_STREAMS, ListStreamsRequest.builder().tableName(table)
                            .exclusiveStartStreamArn(after).build(), table);
                } catch (ChangeStreamException e) {
                    if (e.getCause() instanceof ResourceNotFoundException) {
                        throw notFound(table, e.getCause());
                    }
                    throw e;
                }
                found.addAll(page.streams());
                after = page.lastEvaluatedStreamArn();
            } while (after != null);
            Optional<String> newest = found.stream().filter(s -> table.equals(s.tableName())).max(Comparator.comparing(Stream::streamLabel))
                    .map(Stream::streamArn);
            if (newest.isEmpty()) {
                if (Tables.exists(decoder.table()).filter(exists -> !exists).isPresent()) {
                    throw notFound(table, null);
                }
                throw new ChangeStreamException("Table " + table + " has no stream; declare one in its schema "
                        + "(TableSchema.Builder.stream, @TableDesign(stream = ...) or 'stream:' in a schema file) and run createTable, "
                        + "or enable it with UpdateTable");
            }
            checkCheckpointsAreOf(table);
            streamArn = newest.get();
        }
        return streamArn;
    }

    /**
     * A checkpoint file holding only other tables' positions is another reader's: reading on would start this table from
     * its starting position and then write into that reader's file.
     */
    private void checkCheckpointsAreOf(String table) {
        if (checkpoints instanceof FileCheckpoints file) {
            Set<String> tables = file.tables();
            if (!tables.isEmpty() && !tables.contains(table)) {
                throw new ChangeStreamException("Checkpoint file " + file.path() + " holds the positions of the stream of "
                        + (tables.size() == 1 ? "table " + tables.iterator().next() : "tables " + String.join(", ", tables))
                        + ", not of table " + table + "; give each table's reader a file of its own");
            }
        }
    }

    private TableNotFoundException notFound(String table, Throwable cause) {
        return new TableNotFoundException("Table " + table + " does not exist at " + RequestRunner.describeEndpoint(streams)
                + ", so it has no stream to read; check the table's name and the client's endpoint, region and account, or "
                + "create it with createTable (with a stream declared in its schema)", cause);
    }

    /**
     * Reads every record there is now, handing each to {@code consumer} and checkpointing it, and returns when a round over
     * the open shards brings no record.
     *
     * @return how many changes the consumer took
     */
    public int readAvailable(Consumer<? super Change<T>> consumer) {
        NullArgumentException.check("ChangeReader.readAvailable", "consumer", consumer);
        stopped = false;
        return readUntilCaughtUp(consumer);
    }

    private int readUntilCaughtUp(Consumer<? super Change<T>> consumer) {
        int total = 0;
        while (!stopped) {
            int read = round(consumer);
            total += read;
            if (read == 0) {
                break;
            }
        }
        return total;
    }

    /** Every change there is now, checkpointed as the list is built: for tests and scripts. */
    public List<Change<T>> readAvailable() {
        List<Change<T>> changes = new ArrayList<>();
        readAvailable(changes::add);
        return changes;
    }

    /**
     * Reads the stream until {@link #stop()} or the thread's interruption, waiting the poll interval whenever it has
     * caught up.
     */
    public void tail(Consumer<? super Change<T>> consumer) {
        NullArgumentException.check("ChangeReader.tail", "consumer", consumer);
        stopped = false;
        while (!stopped && !Thread.currentThread().isInterrupted()) {
            readUntilCaughtUp(consumer);
            try {
                Thread.sleep(pollInterval.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Makes {@link #tail} and {@link #readAvailable} return after the change being handled (a consumer may call it);
     * the next call of either reads on from the checkpoints.
     */
    public void stop() {
        stopped = true;
    }

    private int round(Consumer<? super Change<T>> consumer) {
        String arn = streamArn();
        List<Shard> shards = shards(arn);
        Set<String> ids = new HashSet<>();
        shards.forEach(s -> ids.add(s.shardId()));
        int read = 0;
        for (Shard shard : shards) {
            String id = shard.shardId();
            if (stopped || isFinished(arn, id)) {
                continue;
            }
            String parent = shard.parentShardId();
            if (parent != null && ids.contains(parent) && !isFinished(arn, parent)) {
                continue; // the parent's changes come first
            }
            read += readShard(arn, id, consumer);
        }
        return read;
    }

    private int readShard(String arn, String shardId, Consumer<? super Change<T>> consumer) {
        String iterator = iterators.containsKey(shardId) ? iterators.get(shardId) : iterator(arn, shardId);
        GetRecordsResponse response;
        try {
            response = send(DynamoOperation.GET_RECORDS, records(iterator), shardId);
        } catch (ChangeStreamException e) {
            if (!(e.getCause() instanceof ExpiredIteratorException)) {
                throw e;
            }
            // iterators last 15 minutes; the checkpoint says where to go on
            response = send(DynamoOperation.GET_RECORDS, records(iterator(arn, shardId)), shardId);
        }
        int read = 0;
        for (Record record : response.records()) {
            try {
                consumer.accept(decoder.decode(arn, record));
                checkpoints.save(arn, shardId, record.dynamodb().sequenceNumber());
            } catch (RuntimeException | Error e) {
                // the cached iterator points past the whole page: the next call must start again from the checkpoint,
                // or the records of this page handled before the failure would come again and the failed one never
                iterators.remove(shardId);
                throw e;
            }
            read++;
            if (stopped) {
                iterators.remove(shardId); // the rest of the page is read again from the checkpoint
                return read;
            }
        }
        if (response.nextShardIterator() == null) {
            iterators.remove(shardId);
            finished.add(shardId);
            checkpoints.save(arn, shardId, ChangeCheckpoints.SHARD_END);
        } else {
            iterators.put(shardId, response.nextShardIterator());
        }
        return read;
    }

    private GetRecordsRequest records(String iterator) {
        return GetRecordsRequest.builder().shardIterator(iterator).limit(batchSize).build();
    }

    private boolean isFinished(String arn, String shardId) {
        return finished.contains(shardId) || checkpoints.position(arn, shardId).filter(ChangeCheckpoints.SHARD_END::equals).isPresent();
    }

    private String iterator(String arn, String shardId) {
        Optional<String> position = checkpoints.position(arn, shardId);
        GetShardIteratorRequest.Builder request = GetShardIteratorRequest.builder().streamArn(arn).shardId(shardId);
        if (position.isPresent()) {
            request.shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER).sequenceNumber(position.get());
        } else {
            request.shardIteratorType(start);
        }
        return send(DynamoOperation.GET_SHARD_ITERATOR, request.build(), shardId).shardIterator();
    }

    private List<Shard> shards(String arn) {
        Map<String, Shard> shards = new LinkedHashMap<>();
        String after = null;
        do {
            DescribeStreamResponse page = send(DynamoOperation.DESCRIBE_STREAM, DescribeStreamRequest.builder().streamArn(arn)
                    .exclusiveStartShardId(after).build(), arn);
            page.streamDescription().shards().forEach(s -> shards.put(s.shardId(), s));
            after = page.streamDescription().lastEvaluatedShardId();
        } while (after != null);
        return new ArrayList<>(shards.values());
    }

    /**
     * Sends {@code request} as {@code operation} on the Streams client; {@code where} (a table, stream or shard) is for
     * messages. An engine without the operation fails as the table's requests do on one without theirs.
     */
    private <Q extends AwsRequest, R extends AwsResponse> R send(DynamoOperation<Q, R> operation, Q request, String where) {
        try {
            return operation.call(streams, request);
        } catch (SdkException e) {
            Optional<UnsupportedByEngineException> unsupported = RequestRunner.unsupported(operation,
                    () -> RequestRunner.describeEndpoint(streams), e);
            if (unsupported.isPresent()) {
                throw unsupported.get();
            }
            throw new ChangeStreamException(operation.name() + " on " + where + " (table " + decoder.table().schema().name()
                    + ") failed: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "ChangeReader[" + decoder.table().schema().name() + ", " + checkpoints + "]";
    }

    /** Builds a {@link ChangeReader}. */
    @Experimental
    public static final class Builder<T> {
        private final ChangeDecoder<T> decoder;
        private final DynamoDbStreamsClient streams;
        private ChangeCheckpoints checkpoints = ChangeCheckpoints.inMemory();
        private ShardIteratorType start = ShardIteratorType.TRIM_HORIZON;
        private Duration pollInterval = Duration.ofSeconds(1);
        private int batchSize = 1000;

        private Builder(ChangeDecoder<T> decoder, DynamoDbStreamsClient streams) {
            this.decoder = decoder;
            this.streams = streams;
        }

        /** Where positions are kept; in memory by default. */
        public Builder<T> checkpoints(ChangeCheckpoints checkpoints) {
            NullArgumentException.check("ChangeReader.Builder.checkpoints", "checkpoints", checkpoints);
            this.checkpoints = checkpoints;
            return this;
        }

        /**
         * Where a shard without a checkpoint is read from: {@code TRIM_HORIZON} (the oldest record kept, 24 hours back;
         * the default) or {@code LATEST} (only what comes after the reader starts).
         *
         * @throws ValidationException for the iterator types that need a sequence number
         */
        public Builder<T> startingAt(ShardIteratorType position) {
            NullArgumentException.check("ChangeReader.Builder.startingAt", "position", position);
            if (position != ShardIteratorType.TRIM_HORIZON && position != ShardIteratorType.LATEST) {
                throw new ValidationException("ChangeReader.Builder.startingAt: " + position + " needs a sequence number; use "
                        + "TRIM_HORIZON or LATEST (a checkpoint gives the sequence number where there is one)");
            }
            this.start = position;
            return this;
        }

        /** How long {@link ChangeReader#tail} waits once it has caught up; one second by default. */
        public Builder<T> pollInterval(Duration interval) {
            NullArgumentException.check("ChangeReader.Builder.pollInterval", "interval", interval);
            if (interval.isNegative()) {
                throw new ValidationException("ChangeReader.Builder.pollInterval: " + interval + " is negative; give zero or more");
            }
            this.pollInterval = interval;
            return this;
        }

        /** At most how many records one GetRecords returns: 1 to 1000 (the default). */
        public Builder<T> batchSize(int records) {
            if (records < 1 || records > 1000) {
                throw new ValidationException("ChangeReader.Builder.batchSize: " + records + " is outside 1 to 1000, what GetRecords takes");
            }
            this.batchSize = records;
            return this;
        }

        public ChangeReader<T> build() {
            return new ChangeReader<>(this);
        }
    }
}
