package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** A {@code dateTime} attribute (a LocalDateTime) in a schema file: loaded, typed, in a sort key, written back; a bad value refused. */
class DateTimeAttributeTest {
    /** An appointment keyed by the clinic and its {@code dateTime} start; the CLI's DateTimeCommandsTest reads it too. */
    private static final Path DESIGN = Path.of("src/test/resources/date-time/clinic.singletable.yaml");
    private static final String EXAMPLE = """
                examples:
                  - clinicId: C1
                    startsAt: "%s"
                    patient: ann
            """;

    /** The design with one example appointment starting at {@code startsAt}. */
    private static String file(String startsAt) throws IOException {
        return Files.readString(DESIGN) + EXAMPLE.formatted(startsAt);
    }

    @Test
    void load_whenAnAttributeIsOfTypeDateTime_typesItsValuesAsLocalDateTimeAndSortsThemInKeys() throws IOException {
        SchemaFile file = SchemaFile.parse(file("2025-01-31T09:30"), "clinic.singletable.yaml");
        DynamicItem example = file.examples("Appointment").get(0);

        assertThat(example.get("startsAt", LocalDateTime.class)).isEqualTo(LocalDateTime.parse("2025-01-31T09:30"));
        assertThat(file.attribute("Appointment", "startsAt", LocalDateTime.class).type().typeName()).isEqualTo("LocalDateTime");
        assertThat(Table.offline(file.tableSchema()).toItem(example)).containsEntry("SK", AttributeValue.fromS("AT#2025-01-31T09:30:00.000000000"))
                .containsEntry("startsAt", AttributeValue.fromS("2025-01-31T09:30"));
    }

    @Test
    void toYaml_whenTheFileHasADateTimeAttribute_writesItBackAsTheFileWroteIt() throws IOException {
        String text = file("2025-01-31T09:30");

        String written = SchemaFileWriter.toYaml(SchemaFile.parse(text, "clinic.singletable.yaml").document());

        assertThat(written).contains("      startsAt:\n        type: dateTime\n        required: true\n");
        assertThat(SchemaFile.parse(written, "written.singletable.yaml").document())
                .isEqualTo(SchemaFile.parse(text, "clinic.singletable.yaml").document());
    }

    @Test
    void parse_whenAnExampleHoldsNoDateAndTime_refusesItNamingEntityAttributeAndValue() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class,
                () -> SchemaFile.parse(file("2025-01-31 9:30"), "clinic.singletable.yaml"));

        assertThat(failure.errors()).hasSize(1);
        assertThat(failure.errors().get(0).toString()).isEqualTo("clinic.singletable.yaml:27:9: entities.Appointment.examples[0].startsAt: "
                + "attribute 'startsAt' is dateTime: '2025-01-31 9:30' is not an ISO-8601 date and time such as 2025-01-31T09:30:00");
    }
}
