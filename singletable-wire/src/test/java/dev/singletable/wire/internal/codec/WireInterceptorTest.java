package dev.singletable.wire.internal.codec;

import dev.singletable.internal.page.DecodedPage;
import dev.singletable.wire.WireCodec;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.URI;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The codec as the core's page decoder: found on a client it was installed on, for singletable's four reads only. */
class WireInterceptorTest {
    @Test
    void forRequest_whenTheCodecIsInstalled_givesPagesForTheFourReadsAlone() {
        // never sends: the pages are only asked for
        try (DynamoDbClient client = DynamoDbClient.builder().endpointOverride(URI.create("http://127.0.0.1:9")).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret")))
                .overrideConfiguration(WireCodec::install).build()) {
            List<String> decoded = Stream.of("Query", "Scan", "GetItem", "BatchGetItem", "PutItem", "TransactGetItems", "ExecuteStatement")
                    .filter(operation -> DecodedPage.forRequest(client, operation).isPresent())
                    .collect(Collectors.toList());

            assertThat(decoded).isEqualTo(List.of("Query", "Scan", "GetItem", "BatchGetItem"));
        }
    }
}
