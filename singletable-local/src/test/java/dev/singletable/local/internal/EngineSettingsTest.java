package dev.singletable.local.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

import dev.singletable.local.LocalDynamoDbException;
import org.junit.jupiter.api.Test;

class EngineSettingsTest {

    @Test
    void read_whenNothingIsSet_isEmbeddedAndDeletesTables() {
        assertThat(EngineSettings.read(Map.<String, String>of()::get, Map.<String, String>of()::get))
                .isEqualTo(new EngineSettings(EngineSettings.Target.EMBEDDED, Optional.empty(), Optional.empty(),
                        Optional.empty(), false));
    }

    @Test
    void read_whenEnvironmentVariablesAreSet_takesEndpointRegionProfileAndKeep() {
        Map<String, String> environment = Map.of("SINGLETABLE_TEST_ENDPOINT", "https://dynamodb.eu-west-1.amazonaws.com",
                "SINGLETABLE_TEST_REGION", "eu-west-1", "SINGLETABLE_TEST_PROFILE", "ci", "SINGLETABLE_TEST_KEEP_TABLES", "true");

        assertThat(EngineSettings.read(Map.<String, String>of()::get, environment::get))
                .isEqualTo(new EngineSettings(EngineSettings.Target.ENDPOINT,
                        Optional.of(URI.create("https://dynamodb.eu-west-1.amazonaws.com")), Optional.of("eu-west-1"),
                        Optional.of("ci"), true));
    }

    @Test
    void read_whenPropertyAndVariableAreBothSet_takesProperty() {
        Map<String, String> properties = Map.of("singletable.test.endpoint", "embedded");
        Map<String, String> environment = Map.of("SINGLETABLE_TEST_ENDPOINT", "http://127.0.0.1:4567");

        assertThat(EngineSettings.read(properties::get, environment::get).target()).isEqualTo(EngineSettings.Target.EMBEDDED);
    }

    @Test
    void read_whenEndpointIsAws_isAmazonWithoutUrl() {
        EngineSettings settings = EngineSettings.read(Map.of("singletable.test.endpoint", "AWS")::get, Map.<String, String>of()::get);

        assertThat(settings.target()).isEqualTo(EngineSettings.Target.AMAZON);
        assertThat(settings.endpoint()).isEmpty();
    }

    @Test
    void read_whenEndpointIsNotAUrl_throwsNamingPropertyVariableAndChoices() {
        assertThatThrownBy(() -> EngineSettings.read(Map.of("singletable.test.endpoint", "localhost:8000")::get,
                Map.<String, String>of()::get))
                .isInstanceOf(LocalDynamoDbException.class)
                .hasMessage("The test endpoint 'localhost:8000' (system property singletable.test.endpoint or environment "
                        + "variable SINGLETABLE_TEST_ENDPOINT) is not an http(s) URL such as http://127.0.0.1:8000, "
                        + "nor one of embedded, aws");
    }
}
