package dev.singletable.wire.internal.codec;

import dev.singletable.internal.page.DecodedPage;
import dev.singletable.internal.page.PageDecoder;

import org.reactivestreams.Publisher;
import software.amazon.awssdk.core.ClientType;
import software.amazon.awssdk.core.exception.Crc32MismatchException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.SdkHttpResponse;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * The wire codec's interceptor. For a request a singletable read marked with a {@code DecodedPage}, and a 2xx
 * response with a plain (not compressed) body, it reads the body once, checks its {@code x-amz-crc32},
 * decodes the items into the page and hands the SDK the rest of the body with a CRC32 and length of its own.
 * Everything else passes untouched: unmarked requests, errors, a body whose CRC32 does not match (the SDK
 * then raises its own CRC32 error and retries as it would) and a body the decoder does not read.
 */
public final class WireInterceptor implements ExecutionInterceptor, PageDecoder {
    private static final List<String> OPERATIONS = List.of("Query", "Scan", "GetItem", "BatchGetItem");
    private static final String CRC32_HEADER = "x-amz-crc32";

    @Override
    public boolean reads(String operation) {
        return OPERATIONS.contains(operation);
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        Optional<DecodedPage> page = DecodedPage.takeArmedFor(context.request());
        if (page.isPresent()) {
            attributes.putAttribute(WireExchange.ATTRIBUTE, new WireExchange(page.get()));
        }
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        WireExchange page = attributes.getAttribute(WireExchange.ATTRIBUTE);
        if (page != null) {
            page.clear();
        }
    }

    @Override
    public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
        SdkHttpResponse response = context.httpResponse();
        WireExchange page = attributes.getAttribute(WireExchange.ATTRIBUTE);
        if (page == null || !response.isSuccessful() || response.firstMatchingHeader("Content-Encoding").isPresent()) {
            return response;
        }
        if (attributes.getAttribute(SdkExecutionAttribute.CLIENT_TYPE) == ClientType.ASYNC) {
            // the body comes later (modifyAsyncHttpResponseContent), after the SDK took these headers: the codec checks the
            // checksum there itself, as the rest it hands over has another; the SDK checks none, which the codec did
            page.awaitBody(response.firstMatchingHeader(CRC32_HEADER), BodyBuffer.announcedLength(response));
            return response.toBuilder().removeHeader(CRC32_HEADER).build();
        }
        Optional<InputStream> content = context.responseBody();
        if (content.isEmpty()) {
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
            page.page().decoded(decoded.get().items());
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
        WireExchange page = attributes.getAttribute(WireExchange.ATTRIBUTE);
        if (page == null) {
            return context.responseBody();
        }
        return page.handedOver().<InputStream>map(ByteArrayInputStream::new).or(context::responseBody);
    }

    @Override
    public Optional<Publisher<ByteBuffer>> modifyAsyncHttpResponseContent(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
        WireExchange page = attributes.getAttribute(WireExchange.ATTRIBUTE);
        Optional<Publisher<ByteBuffer>> body = context.responsePublisher();
        if (page == null || body.isEmpty() || !page.awaitsBody()) {
            return body;
        }
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        return Optional.of(new DecodingPublisher(body.get(), Math.max(page.announcedLength(), 0),
                (bytes, length) -> decodeCollected(page, operation, bytes, length)));
    }

    /** The body of an asynchronous response, checked and decoded: what the SDK reads in its place. */
    private static ByteBuffer decodeCollected(WireExchange page, String operation, byte[] body, int length) {
        Optional<String> expected = page.expectedCrc32();
        if (expected.isPresent()) {
            long calculated = crc32(body, length);
            if (!expected.get().trim().equals(Long.toString(calculated))) {
                // the SDK's own error for a sync response (Crc32Validation), retried as the SDK retries it
                throw Crc32MismatchException.create("Expected " + expected.get() + " as the Crc32 checksum but the actual calculated "
                        + "checksum was " + calculated, null);
            }
        }
        Optional<WireBody.Decoded> decoded = WireBody.decode(operation, body, length);
        if (decoded.isEmpty()) {
            return ByteBuffer.wrap(body, 0, length);
        }
        page.page().decoded(decoded.get().items());
        return ByteBuffer.wrap(decoded.get().rest());
    }

    static long crc32(byte[] bytes, int length) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, length);
        return crc.getValue();
    }
}
