package dev.singletable.cli.data;

import dev.singletable.local.LocalDynamoDb;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An engine opened by {@link EngineOptions#open()}: its client and a one-line description for
 * output. Closing it stops the in-process engine (its data is kept when it has a data directory)
 * or closes the clients of an endpoint.
 */
public final class DataEngine implements AutoCloseable {
    private final LocalDynamoDb engine;
    private final String description;
    private final boolean inProcess;

    DataEngine(LocalDynamoDb engine, String description, boolean inProcess) {
        this.engine = engine;
        this.description = description;
        this.inProcess = inProcess;
    }

    /** The engine's client; it belongs to the engine, closing it does nothing. */
    public DynamoDbClient client() {
        return engine.client();
    }

    /** Such as {@code Dynoxide started by this command, in memory} or {@code DynamoDB at http://localhost:8000 (region us-east-1)}. */
    public String description() {
        return description;
    }

    /** True for the embedded Dynoxide; false for an endpoint given with {@code --endpoint}. */
    public boolean inProcess() {
        return inProcess;
    }

    /** The underlying engine, for what the client alone does not give (such as feature probes). */
    public LocalDynamoDb engine() {
        return engine;
    }

    @Override
    public void close() {
        engine.close();
    }

    @Override
    public String toString() {
        return description;
    }
}
