package dev.singletable.internal.wire;

import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.SdkHttpResponse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * The wire codec's interceptor. For a request a singletable read marked with a {@link WirePage}, and a 2xx
 * response with a plain (not compressed) body, it reads the body once, checks its {@code x-amz-crc32},
 * decodes the items into the page and hands the SDK the rest of the body with a CRC32 and length of its own.
 * Everything else passes untouched: unmarked requests, errors, a body whose CRC32 does not match (the SDK
 * then raises its own CRC32 error and retries as it would) and a body the decoder does not read.
 */
public final class WireInterceptor implements ExecutionInterceptor {
    private static final String CRC32_HEADER = "x-amz-crc32";
    // DynamoDB pages stop at 1 MB of items (16 MB for a batch get); a larger announced length is not trusted for one allocation
    private static final int MAX_ANNOUNCED = 32 * 1024 * 1024;

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        WirePage page = attributes.getAttribute(WirePage.ATTRIBUTE);
        if (page != null) {
            page.clear();
        }
    }

    @Override
    public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
        SdkHttpResponse response = context.httpResponse();
        WirePage page = attributes.getAttribute(WirePage.ATTRIBUTE);
        Optional<InputStream> content = context.responseBody();
        if (page == null || !response.isSuccessful() || content.isEmpty() || response.firstMatchingHeader("Content-Encoding").isPresent()) {
            return response;
        }
        byte[] body = read(content.get(), response);
        page.handOver(body);
        Optional<String> expected = response.firstMatchingHeader(CRC32_HEADER);
        if (expected.isPresent() && !expected.get().equals(Long.toString(crc32(body)))) {
            return response; // the SDK checks the same bytes against the same header and raises its CRC32 error
        }
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        Optional<WireBody.Decoded> decoded = WireBody.decode(operation, body);
        if (decoded.isEmpty()) {
            return response;
        }
        byte[] rest = decoded.get().rest();
        page.decoded(decoded.get().items());
        page.handOver(rest);
        SdkHttpResponse.Builder modified = response.toBuilder().putHeader("Content-Length", Integer.toString(rest.length));
        if (expected.isPresent()) {
            modified.putHeader(CRC32_HEADER, Long.toString(crc32(rest)));
        }
        return modified.build();
    }

    @Override
    public Optional<InputStream> modifyHttpResponseContent(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
        WirePage page = attributes.getAttribute(WirePage.ATTRIBUTE);
        if (page == null) {
            return context.responseBody();
        }
        return page.handedOver().<InputStream>map(ByteArrayInputStream::new).or(context::responseBody);
    }

    /** The whole body: into one array of the announced length when there is one (readAllBytes would copy it from chunks). */
    private static byte[] read(InputStream in, SdkHttpResponse response) {
        try (in) {
            int announced = announcedLength(response);
            if (announced < 0) {
                return in.readAllBytes();
            }
            byte[] body = new byte[announced];
            int read = in.readNBytes(body, 0, announced);
            if (read < announced) {
                return Arrays.copyOf(body, read); // shorter than announced: the SDK's own reading would see the same bytes
            }
            byte[] more = in.readAllBytes();
            if (more.length == 0) {
                return body;
            }
            byte[] all = Arrays.copyOf(body, announced + more.length);
            System.arraycopy(more, 0, all, announced, more.length);
            return all;
        } catch (IOException e) {
            throw SdkClientException.create("reading the response body (status " + response.statusCode() + ") failed: " + e.getMessage(), e);
        }
    }

    private static int announcedLength(SdkHttpResponse response) {
        Optional<String> length = response.firstMatchingHeader("Content-Length");
        if (length.isEmpty()) {
            return -1;
        }
        try {
            long value = Long.parseLong(length.get().trim());
            return value >= 0 && value <= MAX_ANNOUNCED ? (int) value : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static long crc32(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, bytes.length);
        return crc.getValue();
    }
}
