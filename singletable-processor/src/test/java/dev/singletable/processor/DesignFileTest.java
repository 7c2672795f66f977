package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/** The schema file the processor writes for a {@code @TableDesign}, against a golden file; and the warning when it cannot. */
class DesignFileTest {
    private static final Path EXPECTED = Path.of("src/test/resources/golden/expected/META-INF/singletable/ShopTable.singletable.json");

    @Test
    void generate_whenTableDesignListsEntities_writesTheSchemaFileOfTheTable() throws IOException {
        Compilation compilation = GoldenSourcesTest.compileShop();

        assertThat(compilation).succeededWithoutWarnings();
        JavaFileObject file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/ShopTable.singletable.json")
                .orElseThrow();
        String actual = file.getCharContent(true).toString();
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(EXPECTED.getParent());
            Files.writeString(EXPECTED, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(EXPECTED));
    }

    @Test
    void generate_whenAnIndexConditionIsAJavaMethod_warnsAndWritesNoFile() {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(
                JavaFileObjects.forSourceString("t.Parcel", """
                        package t;
                        import dev.singletable.annotations.*;
                        @Entity(pk = "PARCEL#{id}", sk = "PARCEL")
                        @Index(name = "GSI1", pk = "SHIPPED", sk = "{id}", when = "isShipped")
                        public record Parcel(String id, boolean shipped) {
                            public boolean isShipped() { return shipped; }
                        }
                        """),
                JavaFileObjects.forSourceString("t.Parcels", """
                        package t;
                        import dev.singletable.annotations.TableDesign;
                        @TableDesign(name = "Parcels", indexes = @TableDesign.GlobalIndex(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK"),
                                entities = Parcel.class)
                        public final class Parcels {}
                        """));

        assertThat(compilation).succeeded();
        assertThat(compilation).hadWarningContaining("@TableDesign Parcels: Parcel's condition on index GSI1 (a Java method, isShipped) "
                + "cannot be written in a schema file (format singletable/1) yet; no META-INF/singletable/Parcels.singletable.json is "
                + "written for this table");
        assertThat(compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Parcels.singletable.json")).isEmpty();
    }
}
