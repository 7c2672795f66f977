package dev.singletable.internal.wire;

import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.SdkHttpResponse;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
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
        BodyBuffer body = BodyBuffer.read(content.get(), response);
        try {
            Optional<String> expected = response.firstMatchingHeader(CRC32_HEADER);
            if (expected.isPresent() && !expected.get().equals(Long.toString(body.crc32()))) {
                page.handOver(body.copy());
                return response; // the SDK checks the same bytes against the same header and raises its CRC32 error
            }
            String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
            Optional<WireBody.Decoded> decoded = WireBody.decode(operation, body.bytes(), body.length());
            if (decoded.isEmpty()) {
                page.handOver(body.copy());
                return response;
            }
            byte[] rest = decoded.get().rest();
            page.decoded(decoded.get().items());
            page.handOver(rest);
            SdkHttpResponse.Builder modified = response.toBuilder().putHeader("Content-Length", Integer.toString(rest.length));
            if (expected.isPresent()) {
                modified.putHeader(CRC32_HEADER, Long.toString(crc32(rest, rest.length)));
            }
            return modified.build();
        } finally {
            body.release();
        }
    }

    @Override
    public Optional<InputStream> modifyHttpResponseContent(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
        WirePage page = attributes.getAttribute(WirePage.ATTRIBUTE);
        if (page == null) {
            return context.responseBody();
        }
        return page.handedOver().<InputStream>map(ByteArrayInputStream::new).or(context::responseBody);
    }

    static long crc32(byte[] bytes, int length) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, length);
        return crc.getValue();
    }
}
