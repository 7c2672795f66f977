package dev.singletable.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;

import dev.singletable.cli.output.Style;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

class EngineOptionsTest {

    /** Keeps the engine's description and its tables, then creates table {@code --table} when given. */
    @Command(name = "probe")
    static final class ProbeCommand implements Callable<Integer> {
        @Mixin
        EngineOptions engine = new EngineOptions(Style.plain(), Clock.systemUTC());

        @Override
        public Integer call() {
            try (DataEngine db = engine.open()) {
                List<String> tables = db.client().listTables().tableNames();
                last = db.description() + " " + tables;
                engine.table().ifPresent(name -> db.client().createTable(b -> b.tableName(name)
                        .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build())
                        .attributeDefinitions(AttributeDefinition.builder().attributeName("PK")
                                .attributeType(ScalarAttributeType.S).build())
                        .billingMode(BillingMode.PAY_PER_REQUEST)));
                return 0;
            }
        }

        String last;
    }

    @Test
    void open_whenNoEndpoint_startsInMemoryEngine() {
        ProbeCommand probe = new ProbeCommand();

        int code = new CommandLine(probe).execute();

        assertThat(code).isZero();
        assertThat(probe.last).isEqualTo("Dynoxide started by this command, in memory []");
    }

    @Test
    void open_whenDataDirGiven_keepsTablesForTheNextRun(@TempDir Path directory) {
        ProbeCommand first = new ProbeCommand();
        ProbeCommand second = new ProbeCommand();

        new CommandLine(first).execute("--data-dir", directory.toString(), "--table", "Kept");
        int code = new CommandLine(second).execute("--data-dir", directory.toString());

        assertThat(code).isZero();
        assertThat(first.last).isEqualTo("Dynoxide started by this command, data in " + directory + " []");
        assertThat(second.last).isEqualTo("Dynoxide started by this command, data in " + directory + " [Kept]");
    }

    @Test
    void open_whenEndpointGiven_describesEndpointAndRegion() {
        try (DataEngine server = serverEngine()) {
            ProbeCommand probe = new ProbeCommand();

            int code = new CommandLine(probe).execute("--endpoint", server.engine().endpoint().toString(), "--region", "eu-west-1");

            assertThat(code).isZero();
            assertThat(probe.last).isEqualTo("DynamoDB at " + server.engine().endpoint() + " (region eu-west-1) []");
        }
    }

    @Test
    void open_whenDataDirWithEndpoint_isUsageError() {
        assertThat(usageError("--endpoint", "http://127.0.0.1:1", "--data-dir", "x")).isEqualTo(
                "--data-dir keeps the data of the embedded Dynoxide; with --endpoint http://127.0.0.1:1 the data "
                        + "is where that engine keeps it: give one of the two");
    }

    @Test
    void open_whenRegionWithoutEndpoint_isUsageError() {
        assertThat(usageError("--region", "eu-west-1")).isEqualTo(
                "--region needs --endpoint; without it the command runs on the embedded Dynoxide, which needs "
                        + "no region or credentials");
    }

    @Test
    void open_whenEndpointIsNoUrl_isUsageError() {
        assertThat(usageError("--endpoint", "localhost:8000")).isEqualTo(
                "--endpoint localhost:8000 is not an http or https URL; give one such as http://localhost:8000, "
                        + "or 'aws' for Amazon DynamoDB of --region");
    }

    @Test
    void tableName_whenTableGiven_overridesDesignName() {
        ProbeCommand probe = new ProbeCommand();
        new CommandLine(probe).parseArgs("--table", "Other");

        assertThat(probe.engine.tableName("AppTable")).isEqualTo("Other");
        assertThat(new CommandLine(new ProbeCommand()).parseArgs().matchedOptions()).isEmpty();
    }

    private static String usageError(String... args) {
        StringWriter err = new StringWriter();
        CommandLine commandLine = new CommandLine(new ProbeCommand()).setErr(new PrintWriter(err));
        commandLine.setParameterExceptionHandler((e, ignored) -> {
            commandLine.getErr().print(e.getMessage());
            return 2;
        });
        int code = commandLine.execute(args);
        assertThat(code).isEqualTo(2);
        return err.toString();
    }

    private static DataEngine serverEngine() {
        return new DataEngine(dev.singletable.local.LocalDynamoDb.embedded(), "server", true);
    }
}
