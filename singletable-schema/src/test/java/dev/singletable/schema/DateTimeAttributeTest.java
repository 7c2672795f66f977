package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** A {@code dateTime} attribute (a LocalDateTime) in a schema file: loaded, typed, in a sort key, written back; a bad value refused. */
class DateTimeAttributeTest {
    private static final String FILE = """
            format: singletable/1
            table:
              name: ClinicTable
              partitionKey:
                name: PK
                type: S
              sortKey:
                name: SK
                type: S
              entityTypeAttribute: entityType
            entities:
              Appointment:
                attributes:
                  clinicId:
                    type: string
                    required: true
                  startsAt:
                    type: dateTime
                    required: true
                  patient:
                    type: string
                keys:
                  pk: "CLINIC#{clinicId}"
                  sk: "AT#{startsAt}"
                examples:
                  - clinicId: C1
                    startsAt: "%s"
                    patient: ann
            """;

    @Test
    void load_whenAnAttributeIsOfTypeDateTime_typesItsValuesAsLocalDateTimeAndSortsThemInKeys() {
        SchemaFile file = SchemaFile.parse(FILE.formatted("2025-01-31T09:30"), "clinic.singletable.yaml");
        DynamicItem example = file.examples("Appointment").get(0);

        assertThat(example.get("startsAt", LocalDateTime.class)).isEqualTo(LocalDateTime.parse("2025-01-31T09:30"));
        assertThat(file.attribute("Appointment", "startsAt", LocalDateTime.class).type().typeName()).isEqualTo("LocalDateTime");
        assertThat(Table.offline(file.tableSchema()).toItem(example)).containsEntry("SK", AttributeValue.fromS("AT#2025-01-31T09:30:00.000000000"))
                .containsEntry("startsAt", AttributeValue.fromS("2025-01-31T09:30"));
    }

    @Test
    void toYaml_whenTheFileHasADateTimeAttribute_writesItBackAsTheFileWroteIt() {
        String text = FILE.formatted("2025-01-31T09:30");

        String written = SchemaFileWriter.toYaml(SchemaFile.parse(text, "clinic.singletable.yaml").document());

        assertThat(written).contains("      startsAt:\n        type: dateTime\n        required: true\n");
        assertThat(SchemaFile.parse(written, "written.singletable.yaml").document())
                .isEqualTo(SchemaFile.parse(text, "clinic.singletable.yaml").document());
    }

    @Test
    void parse_whenAnExampleHoldsNoDateAndTime_refusesItNamingEntityAttributeAndValue() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class,
                () -> SchemaFile.parse(FILE.formatted("2025-01-31 9:30"), "clinic.singletable.yaml"));

        assertThat(failure.errors()).hasSize(1);
        assertThat(failure.errors().get(0).toString()).isEqualTo("clinic.singletable.yaml:27:9: entities.Appointment.examples[0].startsAt: "
                + "attribute 'startsAt' is dateTime: '2025-01-31 9:30' is not an ISO-8601 date and time such as 2025-01-31T09:30:00");
    }
}
