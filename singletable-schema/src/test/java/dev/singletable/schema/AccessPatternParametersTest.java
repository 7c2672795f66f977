package dev.singletable.schema;

import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The parameters of an access pattern by name: key, sort and filter values, and the bounds of a {@code between} sort
 * condition or an {@code acrossBuckets} range as {@code attribute.from} and {@code attribute.to}.
 */
class AccessPatternParametersTest {
    private static final SchemaFile ECOMMERCE = SchemaFile.load(Path.of("../designs/ecommerce.singletable.yaml"));
    private static final SchemaFile PATTERNS = SchemaFile.load(Path.of("../designs/patterns.singletable.yaml"));

    @Test
    void parameters_whenSortIsBetween_namesEachBoundWithTheFilesValue() {
        AccessPatternDefinition pattern = ECOMMERCE.pattern("products-by-price");

        assertThat(pattern.parameters()).containsExactly(Map.entry("category", "ELECTRONICS/AUDIO/HEADPHONES"),
                Map.entry("price.from", new java.math.BigDecimal("40.00")), Map.entry("price.to", new java.math.BigDecimal("150.00")));
        assertThat(pattern.parameterAttribute("price.from")).isEqualTo("price");
        assertThat(pattern.parameterAttribute("category")).isEqualTo("category");
    }

    @Test
    void parameters_whenAcrossBuckets_namesTheRangesBounds() {
        AccessPatternDefinition pattern = PATTERNS.pattern("device-readings");

        assertThat(pattern.parameters().keySet()).containsExactly("deviceId", "takenAt.from", "takenAt.to");
        assertThat(pattern.parameterAttribute("takenAt.to")).isEqualTo("takenAt");
    }

    @Test
    void explain_whenBetweenBoundsGiven_sendsThemNotTheFiles() {
        Table table = Table.offlineBuilder(ECOMMERCE.tableSchema()).build();

        QueryRequest request = (QueryRequest) ECOMMERCE.explain(table, "orders-by-status-between-dates",
                Map.of("createdAt.from", "2025-01-01T00:00:00Z", "createdAt.to", "2025-01-31T00:00:00Z")).request();

        assertThat(request.expressionAttributeValues().values()).extracting(v -> v.s())
                .contains("2025-01-01T00:00:00.000000000Z", "2025-01-31T00:00:00.000000000Z");
    }

    @Test
    void query_whenBetweenAttributeGivenWithoutBound_isRefusedListingTheBounds() {
        Table table = Table.offlineBuilder(ECOMMERCE.tableSchema()).build();

        assertThatThrownBy(() -> ECOMMERCE.query(table, "products-by-price", Map.of("price", 10)))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessageContaining("its parameters are category, price.from, price.to");
    }
}
