package dev.singletable.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code put} and {@code get} of an entity keyed by a {@code dateTime} attribute (a LocalDateTime) on the engine; a bad value refused. */
class DateTimeCommandsTest {
    /** The schema module's appointment design, keyed by the clinic and its {@code dateTime} start. */
    private static final Path DESIGN = Path.of("../singletable-schema/src/test/resources/date-time/clinic.singletable.yaml");

    @Test
    void putThenGet_whenTheSortKeyIsADateTime_writesItFixedWidthAndReadsTheItemBack(@TempDir Path dir) throws IOException {
        String design = design(dir);
        String data = dir.resolve("data").toString();

        CliRun.of("put", design, "Appointment", "clinicId=C1", "startsAt=2025-01-31T09:30", "patient=ann", "--data-dir", data)
                .replacing(dir.toString(), "DIR").matchesGolden("items/date-time-put.txt");
        CliRun.of("get", design, "Appointment", "clinicId=C1", "startsAt=2025-01-31T09:30:00", "--data-dir", data)
                .replacing(dir.toString(), "DIR").matchesGolden("items/date-time-get.txt");
    }

    @Test
    void put_whenTheDateTimeIsMalformed_isUsageErrorNamingEntityAttributeAndValue(@TempDir Path dir) throws IOException {
        CliRun run = CliRun.of("put", design(dir), "Appointment", "clinicId=C1", "startsAt=2025-01-31 9:30");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("""
                put Appointment: startsAt=2025-01-31 9:30 is not a date and time (such as 2025-01-31T09:30:00)
                Run 'singletable put --help' for its options.
                """);
    }

    private static String design(Path dir) throws IOException {
        Path design = dir.resolve("clinic.singletable.yaml");
        Files.copy(DESIGN, design);
        return design.toString();
    }
}
