package dev.singletable.wire.internal.client;

import software.amazon.awssdk.http.SdkHttpConfigurationOption;
import software.amazon.awssdk.http.TlsTrustManagersProvider;
import software.amazon.awssdk.utils.AttributeMap;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import java.net.Socket;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Optional;

/**
 * The platform's default trust, read at the first TLS handshake instead of when the HTTP client is built. The SDK's
 * HTTP clients build their {@code SSLContext} in their constructor, and with no trust managers given the JDK reads and
 * parses the whole trust store there (about 140 certificates: most of the 40 ms of CPU a fresh JVM spends building
 * UrlConnection's client): a wire client whose endpoint is {@code http://} (an engine on this machine, the CLI's) never
 * shakes hands, so it gives its builder this as a service default, which a trust setting of the caller's own overrides.
 * A handshake that does come (a redirect or proxy to https) checks exactly as the default would: the same factory,
 * algorithm and store, asked then.
 */
final class FirstHandshakeTrust implements TlsTrustManagersProvider {
    private FirstHandshakeTrust() {
    }

    /**
     * The defaults a client sending to {@code endpoint} builds its HTTP client with: for {@code http://}, this provider
     * as the trust managers; for {@code https://}, none (the handshake comes with the first call, so the trust store is
     * read while the client is built, on the building thread, as the HTTP client itself does it).
     */
    static AttributeMap httpClientDefaults(URI endpoint) {
        if ("https".equalsIgnoreCase(endpoint.getScheme())) {
            return AttributeMap.empty();
        }
        return AttributeMap.builder().put(SdkHttpConfigurationOption.TLS_TRUST_MANAGERS_PROVIDER, new FirstHandshakeTrust()).build();
    }

    @Override
    public TrustManager[] trustManagers() {
        return new TrustManager[] {new Deferred()};
    }

    /**
     * Extends {@code X509ExtendedTrustManager} (not only {@code X509TrustManager}, which JSSE would wrap in checks of
     * its own) and hands every check to the platform's manager, made on the first call.
     */
    static final class Deferred extends X509ExtendedTrustManager {
        private volatile Optional<X509ExtendedTrustManager> platform = Optional.empty();

        /** Whether the trust store has been read: only by a check or {@link #getAcceptedIssuers()}. */
        boolean loaded() {
            return platform.isPresent();
        }

        private X509ExtendedTrustManager platform() throws CertificateException {
            Optional<X509ExtendedTrustManager> ready = platform;
            if (ready.isPresent()) {
                return ready.get();
            }
            synchronized (this) {
                if (platform.isEmpty()) {
                    platform = Optional.of(load());
                }
                return platform.get();
            }
        }

        // what SSLContext.init does with no trust managers given
        private static X509ExtendedTrustManager load() throws CertificateException {
            try {
                TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                factory.init((KeyStore) null);
                for (TrustManager manager : factory.getTrustManagers()) {
                    if (manager instanceof X509ExtendedTrustManager) {
                        return (X509ExtendedTrustManager) manager;
                    }
                }
                throw new CertificateException("the default TrustManagerFactory (" + factory.getAlgorithm() + ") made no X509 trust manager");
            } catch (GeneralSecurityException e) {
                throw new CertificateException("could not read the default trust store: " + e.getMessage(), e);
            }
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            platform().checkClientTrusted(chain, authType);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            platform().checkServerTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            platform().checkClientTrusted(chain, authType, socket);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            platform().checkServerTrusted(chain, authType, socket);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            platform().checkClientTrusted(chain, authType, engine);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            platform().checkServerTrusted(chain, authType, engine);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            try {
                return platform().getAcceptedIssuers();
            } catch (CertificateException e) {
                return new X509Certificate[0]; // as the platform's manager answers when its store holds nothing
            }
        }
    }
}
