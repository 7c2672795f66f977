package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @TableDesign(examples = ...)}: the JSON Lines resource of example items, found through the processor option or the
 * source path, checked line by line against the entities, and written as the design file's entities' {@code examples}.
 */
class DesignExamplesTest {
    private static final JavaFileObject CUSTOMER = JavaFileObjects.forSourceString("t.Customer", """
            package t;
            import dev.singletable.annotations.*;
            import java.time.Instant;
            @Entity(pk = "CUSTOMER#{customerId}", sk = "PROFILE")
            public record Customer(String customerId, String name, Tier tier, int visits, Instant since) {
                public enum Tier { BRONZE, GOLD }
            }
            """);
    private static final JavaFileObject TABLE = JavaFileObjects.forSourceString("t.Customers", """
            package t;
            import dev.singletable.annotations.TableDesign;
            @TableDesign(name = "Customers", entities = Customer.class, examples = "t/customers.jsonl")
            public final class Customers {}
            """);

    private static Compilation compile(Path resources, String... lines) throws IOException {
        Files.createDirectories(resources.resolve("t"));
        Files.write(resources.resolve("t/customers.jsonl"), java.util.List.of(lines));
        return javac().withProcessors(new SingleTableProcessor()).withOptions("-Asingletable.resources=" + resources)
                .compile(CUSTOMER, TABLE);
    }

    private static String designFile(Compilation compilation) throws IOException {
        return compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Customers.singletable.json").orElseThrow()
                .getCharContent(true).toString();
    }

    @Test
    void generate_whenExamplesResourceIsInTheOptionsDirectory_writesEachLineAsAnExampleOfItsEntity(@TempDir Path resources)
            throws IOException {
        Compilation compilation = compile(resources,
                "{\"entityType\": \"Customer\", \"customerId\": \"C1\", \"name\": \"Ada\", \"tier\": \"GOLD\", \"visits\": 3, "
                        + "\"since\": \"2025-01-31T09:00:00Z\"}",
                "",
                "{\"customerId\": \"C2\", \"entityType\": \"Customer\", \"visits\": 0, \"name\": \"Grace \\\"Amazing\\\" Hopper\"}");

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(designFile(compilation)).isEqualTo("""
                {
                  "format": "singletable/1",
                  "table": {
                    "name": "Customers",
                    "partitionKey": {"name": "PK", "type": "S"},
                    "sortKey": {"name": "SK", "type": "S"},
                    "entityTypeAttribute": "entityType",
                    "billing": {"mode": "PAY_PER_REQUEST"}
                  },
                  "entities": {
                    "Customer": {
                      "attributes": {
                        "customerId": {"type": "string", "required": true},
                        "name": {"type": "string"},
                        "tier": {"type": "enum", "values": ["BRONZE", "GOLD"]},
                        "visits": {"type": "integer", "required": true},
                        "since": {"type": "instant"}
                      },
                      "keys": {"pk": "CUSTOMER#{customerId}", "sk": "PROFILE"},
                      "examples": [
                        {"customerId": "C1", "name": "Ada", "tier": "GOLD", "visits": 3, "since": "2025-01-31T09:00:00Z"},
                        {"customerId": "C2", "visits": 0, "name": "Grace \\"Amazing\\" Hopper"}
                      ],
                      "source": {"path": "t/Customer.java", "line": 4}
                    }
                  }
                }
                """);
    }

