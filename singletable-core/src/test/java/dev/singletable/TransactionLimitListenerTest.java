package dev.singletable;

import dev.singletable.extension.RequestEvent;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.singletable.NotesFixture.SCHEMA;
import static dev.singletable.NotesFixture.client;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A transaction refused before sending for DynamoDB's limits is not reported to listeners as a failed request (issue 35:
 * listeners heard of a TransactWriteItems with a ClientError that was never sent). The client points at a port where
 * nothing listens: any request sent would fail differently.
 */
class TransactionLimitListenerTest {
    @Test
    void execute_whenOverOneHundredActions_isRefusedAndNoListenerHearsOfARequest() {
        List<RequestEvent> heard = new CopyOnWriteArrayList<>();
        try (DynamoDbClient client = client(URI.create("http://127.0.0.1:9"))) {
            Table table = Table.builder(SCHEMA, client).listener(heard::add).build();
            WriteTransaction transaction = table.transaction();
            for (int i = 0; i < 101; i++) {
                transaction.put(new NotesFixture.Note("N" + i));
            }

            assertThatThrownBy(transaction::execute).isInstanceOf(ValidationException.class)
                    .hasMessageStartingWith("Transaction on table Notes has 101 actions; DynamoDB takes at most 100");
        }
        assertThat(heard).isEmpty();
    }
}
