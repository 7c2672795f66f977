package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import java.io.IOException;
import java.nio.file.Path;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/** The schema file the processor writes for a {@code @TableDesign}, against a golden file; and the diagnostics when it cannot hold all of it. */
class DesignFileTest {
    private static final Path EXPECTED = Path.of("src/test/resources/golden/expected/META-INF/singletable/ShopTable.singletable.json");

    @Test
    void generate_whenTableDesignListsEntities_writesTheSchemaFileOfTheTable() throws IOException {
        Compilation compilation = GoldenSourcesTest.compileShop();

        assertThat(compilation).succeededWithoutWarnings();
        JavaFileObject file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/ShopTable.singletable.json")
                .orElseThrow();
        GoldenFiles.assertMatchesGolden(EXPECTED, file.getCharContent(true).toString());
    }

    @Test
    void generate_whenAnIndexConditionIsAJavaMethod_writesTheFileNamingTheMethodWithANoteAndNoWarning() throws IOException {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).withOptions("-Xlint:all,-processing", "-Werror").compile(
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

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).hadNoteContaining("@TableDesign Parcels: Parcel's condition on index GSI1 is the Java method isShipped, "
                + "which a schema file cannot hold; META-INF/singletable/Parcels.singletable.json marks it as {\"java\": \"isShipped\"}, "
                + "and the design tools (lint, cost, view) take every Parcel whose key slots on GSI1 have values as in the index, an upper bound");
        assertThat(compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Parcels.singletable.json").orElseThrow()
                .getCharContent(true).toString())
                .contains("\"GSI1\": {\"pk\": \"SHIPPED\", \"sk\": \"{id}\", \"when\": {\"java\": \"isShipped\"}}");
    }

    @Test
    void generate_whenAnIndexConditionOnlyChecksThatAnAttributeIsPresent_writesItAsPresentWithoutANote() throws IOException {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).withOptions("-Xlint:all,-processing", "-Werror").compile(
                JavaFileObjects.forSourceString("t.Parcel", """
                        package t;
                        import dev.singletable.annotations.*;
                        import java.time.Instant;
                        @Entity(pk = "PARCEL#{id}", sk = "PARCEL")
                        @Index(name = "GSI1", pk = "SHIPPED", sk = "{id}", when = "isShipped")
                        @Index(name = "GSI2", pk = "LOST", sk = "{id}", when = "isLost")
                        @Index(name = "GSI3", pk = "LATE", sk = "{id}", when = "isLate")
                        @Index(name = "GSI4", pk = "RETURNED", sk = "{id}", when = "isReturned")
                        public record Parcel(String id, Instant shippedAt, Instant lostAt, Instant dueAt, Instant returnedAt) {
                            boolean isShipped() { return shippedAt != null; }
                            boolean isLost() { return (null != this.lostAt()); }
                            static boolean isLate(Parcel parcel) { return parcel.dueAt() != null && parcel.shippedAt() == null; }
                            static boolean isReturned(Parcel parcel) { return parcel.returnedAt() != null; }
                        }
                        """),
                JavaFileObjects.forSourceString("t.Parcels", """
                        package t;
                        import dev.singletable.annotations.TableDesign;
                        @TableDesign(name = "Parcels", indexes = {
                                @TableDesign.GlobalIndex(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK"),
                                @TableDesign.GlobalIndex(name = "GSI2", partitionKey = "GSI2PK", sortKey = "GSI2SK"),
                                @TableDesign.GlobalIndex(name = "GSI3", partitionKey = "GSI3PK", sortKey = "GSI3SK"),
                                @TableDesign.GlobalIndex(name = "GSI4", partitionKey = "GSI4PK", sortKey = "GSI4SK")}, entities = Parcel.class)
                        public final class Parcels {}
                        """));

        assertThat(compilation).succeededWithoutWarnings();
        String file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Parcels.singletable.json")
                .orElseThrow().getCharContent(true).toString();
        assertThat(file).contains("\"GSI1\": {\"pk\": \"SHIPPED\", \"sk\": \"{id}\", \"when\": {\"present\": \"shippedAt\"}}",
                "\"GSI2\": {\"pk\": \"LOST\", \"sk\": \"{id}\", \"when\": {\"present\": \"lostAt\"}}",
                "\"GSI3\": {\"pk\": \"LATE\", \"sk\": \"{id}\", \"when\": {\"java\": \"isLate\"}}",
                "\"GSI4\": {\"pk\": \"RETURNED\", \"sk\": \"{id}\", \"when\": {\"present\": \"returnedAt\"}}");
        assertThat(compilation.notes().stream().map(note -> note.getMessage(null)).filter(note -> note.contains("condition on index")))
                .singleElement().asString().contains("index GSI3 is the Java method isLate");
    }

    @Test
    void generate_whenTableDesignUsesEveryIndexShape_writesTheDesignClassAndASchemaFileHoldingIt() throws IOException {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).withOptions("-Xlint:all,-processing", "-Werror").compile(
                JavaFileObjects.forSourceString("t.Match", """
                        package t;
                        import dev.singletable.annotations.*;
                        @Entity(pk = "MATCH#{matchId}", sk = "MATCH")
                        @Index(name = "ByTournament", pk = {"{tournament}", "{region}"}, sk = {"{round}", "{points}"})
                        @Index(name = "ByPlayedAt", pk = "MATCH#{matchId}", sk = "{playedAt}")
                        public record Match(String matchId, String tournament, String region, int round, long points, String playedAt) {}
                        """),
                JavaFileObjects.forSourceString("t.Matches", """
                        package t;
                        import dev.singletable.annotations.TableDesign;
                        import dev.singletable.annotations.TableDesign.KeyType;
                        import dev.singletable.annotations.TableDesign.ProjectionType;
                        @TableDesign(name = "Matches",
                                indexes = @TableDesign.GlobalIndex(name = "ByTournament", partitionKey = {"tournament", "region"},
                                        sortKey = {"round", "points"}, sortKeyType = {KeyType.N, KeyType.N}, projection = ProjectionType.KEYS_ONLY),
                                localIndexes = @TableDesign.LocalIndex(name = "ByPlayedAt", sortKey = "playedAt",
                                        projection = ProjectionType.INCLUDE, include = {"points"}),
                                entities = Match.class)
                        public final class Matches {}
                        """));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation.generatedSourceFile("t.MatchesDesign").orElseThrow().getCharContent(true).toString()).isEqualTo("""
                package t;

                import dev.singletable.IndexSchema;
                import dev.singletable.KeyAttribute;
                import dev.singletable.Projection;
                import dev.singletable.TableSchema;
                import javax.annotation.processing.Generated;

                /**
                 * The table {@code Matches} as {@code @TableDesign} on {@link Matches} declares it.
                 */
                @Generated("dev.singletable.processor.SingleTableProcessor")
                public final class MatchesDesign {
                    /** The table's schema: keys, indexes and entities. */
                    public static final TableSchema SCHEMA = TableSchema.builder("Matches")
                            .partitionKey(KeyAttribute.string("PK"))
                            .sortKey(KeyAttribute.string("SK"))
                            .index(IndexSchema.global("ByTournament").partitionKey(KeyAttribute.string("tournament"), KeyAttribute.string("region")).sortKey(KeyAttribute.number("round"), KeyAttribute.number("points"))
                                .projection(Projection.keysOnly()).build())
                            .index(IndexSchema.local("ByPlayedAt").sortKey(KeyAttribute.string("playedAt"))
                                .projection(Projection.include("points")).build())
                            .entityTypeAttribute("entityType")
                            .entities(MatchSchema.INSTANCE)
                            .build();

                    private MatchesDesign() {
                    }
                }
                """);
        assertThat(compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Matches.singletable.json").orElseThrow()
                .getCharContent(true).toString()).isEqualTo("""
                {
                  "format": "singletable/1",
                  "table": {
                    "name": "Matches",
                    "partitionKey": {"name": "PK", "type": "S"},
                    "sortKey": {"name": "SK", "type": "S"},
                    "entityTypeAttribute": "entityType",
                    "billing": {"mode": "PAY_PER_REQUEST"},
                    "indexes": [
                      {"name": "ByTournament", "kind": "global", "partitionKey": [{"name": "tournament", "type": "S"}, {"name": "region", "type": "S"}], \
                "sortKey": [{"name": "round", "type": "N"}, {"name": "points", "type": "N"}], "projection": {"type": "KEYS_ONLY"}},
                      {"name": "ByPlayedAt", "kind": "local", "sortKey": {"name": "playedAt", "type": "S"}, "projection": {"type": "INCLUDE", "attributes": ["points"]}}
                    ]
                  },
                  "entities": {
                    "Match": {
                      "attributes": {
                        "matchId": {"type": "string", "required": true},
                        "tournament": {"type": "string"},
                        "region": {"type": "string"},
                        "round": {"type": "integer", "required": true},
                        "points": {"type": "long", "required": true},
                        "playedAt": {"type": "string"}
                      },
                      "keys": {"pk": "MATCH#{matchId}", "sk": "MATCH"},
                      "indexes": {
                        "ByTournament": {"pk": ["{tournament}", "{region}"], "sk": ["{round}", "{points}"]},
                        "ByPlayedAt": {"pk": "MATCH#{matchId}", "sk": "{playedAt}"}
                      },
                      "source": {"path": "t/Match.java", "line": 3}
                    }
                  }
                }
                """);
    }

    @Test
    void generate_whenTableHasANumberPartitionKeyAndNoSortKey_writesTheDesignAndSchemaFileWithoutSortKey() throws IOException {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(
                JavaFileObjects.forSourceString("t.Device", """
                        package t;
                        import dev.singletable.annotations.*;
                        @Entity(pk = "{deviceId}")
                        public record Device(long deviceId, String name) {}
                        """),
                JavaFileObjects.forSourceString("t.Devices", """
                        package t;
                        import dev.singletable.annotations.TableDesign;
                        @TableDesign(name = "Devices", partitionKey = "deviceId", partitionKeyType = TableDesign.KeyType.N, noSortKey = true,
                                entities = Device.class)
                        public final class Devices {}
                        """));

        assertThat(compilation).succeededWithoutWarnings();
        String design = compilation.generatedSourceFile("t.DevicesDesign").orElseThrow().getCharContent(true).toString();
        assertThat(design.substring(design.indexOf("    public static final"), design.indexOf("    private DevicesDesign"))).isEqualTo("""
                    public static final TableSchema SCHEMA = TableSchema.builder("Devices")
                            .partitionKey(KeyAttribute.number("deviceId"))
                            .noSortKey()
                            .entityTypeAttribute("entityType")
                            .entities(DeviceSchema.INSTANCE)
                            .build();

                """);
        String file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Devices.singletable.json").orElseThrow()
                .getCharContent(true).toString();
        assertThat(file.substring(file.indexOf("  \"table\""), file.indexOf("  \"entities\""))).isEqualTo("""
                  "table": {
                    "name": "Devices",
                    "partitionKey": {"name": "deviceId", "type": "N"},
                    "entityTypeAttribute": "entityType",
                    "billing": {"mode": "PAY_PER_REQUEST"}
                  },
                """);
    }

    @Test
    void generate_whenEntitiesEmbedRecords_writesThemAsTheFilesTypes() throws IOException {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).withOptions("-Xlint:all,-processing", "-Werror").compile(
                JavaFileObjects.forSourceString("t.Geo", """
                        package t;
                        import dev.singletable.annotations.*;
                        @Embeddable
                        public record Geo(@Attribute(required = true) java.math.BigDecimal lat, @Attribute(required = true) java.math.BigDecimal lon) {}
                        """),
                JavaFileObjects.forSourceString("t.Address", """
                        package t;
                        import dev.singletable.annotations.*;
                        @Embeddable
                        public record Address(@Attribute(required = true) String street, @Attribute(required = true) String city, Geo geo) {}
                        """),
                JavaFileObjects.forSourceString("t.Customer", """
                        package t;
                        import dev.singletable.annotations.*;
                        import java.util.List;
                        import java.util.Map;
                        @Entity(pk = "CUSTOMER#{customerId}", sk = "PROFILE")
                        public record Customer(String customerId, Address shippingAddress, Map<String, Address> addresses,
                                               List<Address> pastAddresses, List<String> tags) {}
                        """),
                JavaFileObjects.forSourceString("t.Customers", """
                        package t;
                        import dev.singletable.annotations.TableDesign;
                        @TableDesign(name = "Customers", entities = Customer.class)
                        public final class Customers {}
                        """));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Customers.singletable.json").orElseThrow()
                .getCharContent(true).toString()).isEqualTo("""
                {
                  "format": "singletable/1",
                  "table": {
                    "name": "Customers",
                    "partitionKey": {"name": "PK", "type": "S"},
                    "sortKey": {"name": "SK", "type": "S"},
                    "entityTypeAttribute": "entityType",
                    "billing": {"mode": "PAY_PER_REQUEST"}
                  },
                  "types": {
                    "Address": {
                      "attributes": {
                        "street": {"type": "string", "required": true},
                        "city": {"type": "string", "required": true},
                        "geo": {"type": "Geo"}
                      }
                    },
                    "Geo": {
                      "attributes": {
                        "lat": {"type": "decimal", "required": true},
                        "lon": {"type": "decimal", "required": true}
                      }
                    }
                  },
                  "entities": {
                    "Customer": {
                      "attributes": {
                        "customerId": {"type": "string", "required": true},
                        "shippingAddress": {"type": "Address"},
                        "addresses": {"type": "map", "of": "Address"},
                        "pastAddresses": {"type": "list", "of": "Address"},
                        "tags": {"type": "stringList"}
                      },
                      "keys": {"pk": "CUSTOMER#{customerId}", "sk": "PROFILE"},
                      "source": {"path": "t/Customer.java", "line": 5}
                    }
                  }
                }
                """);
    }

    @Test
    void generate_whenAnEmbeddedRecordHoldsATypeTheFormatLacks_warnsNamingTheRecordAndAttribute() {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(
                JavaFileObjects.forSourceString("t.Address", """
                        package t;
                        import dev.singletable.annotations.*;
                        @Embeddable
                        public record Address(@Attribute(required = true) String city, java.util.Map<String, java.util.List<Long>> visits) {}
                        """),
                JavaFileObjects.forSourceString("t.Customer", """
                        package t;
                        import dev.singletable.annotations.*;
                        @Entity(pk = "CUSTOMER#{customerId}", sk = "PROFILE")
                        public record Customer(String customerId, Address home) {}
                        """),
                JavaFileObjects.forSourceString("t.Customers", """
                        package t;
                        import dev.singletable.annotations.TableDesign;
                        @TableDesign(name = "Customers", entities = Customer.class)
                        public final class Customers {}
                        """));

        assertThat(compilation).succeeded();
        assertThat(compilation).hadWarningContaining("@TableDesign Customers: Customer.home (embeds Address, whose visits is stored as "
                + "AttributeTypes.mapOf(AttributeTypes.listOf(AttributeTypes.LONG))) cannot be written in a schema file (format singletable/1) yet; no "
                + "META-INF/singletable/Customers.singletable.json is written for this table");
        assertThat(compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Customers.singletable.json")).isEmpty();
    }

    @Test
    void generate_whenAttributesHaveEveryShapeAndOption_writesKindsNullableDefaultsAndRules() throws IOException {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).withOptions("-Xlint:all,-processing", "-Werror").compile(
                JavaFileObjects.forSourceString("t.Shape", """
                        package t;
                        import dev.singletable.annotations.*;
                        import java.util.*;
                        @Entity(pk = "SHAPE#{id}", sk = "SHAPE")
                        public record Shape(String id, Set<Integer> sizes, Set<java.nio.ByteBuffer> keys, Map<String, Object> doc,
                                            List<Map<String, Object>> events, List<Integer> scores, Map<String, java.math.BigDecimal> rates,
                                            @Attribute(nullable = true) String note,
                                            @Default("EUR") @AllowedValues({"EUR", "USD"}) String currency,
                                            @Pattern("[A-Z]{3}") @Length(min = 3, max = 3) String code,
                                            @Range(min = "0", max = "99.5") java.math.BigDecimal score) {}
                        """),
                JavaFileObjects.forSourceString("t.Shapes", """
                        package t;
                        import dev.singletable.annotations.TableDesign;
                        @TableDesign(name = "Shapes", entities = Shape.class)
                        public final class Shapes {}
                        """));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Shapes.singletable.json").orElseThrow()
                .getCharContent(true).toString()).contains("""
                      "attributes": {
                        "id": {"type": "string", "required": true},
                        "sizes": {"type": "numberSet"},
                        "keys": {"type": "binarySet"},
                        "doc": {"type": "document"},
                        "events": {"type": "list", "of": "document"},
                        "scores": {"type": "list", "of": "integer"},
                        "rates": {"type": "map", "of": "decimal"},
                        "note": {"type": "string", "nullable": true},
                        "currency": {"type": "string", "default": "EUR", "allowedValues": ["EUR", "USD"]},
                        "code": {"type": "string", "pattern": "[A-Z]{3}", "minLength": 3, "maxLength": 3},
                        "score": {"type": "decimal", "minimum": 0, "maximum": 99.5}
                      },
                """);
    }
}
