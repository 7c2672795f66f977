package dev.singletable.cli;

import dev.singletable.Table;
import dev.singletable.examples.AccessPattern;
import dev.singletable.examples.AccessPatterns;
import dev.singletable.examples.AppTable;
import dev.singletable.examples.SampleData;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

class MainTest {
    /** An HTTP engine of its own, to stand for a DynamoDB the user points --endpoint at. */
    @RegisterExtension
    static final LocalDynamoDbExtension endpoint = LocalDynamoDbExtension.engineOnly();

    private static List<AccessPattern> patterns() {
        return AccessPatterns.all(Table.of(AppTable.SCHEMA, endpoint.client())); // builds requests, sends none
    }

    @Test
    void run_whenAnArgumentStartsWithAt_takesItLiterallyNotAsAFileOfArguments(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Path arguments = java.nio.file.Files.writeString(dir.resolve("arguments.txt"), "../designs/blog.singletable.yaml\n");

        CommandRun run = run("check", "@" + arguments);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("@" + arguments + ": no such file or directory; DESIGN is a schema file, or a directory or jar "
                + "holding schema files" + System.lineSeparator() + "Run 'singletable check --help' for its options." + System.lineSeparator());
    }

    @Test
    void demo_whenNoEndpoint_runsEveryPatternOnInProcessEngineAndExitsZero() {
        CommandRun run = run("demo");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).contains("Engine  Dynoxide started by this command, in memory\n");
        assertThat(run.out()).contains("Table   AppTable created: PK/SK, GSI1 (GSI1PK/GSI1SK), GSI2 (GSI2PK/GSI2SK), TTL on ttl");
        int items = SampleData.create().all().size();
        assertThat(run.out()).contains("Data    " + items + " sample items written in ");
        // write units are whole (1 KB blocks): the load's few query read units are shown apart, not added in
        assertThat(run.out()).containsPattern("Data    \\d+ sample items written in [^(]+\\(\\d+ requests, \\d+ WCU(, [0-9.]+ RCU)?\\)\n");
        List<AccessPattern> patterns = patterns();
        for (int i = 0; i < patterns.size(); i++) {
            AccessPattern pattern = patterns.get(i);
            assertThat(run.out()).contains(String.format("%2d. %s%n    seeds %s%n", i + 1, pattern.description(),
                    String.join(", ", pattern.seeds())));
        }
        long changes = patterns.stream().filter(p -> p.step() instanceof dev.singletable.examples.PatternStep.Change<?>).count();
        long statements = patterns.stream().filter(p -> p.step() instanceof dev.singletable.examples.PatternStep.Statements).count();
        long moves = patterns.stream().filter(p -> p.step() instanceof dev.singletable.examples.PatternStep.Move<?>).count();
        // every read is one request but the two across partitions: two day buckets, four write shards (the empty
        // shard's query is charged 0.5 RCU, as DynamoDB charges a query that finds nothing); the relation's steps: relate
        // (one transaction of two puts and two checks, 8 WCU as the engine reports it) and relatedEntities (a query and a
        // batch get)
        assertThat(count(run.out(), "    1 request, 0.5 RCU consumed")).isEqualTo(patterns.size() - 2 - changes - 2 - statements - moves);
        assertThat(count(run.out(), "    2 requests, 1 RCU consumed")).isEqualTo(2);
        // the PartiQL step: one ExecuteTransaction of an INSERT and an UPDATE, its capacity reported as DynamoDB reports it
        // (DynamoDB Local 2.6.1 did not)
        assertThat(statements).isEqualTo(1);
        assertThat(count(run.out(), "    1 request, 5 WCU consumed")).isEqualTo(1);
        assertThat(run.out()).doesNotContain("no capacity reported");
        assertThat(count(run.out(), "    1 request, 0 WCU consumed")).isZero();
        assertThat(count(run.out(), "    4 requests, 2 RCU consumed")).isEqualTo(1);
        assertThat(count(run.out(), "    1 request, 8 WCU consumed")).isEqualTo(1);
        // the move of seed 001's product between its states: a GetItem, one TransactWriteItems of a Delete and a Put
        // (2 WCU each), a GetItem at the new key
        assertThat(moves).isEqualTo(1);
        assertThat(count(run.out(), "    3 requests, 1 RCU and 4 WCU consumed")).isEqualTo(1);
        // an update of a blog user: 2 write units (its item and its GSI1 entry)
        assertThat(count(run.out(), "    1 request, 2 WCU consumed")).isEqualTo(changes);
        assertThat(run.out()).containsPattern("Done: " + patterns.size() + " access patterns in " + (patterns.size() + 7)
                + " requests, 20 RCU, " + (2 * changes + 17) + " WCU, "
                + "[0-9.]+ m?s \\(whole demo [0-9.]+ m?s\\)");
        assertThat(run.out()).endsWith(")\nThe e-commerce design as documents: ./singletable describe|patterns|view designs/ecommerce.singletable.yaml\n");
        assertThat(run.out()).doesNotContain("\u001b[");
    }

    @Test
    void demo_whenRun_printsRequestAndItemsOfOrderWithItemsPattern() {
        CommandRun run = run("demo");

        assertThat(run.out()).contains(String.join(System.lineSeparator(),
                " 8. Order O1007 with all its items, in one request (GSI2)",
                "    seeds 000 #3, 002 all records of an order",
                "    Query GSI2: GSI2PK = \"ORDER#O1007\"",
                "    type       PK           SK           attributes",
                "    OrderItem  ORDER#O1007  ITEM#HP-100  quantity=1  unitPrice=49.99",
                "    OrderItem  ORDER#O1007  ITEM#KB-100  quantity=2  unitPrice=89.90",
                "    OrderItem  ORDER#O1007  ITEM#SP-100  quantity=1  unitPrice=39.50",
                "    Order      CUSTOMER#C3  ORDER#O1007  status=PENDING  total=269.29  createdAt=2025-05-19T08:00:00Z",
                "    1 request, 0.5 RCU consumed"));
    }

    @Test
    void demo_whenRun_printsTheNestedUpdateAndBobWithTheAttributesItChanged() {
        CommandRun run = run("demo");

        assertThat(run.out()).contains(String.join(System.lineSeparator(),
                "31. bob drops his second language and adds his Mastodon link: one update through paths into a list and a map",
                "    seeds 003 #1",
                "    UpdateItem AppTable: PK = \"USER#bob\", SK = \"PROFILE\"",
                "                         SET links.mastodon = \"https://mastodon.social/@bob\" REMOVE languages[1]",
                "    type  PK        SK       attributes",
                "    User  USER#bob  PROFILE  name=Bob Jones  email=bob@example.com  languages=[\"en\"]  "
                        + "links={github: \"https://github.com/bob\", mastodon: \"https://mastodon.social/@bob\"}",
                "    1 request, 2 WCU consumed"));
    }

    @Test
    void demo_whenEndpointGivenTwice_createsTableOnceAndRunsAgainstIt() {
        String url = endpoint.engine().endpoint().toString();

        CommandRun first = run("demo", "--endpoint", url, "--region", "eu-west-1", "--table", "DemoOverHttp");
        CommandRun second = run("demo", "--endpoint", url, "--table", "DemoOverHttp");

        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(first.out()).contains("Engine  DynamoDB at " + url + " (region eu-west-1)");
        assertThat(first.out()).contains("Table   DemoOverHttp created:");
        assertThat(second.exitCode()).as(second.err()).isZero();
        assertThat(second.out()).contains("Table   DemoOverHttp exists, its keys match:");
        assertThat(second.out()).contains("GetItem DemoOverHttp: PK = \"CUSTOMER#C1\", SK = \"PROFILE\"");
        // the PartiQL step's INSERT was done by the first run: its transaction is canceled, and the UPDATE is sent alone;
        // the canceled one was sent all the same, so it is counted, and named
        assertThat(count(second.out(), "    2 requests (1 failed: TransactionCanceledException), 2 WCU consumed")).isEqualTo(1);
        assertThat(second.out()).contains("Done: 37 access patterns in 45 requests (1 failed: TransactionCanceledException), ");
        assertThat(first.out()).contains("Done: 37 access patterns in 44 requests, ");
    }

    @Test
    void demo_whenEndpointUnreachable_exitsOneWithOneParagraphNamingIt() {
        CommandRun run = run("demo", "--endpoint", "http://127.0.0.1:1");

        assertThat(run.exitCode()).isEqualTo(1);
        String message = run.err().replace(System.lineSeparator(), " ");
        assertThat(message).contains("singletable demo failed. Could not create or check table AppTable: "
                + "could not reach DynamoDB at http://127.0.0.1:1 (region ");
        assertThat(message).contains("Check that DynamoDB is running there and that the URL, port and --region are right, "
                + "or leave out --endpoint to run on the embedded Dynoxide.");
        assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception:");
        assertThat(run.err()).contains("(Run again with --verbose for the details.)");
    }

    @Test
    void demo_whenEndpointUnreachableAndVerbose_printsStackTrace() {
        CommandRun run = run("demo", "--endpoint", "http://127.0.0.1:1", "--verbose");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("could not reach DynamoDB at http://127.0.0.1:1").contains("\tat ");
    }

    @Test
    void demo_whenEndpointIsNoUrl_exitsTwoNamingIt() {
        CommandRun run = run("demo", "--endpoint", "localhost:8000");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("--endpoint localhost:8000 is not an http or https URL; give one such as "
                + "http://localhost:8000, or 'aws' for Amazon DynamoDB of --region");
    }

    @Test
    void help_whenAsked_printsUsageWithEveryCommand() {
        CommandRun run = run("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo("""
                Usage: singletable [-hV] COMMAND
                DynamoDB single-table design for Java: entities, key templates, access patterns.

                  -h, --help      Show this help message and exit.
                  -V, --version   Print version information and exit.

                Commands:
                  demo             Runs every access pattern of the e-commerce and blog
                                     examples and shows, for each, the request it sends, the
                                     items that come back, and the requests and read capacity
                                     it takes.
                  check            Checks schema files (format singletable/1, YAML or JSON):
                                     the format, every key template, index, collection, access
                                     pattern and example, by the rules the library applies when
                                     it loads them.
                  describe         Prints the key-design table of a design and an example item
                                     per entity.
                  patterns         Prints the access-pattern table of a design, each pattern
                                     run on its examples.
                  view             Writes a design as one self-contained HTML page: items,
                                     indexes, key design, access patterns.
                  lint             Finds single-table anti-patterns in a design, each with its
                                     rule, why it matters and the fix.
                  cost             Prints what a design costs a month at its declared rates,
                                     and the limits its traffic exceeds.
                  import           Imports a design made with another tool as a schema file
                                     (format singletable/1): a NoSQL Workbench data model
                                     (JSON, versions 1.0 and 3.0), a Dynatable schema
                                     (dynatable:1.0.0) or a OneTable schema (onetable:1.1.0),
                                     as JSON or YAML, a schema.json of AWS's DynamoDB MCP
                                     server (mcp-schema) or DynamoDB-Toolbox entity DTOs
                                     (dynamodb-toolbox).
                  export           Exports a design: as a NoSQL Workbench data model, a
                                     OneTable or Dynatable schema, a DynamoDB MCP schema.json,
                                     DynamoDB-Toolbox entity DTOs, an AWS CloudFormation
                                     template (AWS::DynamoDB::Table) or a Terraform resource
                                     (aws_dynamodb_table).
                  generate         Generates code from a design: Java records, the @TableDesign
                                     class and an @AccessPatterns interface for the annotation
                                     processor.
                  keys             Prints the key attributes an item of ENTITY with these
                                     values is stored under, each with its template and value,
                                     and the sparse indexes it stays out of, with the reason;
                                     offline.
                  run              Runs a named access pattern of a schema file and prints the
                                     items it reads, the request it sends, and the requests and
                                     read capacity it takes.
                  get              Reads one item of ENTITY by its key attributes
                                     (username=alice) and prints it, its composed key first.
                  put              Writes one item of ENTITY through its schema: its keys
                                     composed, required attributes checked, timestamps set, ids
                                     the file generates (such as ulid) filled when left out.
                                     Replaces an item with the same key unless --if-not-exists.
                                     Prints the item as written.
                  delete           Deletes one item of ENTITY by its key attributes
                                     (username=alice), only when each --expect holds for the
                                     stored item, and prints what was deleted.
                  update           Changes one item of ENTITY in place with one UpdateItem:
                                     values inside embedded records, lists and maps are reached
                                     by paths (address.city, tags[2], addresses.home.city,
                                     addresses["summer house"]), each name sent as a
                                     placeholder. Prints the request (expressions, names,
                                     values), then the item as stored after it.
                  transact         Writes the actions of FILE (put, create, replace, update,
                                     delete, check, each with its entity and guards) in one
                                     TransactWriteItems: all of them, or none.
                  load             Loads items from JSON Lines, CSV, DynamoDB JSON or NoSQL
                                     Workbench files into the design's table, each through its
                                     entity's schema, in parallel batches; resumable.
                  migrate          Copies a table of a multi-table design into the single table
                                     as one entity, in batches; resumable; running it again
                                     changes nothing; --verify checks the copy.
                  migrations       Schema evolution for items already stored: versioned
                                     Migration steps written in Java (singletable-migrations),
                                     applied in version order and recorded in a migration-state
                                     item of the table itself, under a lock item so that two
                                     runners never migrate at once.
                  watch            Tails the table's DynamoDB stream and prints each change
                                     decoded: its sequence number, kind (CREATED, MODIFIED,
                                     REMOVED, EXPIRED), entity, key and the attributes it
                                     changed with their values; records that do not decode are
                                     printed with the reason.
                  relate           Relates two stored entities by a many-to-many relation: both
                                     adjacency items written in one transaction, as the
                                     library's table.relate writes them.
                  unrelate         Deletes both adjacency items of a related pair in one
                                     transaction, as the library's table.unrelate does.
                  verify-relation  Checks a many-to-many relation of a schema file on a table:
                                     one Scan for its adjacency items and batch gets of the
                                     entities they name; lists pairs with one item only, items
                                     naming an entity that is not stored, and copied attributes
                                     that differ from their source.
                  mcp              Serves a design and its table to coding agents: a Model
                                     Context Protocol (MCP) server over standard input and
                                     output.
                  completion       Prints the shell completion script for bash and zsh.

                Run 'singletable COMMAND --help' for a command's options.
                Start with 'singletable demo': every access pattern of the examples, on
                Dynoxide, the embedded engine.
                Check a schema file with 'singletable check design.singletable.yaml'.
                Import a NoSQL Workbench, Dynatable, OneTable or DynamoDB MCP design with
                'singletable import'; export to NoSQL Workbench, OneTable, Dynatable, DynamoDB
                MCP, CloudFormation or Terraform with 'singletable export'.
                Find single-table anti-patterns with 'singletable lint design.singletable.yaml'.
                Price a design's traffic with 'singletable cost design.singletable.yaml'
                ('--scale 10x': what breaks first).
                Run a design's access pattern with 'singletable run design.singletable.yaml
                PATTERN name=value'; read and write items with 'singletable
                get|put|update|delete', several at once with 'singletable transact', relate
                them with 'singletable relate|unrelate'; evolve stored items with 'singletable
                migrations'.
                Document a design with 'singletable describe' (key design), 'singletable
                patterns' (access patterns) and 'singletable view' (an HTML page).
                Serve a design and its table to coding agents (Model Context Protocol) with
                'singletable mcp DESIGN'.
                """);
        assertThat(run.err()).isEmpty();
    }

    @Test
    void demoHelp_whenAsked_listsTheOptions() {
        CommandRun run = run("demo", "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("Usage: singletable demo [-hV] [--verbose] [--data-dir=DIR] [--endpoint=URL]")
                .contains("[--profile=NAME] [--region=REGION] [--table=NAME]");
        assertThat(run.out().replace(System.lineSeparator(), " ")).contains("The table is AppTable unless --table names another.")
                .containsPattern("--table=NAME +The table name to use instead of AppTable\\.").doesNotContain("design's");
    }

    @Test
    void run_whenNoCommand_exitsTwoWithUsageOnStderr() {
        CommandRun run = run();

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("Missing command: try 'singletable demo'").contains("Usage: singletable");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void run_whenUnknownOption_exitsTwo() {
        CommandRun run = run("demo", "--endpiont", "http://localhost:8000");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo(String.join(System.lineSeparator(),
                "Unknown options: '--endpiont', 'http://localhost:8000'",
                "Possible solutions: --endpoint",
                "Run 'singletable demo --help' for its options.", ""));
    }

    private static int count(String text, String part) {
        Matcher matcher = Pattern.compile(Pattern.quote(part)).matcher(text);
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }
}
