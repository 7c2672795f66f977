package dev.singletable.cli.data.load;

import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;

/**
 * The table a migration reads: described once (its absence or an unreachable engine reported with the fix), scanned
 * page by page in parallel segments, one thread each, and its items named by their key for messages.
 */
final class SourceTable {
    private final Migrator.Source source;
    private final DynamoDbClient client;
    private final Migrator.Options options;
    private TableDescription description;

    /** @param client the source's client, metered as the migration's requests are */
    SourceTable(Migrator.Source source, DynamoDbClient client, Migrator.Options options) {
        this.source = source;
        this.client = client;
        this.options = options;
    }

    /**
     * The source table's description (once).
     *
     * @throws MigrateSourceException when the table is not there or its engine cannot be reached, naming which and the fix
     */
    TableDescription describe() {
        if (description != null) {
            return description;
        }
        try {
            description = client.describeTable(r -> r.tableName(source.table())).table();
            return description;
        } catch (ResourceNotFoundException e) {
            String fix = source.separate() ? "check the name, --source-endpoint and --source-region (a table lives in one region and "
                    + "account: --source-profile)"
                    : source.inProcess() ? "the embedded Dynoxide holds only the tables this command created (and those of --data-dir): "
                    + "give --endpoint of the DynamoDB that holds it, or --source-endpoint when it is not the target's"
                    : "check the name, --endpoint and --region, or give --source-endpoint (--source-region, --source-profile) when "
                    + "it is on another DynamoDB than the target";
            throw new MigrateSourceException("--from " + source.table() + ": there is no table " + source.table() + " at "
                    + source.description() + "; " + fix + ".", e);
        } catch (SdkClientException e) {
            if (!source.separate()) {
                throw e; // the target's engine: reported as every command reports it
            }
            throw new MigrateSourceException("--source-endpoint: could not reach " + source.description() + " to read table "
                    + source.table() + ": " + e.getMessage() + ". Check that DynamoDB is running there and that the URL, port, "
                    + "--source-region and --source-profile are right.", e);
        }
    }

    /** One page of a segment, from {@code start} (null: its beginning); consistent, of the test's page size when it sets one. */
    ScanResponse page(int segment, Map<String, AttributeValue> start) {
        ScanRequest.Builder request = ScanRequest.builder().tableName(source.table()).segment(segment).totalSegments(options.segments())
                .consistentRead(true);
        if (options.pageSize() != null) {
            request.limit(options.pageSize());
        }
        if (start != null) {
            request.exclusiveStartKey(start);
        }
        return client.scan(request.build());
    }

    /**
     * Runs {@code each} for every segment on its own thread, with the source's key names; when one fails,
     * {@code stopOthers} asks the others to stop (at their next chunk), they are waited for, then the first failure is
     * thrown.
     */
    void scanAll(BiConsumer<Integer, List<String>> each, Runnable stopOthers) {
        List<String> keyNames = new ArrayList<>();
        describe().keySchema().stream().sorted((a, b) -> a.keyType() == KeyType.HASH ? -1 : b.keyType() == KeyType.HASH ? 1 : 0)
                .map(KeySchemaElement::attributeName).forEach(keyNames::add);
        ExecutorService scanners = Executors.newFixedThreadPool(options.segments(), r -> {
            Thread thread = new Thread(r, "singletable-migrate-segment");
            thread.setDaemon(true);
            return thread;
        });
        RuntimeException first = null;
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int segment = 0; segment < options.segments(); segment++) {
                int current = segment;
                running.add(scanners.submit(() -> {
                    try {
                        each.accept(current, keyNames);
                    } catch (RuntimeException e) {
                        stopOthers.run();
                        throw e;
                    }
                }));
            }
            for (Future<?> future : running) {
                try {
                    future.get();
                } catch (ExecutionException e) {
                    RuntimeException failure = e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
                    first = first == null ? failure : first;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadInputException("interrupted while scanning " + source.table());
        } finally {
            scanners.shutdownNow();
        }
        if (first != null) {
            throw first;
        }
    }

    /** How messages name a source item: the table and the item's key values, such as {@code Users[id=u1]}. */
    String where(List<String> keyNames, Map<String, AttributeValue> item) {
        StringBuilder where = new StringBuilder(source.table()).append('[');
        for (int i = 0; i < keyNames.size(); i++) {
            AttributeValue value = item.get(keyNames.get(i));
            where.append(i == 0 ? "" : ", ").append(keyNames.get(i)).append('=').append(value == null ? "(none)" : SourceItems.plain(value));
        }
        return where.append(']').toString();
    }
}
