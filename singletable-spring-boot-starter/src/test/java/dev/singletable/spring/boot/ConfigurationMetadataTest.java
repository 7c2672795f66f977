package dev.singletable.spring.boot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The metadata an IDE reads to complete and document the {@code singletable.*} properties, written at compile time. */
class ConfigurationMetadataTest {
    @Test
    void metadata_whenRead_describesEverySingletableProperty() throws IOException {
        JsonNode metadata;
        try (InputStream in = SingleTableProperties.class.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("META-INF/spring-configuration-metadata.json").isNotNull();
            metadata = new ObjectMapper().readTree(in);
        }
        Map<String, String> types = new LinkedHashMap<>();
        metadata.path("properties").forEach(property -> {
            types.put(property.path("name").asText(), property.path("type").asText());
            assertThat(property.path("description").asText()).as(property.path("name").asText()).isNotBlank();
        });

        assertThat(types).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry("singletable.region", "java.lang.String"),
                Map.entry("singletable.endpoint", "java.lang.String"),
                Map.entry("singletable.profile", "java.lang.String"),
                Map.entry("singletable.access-key-id", "java.lang.String"),
                Map.entry("singletable.secret-access-key", "java.lang.String"),
                Map.entry("singletable.cursor-key", "java.lang.String"),
                Map.entry("singletable.table-name-prefix", "java.lang.String"),
                Map.entry("singletable.table-name-suffix", "java.lang.String"),
                Map.entry("singletable.create-tables", "java.lang.Boolean"),
                Map.entry("singletable.schema-files", "java.util.List<java.lang.String>"),
                Map.entry("singletable.metrics", "java.lang.Boolean"),
                Map.entry("singletable.observations", "java.lang.Boolean")));
    }
}
