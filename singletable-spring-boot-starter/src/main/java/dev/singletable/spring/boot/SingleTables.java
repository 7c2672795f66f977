package dev.singletable.spring.boot;

import dev.singletable.Experimental;
import dev.singletable.AsyncTable;
import dev.singletable.extension.RequestListener;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import software.amazon.awssdk.core.SdkClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The application's tables, one {@link Table} and one {@link AsyncTable} per design, named for this environment by the
 * {@link TableNameResolver}, with the cursor key of {@code singletable.cursor-key} and every {@link RequestListener} bean
 * (the meters among them). The auto-configuration declares a {@code Table} and an {@code AsyncTable} bean per
 * {@link TableSchema} bean; this registry serves the same instances by design name.
 */
@Experimental
public final class SingleTables {
    /** The property that holds the cursor key, named in the refusal to start without one. */
    public static final String CURSOR_KEY_PROPERTY = "singletable.cursor-key";

    private final Supplier<DynamoDbClient> client;
    private final Supplier<DynamoDbAsyncClient> asyncClient;
    private final TableNameResolver names;
    private final List<RequestListener> listeners;
    private final Optional<byte[]> cursorKey;
    private final Map<String, Table> tables = new ConcurrentHashMap<>();
    private final Map<String, AsyncTable> asyncTables = new ConcurrentHashMap<>();

    SingleTables(Supplier<DynamoDbClient> client, Supplier<DynamoDbAsyncClient> asyncClient, TableNameResolver names,
                 List<RequestListener> listeners, String cursorKey) {
        this.client = client;
        this.asyncClient = asyncClient;
        this.names = names;
        this.listeners = List.copyOf(listeners);
        this.cursorKey = decode(cursorKey);
    }

    private static Optional<byte[]> decode(String cursorKey) {
        if (cursorKey == null || cursorKey.isBlank()) {
            return Optional.empty();
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(cursorKey.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(CURSOR_KEY_PROPERTY + " is not base64 (" + e.getMessage() + "): give 32 random "
                    + "bytes in base64, such as the output of 'openssl rand -base64 32'", e);
        }
        if (key.length < 16) {
            throw new IllegalStateException(CURSOR_KEY_PROPERTY + " holds " + key.length + " bytes; give at least 16 (32 random "
                    + "bytes in base64 are best, such as the output of 'openssl rand -base64 32')");
        }
        return Optional.of(key);
    }

    /** The synchronous table of {@code design}, named for this environment; made on first use. */
    public Table table(TableSchema design) {
        return tables.computeIfAbsent(design.name(), name -> {
            Table.Builder builder = Table.builder(named(design), checked(design, client.get()));
            listeners.forEach(builder::listener);
            cursorKey.ifPresent(builder::cursorKey);
            return builder.build();
        });
    }

    /** The asynchronous table of {@code design}, named for this environment; made on first use. */
    public AsyncTable asyncTable(TableSchema design) {
        return asyncTables.computeIfAbsent(design.name(), name -> {
            AsyncTable.Builder builder = AsyncTable.builder(named(design), checked(design, asyncClient.get()));
            listeners.forEach(builder::listener);
            cursorKey.ifPresent(builder::cursorKey);
            return builder.build();
        });
    }

    /** The tables made so far, by design name. */
    public Map<String, Table> tables() {
        return Map.copyOf(tables);
    }

    /** The name {@code design}'s table has in this environment. */
    public String tableName(TableSchema design) {
        return names.tableName(design.name());
    }

    private TableSchema named(TableSchema design) {
        String name = tableName(design);
        return name.equals(design.name()) ? design : design.toBuilder().name(name).build();
    }

    /** {@code client}, once it is sure that a table of {@code design} on it may serve cursors. */
    private <C extends SdkClient> C checked(TableSchema design, C client) {
        if (cursorKey.isEmpty() && Table.publishedCursorKeyRefused(client)) {
            throw new IllegalStateException("Table " + tableName(design) + " is at " + client.serviceClientConfiguration()
                    .endpointOverride().map(Object::toString)
                    .orElse("Amazon DynamoDB") + ", not on this machine, and no cursor key is set: its cursors would be signed "
                    + "with singletable's published default key, with which anyone can forge one. Set " + CURSOR_KEY_PROPERTY
                    + " to 32 random bytes in base64 (openssl rand -base64 32), the same in every process");
        }
        return client;
    }
}
