package dev.singletable.it.workbench;

import dev.singletable.KeyValues;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;


import dev.singletable.it.workbench.ProjectsModel.Member;
import dev.singletable.it.workbench.ProjectsModel.Project;

import static org.assertj.core.api.Assertions.assertThat;

/** An adjacency list read from both sides through the inverted index. */
class AdjacencyListShapesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(ProjectsModel.PROJECTS);

    @BeforeAll
    static void load() {
        db.table().put(new Project("apollo", "Moon"));
        db.table().put(new Project("gemini", "Orbit"));
        db.table().put(new Member("apollo", "ada", "lead"));
        db.table().put(new Member("apollo", "bo", "dev"));
        db.table().put(new Member("gemini", "ada", "dev"));
    }

    @Test
    void membersOfAProject_fromTheTable() {
        assertThat(db.table().query(ProjectsModel_MemberSchema.INSTANCE).partition(ProjectsModel_MemberSchema.PROJECT_ID, "apollo")
                .sortBeginsWith(KeyValues.none()).list())
                .containsExactly(new Member("apollo", "ada", "lead"), new Member("apollo", "bo", "dev"));
    }

    @Test
    void projectsOfAUser_fromTheInvertedIndex() {
        assertThat(db.table().query(ProjectsModel_MemberSchema.INSTANCE).index("Inverted").partition(ProjectsModel_MemberSchema.USER_ID, "ada").list())
                .containsExactly(new Member("apollo", "ada", "lead"), new Member("gemini", "ada", "dev"));
    }

    @Test
    void aProjectItself_fromTheInvertedIndexByItsOwnKey() {
        assertThat(db.table().query(ProjectsModel_ProjectSchema.INSTANCE).index("Inverted")
                .partition(ProjectsModel_ProjectSchema.PROJECT_ID, "gemini").list()).containsExactly(new Project("gemini", "Orbit"));
    }
}
