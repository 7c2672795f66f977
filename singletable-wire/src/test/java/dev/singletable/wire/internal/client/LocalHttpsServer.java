package dev.singletable.wire.internal.client;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;

/**
 * An HTTPS server on loopback with a self-signed certificate for 127.0.0.1 ({@code tls/localhost.p12}, made with
 * {@code keytool -genkeypair -alias localhost -keyalg EC -groupname secp256r1 -dname CN=localhost
 * -ext SAN=dns:localhost,ip:127.0.0.1 -validity 36500 -storetype PKCS12 -storepass changeit}), which no platform trust
 * store holds; it answers every request with {@code body} as DynamoDB's JSON. The engine speaks plain HTTP only.
 */
final class LocalHttpsServer implements AutoCloseable {
    static final String KEY_STORE = "/tls/localhost.p12";
    static final char[] PASSWORD = "changeit".toCharArray();

    private final HttpsServer server;

    LocalHttpsServer(String body) throws IOException, GeneralSecurityException {
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(keyStore(), PASSWORD);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keys.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext("/", exchange -> {
            try (InputStream request = exchange.getRequestBody()) {
                request.readAllBytes();
            }
            byte[] answer = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.0");
            exchange.sendResponseHeaders(200, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.start();
    }

    URI endpoint() {
        return URI.create("https://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Trust managers that trust this server's certificate (and nothing else). */
    static TrustManager[] trusting() {
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(keyStore());
            return trust.getTrustManagers();
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("could not read " + KEY_STORE, e);
        }
    }

    static KeyStore keyStore() throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = LocalHttpsServer.class.getResourceAsStream(KEY_STORE)) {
            store.load(in, PASSWORD);
        }
        return store;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
