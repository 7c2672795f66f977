package dev.singletable.processor;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class IndexConstantTest {

    @Test
    void indexConstant_namesTheIndexInUpperSnakeCase() {
        assertThat(SchemaWriter.indexConstant("GSI1", new HashSet<>())).isEqualTo("GSI1");
        assertThat(SchemaWriter.indexConstant("byStatus", new HashSet<>())).isEqualTo("BY_STATUS");
        assertThat(SchemaWriter.indexConstant("orders-by-day", new HashSet<>())).isEqualTo("ORDERS_BY_DAY");
        assertThat(SchemaWriter.indexConstant("orders.v2", new HashSet<>())).isEqualTo("ORDERS_V2");
    }

    @Test
    void indexConstant_isPrefixedWhenItWouldCollideOrStartWithADigit() {
        assertThat(SchemaWriter.indexConstant("email", new HashSet<>(Set.of("EMAIL")))).isEqualTo("INDEX_EMAIL");
        assertThat(SchemaWriter.indexConstant("1st", new HashSet<>())).isEqualTo("INDEX_1ST");
        assertThat(SchemaWriter.indexConstant("instance", new HashSet<>(Set.of("INSTANCE")))).isEqualTo("INDEX_INSTANCE_ATTRIBUTE");
    }
}
