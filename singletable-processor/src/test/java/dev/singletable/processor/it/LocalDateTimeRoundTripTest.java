package dev.singletable.processor.it;

import dev.singletable.ItemDecodingException;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.LocalDateTime;
import java.util.List;

import static dev.singletable.processor.it.RawItems.item;
import static dev.singletable.processor.it.RawItems.putRaw;
import static dev.singletable.processor.it.RawItems.s;
import static dev.singletable.processor.it.RawItems.stored;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** LocalDateTime attributes of an annotated record on the engine: a kind that is one entry of the core's registry. */
class LocalDateTimeRoundTripTest {
    static final TableSchema SCHEMA = TableSchema.builder("Appointments").entities(AppointmentSchema.INSTANCE).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    @Test
    void putGetAndQuery_whenTheSortKeyIsALocalDateTime_storesItSortableAndReadsItBack() {
        Appointment evening = new Appointment("C1", LocalDateTime.parse("2025-01-31T18:45:10"), LocalDateTime.parse("2025-01-20T12:00"), "cy");
        Appointment morning = new Appointment("C1", LocalDateTime.parse("2025-01-31T09:30"), LocalDateTime.parse("2025-01-20T12:00:00.5"), "ann");
        Appointment late = new Appointment("C1", LocalDateTime.parse("2025-01-31T09:30:00.000000001"), null, "bob");

        db.table().put(evening);
        db.table().put(morning);
        db.table().put(late);
        Appointment got = db.table().get(AppointmentSchema.INSTANCE,
                KeyValues.of(AppointmentSchema.CLINIC_ID, "C1").and(AppointmentSchema.AT, LocalDateTime.parse("2025-01-31T09:30"))).orElseThrow();
        List<Appointment> day = db.table().query(AppointmentSchema.INSTANCE)
                .partition(KeyValues.of(AppointmentSchema.CLINIC_ID, "C1")).list();

        assertThat(stored(db, "CLINIC#C1", "AT#2025-01-31T09:30:00.000000000")).isEqualTo(item(
                "PK", s("CLINIC#C1"), "SK", s("AT#2025-01-31T09:30:00.000000000"), "entityType", s("Appointment"),
                "clinicId", s("C1"), "at", s("2025-01-31T09:30"), "confirmedAt", s("2025-01-20T12:00:00.500"), "patient", s("ann")));
        assertThat(got).isEqualTo(morning);
        assertThat(day).containsExactly(morning, late, evening);
    }

    @Test
    void get_whenTheStoredValueIsNoDateAndTime_throwsNamingEntityAttributeAndValue() {
        putRaw(db, item("PK", s("CLINIC#C2"), "SK", s("AT#2025-01-31T09:30:00.000000000"), "entityType", s("Appointment"),
                "clinicId", s("C2"), "at", s("2025-01-31T09:30"), "confirmedAt", s("yesterday"), "patient", s("ann")));

        assertThatThrownBy(() -> db.table().get(AppointmentSchema.INSTANCE,
                KeyValues.of(AppointmentSchema.CLINIC_ID, "C2").and(AppointmentSchema.AT, LocalDateTime.parse("2025-01-31T09:30"))))
                .isInstanceOf(ItemDecodingException.class)
                .hasMessageContainingAll("Appointment", "confirmedAt", "'yesterday' is not an ISO-8601 date and time");
    }
}
