package dev.singletable.schema;

import dev.singletable.Adjacency;
import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.EdgeValues;
import dev.singletable.Relation;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** A relation's {@code edge:} (the attributes of the edge itself, such as a membership's role): loaded, written, relate on the engine. */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class RelationEdgeAttributesTest {
    /** Seed 000's users, groups and memberships, its relation last in the file, so that an {@code edge:} can follow. */
    private static final String TABLE = memberships();
    private static final SchemaFile DESIGN = SchemaFile.parse(TABLE + """
                edge:
                  role: {type: enum, values: [MEMBER, ADMIN], required: true, description: What the user may do in the group}
                  joinedAt: {type: instant}
                  rank: {type: integer}
                examples:
                  - {userId: '123', groupId: '1', role: ADMIN}
            """, "members.yaml");

    private static String memberships() {
        try {
            return Files.readString(Path.of("../designs/memberships.singletable.yaml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.tableSchema());

    @Test
    void load_whenARelationDeclaresEdgeAttributes_givesTheRelationTheirNamesTypesAndRequiredFlags() {
        Relation<?, ?> membership = DESIGN.tableSchema().relation("Membership").orElseThrow();

        assertThat(membership.edgeAttributes()).extracting(Attribute::name).containsExactly("role", "joinedAt", "rank");
        assertThat(membership.edgeAttributes()).extracting(Attribute::isRequired).containsExactly(true, false, false);
        assertThat(membership.edgeAttributes()).extracting(a -> a.type().typeName())
                .containsExactly("String", "Instant", "Integer");
        assertThat(membership.firstSideItems().attributes()).extracting(Attribute::name)
                .containsExactly("userId", "groupId", "userName", "groupName", "role", "joinedAt",
                "rank");
    }

    @Test
    void write_whenARelationDeclaresEdgeAttributes_writesThemSoTheFileLoadsBackTheSame() {
        String yaml = SchemaFileWriter.toYaml(DESIGN.document());
        String json = SchemaFileWriter.toJson(DESIGN.document());

        assertThat(yaml).contains("""
                    edge:
                      role:
                        type: enum
                        required: true
                        values:
                          - MEMBER
                          - ADMIN
                        description: What the user may do in the group
                      joinedAt:
                        type: instant
                """);
        assertThat(SchemaFile.parse(yaml, "again.yaml").document()).isEqualTo(DESIGN.document());
        assertThat(SchemaFile.parse(json, "again.json").document()).isEqualTo(DESIGN.document());
        assertThat(SchemaFile.parse(TABLE, "none.yaml").document().relations().get("Membership").edge()).isEmpty();
    }

    /** The load errors of the file with this {@code edge:} on its relation, as text. */
    private static List<String> errors(String edge) {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(TABLE + edge, "members.yaml"));
        return failure.errors().stream().map(SchemaError::toString).toList();
    }

    @Test
    void load_whenAnEdgeAttributeHasARoleOrADefault_reportsItAtTheAttributeNamingTheRelation() {
        List<String> errors = errors("""
                    edge:
                      changedAt: {type: instant, role: updatedAt}
                      role: {type: string, default: MEMBER}
                """);

        assertThat(errors).containsExactly(
                "members.yaml:81:7: relations.Membership.edge.changedAt: relation Membership: edge attribute 'changedAt' has role, "
                        + "which only entity attributes take (their writes maintain and check them); relate writes an edge value as "
                        + "given: keep type, of, values, required and description",
                "members.yaml:82:7: relations.Membership.edge.role: relation Membership: edge attribute 'role' has nullable, default "
                        + "or validation rules, which only entity attributes take (their writes maintain and check them); relate "
                        + "writes an edge value as given: keep type, of, values, required and description");
    }

    @Test
    void load_whenAnEdgeAttributeHasTheNameOfACopiedAttribute_reportsTheCoresRefusalAtTheRelation() {
        List<String> errors = errors("""
                    edge:
                      userName: {type: string}
                """);

        assertThat(errors).containsExactly(
                "members.yaml:62:3: relations.Membership: Relation Membership (User - Group): edge attribute 'userName' has the name "
                        + "of a copied attribute of the adjacency items, which hold one value per name; give it another name");
    }

    @Test
    void load_whenAnEdgeAttributeNamesAnUnknownRecordType_reportsItAtItsType() {
        List<String> errors = errors("""
                    edge:
                      grant: {type: Grant}
                """);

        assertThat(errors).containsExactly(
                "members.yaml:81:15: relations.Membership.edge.grant.type: unknown record type 'Grant'; the file declares no types: "
                        + "add it under types, or use one of the built-in types");
    }

    @Test
    void load_whenAnExampleEdgeLacksARequiredEdgeAttributeOrAKeySlotOrHasAValueOfAnotherType_reportsItNamingRelationExampleAndAttribute() {
        List<String> errors = errors("""
                    edge:
                      role: {type: enum, values: [MEMBER, ADMIN], required: true}
                    examples:
                      - {userId: '123', groupId: '1', role: ADMIN}
                      - {userId: '123', groupId: '2'}
                      - {userId: '123', role: MEMBER, rol: ADMIN}
                      - {userId: '456', groupId: '1', role: OWNER}
                """);

        assertThat(errors).containsExactly(
                "members.yaml:84:9: relations.Membership.examples[1]: relation Membership: example 2 has no value for edge attribute "
                        + "'role', which is required (relate refuses an edge without it)",
                "members.yaml:85:9: relations.Membership.examples[2]: relation Membership: example 3 has no value for key slot "
                        + "'groupId'; an example names its pair by the slots userId, groupId",
                "members.yaml:85:39: relations.Membership.examples[2].rol: relation Membership: example 3 names 'rol', neither a key "
                        + "slot nor an edge attribute (did you mean 'role'?); it takes userId, groupId, role",
                "members.yaml:86:39: relations.Membership.examples[3].role: relation Membership: example 4: edge attribute 'role' is "
                        + "enum: 'OWNER' is not one of [MEMBER, ADMIN]");
    }

    @Test
    void load_whenAnExampleEdgeValueIsANumberYamlReadFromTextForAString_reportsItOnceQuotingTheTextAsWritten() {
        List<String> errors = errors("""
                    edge:
                      code: {type: string}
                    examples:
                      - {userId: '123', groupId: '1', code: 0012}
                """);

        assertThat(errors).containsExactly("members.yaml:83:39: relations.Membership.examples[0].code: relation Membership: example 1: "
                + "edge attribute 'code' is string: 0012 is read as the number 10, not a string; quote it ('0012') to keep the text "
                + "as written");
    }

    @Test
    void load_whenAnExampleEdgeNamesAPairNoExampleOfAnEndHas_reportsItNamingRelationExampleSlotValueAndTheExamplesItCouldMean() {
        List<String> errors = errors("""
                    examples:
                      - {userId: '123', groupId: '1'}
                      - {userId: '12', groupId: '2'}
                      - {userId: '456', groupId: '3'}
                """);

        assertThat(errors).containsExactly(
                "members.yaml:82:9: relations.Membership.examples[1]: relation Membership: example 2 names User userId=12, which is "
                        + "no example of User (did you mean 'userId=123'?); its adjacency items take User's attributes from that "
                        + "example; User's examples are userId=123; userId=456",
                "members.yaml:83:9: relations.Membership.examples[2]: relation Membership: example 3 names Group groupId=3, which is "
                        + "no example of Group (did you mean 'groupId=1'?); its adjacency items take Group's attributes from that "
                        + "example; Group's examples are groupId=1; groupId=2");
    }

    @Test
    void load_whenAnExampleEdgeNamesAnEndsInstantOrDateTimeExampleInOtherText_comparesTheValuesAndAcceptsIt() {
        for (String[] typeAndTexts : new String[][] {{"instant", "2025-01-01T10:00:00.000Z", "2025-01-01T10:00:00.000Z"},
                {"instant", "2025-01-01T10:00:00Z", "2025-01-01T10:00:00.000Z"}, {"dateTime", "2025-01-01T10:00:00", "2025-01-01T10:00:00"}}) {
            String file = """
                    format: singletable/1
                    table: {name: Tbl, partitionKey: {name: PK, type: S}, sortKey: {name: SK, type: S}}
                    entities:
                      User:
                        attributes: {userId: {type: %s, required: true}, name: {type: string}}
                        keys: {pk: "USER#{userId}", sk: PROFILE}
                        examples: [{userId: '%s', name: Ann}]
                      Group:
                        attributes: {groupId: {type: string, required: true}}
                        keys: {pk: "GROUP#{groupId}", sk: DETAILS}
                        examples: [{groupId: g1}]
                    relations:
                      Membership:
                        first: User
                        second: Group
                        firstSide: {pk: "USER#{userId}", sk: "GROUP#{groupId}"}
                        secondSide: {pk: "GROUP#{groupId}", sk: "USER#{userId}"}
                        itemTypes: [USERGROUP, GROUPUSER]
                        copyFromFirst: [name]
                        examples: [{userId: '%s', groupId: g1}]
                    """.formatted(typeAndTexts[0], typeAndTexts[1], typeAndTexts[2]);

            assertThat(SchemaFile.parse(file, "p.singletable.yaml").document().relations()).as(String.join(" ", typeAndTexts))
                    .containsKey("Membership");
        }
    }

    @Test
    void load_whenAnExampleEdgeNamesAnEndWithoutExamplesThatTheRelationCopiesFrom_saysToGiveTheEndThatExample() {
        String withoutGroupExamples = TABLE.replaceFirst("(?s)(  Group:.*?)    examples:\n(      - .*\n)+(relations:)", "$1$3");
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(withoutGroupExamples + """
                    examples:
                      - {userId: '123', groupId: '1'}
                """, "members.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).singleElement().asString().endsWith("relation Membership: "
                + "example 1 names Group groupId=1, but Group has no examples, and its adjacency items copy groupName from the "
                + "example: give Group an example with groupId=1");
    }

    @Test
    void load_whenExampleEdgesGiveTheirValues_keepsThemAndWritesThemBack() {
        SchemaFile design = SchemaFile.parse(TABLE + """
                    edge:
                      role: {type: enum, values: [MEMBER, ADMIN], required: true}
                    examples:
                      - {userId: '123', groupId: '1', role: ADMIN}
                """, "members.yaml");

        assertThat(design.document().relations().get("Membership").examples())
                .containsExactly(Map.of("userId", "123", "groupId", "1", "role", "ADMIN"));
        assertThat(SchemaFile.parse(SchemaFileWriter.toYaml(design.document()), "again.yaml").document()).isEqualTo(design.document());
    }

    @Test
    void edgeValues_whenGivenPlainValues_convertsEachByItsDeclaredType() {
        EdgeValues edge = DESIGN.edgeValues("Membership", Map.of("role", "ADMIN", "joinedAt", "2025-01-01T00:00:00Z", "rank", 3));

        assertThat(edge.asMap()).containsExactlyInAnyOrderEntriesOf(Map.of("role", "ADMIN",
                "joinedAt", Instant.parse("2025-01-01T00:00:00Z"), "rank", 3));
    }

    @Test
    void edgeValues_whenAValueDoesNotFitItsType_refusesItNamingRelationAttributeAndValue() {
        assertThatThrownBy(() -> DESIGN.edgeValues("Membership", Map.of("role", "OWNER")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Relation Membership: edge attribute role is enum: 'OWNER' is not one of [MEMBER, ADMIN]");
        assertThatThrownBy(() -> DESIGN.edgeValues("Membership", Map.of("joinedAt", "yesterday")))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Relation Membership: edge attribute joinedAt is instant: ")
                .hasMessageContaining("yesterday");
    }

    @Test
    void edgeValues_whenANameIsNoEdgeAttributeOrTheRelationIsUnknown_refusesItNamingTheKnownOnes() {
        assertThatThrownBy(() -> DESIGN.edgeValues("Membership", Map.of("rol", "ADMIN")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Relation Membership has no edge attribute 'rol' (did you mean 'role'?); its edge attributes are role, "
                        + "joinedAt, rank");
        assertThatThrownBy(() -> DESIGN.edgeValues("Membershp", Map.of()))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("No relation 'Membershp' in the schema file; did you mean 'Membership'?; the file has Membership");
    }

    @Test
    @SuppressWarnings("unchecked")
    void relate_whenGivenTheFilesEdgeValues_writesThemOnBothItemsAndRelatedReadsThemTyped() {
        Table table = Table.of(db.table().schema(), db.client());
        Relation<DynamicItem, DynamicItem> membership = (Relation<DynamicItem, DynamicItem>) table.schema().relation("Membership")
                .orElseThrow();
        DynamicItem ada = DESIGN.item("User", Map.of("userId", "123", "userName", "Ada"));
        DynamicItem admins = DESIGN.item("Group", Map.of("groupId", "1"));
        table.put(ada);
        table.put(admins);

        table.relate(ada, admins, membership, DESIGN.edgeValues("Membership", Map.of("role", "ADMIN", "joinedAt",
                "2025-01-01T00:00:00Z")));

        List<Adjacency<DynamicItem, DynamicItem>> groups = table.related(ada, membership);
        List<Adjacency<DynamicItem, DynamicItem>> members = table.related(admins, membership.inverse());
        assertThat(groups).extracting(a -> a.item().toString()).containsExactly(
                "USERGROUP{userId=123, groupId=1, userName=Ada, role=ADMIN, joinedAt=2025-01-01T00:00:00Z}");
        assertThat(members).extracting(a -> a.item().toString()).containsExactly(
                "GROUPUSER{userId=123, groupId=1, userName=Ada, role=ADMIN, joinedAt=2025-01-01T00:00:00Z}");
        assertThat(members.get(0).edgeValues()).isEqualTo(DESIGN.edgeValues("Membership", Map.of("role", "ADMIN", "joinedAt",
                "2025-01-01T00:00:00Z")));
        assertThatThrownBy(() -> table.relate(ada, admins, membership))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Relation Membership: edge attribute 'role' is required");
    }
}
