package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import java.io.IOException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code @TableDesign.Relation} (seed 000's users and groups): the typed constant of the generated design, its
 * registration in {@code SCHEMA}, its {@code relations} block in the schema file, and each mistake a compile error
 * naming relation, entity, template or attribute, and the fix.
 */
class TableDesignRelationTest {
    private static final JavaFileObject USER = JavaFileObjects.forSourceLines("t.User",
            "package t;",
            "import dev.singletable.annotations.*;",
            "@Entity(pk = \"USER#{userId}\", sk = \"PROFILE\")",
            "public record User(String userId, String userName) {}");
    private static final JavaFileObject GROUP = JavaFileObjects.forSourceLines("t.Group",
            "package t;",
            "import dev.singletable.annotations.*;",
            "@Entity(pk = \"GROUP#{groupId}\", sk = \"DETAILS\")",
            "public record Group(String groupId, @Attribute(name = \"group_name\") String groupName) {}");

    private static Compilation compile(String relation) {
        return compile(relation, "", "-Xlint:all,-processing", "-Werror");
    }

    /** Users and groups in table Memberships with this relation, more of the design's elements and these options. */
    private static Compilation compile(String relation, String designElements, String... options) {
        return javac().withProcessors(new SingleTableProcessor()).withOptions((Object[]) options)
                .compile(USER, GROUP, JavaFileObjects.forSourceLines("t.Memberships",
                        "package t;",
                        "import dev.singletable.annotations.TableDesign;",
                        "import dev.singletable.annotations.TableDesign.RelationSide;",
                        "@TableDesign(name = \"Memberships\", entities = {User.class, Group.class}," + designElements,
                        "        relations = " + relation + ")",
                        "public final class Memberships {}"));
    }

    /** The relations block of the schema file the compilation wrote, to the file's end. */
    private static String relationsBlock(Compilation compilation) throws IOException {
        String file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Memberships.singletable.json")
                .orElseThrow().getCharContent(true).toString();
        return file.substring(file.indexOf("  \"relations\""));
    }

    /** The schema file's relations block for Membership: its ends and sides (as every relation here declares them), then {@code rest}. */
    private static String membershipBlock(String rest) {
        return """
                  "relations": {
                    "Membership": {
                      "first": "User",
                      "second": "Group",
                      "firstSide": {"pk": "USER#{userId}", "sk": "GROUP#{groupId}"},
                      "secondSide": {"pk": "GROUP#{groupId}", "sk": "USER#{userId}"},
                """ + rest.indent(6) + """
                    }
                  }
                }
                """;
    }

    private static String errors(Compilation compilation) {
        return compilation.errors().stream().map(d -> d.getLineNumber() + ": " + d.getMessage(null)).collect(Collectors.joining("\n"));
    }

    /** A relation of users and groups with no more than its sides. */
    private static final String PLAIN = "@TableDesign.Relation(name = \"Membership\", first = User.class, second = Group.class,"
            + " firstSide = @RelationSide(pk = \"USER#{userId}\", sk = \"GROUP#{groupId}\"),"
            + " secondSide = @RelationSide(pk = \"GROUP#{groupId}\", sk = \"USER#{userId}\"))";

    /** {@link #PLAIN} with more of the annotation's elements. */
    private static String plainWith(String elements) {
        return PLAIN.substring(0, PLAIN.length() - 1) + ", " + elements + ")";
    }

    private static final String MEMBERSHIP = plainWith("itemTypes = {\"USERGROUP\", \"GROUPUSER\"}, copyFromFirst = \"userName\","
            + " copyFromSecond = \"groupName\", propagateCopies = true");

    @Test
    void generate_whenARelationIsDeclared_writesATypedConstantRegisteredInTheSchema() throws IOException {
        Compilation compilation = compile(MEMBERSHIP);

        assertThat(compilation).succeededWithoutWarnings();
        String design = compilation.generatedSourceFile("t.MembershipsDesign").orElseThrow().getCharContent(true).toString();
        assertThat(design).isEqualTo("""
                package t;

                import dev.singletable.IndexSchema;
                import dev.singletable.KeyAttribute;
                import dev.singletable.Projection;
                import dev.singletable.Relation;
                import dev.singletable.TableSchema;
                import javax.annotation.processing.Generated;

                /**
                 * The table {@code Memberships} as {@code @TableDesign} on {@link Memberships} declares it.
                 */
                @Generated("dev.singletable.processor.SingleTableProcessor")
                public final class MembershipsDesign {
                    /** The relation {@code Membership} between {@link User} and {@link Group}; {@code inverse()} reads it from the second side. */
                    public static final Relation<User, Group> MEMBERSHIP = Relation.between("Membership", UserSchema.INSTANCE, GroupSchema.INSTANCE)
                            .firstSide("USER#{userId}", "GROUP#{groupId}")
                            .secondSide("GROUP#{groupId}", "USER#{userId}")
                            .itemTypes("USERGROUP", "GROUPUSER")
                            .copyFromFirst(UserSchema.USER_NAME)
                            .copyFromSecond(GroupSchema.GROUP_NAME)
                            .propagateCopies()
                            .build();

                    /** The table's schema: keys, indexes and entities. */
                    public static final TableSchema SCHEMA = TableSchema.builder("Memberships")
                            .partitionKey(KeyAttribute.string("PK"))
                            .sortKey(KeyAttribute.string("SK"))
                            .entityTypeAttribute("entityType")
                            .entities(UserSchema.INSTANCE,
                                GroupSchema.INSTANCE)
                            .relation(MEMBERSHIP)
                            .build();

                    private MembershipsDesign() {
                    }
                }
                """);
    }

    @Test
    void generate_whenARelationIsDeclared_writesItsRelationsBlockInTheSchemaFile() throws IOException {
        Compilation compilation = compile(MEMBERSHIP);

        assertThat(relationsBlock(compilation)).isEqualTo(membershipBlock("""
                "itemTypes": ["USERGROUP", "GROUPUSER"],
                "copyFromFirst": ["userName"],
                "copyFromSecond": ["group_name"],
                "propagateCopies": true"""));
    }

    private static final String WITH_EDGES = plainWith("edges = {@TableDesign.Edge(name = \"role\", type = TableDesign.EdgeType.ENUM,"
            + " values = {\"MEMBER\", \"ADMIN\"}, required = true, description = \"what the user may do\"),"
            + " @TableDesign.Edge(name = \"joinedAt\", type = TableDesign.EdgeType.INSTANT),"
            + " @TableDesign.Edge(name = \"seenAt\", type = TableDesign.EdgeType.LOCAL_DATE_TIME)}");

    /** {@link #WITH_EDGES}'s edge block in the schema file, by the file's kind names. */
    private static final String EDGE_BLOCK = """
            "edge": {
              "role": {"type": "enum", "values": ["MEMBER", "ADMIN"], "required": true, "description": "what the user may do"},
              "joinedAt": {"type": "instant"},
              "seenAt": {"type": "dateTime"}
            }""";

    @Test
    void generate_whenARelationHasEdges_declaresThemOnTheConstant() throws IOException {
        Compilation compilation = compile(WITH_EDGES);

        assertThat(compilation).succeededWithoutWarnings();
        String design = compilation.generatedSourceFile("t.MembershipsDesign").orElseThrow().getCharContent(true).toString();
        assertThat(design).contains("""
                            .secondSide("GROUP#{groupId}", "USER#{userId}")
                            .edge(Relation.requiredEdgeAttribute("role", AttributeTypes.STRING), Relation.edgeAttribute("joinedAt", AttributeTypes.INSTANT), Relation.edgeAttribute("seenAt", AttributeTypes.scalar(java.time.LocalDateTime.class)))
                            .build();
                """);
    }

    @Test
    void generate_whenARelationHasEdges_writesThemInItsEdgeBlockByTheFilesKindNames() throws IOException {
        Compilation compilation = compile(WITH_EDGES);

        assertThat(relationsBlock(compilation)).isEqualTo(membershipBlock(EDGE_BLOCK));
    }

    private static Compilation compileWithExamples(java.nio.file.Path resources, String... lines) throws IOException {
        java.nio.file.Files.createDirectories(resources.resolve("t"));
        java.nio.file.Files.write(resources.resolve("t/members.jsonl"), java.util.List.of(lines));
        return compile(WITH_EDGES, " examples = \"t/members.jsonl\",", "-Asingletable.resources=" + resources);
    }

    private static final String[] ENDS = {
        "{\"entityType\": \"User\", \"userId\": \"123\", \"userName\": \"Ann\"}",
        "{\"entityType\": \"Group\", \"groupId\": \"1\", \"group_name\": \"Admins\"}"};

    @Test
    void generate_whenTheExamplesResourceHoldsAdjacencyItems_writesThemAsTheRelationsExamples(@org.junit.jupiter.api.io.TempDir
                                                                                                             java.nio.file.Path resources)
            throws IOException {
        Compilation compilation = compileWithExamples(resources, ENDS[0], ENDS[1],
                "{\"entityType\": \"UserGroup\", \"userId\": \"123\", \"groupId\": \"1\", \"role\": \"ADMIN\", "
                        + "\"joinedAt\": \"2025-01-01T00:00:00Z\"}",
                "{\"entityType\": \"GroupUser\", \"groupId\": \"1\", \"userId\": \"123\", \"role\": \"ADMIN\", "
                        + "\"joinedAt\": \"2025-01-01T00:00:00Z\"}");

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(relationsBlock(compilation)).isEqualTo(membershipBlock(EDGE_BLOCK + ",\n" + """
                "examples": [
                  {"userId": "123", "groupId": "1", "role": "ADMIN", "joinedAt": "2025-01-01T00:00:00Z"}
                ]"""));
    }

    @Test
    void generate_whenBothItemsOfAPairAreGivenInAnyOrder_writesTheRelationsExampleOnceInItsOrder(@org.junit.jupiter.api.io.TempDir
                                                                                                   java.nio.file.Path resources)
            throws IOException {
        Compilation compilation = compileWithExamples(resources, ENDS[0], ENDS[1],
                "{\"entityType\": \"GroupUser\", \"role\": \"MEMBER\", \"groupId\": \"1\", \"userId\": \"123\"}",
                "{\"entityType\": \"UserGroup\", \"userId\": \"123\", \"groupId\": \"1\", \"role\": \"MEMBER\"}");

        assertThat(compilation).succeededWithoutWarnings();
        String file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Memberships.singletable.json")
                .orElseThrow().getCharContent(true).toString();
        String relations = file.substring(file.indexOf("  \"relations\""));
        assertThat(relations.substring(relations.indexOf("      \"examples\""))).startsWith("""
                      "examples": [
                        {"userId": "123", "groupId": "1", "role": "MEMBER"}
                      ]
                """);
    }

    @Test
    void compile_whenThePairsTwoItemsHaveOtherEdgeValues_failsNamingBothLines(@org.junit.jupiter.api.io.TempDir java.nio.file.Path resources)
            throws IOException {
        Compilation compilation = compileWithExamples(resources, ENDS[0], ENDS[1],
                "{\"entityType\": \"UserGroup\", \"userId\": \"123\", \"groupId\": \"1\", \"role\": \"ADMIN\"}",
                "{\"entityType\": \"GroupUser\", \"groupId\": \"1\", \"userId\": \"123\", \"role\": \"MEMBER\"}");

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("@TableDesign Memberships: examples t/members.jsonl:4: GroupUser (relation Membership) "
                + "is the pair {\"userId\": \"123\", \"groupId\": \"1\"} of t/members.jsonl:3 (UserGroup) with other edge values, "
                + "{\"role\": \"MEMBER\"} and {\"role\": \"ADMIN\"}; both items of a pair hold the same edge values: give them once");
        assertThat(compilation).hadErrorCount(1);
    }

    @Test
    void compile_whenAnAdjacencyItemOfTheExamplesIsWrong_failsWithAnErrorPerLineNamingItemTypeAttributeAndValue(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path resources) throws IOException {
        Compilation compilation = compileWithExamples(resources, ENDS[0], ENDS[1],
                "{\"entityType\": \"UserGroup\", \"userId\": \"123\", \"groupId\": \"1\", \"role\": \"OWNER\"}",
                "{\"entityType\": \"UserGroup\", \"userId\": \"123\", \"groupId\": \"1\"}",
                "{\"entityType\": \"UserGroup\", \"userId\": \"123\", \"groupId\": \"1\", \"role\": \"ADMIN\", \"userName\": \"Ann\"}",
                "{\"entityType\": \"UserGroup\", \"userId\": \"123\", \"groupId\": \"2\", \"role\": \"ADMIN\"}",
                "{\"entityType\": \"UserGroup\", \"userId\": \"123\", \"groupId\": \"1\", \"role\": \"ADMIN\", \"joinedAt\": \"soon\"}",
                "{\"entityType\": \"UserGroups\", \"userId\": \"123\", \"groupId\": \"1\", \"role\": \"ADMIN\"}");

        assertThat(compilation).failed();
        String prefix = "@TableDesign Memberships: examples t/members.jsonl:";
        assertThat(compilation).hadErrorContaining(prefix + "3: UserGroup (relation Membership).role is \"OWNER\", not one of [MEMBER, ADMIN]; "
                + "write it as one of [MEMBER, ADMIN]");
        assertThat(compilation).hadErrorContaining(prefix + "4: UserGroup (relation Membership) lacks required edge attribute 'role'; "
                + "give it a value");
        assertThat(compilation).hadErrorContaining(prefix + "5: UserGroup (relation Membership) has no key slot or edge attribute 'userName' "
                + "([userId, groupId, role, joinedAt, seenAt]); remove it: an adjacency item's copies of its ends' attributes come from "
                + "the ends' examples");
        assertThat(compilation).hadErrorContaining(prefix + "6: UserGroup (relation Membership) names Group {groupId=\"2\"}, which is no "
                + "example item of Group in the resource; the pair's items copy the ends' attributes from their examples: add that Group "
                + "item, or name one of its examples");
        assertThat(compilation).hadErrorContaining(prefix + "7: UserGroup (relation Membership).joinedAt is \"soon\", not ");
        assertThat(compilation).hadErrorContaining(prefix + "8: 'entityType' is 'UserGroups', which is no entity type of table Memberships; "
                + "give one of [User, Group, UserGroup, GroupUser]");
        assertThat(compilation).hadErrorCount(6);
    }

    @Test
    void compile_whenAnEdgeHasAKeySlotsName_reportsTheCoreMessage() {
        Compilation compilation = compile(WITH_EDGES.replace("name = \"joinedAt\"", "name = \"groupId\""));

        assertThat(compilation).failed();
        assertThat(errors(compilation)).contains("edge attribute 'groupId' has the name of");
    }

    @Test
    void edgeType_eachConstant_namesAKindOfTheCoreRegistryThatASchemaFileNames() {
        for (dev.singletable.annotations.TableDesign.EdgeType type : dev.singletable.annotations.TableDesign.EdgeType.values()) {
            assertThat(dev.singletable.internal.kinds.Kind.valueOf(type.name()).fileName()).as(type.name()).isPresent();
        }
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of("an edge is an enum without values", WITH_EDGES.replace("values = {\"MEMBER\", \"ADMIN\"},", ""),
                        "4: @TableDesign Memberships: relation 'Membership': edge 'role' is an ENUM without values; list them, such as "
                                + "values = {\"MEMBER\", \"ADMIN\"}"),
                Arguments.of("a side has no slot for the other entity's key", PLAIN.replace("sk = \"GROUP#{groupId}\"", "sk = \"GROUP\""),
                        "4: Relation Membership (User - Group): item type UserGroup's templates 'USER#{userId}' / 'GROUP' have no slot "
                                + "for Group's key attribute 'groupId', so the item could not name the Group it relates; add {groupId} to "
                                + "its sort template, such as 'GROUP#{groupId}'"),
                Arguments.of("a copied attribute is unknown", plainWith("copyFromFirst = \"userNme\""),
                        "4: @TableDesign Memberships: relation 'Membership': copyFromFirst names 'userNme', which is no attribute of "
                                + "User; copy one of its stored attributes [userId, userName]"),
                Arguments.of("a copied attribute is a key attribute", plainWith("copyFromSecond = \"groupId\""),
                        "4: Relation Membership (User - Group): copied attribute 'groupId' is a key attribute, which every adjacency "
                                + "item holds already; copy only other attributes"),
                Arguments.of("a side is not an entity of the table", PLAIN.replace("second = Group.class", "second = String.class"),
                        "4: @TableDesign Memberships: relation 'Membership': second = java.lang.String.class is not an entity of the "
                                + "table [User, Group]; relate two of its entities, or add java.lang.String to entities"),
                Arguments.of("itemTypes lists one name", plainWith("itemTypes = \"USERGROUP\""),
                        "4: @TableDesign Memberships: relation 'Membership': itemTypes lists 1 name [USERGROUP]; give two, the first "
                                + "side's item type then the second's, such as itemTypes = {\"UserGroup\", \"GroupUser\"}, or none for "
                                + "these defaults"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mistakes")
    void compile_whenARelationHasAMistake_failsWithOneErrorNamingItAndTheFix(String mistake, String relation, String error) {
        Compilation compilation = compile(relation);

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo(error);
    }

    @Test
    void constant_whenTheNameIsCamelCase_isUpperSnakeCase() {
        assertThat(RelationFacts.constant("UserGroups")).isEqualTo("USER_GROUPS");
        assertThat(RelationFacts.constant("post-tags")).isEqualTo("POST_TAGS");
    }
}
