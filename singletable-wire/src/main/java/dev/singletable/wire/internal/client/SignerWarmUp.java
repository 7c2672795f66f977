package dev.singletable.wire.internal.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Signs a made-up request, and writes and reads a little JSON, on a daemon thread started with the wire client, so that
 * a fresh JVM's first call finds the signer's and Jackson's classes loaded and linked instead of loading them itself
 * (about 50 ms of the first put in singletable-bench's cold start, on the calling thread). Nothing is sent, and the
 * caller's credentials provider is not asked (it may call a metadata service): the identity is made up.
 */
final class SignerWarmUp implements Runnable {
    static final String THREAD_NAME = "singletable-wire-warm-up";
    // the signer logs its canonical request at DEBUG: this key names what that one was
    private static final AwsCredentialsIdentity MADE_UP = AwsCredentialsIdentity.create("SINGLETABLEWARMUP", "warm-up");
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private final AwsV4HttpSigner signer;
    private final JsonFactory json;
    private final URI target;
    private final String region;
    private final String signingName;
    private final String contentType;

    private SignerWarmUp(AwsV4HttpSigner signer, JsonFactory json, URI target, String region, String signingName, String contentType) {
        this.signer = signer;
        this.json = json;
        this.target = target;
        this.region = region;
        this.signingName = signingName;
        this.contentType = contentType;
    }

    /** Starts the warm-up once per JVM: the classes it loads stay loaded, so a second client would gain nothing from it. */
    static void start(AwsV4HttpSigner signer, JsonFactory json, URI target, String region, String signingName, String contentType) {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        try {
            // a named Runnable rather than a lambda: the first lambda of a fresh JVM costs what this is meant to save
            Thread thread = new Thread(new SignerWarmUp(signer, json, target, region, signingName, contentType), THREAD_NAME);
            thread.setDaemon(true);
            thread.start();
        } catch (Throwable refused) { // NOPMD: no thread to spare (a container's limit, a security manager): the client works without it
            // nothing to report: the warm-up is only a head start
        }
    }

    @Override
    public void run() {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (JsonGenerator generator = json.createGenerator(out)) {
                generator.writeStartObject();
                generator.writeStringField("TableName", "warm-up");
                generator.writeEndObject();
            }
            byte[] body = out.toByteArray();
            try (JsonParser parser = json.createParser(body)) {
                while (parser.nextToken() != null) {
                    parser.getText();
                }
            }
            SdkHttpFullRequest request = SdkHttpFullRequest.builder().method(SdkHttpMethod.POST).uri(target)
                    .putHeader("Content-Type", contentType).putHeader("Content-Length", Integer.toString(body.length)).build();
            ContentStreamProvider payload = ContentStreamProvider.fromByteArrayUnsafe(body);
            signer.sign(r -> r.identity(MADE_UP).request(request).payload(payload)
                    .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, signingName)
                    .putProperty(AwsV4HttpSigner.REGION_NAME, region));
        } catch (Throwable ignored) { // NOPMD: only a head start; the first real call meets any such failure and reports it
            // nothing to report: see above
        }
    }
}
