package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import java.io.IOException;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code @EpochSeconds}: an Instant stored as N epoch seconds, the schema file's {@code epochSeconds}, outside the TTL attribute. */
class EpochSecondsTest {
    private static final JavaFileObject TABLE = JavaFileObjects.forSourceString("t.Sensors", """
            package t;
            import dev.singletable.annotations.TableDesign;
            @TableDesign(name = "Sensors", entities = Reading.class)
            public final class Sensors {}
            """);

    @Test
    void generate_whenAnInstantIsEpochSeconds_storesItAsNumberAndWritesItAsEpochSecondsInTheDesignFile() throws IOException {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(
                JavaFileObjects.forSourceString("t.Reading", """
                        package t;
                        import dev.singletable.annotations.*;
                        @Entity(pk = "DEVICE#{deviceId}", sk = "READING")
                        public record Reading(String deviceId, @EpochSeconds java.time.Instant takenAt) {}
                        """), TABLE);

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Sensors.singletable.json").orElseThrow()
                .getCharContent(true).toString()).contains("\"takenAt\": {\"type\": \"epochSeconds\"}");
        assertThat(compilation.generatedSourceFile("t.ReadingSchema").orElseThrow().getCharContent(true).toString())
                .contains("AttributeTypes.EPOCH_SECONDS");
    }

    @Test
    void compile_whenEpochSecondsIsOnALong_reportsTheTypeItTakes() {
        JavaFileObject reading = JavaFileObjects.forSourceString("t.Reading", """
                package t;
                import dev.singletable.annotations.*;
                @Entity(pk = "DEVICE#{deviceId}", sk = "READING")
                public record Reading(String deviceId,
                                      @EpochSeconds Long takenAt) {}
                """);

        assertThat(javac().withProcessors(new SingleTableProcessor()).compile(reading, TABLE))
                .hadErrorContaining("Reading.takenAt: @EpochSeconds needs an Instant, not java.lang.Long").inFile(reading).onLine(5);
    }
}
