package dev.singletable.wire.internal.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.http.SdkHttpConfigurationOption;
import software.amazon.awssdk.utils.AttributeMap;

import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManager;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The trust an {@code http://} wire client gives its HTTP client's builder: no trust store read when the SDK's client
 * builds its {@code SSLContext}, and at a handshake the checks the platform's default trust makes.
 */
class FirstHandshakeTrustTest {
    @Test
    void httpClientDefaults_forAnHttpsEndpoint_setNoTrust() {
        AttributeMap defaults = FirstHandshakeTrust.httpClientDefaults(URI.create("https://dynamodb.eu-west-1.amazonaws.com"));

        assertThat(defaults.containsKey(SdkHttpConfigurationOption.TLS_TRUST_MANAGERS_PROVIDER)).isFalse();
    }

    @Test
    void httpClientDefaults_forAnHttpEndpoint_giveATrustThatBuildingAnSslContextLeavesUnread() throws GeneralSecurityException {
        FirstHandshakeTrust.Deferred deferred = deferred();
        SSLContext tls = SSLContext.getInstance("TLS");

        tls.init(null, new TrustManager[] {deferred}, null); // what the SDK's HTTP clients do when built
        tls.getSocketFactory();

        assertThat(deferred.loaded()).isFalse();
    }

    @Test
    void handshake_withTheDeferredTrust_rejectsAServerThePlatformTrustStoreDoesNotHoldAsThePlatformDoes() throws Exception {
        try (LocalHttpsServer server = new LocalHttpsServer("{}")) {
            FirstHandshakeTrust.Deferred deferred = deferred();

            Throwable withDeferred = catchThrowable(() -> status(server, Optional.of(deferred)));
            Throwable withPlatform = catchThrowable(() -> status(server, Optional.empty()));

            assertThat(withDeferred).isInstanceOf(SSLHandshakeException.class);
            assertThat(List.of(withDeferred.getClass(), withDeferred.getMessage()))
                    .isEqualTo(List.of(withPlatform.getClass(), withPlatform.getMessage()));
            assertThat(deferred.loaded()).isTrue();
        }
    }

    @Test
    void handshake_withTheDeferredTrust_readsTheTrustStoreNamedAtTheHandshake(@TempDir Path directory) throws Exception {
        Path store = directory.resolve("trust.p12");
        try (InputStream in = LocalHttpsServer.class.getResourceAsStream(LocalHttpsServer.KEY_STORE)) {
            Files.copy(in, store);
        }
        try (LocalHttpsServer server = new LocalHttpsServer("{}")) {
            FirstHandshakeTrust.Deferred deferred = deferred(); // made before the store is named, as when the client is built
            List<String> names = List.of("javax.net.ssl.trustStore", "javax.net.ssl.trustStorePassword", "javax.net.ssl.trustStoreType");
            List<Optional<String>> earlier = names.stream().map(name -> Optional.ofNullable(System.getProperty(name))).toList();
            System.setProperty(names.get(0), store.toString());
            System.setProperty(names.get(1), new String(LocalHttpsServer.PASSWORD));
            System.setProperty(names.get(2), "PKCS12");
            try {
                assertThat(status(server, Optional.of(deferred))).isEqualTo(200);
            } finally {
                for (int i = 0; i < names.size(); i++) {
                    if (earlier.get(i).isPresent()) {
                        System.setProperty(names.get(i), earlier.get(i).get());
                    } else {
                        System.clearProperty(names.get(i));
                    }
                }
            }
        }
    }

    private static FirstHandshakeTrust.Deferred deferred() {
        AttributeMap defaults = FirstHandshakeTrust.httpClientDefaults(URI.create("http://127.0.0.1:8000"));
        TrustManager[] managers = defaults.get(SdkHttpConfigurationOption.TLS_TRUST_MANAGERS_PROVIDER).trustManagers();
        assertThat(managers).hasSize(1).hasOnlyElementsOfType(FirstHandshakeTrust.Deferred.class);
        return (FirstHandshakeTrust.Deferred) managers[0];
    }

    // one request to the server over a socket factory with the given trust (none: the platform's default, as
    // SSLContext.init(null, null, null) makes it)
    private static int status(LocalHttpsServer server, Optional<TrustManager> trust) throws IOException, GeneralSecurityException {
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trust.isPresent() ? new TrustManager[] {trust.get()} : null, null);
        HttpsURLConnection connection = (HttpsURLConnection) server.endpoint().toURL().openConnection();
        connection.setSSLSocketFactory(tls.getSocketFactory());
        try {
            return connection.getResponseCode();
        } finally {
            connection.disconnect();
        }
    }
}
