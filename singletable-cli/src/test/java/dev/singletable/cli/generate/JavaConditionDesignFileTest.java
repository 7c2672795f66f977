package dev.singletable.cli.generate;

import dev.singletable.cli.CommandRun;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sources with a Java sparse condition ({@code @Index(when = "isShipped")}, the README's flagship shape) compiled with the
 * processor: the design file is written, naming the method, and the design tools read it, taking the index as an upper bound.
 */
class JavaConditionDesignFileTest {
    /**
     * The classes directory of an Order whose GSI1 is conditioned on {@code isShipped()} with this body, and the App design
     * listing it, compiled with the processor; its diagnostics added to {@code diagnostics}.
     */
    private static Path compiled(Path dir, String isShipped, List<String> diagnostics) throws IOException {
        Path sources = dir.resolve("src/t");
        Files.createDirectories(sources);
        Files.writeString(sources.resolve("Order.java"), """
                package t;
                import dev.singletable.annotations.*;
                import java.time.Instant;
                @Entity(pk = "C#{id}", sk = "META")
                @Index(name = "GSI1", pk = "SHIPPED", sk = "{createdAt}", when = "isShipped")
                public record Order(String id, Instant createdAt, Instant shippedAt) {
                    boolean isShipped() { %s }
                }
                """.formatted(isShipped));
        Files.writeString(sources.resolve("App.java"), """
                package t;
                import dev.singletable.annotations.TableDesign;
                @TableDesign(name = "App", indexes = @TableDesign.GlobalIndex(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK"),
                        entities = Order.class)
                public final class App {}
                """);
        Path classes = dir.resolve("classes");
        assertThat(JavaGenerateCommandTest.compile(dir.resolve("src"), classes, diagnostics)).isEmpty();
        return classes;
    }

    @Test
    void designTools_whenAJavaConditionOnlyChecksThatAnAttributeIsPresent_readItAsThatCondition(@TempDir Path dir) throws IOException {
        List<String> diagnostics = new ArrayList<>();
        Path classes = compiled(dir, "return shippedAt != null;", diagnostics);

        CommandRun describe = run("describe", classes.toString());

        assertThat(diagnostics).noneMatch(diagnostic -> diagnostic.contains("isShipped"));
        assertThat(Files.readString(classes.resolve("META-INF/singletable/App.singletable.json")))
                .contains("\"GSI1\": {\"pk\": \"SHIPPED\", \"sk\": \"{createdAt}\", \"when\": {\"present\": \"shippedAt\"}}");
        assertThat(describe.out()).contains("SHIPPED / {createdAt} when shippedAt present").doesNotContain("(Java)");
    }

    @Test
    void designTools_whenAnIndexConditionIsAJavaMethod_readTheCompiledDesignFileWithTheIndexAsAnUpperBound(@TempDir Path dir)
            throws IOException {
        List<String> diagnostics = new ArrayList<>();
        Path classes = compiled(dir, "return shippedAt != null && createdAt != null;", diagnostics);

        CommandRun check = run("check", classes.toString());
        CommandRun describe = run("describe", classes.toString());
        CommandRun cost = run("cost", classes.toString());

        assertThat(diagnostics).noneMatch(diagnostic -> diagnostic.startsWith("WARNING"))
                .anyMatch(diagnostic -> diagnostic.startsWith("NOTE") && diagnostic.contains("marks it as {\"java\": \"isShipped\"}"));
        assertThat(Files.readString(classes.resolve("META-INF/singletable/App.singletable.json")))
                .contains("\"GSI1\": {\"pk\": \"SHIPPED\", \"sk\": \"{createdAt}\", \"when\": {\"java\": \"isShipped\"}}");
        assertThat(check.exitCode()).as(check.err()).isZero();
        assertThat(describe.out()).contains("SHIPPED / {createdAt} when isShipped() (Java)");
        assertThat(cost.out()).contains("GSI1 1*").contains("sparse indexes of entities without examples (Order in GSI1)");
    }

    @Test
    void generateJava_whenTheDesignFileNamesAJavaMethod_leavesTheIndexOutWithANote() {
        SchemaFile file = SchemaFile.load(Path.of("../singletable-schema/src/test/resources/java-condition/orders.singletable.yaml"));

        JavaSources.Generated generated = JavaSources.of(file.document(), ExampleLines.read(file.document(), Optional.empty()), "gen");

        assertThat(generated.notes()).contains("entities.Order.indexes.GSI1.when: the condition is the Java method isShipped of the code "
                + "the file was compiled from, which the file does not hold; the entity's keys on GSI1 and the patterns reading them "
                + "are left out");
    }
}