    @Test
    void generate_whenExamplesResourceIsOnTheSourcePath_readsItThere(@TempDir Path sources) throws IOException {
        Files.createDirectories(sources.resolve("t"));
        Files.writeString(sources.resolve("t/customers.jsonl"), "{\"entityType\": \"Customer\", \"customerId\": \"C1\", \"visits\": 1}\n");

        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).withOptions("-sourcepath", sources.toString())
                .compile(CUSTOMER, TABLE);

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(designFile(compilation)).contains("""
                      "examples": [
                        {"customerId": "C1", "visits": 1}
                      ],
                """);
    }

    @Test
    void generate_whenExamplesResourceIsNowhere_failsNamingThePlacesLookedIn(@TempDir Path resources) {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).withOptions("-Asingletable.resources=" + resources)
                .compile(CUSTOMER, TABLE);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("@TableDesign Customers: examples the examples resource 't/customers.jsonl' is in none of ["
                + resources.resolve("t/customers.jsonl") + ", CLASS_OUTPUT, SOURCE_PATH]; put it under src/main/resources (Maven copies "
                + "resources to the class output before it compiles), or pass the directory holding it with -Asingletable.resources=DIR "
                + "(Gradle: the project's src/main/resources)");
        assertThat(compilation).hadErrorCount(1);
    }

    @Test
    void generate_whenExampleLinesAreWrong_failsWithAnErrorPerLineNamingFileLineEntityAttributeAndValue(@TempDir Path resources)
            throws IOException {
        Compilation compilation = compile(resources,
                "{\"entityType\": \"Customer\", \"customerId\": \"C1\", \"visits\": \"three\"}",
                "{\"entityType\": \"Custmer\", \"customerId\": \"C2\", \"visits\": 1}",
                "{\"entityType\": \"Customer\", \"customerId\": \"C3\", \"visits\": 1, \"colour\": \"red\"}",
                "{\"entityType\": \"Customer\", \"customerId\": \"C4\"}",
                "{\"entityType\": \"Customer\", \"customerId\": \"C5\", \"visits\": 1, \"tier\": \"PLATINUM\"}",
                "{\"entityType\": \"Customer\", \"customerId\": \"C6\", \"visits\": 1, \"since\": \"yesterday\"}",
                "{\"entityType\": \"Customer\", \"customerId\": \"C7\", \"visits\": 1, \"name\": null}",
                "{\"customerId\": \"C8\", \"visits\": 1}",
                "[\"Customer\", \"C9\"]",
                "{\"entityType\": \"Customer\", \"customerId\": \"C10\", ");

        assertThat(compilation).failed();
        String prefix = "@TableDesign Customers: examples t/customers.jsonl:";
        assertThat(compilation).hadErrorContaining(prefix + "1: Customer.visits is \"three\", not an integer (32 bits); write it as an integer (32 bits)");
        assertThat(compilation).hadErrorContaining(prefix + "2: 'entityType' is 'Custmer', which is no entity type of table Customers; "
                + "give one of [Customer]");
        assertThat(compilation).hadErrorContaining(prefix + "3: Customer has no attribute 'colour' (attributes: [customerId, name, tier, "
                + "visits, since]); remove it, or name one of these");
        assertThat(compilation).hadErrorContaining(prefix + "4: Customer lacks its required attribute 'visits'; give it a value");
        assertThat(compilation).hadErrorContaining(prefix + "5: Customer.tier is \"PLATINUM\", not one of [BRONZE, GOLD]; write it as "
                + "one of [BRONZE, GOLD]");
        assertThat(compilation).hadErrorContaining(prefix + "6: Customer.since is \"yesterday\", not an ISO-8601 instant such as "
                + "2025-01-31T09:00:00Z; write it as an ISO-8601 instant such as 2025-01-31T09:00:00Z");
        assertThat(compilation).hadErrorContaining(prefix + "7: Customer.name is null; leave the attribute out of the line instead");
        assertThat(compilation).hadErrorContaining(prefix + "8: the item names no entity type in 'entityType'; add \"entityType\": one of "
                + "[Customer]");
        assertThat(compilation).hadErrorContaining(prefix + "9: the line is no JSON object; write one item a line, such as "
                + "{\"entityType\": \"Customer\", ...}");
        assertThat(compilation).hadErrorContaining(prefix + "10: the line is no JSON (Unexpected end-of-input within/between Object "
                + "entries); write one JSON object a line");
        assertThat(compilation).hadErrorCount(10);
    }

    @Test
    void generate_whenExamplesHoldEmbeddedRecords_checksTheRecordsAttributesToo(@TempDir Path resources) throws IOException {
        Files.createDirectories(resources.resolve("t"));
        Files.write(resources.resolve("t/shippers.jsonl"), java.util.List.of(
                "{\"entityType\": \"Shipper\", \"id\": \"S1\", \"home\": {\"street\": \"1 Main St\", \"city\": \"Dublin\"}, "
                        + "\"depots\": [{\"street\": \"2 Dock Rd\", \"city\": \"Cork\"}]}",
                "{\"entityType\": \"Shipper\", \"id\": \"S2\", \"depots\": [{\"street\": \"3 Quay\"}]}",
                "{\"entityType\": \"Shipper\", \"id\": \"S3\", \"home\": \"Galway\"}"));

        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).withOptions("-Asingletable.resources=" + resources)
                .compile(JavaFileObjects.forSourceString("t.Address", """
                        package t;
                        import dev.singletable.annotations.*;
                        @Embeddable
                        public record Address(@Attribute(required = true) String street, @Attribute(required = true) String city) {}
                        """), JavaFileObjects.forSourceString("t.Shipper", """
                        package t;
                        import dev.singletable.annotations.*;
                        @Entity(pk = "SHIPPER#{id}", sk = "SHIPPER")
                        public record Shipper(String id, Address home, java.util.List<Address> depots) {}
                        """), JavaFileObjects.forSourceString("t.Shippers", """
                        package t;
                        import dev.singletable.annotations.TableDesign;
                        @TableDesign(name = "Shippers", entities = Shipper.class, examples = "t/shippers.jsonl")
                        public final class Shippers {}
                        """));

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("@TableDesign Shippers: examples t/shippers.jsonl:2: Shipper.depots[0] lacks its "
                + "required attribute 'city'; give it a value");
        assertThat(compilation).hadErrorContaining("@TableDesign Shippers: examples t/shippers.jsonl:3: Shipper.home is \"Galway\", not an "
                + "embedded Address record (a JSON object); write it as an embedded Address record (a JSON object)");
        assertThat(compilation).hadErrorCount(2);
    }
}
