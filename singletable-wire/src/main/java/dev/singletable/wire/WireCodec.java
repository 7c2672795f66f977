package dev.singletable.wire;

import dev.singletable.DynamoDbRequestException;
import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import dev.singletable.wire.internal.codec.WireInterceptor;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * The opt-in wire codec: singletable's reads (Query, Scan, GetItem, BatchGetItem) decode items straight
 * from DynamoDB's JSON response into entities, without the SDK's tree of {@code AttributeValue}s. Install
 * it on your own client; a table built on that client finds it there and uses it, with nothing to set on
 * the table (so a table can never expect the codec on a client that lacks it, or the other way round).
 *
 * <pre>{@code
 * DynamoDbClient client = DynamoDbClient.builder()
 *         .overrideConfiguration(WireCodec::install)
 *         .build();
 * Table table = Table.of(schema, client);
 * List<Order> orders = table.query(ORDER).partition(CUSTOMER_ID, "C1").list(); // items decoded from the wire
 * }</pre>
 *
 * <p>Why an interceptor on the client rather than a client of singletable's own: the SDK keeps everything
 * but the reading of the response body, namely signing, credentials, endpoints, retries, metrics and the
 * mapping of errors. The codec acts only on successful responses of requests singletable itself marked
 * (each carries its own page holder); other requests on the same client, error responses, and bodies it
 * does not read (an attribute type it does not know, say) go to the SDK untouched. It checks the body's
 * {@code x-amz-crc32} before decoding; on a mismatch it leaves the body to the SDK, which raises its CRC32
 * error and retries as it would (singletable reports a failure that persists as a
 * {@link DynamoDbRequestException}).
 *
 * <p>On a {@code DynamoDbAsyncClient} the SDK hands the response's headers to interceptors before its body, and the
 * body as a {@code Publisher<ByteBuffer>} afterwards ({@code modifyAsyncHttpResponseContent}). The codec takes the
 * {@code x-amz-crc32} header off the headers the SDK keeps, collects the body whole (as the SDK's own handler does),
 * checks the checksum itself (a mismatch fails the attempt with the SDK's {@code Crc32MismatchException}, which the
 * SDK retries as it would its own), decodes the items, and publishes the rest of the body in place of the original.
 * So the async table's Query, Scan, GetItem and BatchGetItem pages are decoded as the synchronous table's are.
 *
 * <p>Memory: each thread that reads through the codec keeps the array it read its last body into and the arrays its
 * last page was collected in, together at most about 400 KB (a larger page gets arrays of its own, not kept).
 */
@Experimental
public final class WireCodec {
    private WireCodec() {
    }

    /** A new interceptor of the wire codec, for {@code ClientOverrideConfiguration.Builder.addExecutionInterceptor}. */
    public static ExecutionInterceptor interceptor() {
        return new WireInterceptor();
    }

    /**
     * Adds the codec's interceptor to a client's configuration; for {@code .overrideConfiguration(WireCodec::install)}.
     *
     * @return the same builder
     */
    public static ClientOverrideConfiguration.Builder install(ClientOverrideConfiguration.Builder configuration) {
        NullArgumentException.check("WireCodec.install", "configuration", configuration);
        return configuration.addExecutionInterceptor(interceptor());
    }
}
