package dev.singletable.wire.internal.client;

import com.fasterxml.jackson.core.JsonFactory;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The JSON body the wire client writes for a request: members by their JSON names, numbers as JSON numbers, unset members left out. */
class JsonRequestWriterTest {
    private final JsonRequestWriter writer = new JsonRequestWriter(new JsonFactory());

    @Test
    void write_whenAQueryHasALimit_writesItAsANumber() {
        QueryRequest query = QueryRequest.builder().tableName("Shop").limit(25).keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", "pk")).expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("C#1")))
                .build();

        assertThat(written(query)).isEqualTo("{\"TableName\":\"Shop\",\"Limit\":25,\"KeyConditionExpression\":\"#pk = :pk\","
                + "\"ExpressionAttributeNames\":{\"#pk\":\"pk\"},\"ExpressionAttributeValues\":{\":pk\":{\"S\":\"C#1\"}}}");
    }

    @Test
    void write_whenACreateTableHasCapacities_writesTheLongsAsNumbers() {
        CreateTableRequest create = CreateTableRequest.builder().tableName("Shop").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(10_000_000_000L)).build();

        assertThat(written(create)).isEqualTo("{\"TableName\":\"Shop\",\"BillingMode\":\"PROVISIONED\","
                + "\"ProvisionedThroughput\":{\"ReadCapacityUnits\":5,\"WriteCapacityUnits\":10000000000}}");
    }

    private String written(software.amazon.awssdk.core.SdkPojo request) {
        return new String(writer.write(request), StandardCharsets.UTF_8);
    }
}
