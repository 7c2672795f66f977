package dev.singletable.schema;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Every mistake of a file at once, each with line, column, path and the core's words; golden lists of errors. */
class SchemaFileErrorsTest {
    private static final Path ERRORS = Path.of("src/test/resources/errors");

    private static String errorsOf(String file) throws IOException {
        String text = Files.readString(ERRORS.resolve(file));
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(text, file));
        return failure.errors().stream().map(e -> e.kind() + " " + e).collect(Collectors.joining("\n")) + "\n";
    }

    @Test
    void parse_whenFileHasManyMistakes_reportsEveryOneWithItsPlace() throws IOException {
        assertThat(errorsOf("many-mistakes.singletable.yaml")).isEqualTo(Files.readString(ERRORS.resolve("many-mistakes.expected.txt")));
    }

    @Test
    void parse_whenStructureIsWrong_reportsTheJsonSchemaFindings() throws IOException {
        assertThat(errorsOf("bad-structure.singletable.yaml")).isEqualTo(Files.readString(ERRORS.resolve("bad-structure.expected.txt")));
    }

    @Test
    void parse_whenFormatIsAnotherVersion_refusesTheFileAtTheFormatField() {
        assertThatThrownBy(() -> SchemaFile.parse("format: singletable/2\ntable: {}\n", "next.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("1 error in the schema file:\nnext.yaml:1:1: format: format 'singletable/2' is not one this version of "
                        + "singletable reads; start the file with 'format: singletable/1'");
    }

    @Test
    void parse_whenCollectionMembersPkTemplatesDifferOnlyBySlotNames_saysSoAndHowToFixIt() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table: {name: App, partitionKey: {name: PK, type: S}, sortKey: {name: SK, type: S}}
                entities:
                  User:
                    attributes:
                      username: {type: string, required: true}
                    keys: {pk: "USER#{username}", sk: PROFILE}
                  Order:
                    attributes:
                      userId: {type: string, required: true}
                      orderId: {type: string, required: true}
                    keys: {pk: "USER#{userId}", sk: "ORDER#{orderId}"}
                collections:
                  UserPage: {members: [User, Order]}
                """, "up.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "up.yaml:14:14: collections.UserPage.members: members User, Order share no partition key template on any index, so no one "
                        + "query reads them together; on the table their pk templates have the same text but different slot names (User's "
                        + "'USER#{username}', Order's 'USER#{userId}'), and a collection query fills one template from one set of slot values: "
                        + "name the slots alike in every member (such as {username} in each pk template, an attribute of that name declared "
                        + "in each entity)");
    }

    @Test
    void parse_whenAKeyAttributeOrProjectedNameIsOver255Bytes_refusesItWhereItIsDeclared() {
        String longName = "A".repeat(300);
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Notes
                  partitionKey: {name: %1$s, type: S}
                  indexes:
                    - {name: byDay, kind: global, partitionKey: {name: day, type: S}, projection: {type: INCLUDE, attributes: [%1$s]}}
                entities:
                  Note:
                    attributes:
                      noteId: {type: string, required: true}
                      day: {type: string}
                    keys: {pk: "NOTE#{noteId}"}
                    indexes:
                      byDay: {pk: "{day}"}
                """.formatted(longName), "notes.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "notes.yaml:4:3: table.partitionKey: Key attribute name '" + "A".repeat(40) + "…' is 300 bytes, over 255, DynamoDB's limit for "
                        + "key attribute names; give it a shorter name",
                "notes.yaml:6:7: table.indexes[0]: Projection.include(...) names '" + "A".repeat(40) + "…', 300 bytes, over 255, DynamoDB's "
                        + "limit for projected attribute names; give the attribute a shorter name");

    }

    @Test
    void parse_whenNamesDoNotMatchTheirPatterns_namesEachValueAndWhatItMayHold() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table:
                  name: T
                  partitionKey: {name: PK, type: S}
                  sortKey: {name: SK, type: S}
                  indexes:
                    - {name: g0, kind: global, partitionKey: {name: G, type: S}}
                types:
                  address: {attributes: {city: {type: string}}}
                entities:
                  "User ":
                    attributes:
                      id: {type: string, required: true}
                    keys: {pk: "USER#{id}", sk: ""}
                """, "names.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "names.yaml:3:3: table.name: 'T' is not a DynamoDB table name: 3 to 255 letters, digits, '_', '-' and '.'",
                "names.yaml:7:8: table.indexes[0].name: 'g0' is not a DynamoDB index name: 3 to 255 letters, digits, '_', '-' and '.'",
                "names.yaml:8:1: types: 'address' is not a record type name: a capital letter, then letters, digits or '_' (Address, LineItem)",
                "names.yaml:10:1: entities: 'User ' is not a name: a letter or '_', then letters, digits, '_', '-' and '.' (no spaces around it)",
                "names.yaml:14:29: entities.User .keys.sk: an empty template; a key template is text with {attribute} slots, such as "
                        + "ORDER#{orderId} (or a list of 1 to 4 of them for a multi-attribute key)");
    }

    @Test
    void parse_whenTheTableHasMoreLsisThanDynamoDbAllows_saysSoOnceAtTheIndexes() {
        StringBuilder indexes = new StringBuilder();
        for (int i = 1; i <= 6; i++) {
            indexes.append("    - {name: lsi").append(i).append(", kind: local, sortKey: {name: s").append(i).append(", type: S}}\n");
        }
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Notes
                  partitionKey: {name: PK, type: S}
                  sortKey: {name: SK, type: S}
                  indexes:
                %sentities:
                  A:
                    attributes:
                      id: {type: string, required: true}
                    keys: {pk: "A#{id}", sk: A}
                  B:
                    attributes:
                      id: {type: string, required: true}
                    keys: {pk: "B#{id}", sk: B}
                """.formatted(indexes), "notes.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "notes.yaml:6:3: table.indexes: Table Notes declares 6 LSIs; DynamoDB allows 5 per table: remove 1, or make some of them GSIs");
    }

    @Test
    void parse_whenYamlIsMalformed_reportsTheSyntaxErrorWhereItIs() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class,
                () -> SchemaFile.parse("format: singletable/1\ntable: [unclosed\n", "broken.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::kind, SchemaError::line).containsExactly(
                org.assertj.core.groups.Tuple.tuple(SchemaError.Kind.SYNTAX, 2));
        assertThat(failure.errors().get(0).message()).endsWith("; fix the YAML syntax there");
    }

    @Test
    void parse_whenAListIsWrittenAsAMapAndAMapAsAList_saysHowEachIsWritten() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Notes
                  partitionKey: {name: PK, type: S}
                  sortKey: {name: SK, type: S}
                entities:
                  Note:
                    attributes:
                      - noteId: {type: string, required: true}
                    keys: {pk: "NOTE#{noteId}", sk: NOTE}
                accessPatterns:
                  note-by-id:
                    entity: Note
                """, "notes.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "notes.yaml:8:5: entities.Note.attributes: array found, object expected: write a map, one 'key: value' a line, "
                        + "without '- '",
                "notes.yaml:11:1: accessPatterns: object found, array expected: write a list, one entry a line starting with '- ' "
                        + "(each named entry as '- name: ...')");
    }

    @Test
    void parse_whenABooleanIsTextAndAnEnumListsAValueTwice_saysWhatToWrite() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Things
                  partitionKey: {name: PK}
                entities:
                  Thing:
                    attributes:
                      id: {type: string, required: maybe}
                      status: {type: enum, values: [OPEN, CLOSED, OPEN]}
                    keys: {pk: "THING#{id}"}
                """, "things.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "things.yaml:8:26: entities.Thing.attributes.id.required: string found, boolean expected: write true or false",
                "things.yaml:9:28: entities.Thing.attributes.status.values: lists \"OPEN\" more than once: give each value once");
    }

    private static final String NOTES = """
            format: singletable/1
            table:
              name: Notes
              partitionKey: {name: PK, type: S}
              sortKey: {name: SK, type: S}
            %s
            entities:
              Note:
                attributes:
                  noteId: {type: string, required: true}
                  author: {type: string}
                keys: {pk: "NOTE#{noteId}", sk: NOTE}
                indexes:
                  GSI9: {pk: "AUTHOR#{author}", sk: "NOTE#{noteId}"}
            accessPatterns:
              - name: notes-by-author
                entity: Note
                index: GSI8
                partition: {author: A1}
            """;

    @Test
    void parse_whenAnEntityAndAPatternNameIndexesOfATableWithoutAny_sayItHasNoSecondaryIndexes() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(NOTES.formatted(""), "notes.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "notes.yaml:14:7: entities.Note.indexes.GSI9: index 'GSI9' is not an index of table Notes; it has no secondary indexes",
                "notes.yaml:18:5: accessPatterns[0].index: index 'GSI8' is not an index of table Notes; it has no secondary indexes");
    }

    @Test
    void parse_whenAnEntityAndAPatternNameIndexesTheTableLacks_listTheTablesIndexes() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(NOTES.formatted("""
                  indexes:
                    - {name: GSI1, kind: global, partitionKey: {name: GSI1PK, type: S}, sortKey: {name: GSI1SK, type: S}}
                    - {name: GSI2, kind: global, partitionKey: {name: GSI2PK, type: S}}
                """.stripTrailing()), "notes.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "notes.yaml:16:7: entities.Note.indexes.GSI9: index 'GSI9' is not an index of table Notes (did you mean 'GSI1'?); "
                        + "its indexes are [GSI1, GSI2]",
                "notes.yaml:20:5: accessPatterns[0].index: index 'GSI8' is not an index of table Notes (did you mean 'GSI1'?); "
                        + "its indexes are [GSI1, GSI2]");
    }

    @Test
    void parse_whenTemplateOnANumberKeyHasLiteralText_reportsItTyped() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Scores
                  partitionKey: {name: PK, type: S}
                  sortKey: {name: SK, type: N}
                entities:
                  Score:
                    attributes:
                      player: {type: string, required: true}
                      points: {type: long, required: true}
                    keys: {pk: "PLAYER#{player}", sk: "POINTS#{points}"}
                """, "scores.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "scores.yaml:11:35: entities.Score.keys.sk: template 'POINTS#{points}' is for key attribute 'SK' of type N, which holds a "
                        + "number, not text: give exactly one slot without a format, such as '{attribute}', or make the key attribute type S");
        assertThat(failure.errors()).extracting(SchemaError::kind).containsExactly(SchemaError.Kind.TEMPLATE_ON_NON_STRING_KEY);
    }

    @Test
    void parse_whenARelationNamesAnUnknownEntityOrLacksASlot_reportsEachAtItsPlace() {
        String users = """
                format: singletable/1
                table:
                  name: Members
                  partitionKey: {name: PK, type: S}
                  sortKey: {name: SK, type: S}
                entities:
                  User:
                    attributes:
                      userId: {type: string, required: true}
                    keys: {pk: "USER#{userId}", sk: PROFILE}
                  Group:
                    attributes:
                      groupId: {type: string, required: true}
                    keys: {pk: "GROUP#{groupId}", sk: DETAILS}
                relations:
                """;
        SchemaFileException unknown = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(users + """
                  Membership:
                    first: User
                    second: Grup
                    firstSide: {pk: "USER#{userId}", sk: "GROUP#{groupId}"}
                    secondSide: {pk: "GROUP#{groupId}", sk: "USER#{userId}"}
                """, "members.yaml"));
        SchemaFileException noSlot = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(users + """
                  Membership:
                    first: User
                    second: Group
                    firstSide: {pk: "USER#{userId}", sk: GROUP}
                    secondSide: {pk: "GROUP#{groupId}", sk: "USER#{userId}"}
                """, "members.yaml"));

        assertThat(unknown.errors()).extracting(SchemaError::toString).containsExactly(
                "members.yaml:18:5: relations.Membership.second: relation Membership names entity 'Grup', which is not declared "
                        + "(did you mean 'Group'?); the entities are User, Group");
        assertThat(noSlot.errors()).extracting(SchemaError::toString).containsExactly(
                "members.yaml:16:3: relations.Membership: Relation Membership (User - Group): item type UserGroup's templates "
                        + "'USER#{userId}' / 'GROUP' have no slot for Group's key attribute 'groupId', so the item could not name the "
                        + "Group it relates; add {groupId} to its sort template, such as 'GROUP#{groupId}'");
    }

    @Test
    void parse_whenARoleAttributeCannotTakeItsRole_reportsItAtTheAttribute() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Notes
                  partitionKey: {name: PK, type: S}
                  sortKey: {name: SK, type: S}
                entities:
                  Note:
                    attributes:
                      noteId: {type: string, required: true}
                      revision: {type: long, role: version}
                    keys: {pk: "NOTE#{noteId}", sk: "REVISION#{revision}"}
                  Draft:
                    attributes:
                      draftId: {type: string, required: true}
                      written: {type: string, role: createdAt}
                    keys: {pk: "DRAFT#{draftId}", sk: DRAFT}
                """, "notes.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "notes.yaml:10:7: entities.Note.attributes.revision: Note: version attribute 'revision' fills a key template slot; a version "
                        + "changes on every write, so it cannot be part of a key",
                "notes.yaml:15:7: entities.Draft.attributes.written: Draft: createdAt attribute 'written' is a String; it must be an Instant "
                        + "attribute (AttributeTypes.INSTANT or EPOCH_SECONDS)");
        assertThat(failure.errors()).extracting(SchemaError::kind).containsExactly(SchemaError.Kind.SCHEMA_DEFINITION,
                SchemaError.Kind.SCHEMA_DEFINITION);
    }

    @Test
    void parse_whenTheTtlAttributeHasAnotherKindOrTheRoleIsElsewhere_reportsEachInTheFilesTermsAtItsPlace() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Sessions
                  partitionKey: {name: PK, type: S}
                  timeToLiveAttribute: expires
                entities:
                  Session:
                    attributes:
                      sessionId: {type: string, required: true}
                      expires: {type: instant}
                    keys: {pk: "SESSION#{sessionId}"}
                  Token:
                    attributes:
                      tokenId: {type: string, required: true}
                      until: {type: epochSeconds, role: timeToLive}
                    keys: {pk: "TOKEN#{tokenId}"}
                """, "sessions.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "sessions.yaml:10:17: entities.Session.attributes.expires.type: Session.expires: type instant cannot be the table's TTL "
                        + "attribute, which DynamoDB reads as a Number of epoch seconds; use type: epochSeconds, long or integer",
                "sessions.yaml:15:35: entities.Token.attributes.until.role: Token.until: role timeToLive is for the TTL attribute of table "
                        + "Sessions, which is 'expires', but this one is stored as 'until': DynamoDB would never expire its items; "
                        + "name this attribute 'expires'");
        assertThat(failure.errors()).extracting(SchemaError::kind).containsExactly(SchemaError.Kind.INVALID_VALUE,
                SchemaError.Kind.SCHEMA_DEFINITION);
    }
    @Test
    void parse_whenAnEpochSecondsAttributeFillsATextKeySlot_saysSoInTheFilesTermsAtEachTemplate() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Sessions
                  partitionKey: {name: PK, type: S}
                  sortKey: {name: SK, type: S}
                  timeToLiveAttribute: expires
                  indexes:
                    - {name: byExpiry, kind: global, partitionKey: {name: GPK, type: S}, sortKey: {name: GSK, type: S}}
                entities:
                  Session:
                    attributes:
                      sessionId: {type: string, required: true}
                      expires: {type: epochSeconds, role: timeToLive}
                    keys: {pk: "SESSION#{sessionId}", sk: "{expires}"}
                    indexes:
                      byExpiry: {pk: SESSIONS, sk: "EXPIRES#{expires}"}
                """, "sessions.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "sessions.yaml:14:39: entities.Session.keys.sk: Session.expires: type epochSeconds cannot fill slot {expires} of template "
                        + "'{expires}' on key attribute SK, which holds text (type S); give the attribute a type whose values fill key "
                        + "text (string, integer, long, decimal, boolean, instant, date, uuid, dateTime or enum; type instant holds the "
                        + "same values as text), or make SK type N to hold the value itself",
                "sessions.yaml:16:32: entities.Session.indexes.byExpiry.sk: Session.expires: type epochSeconds cannot fill slot {expires} "
                        + "of template 'EXPIRES#{expires}' on key attribute GSK, which holds text (type S); give the attribute a type whose "
                        + "values fill key text (string, integer, long, decimal, boolean, instant, date, uuid, dateTime or enum; type "
                        + "instant holds the same values as text)");
        assertThat(failure.errors()).extracting(SchemaError::kind).containsExactly(SchemaError.Kind.KEY_TEMPLATE, SchemaError.Kind.KEY_TEMPLATE);
    }
    @Test
    void parse_whenACollectionMemberIsNeitherAnEntityNorARelationsItemType_listsBothKinds() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(MEMBERSHIPS
                + "collections:\n  GroupAndMembers: {members: [Group, GroupUsr]}\n", "members.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "members.yaml:17:38: collections.GroupAndMembers.members[1]: unknown entity or relation item type 'GroupUsr' (did you "
                        + "mean 'GroupUser'?); the entities are User, Group, the relations' adjacency item types UserGroup, GroupUser");
        assertThat(failure.errors()).extracting(SchemaError::kind).containsExactly(SchemaError.Kind.UNKNOWN_NAME);
    }

    @Test
    void parse_whenACollectionListsOnlyARelationsItemTypes_namesTheEntityToListWithThem() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(MEMBERSHIPS
                + "collections:\n  Members: {members: [GroupUser]}\n", "members.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "members.yaml:17:13: collections.Members.members: members GroupUser are all adjacency item types of relations, and a "
                        + "collection's query is keyed by an entity's key attributes: list the entity whose partition they lie in too "
                        + "(Group for GroupUser), or read them with the relation (run Membership.related(Group))");
    }

    @Test
    void parse_whenACollectionOfAnEntityAndItsAdjacencyItemsIsQueriedOnAnIndex_saysTheItemsAreOnTheTableOnly() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(MEMBERSHIPS
                .replace("partitionKey: {name: PK, type: S}", "partitionKey: {name: PK, type: S}, indexes: [{name: GSI1, kind: global, partitionKey: {name: G, type: S}, sortKey: {name: GS, type: S}}]")
                + "collections:\n  GroupAndMembers: {members: [Group, GroupUser]}\naccessPatterns:\n  - name: members\n    operation: query\n"
                + "    collection: GroupAndMembers\n    index: GSI1\n    partition: {groupId: '1'}\n", "members.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "members.yaml:22:5: accessPatterns[0].index: collection GroupAndMembers holds adjacency items (GroupUser), which a "
                        + "relation keys on the table only, not on index GSI1; remove index to query the table");
    }

    private static final String MEMBERSHIPS = """
            format: singletable/1
            table: {name: Memberships, partitionKey: {name: PK, type: S}, sortKey: {name: SK, type: S}}
            entities:
              User:
                attributes: {userId: {type: string, required: true}}
                keys: {pk: "USER#{userId}", sk: PROFILE}
              Group:
                attributes: {groupId: {type: string, required: true}}
                keys: {pk: "GROUP#{groupId}", sk: DETAILS}
            relations:
              Membership:
                first: User
                second: Group
                firstSide: {pk: "USER#{userId}", sk: "GROUP#{groupId}"}
                secondSide: {pk: "GROUP#{groupId}", sk: "USER#{userId}"}
            """;

    @Test
    void parse_whenAFilterUsesAnOperatorItDoesNotHave_listsTheFiltersOperatorsWithoutTheIndexOnlyJava() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table: {name: Orders, partitionKey: {name: PK, type: S}, sortKey: {name: SK, type: S}}
                entities:
                  Order:
                    attributes:
                      orderId: {type: string, required: true}
                      total: {type: decimal}
                    keys: {pk: "ORDER#{orderId}", sk: ORDER}
                accessPatterns:
                  - name: big-order
                    entity: Order
                    partition: {orderId: O1}
                    filter: {all: [{present: total}, {smallerThan: {total: 100}}]}
                """, "orders.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "orders.yaml:13:39: accessPatterns[0].filter.all[1].smallerThan: unknown field 'smallerThan'; the fields here are "
                        + "present, absent, equals, notEquals, beginsWith, lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual, "
                        + "between, in, contains, size, attributeType, not, all, any");
    }
}
