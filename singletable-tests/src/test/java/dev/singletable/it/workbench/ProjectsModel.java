package dev.singletable.it.workbench;

import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.TableSchema;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

/**
 * An adjacency list with the classic inverted index (GSI partition key = the table's sort key, sort
 * key = the table's partition key): projects and their members, read from either side.
 */
final class ProjectsModel {
    private ProjectsModel() {
    }

    /** A project's own item: PK = SK, so it sits first in its partition and in the inverted index. */
    @Entity(pk = "PROJECT#{projectId}", sk = "PROJECT#{projectId}")
    @Index(name = "Inverted", pk = "PROJECT#{projectId}", sk = "PROJECT#{projectId}")
    record Project(String projectId, String title) {
    }

    /** An edge: the project's member, and in the inverted index the user's project. */
    @Entity(pk = "PROJECT#{projectId}", sk = "USER#{userId}")
    @Index(name = "Inverted", pk = "USER#{userId}", sk = "PROJECT#{projectId}")
    record Member(String projectId, String userId, String role) {
    }

    static final TableSchema PROJECTS = TableSchema.builder("Projects")
            .index(IndexSchema.global("Inverted").partitionKey(KeyAttribute.string("SK")).sortKey(KeyAttribute.string("PK")).build())
            .entities(ProjectsModel_ProjectSchema.INSTANCE, ProjectsModel_MemberSchema.INSTANCE)
            .build();
}
