package dev.singletable.cli.design;

import dev.singletable.design.internal.tables.PatternRunException;
import dev.singletable.design.internal.tables.SampleItems;
import dev.singletable.extension.RequestEvent;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A design's patterns run on the embedded Dynoxide as the design tools run them: its get patterns read in BatchGetItem
 * requests (what each GetItem reads, one request for many gets), everything else one pattern at a time.
 */
class PatternRunsOnEngineTest {
    private static final Path FIXTURES = Path.of("src/test/resources/pattern-runs");

    @RegisterExtension
    static final LocalDynamoDbExtension DB = LocalDynamoDbExtension.engineOnly();

    private final List<RequestEvent> events = new CopyOnWriteArrayList<>();

    private static Map<String, AttributeValue> key(String pk, String sk) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put("pk", AttributeValue.fromS(pk));
        key.put("sk", AttributeValue.fromS(sk));
        return key;
    }

    /** The operations the table sent, in order. */
    private List<String> operations() {
        return events.stream().map(RequestEvent::operation).toList();
    }

    @Test
    void keys_whenTheDesignHasGetPatterns_readsThemInOneBatchGetItemPerConsistencyWithWhatGetItemReads() {
        SchemaFile design = SchemaFile.load(FIXTURES.resolve("gets.singletable.yaml"));

        Map<String, List<Map<String, AttributeValue>>> keys = PatternRunsOnEngine.keys(DB.client(), design,
                SampleItems.examplesOf(design), events::add);

        Map<String, List<Map<String, AttributeValue>>> expected = new LinkedHashMap<>();
        expected.put("customer-by-id", List.of(key("CUSTOMER#c1", "PROFILE")));
        expected.put("orders-of-customer", List.of(key("CUSTOMER#c1", "ORDER#o1"), key("CUSTOMER#c1", "ORDER#o2")));
        expected.put("missing-customer", List.of());
        expected.put("customer-read-consistently", List.of(key("CUSTOMER#c2", "PROFILE")));
        expected.put("same-customer-again", List.of(key("CUSTOMER#c1", "PROFILE")));
        expected.put("order-by-id", List.of(key("CUSTOMER#c1", "ORDER#o2")));
        assertThat(keys).containsExactlyEntriesOf(expected);
        assertThat(keys.keySet()).containsExactlyElementsOf(expected.keySet());
        // the table made (and waited for), the four samples in one BatchWriteItem; the eventually consistent gets (three
        // keys, one read by two patterns, one holding nothing), then the strongly consistent one; the query on its own;
        // no GetItem; the table deleted
        assertThat(operations()).containsExactly("DescribeTable", "CreateTable", "DescribeTable", "BatchWriteItem",
                "BatchGetItem", "BatchGetItem", "Query", "DescribeTable", "DeleteTable", "DescribeTable");
        assertThat(events.get(4).itemCount()).isEqualTo(2);
        assertThat(events.get(5).itemCount()).isEqualTo(1);
    }

    @Test
    void keys_whenTheBatchOfGetsFails_runsEachGetOnItsOwnAndNamesTheFirstFailingPattern() {
        SchemaFile design = SchemaFile.load(FIXTURES.resolve("long-key.singletable.yaml"));

        assertThatThrownBy(() -> PatternRunsOnEngine.keys(DB.client(), design, SampleItems.examplesOf(design), events::add))
                .isInstanceOf(PatternRunException.class)
                .hasMessage("Table LongKeyTable, access pattern 'customer-with-a-long-id': Customer primary partition key template "
                        + "'CUSTOMER#{customerId}' gives a key of 2109 bytes ('CUSTOMER#xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'); DynamoDB "
                        + "allows at most 2048 bytes in a partition key: shorten the values of [customerId]");
        // the batch is refused before it is sent; of the gets run one by one, the one with a key DynamoDB takes is sent
        assertThat(operations()).containsExactly("DescribeTable", "CreateTable", "DescribeTable", "BatchWriteItem", "GetItem",
                "DescribeTable", "DeleteTable", "DescribeTable");
    }
}
