package dev.singletable.design.internal.tables;

import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The sample adjacency items a design writes to a fresh engine (and {@code view --data} shows): with the edge values of its examples. */
class RelationSampleItemsTest {
    private static SchemaFile memberships(String more) throws IOException {
        return SchemaFile.parse(Files.readString(Path.of("../designs/memberships.singletable.yaml")) + more, "members.yaml");
    }

    @Test
    void sampleItems_whenTheRelationGivesExampleEdges_writesThosePairsWithTheirEdgeValues() throws IOException {
        SchemaFile design = memberships("""
                    edge:
                      role: {type: enum, values: [MEMBER, ADMIN], required: true}
                      joinedAt: {type: instant}
                    examples:
                      - {userId: '123', groupId: '1', role: ADMIN, joinedAt: '2025-01-01T00:00:00Z'}
                      - {userId: '456', groupId: '2', role: MEMBER}
                """);

        assertThat(RelationTables.sampleItems(design)).extracting(Object::toString).containsExactly(
                "USERGROUP{userId=123, groupId=1, userName=Ada, groupName=Admins, role=ADMIN, joinedAt=2025-01-01T00:00:00Z}",
                "GROUPUSER{userId=123, groupId=1, userName=Ada, groupName=Admins, role=ADMIN, joinedAt=2025-01-01T00:00:00Z}",
                "USERGROUP{userId=456, groupId=2, userName=Grace, groupName=Readers, role=MEMBER}",
                "GROUPUSER{userId=456, groupId=2, userName=Grace, groupName=Readers, role=MEMBER}");
    }

    @Test
    void sampleItems_whenTheRelationGivesNoExampleEdges_writesEveryPairOfTheEntitiesExamples() throws IOException {
        assertThat(RelationTables.sampleItems(memberships(""))).extracting(Object::toString).containsExactly(
                "USERGROUP{userId=123, groupId=1, userName=Ada, groupName=Admins}",
                "GROUPUSER{userId=123, groupId=1, userName=Ada, groupName=Admins}",
                "USERGROUP{userId=123, groupId=2, userName=Ada, groupName=Readers}",
                "GROUPUSER{userId=123, groupId=2, userName=Ada, groupName=Readers}",
                "USERGROUP{userId=456, groupId=1, userName=Grace, groupName=Admins}",
                "GROUPUSER{userId=456, groupId=1, userName=Grace, groupName=Admins}",
                "USERGROUP{userId=456, groupId=2, userName=Grace, groupName=Readers}",
                "GROUPUSER{userId=456, groupId=2, userName=Grace, groupName=Readers}");
    }

    @Test
    void sampleItems_whenAnEdgeAttributeHasTheNameOfAnAttributeOfAnEndThatIsNotCopied_takesTheExamplesEdgeValue() throws IOException {
        String file = Files.readString(Path.of("../designs/memberships.singletable.yaml")).replace("""
                    copyFromFirst:
                      - userName
                """, "") + """
                    edge:
                      userName: {type: string}
                    examples:
                      - {userId: '123', groupId: '1', userName: the user's name in this group}
                """;

        assertThat(RelationTables.sampleItems(SchemaFile.parse(file, "members.yaml"))).extracting(Object::toString).containsExactly(
                "USERGROUP{userId=123, groupId=1, groupName=Admins, userName=the user's name in this group}",
                "GROUPUSER{userId=123, groupId=1, groupName=Admins, userName=the user's name in this group}");
    }
}
