package dev.singletable.local.internal;

import java.net.URI;
import java.util.Optional;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** A running engine, or one reached elsewhere. It owns its clients and closes them in {@link #stop()}. */
public interface Engine {

    /** The region the engine's clients name; Dynoxide ignores it (one database). */
    Region REGION = Region.US_EAST_1;

    DynamoDbClient client();

    DynamoDbAsyncClient asyncClient();

    /** A DynamoDB Streams client at the same endpoint, with the same region and credentials. */
    software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient streamsClient();

    Optional<URI> endpoint();

    /** The region the clients name. */
    default Region region() {
        return REGION;
    }

    /** Stops the engine, its background threads and its clients. Called once. */
    void stop();
}
