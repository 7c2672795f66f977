package dev.singletable;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.URI;

/** A one-entity table and clients for endpoints that are never reached: for tests of what is refused before sending. */
final class NotesFixture {
    record Note(String noteId) {
    }

    static final Attribute<Note, String> NOTE_ID = Attribute.required("noteId", AttributeTypes.STRING, Note::noteId);
    static final EntitySchema<Note> NOTE = EntitySchema.builder(Note.class).attributes(NOTE_ID).primaryKey("NOTE#{noteId}", "NOTE")
            .factory(i -> new Note(i.get(NOTE_ID))).build();
    static final TableSchema SCHEMA = TableSchema.builder("Notes").entities(NOTE).build();

    private NotesFixture() {
    }

    /** A client of {@code endpoint} with fixed credentials; building it sends nothing. */
    static DynamoDbClient client(URI endpoint) {
        return DynamoDbClient.builder().region(Region.EU_WEST_1).endpointOverride(endpoint)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("unused", "unused"))).build();
    }
}
