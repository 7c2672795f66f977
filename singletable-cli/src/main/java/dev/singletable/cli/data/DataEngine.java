package dev.singletable.cli.data;

import dev.singletable.local.LocalDynamoDb;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An engine opened by {@link EngineOptions#open()}: its client and a one-line description for
 * output. Closing it stops the in-process engine (its data is kept when it has a data directory)
 * or closes the clients of an endpoint.
 *
 * @param engine the underlying engine, for what the client alone does not give (such as feature probes)
 * @param description such as {@code Dynoxide started by this command, in memory} or
 *                    {@code DynamoDB at http://localhost:8000 (region us-east-1)}
 * @param inProcess true for the embedded Dynoxide; false for an endpoint given with {@code --endpoint}
 */
public record DataEngine(LocalDynamoDb engine, String description, boolean inProcess) implements AutoCloseable {
    /** The engine's client; it belongs to the engine, closing it does nothing. */
    public DynamoDbClient client() {
        return engine.client();
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
