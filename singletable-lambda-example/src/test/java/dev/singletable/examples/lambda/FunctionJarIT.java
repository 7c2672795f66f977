package dev.singletable.examples.lambda;

import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The deployment jar is complete: on its own class path, in a JVM of its own (this build's Java, without an AOT flag),
 * the training main makes the handler and puts and gets through it against the embedded engine, as
 * {@code aot-cache.sh}'s training run does.
 */
class FunctionJarIT {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    @Test
    void functionJar_whenRunAlone_putsAndGetsThroughTheHandler() throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("singletable.functionJar", "target/singletable-lambda-example-function.jar"));
        String endpoint = db.engine().endpoint().toString();
        String table = "FunctionJar-" + System.nanoTime();
        Path output = Files.createTempFile("function-jar", ".txt");
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", jar.toString(), "dev.singletable.examples.lambda.AotTraining", endpoint, "2", table)
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();

        boolean ended = process.waitFor(5, TimeUnit.MINUTES);
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8).stream()
                .filter(line -> !line.startsWith("SLF4J")).toList(); // the jar has no SLF4J provider, on purpose
        Files.delete(output);

        assertThat(ended).isTrue();
        assertThat(lines).containsExactly("trained on 2 put + get of CustomerHandler against " + endpoint + " (table "
                + table + "), 2 requests primed");
        assertThat(process.exitValue()).isZero();
    }

    @Test
    void functionJar_whenFirstInvocationRunsAlone_makesTheHandlerFromTheEnvironmentAndAnswers() throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("singletable.functionJar", "target/singletable-lambda-example-function.jar"));
        String table = "FirstInvocation-" + System.nanoTime();
        Table.of(CustomerTable.schema(table), db.client()).createTable();
        Path output = Files.createTempFile("first-invocation", ".txt");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", jar.toString(), "dev.singletable.examples.lambda.FirstInvocation", "C1", "Ada")
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("TABLE_NAME", table);
        builder.environment().put("AWS_REGION", "us-east-1");
        builder.environment().put("AWS_ACCESS_KEY_ID", "local");
        builder.environment().put("AWS_SECRET_ACCESS_KEY", "local");
        builder.environment().remove("AWS_SESSION_TOKEN");
        builder.environment().put("DYNAMODB_ENDPOINT", db.engine().endpoint().toString());
        Process process = builder.start();

        boolean ended = process.waitFor(5, TimeUnit.MINUTES);
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8).stream()
                .filter(line -> !line.startsWith("SLF4J")).toList();
        Files.delete(output);

        assertThat(ended).isTrue();
        assertThat(lines).containsExactly("{table=" + table + ", found=true, customerId=C1, name=Ada}");
        assertThat(process.exitValue()).isZero();
    }
}
