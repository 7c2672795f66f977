package dev.singletable.cli;

import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a data command prints when the engine cannot serve it: the engine named once, as the "Engine"
 * line names it, and the fix; whole outputs.
 */
class EngineFailureMessagesTest {
    private static final String BLOG = "../designs/blog.singletable.yaml";
    private static final String APP_TABLE = "../singletable-examples/target/classes/META-INF/singletable/AppTable.singletable.json";

    /** An HTTP engine of its own, holding no table: the DynamoDB a user points --endpoint at. */
    @RegisterExtension
    static final LocalDynamoDbExtension endpoint = LocalDynamoDbExtension.engineOnly();

    private static CommandRun run(String... args) {
        return CommandRun.run(args).withUnixLineBreaks();
    }

    /** The output with the endpoint's URL as {@code <endpoint>}, the error unwrapped: its breaks move with the port's digits. */
    private static CommandRun placeholders(CommandRun run, String url) {
        return run.mapOutputs(text -> text.replace(url, "<endpoint>")).withErrOnOneLine();
    }

    @Test
    void migrate_whenTheSourceTableIsNotOnTheInProcessEngine_saysItIsMissingAndToGiveEndpointOrSourceEndpoint() {
        CommandRun run = run("migrate", APP_TABLE, "--from", "Customers", "--entity", "Customer", "--map", "customer_id=customerId",
                "--progress-every", "0");

        assertThat(run.withErrOnOneLine()).isEqualTo(new CommandRun(1, """
                Migrating table Customers into table AppTable as Customer on Dynoxide started by this command, in memory
                  map customer_id -> customerId
                """, "singletable migrate failed. --from Customers: there is no table Customers at Dynoxide started by this "
                        + "command, in memory; the embedded Dynoxide holds only the tables this command created (and those of "
                        + "--data-dir): give --endpoint of the DynamoDB that holds it, or --source-endpoint when it is not the "
                        + "target's. (Run again with --verbose "
                        + "for the details.)"));
    }

    @Test
    void migrate_whenTheSourceTableIsNotAtTheEndpoint_namesTableEndpointAndTheFix() {
        String url = endpoint.engine().endpoint().toString();

        CommandRun run = run("migrate", APP_TABLE, "--from", "Customers", "--entity", "Customer", "--map", "customer_id=customerId",
                "--progress-every", "0", "--endpoint", url, "--region", "us-east-1");

        assertThat(placeholders(run, url))
                .isEqualTo(new CommandRun(1, """
                        Migrating table Customers into table AppTable as Customer on DynamoDB at <endpoint> (region us-east-1)
                          map customer_id -> customerId
                        """, "singletable migrate failed. --from Customers: there is no table Customers at DynamoDB at <endpoint> "
                                + "(region us-east-1); check the name, --endpoint and --region, or give --source-endpoint "
                                + "(--source-region, --source-profile) when it is on another DynamoDB than the target. (Run again "
                                + "with --verbose for the details.)"));
    }

    @Test
    void run_whenTheTableIsNotAtTheEndpoint_namesTheEndpointOnceAndTheFix() {
        String url = endpoint.engine().endpoint().toString();

        CommandRun run = run("run", BLOG, "posts-by-user", "--endpoint", url, "--region", "us-east-1");

        assertThat(placeholders(run, url))
                .isEqualTo(new CommandRun(1, """
                        Engine  DynamoDB at <endpoint> (region us-east-1)
                        Table   BlogTable
                        Pattern posts-by-user: Get all posts by user (seed 003 #2)
                                username=alice (the file's example value)
                        Request Query BlogTable: pk = "USER#alice" AND begins_with(sk, "POST#")
                        """, "singletable run failed. Access pattern posts-by-user failed: Table BlogTable does not exist at the "
                                + "endpoint (Query of Post {key condition=#pk = :pk AND begins_with(#sk, :sk), "
                                + "values={:pk=AttributeValue(S=USER#alice), :sk=AttributeValue(S=POST#)}}); create it with "
                                + "table.createTable(): Requested resource not found. From the command line, load and "
                                + "migrate create the design's table where it is missing, and export cloudformation or terraform writes"
                                + " it as infrastructure. (Run again with --verbose for the details.)"));
    }
}
