package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

import javax.tools.StandardLocation;
import java.io.IOException;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/** A LocalDateTime component in the schema file the processor writes: the {@code dateTime} kind of the core's registry. */
class DateTimeDesignFileTest {

    @Test
    void generate_whenARecordHasALocalDateTime_writesItAsADateTimeAttributeOfTheDesignFile() throws IOException {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(
                JavaFileObjects.forSourceString("t.Appointment", """
                        package t;
                        import dev.singletable.annotations.*;
                        @Entity(pk = "CLINIC#{clinicId}", sk = "AT#{startsAt}")
                        public record Appointment(String clinicId, java.time.LocalDateTime startsAt,
                                                  @Default("2025-01-31T09:30") java.time.LocalDateTime remindAt) {}
                        """),
                JavaFileObjects.forSourceString("t.Clinic", """
                        package t;
                        import dev.singletable.annotations.TableDesign;
                        @TableDesign(name = "Clinic", entities = Appointment.class)
                        public final class Clinic {}
                        """));

        assertThat(compilation).succeededWithoutWarnings();
        String file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Clinic.singletable.json").orElseThrow()
                .getCharContent(true).toString();
        assertThat(file).contains("\"startsAt\": {\"type\": \"dateTime\", \"required\": true}")
                .contains("\"remindAt\": {\"type\": \"dateTime\", \"default\": \"2025-01-31T09:30\"}");
    }
}
