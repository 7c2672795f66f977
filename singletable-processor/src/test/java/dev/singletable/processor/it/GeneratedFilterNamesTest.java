package dev.singletable.processor.it;

import dev.singletable.Condition;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A filter or condition on a generated schema is name-checked as a builder schema's is (issue 35: every processor
 * generated schema has a codec, and the check returned early for any entity with one, so a filter on another entity's
 * attribute silently matched nothing). Nothing is sent: the table has no client.
 */
class GeneratedFilterNamesTest {
    private final Table table = Table.offline(GeneratedSchemaRoundTripTest.SCHEMA);

    @Test
    void filter_whenItNamesAnotherEntitysAttribute_isRefusedBeforeSending() {
        assertThatThrownBy(() -> table.query(EverythingSchema.INSTANCE).partition(EverythingSchema.ID, "T1")
                .filter(Condition.eq(ParcelSchema.SHIPPED_AT, Instant.EPOCH)).toRequest())
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("names 'shippedAt', which is not an attribute of Everything");
    }

    @Test
    void scanFilter_whenItNamesAnotherEntitysAttribute_isRefusedBeforeSending() {
        assertThatThrownBy(() -> table.scan(EverythingSchema.INSTANCE).filter(Condition.exists(ParcelSchema.SHIPPED_AT)).toRequest())
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("names 'shippedAt', which is not an attribute of Everything");
    }

    @Test
    void filter_whenItNamesTheEntitysOwnAttribute_isAccepted() {
        assertThat(table.query(EverythingSchema.INSTANCE).partition(EverythingSchema.ID, "T1")
                .filter(Condition.eq(EverythingSchema.BOXED_INT, 7)).toRequest().filterExpression()).isNotBlank();
    }
}
