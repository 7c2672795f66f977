package dev.singletable;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

class LoopbackEndpointTest {
    @ParameterizedTest
    @ValueSource(strings = {"http://localhost:8000", "http://LocalHost", "http://127.0.0.1:4567", "http://127.8.9.10",
            "http://[::1]:8000", "http://[0:0:0:0:0:0:0:1]", "https://localhost:8443", "https://127.0.0.1"})
    void isLoopback_whenTheHostIsLocalhostOrALoopbackLiteral_isTrue(String endpoint) {
        assertThat(LoopbackEndpoint.isLoopback(URI.create(endpoint))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://dynamodb.eu-west-1.amazonaws.com", "http://10.1.2.3:8000", "http://[::2]:8000",
            "http://128.0.0.1", "http://127.0.0.256", "http://localhost.example.com", "http://dynamo-local:8000"})
    void isLoopback_whenTheHostIsAnotherMachine_isFalse(String endpoint) {
        assertThat(LoopbackEndpoint.isLoopback(URI.create(endpoint))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost:8000", "127.0.0.1", "/tmp/engine", "file:///tmp/engine"})
    void isLoopback_whenTheEndpointHasNoSchemeOrNoHost_isFalse(String endpoint) {
        assertThat(LoopbackEndpoint.isLoopback(URI.create(endpoint))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1.nip.io:8000", "http://1-host.invalid"})
    void isLoopback_whenTheHostIsANameThatLooksNumeric_isFalseWithoutALookup(String endpoint) {
        // 127.0.0.1.nip.io resolves to 127.0.0.1 in public DNS: a lookup would say true; only literals count
        assertThat(LoopbackEndpoint.isLoopback(URI.create(endpoint))).isFalse();
    }
}
