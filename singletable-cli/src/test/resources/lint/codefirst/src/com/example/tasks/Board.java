package com.example.tasks;

import dev.singletable.annotations.AccessPatterns;
import dev.singletable.annotations.Example;
import dev.singletable.annotations.Filter;
import dev.singletable.annotations.Get;
import dev.singletable.annotations.Query;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The board's access patterns: two of them trip lint rules. */
@AccessPatterns(table = TasksTable.class)
public interface Board {
    /** One task. */
    @Get
    @Example({"P1", "0b7f4d1e-5c3a-4e2b-9a61-3f1d2c4b5a69"})
    Optional<Task> task(String projectId, UUID taskId);

    /** The ten newest tasks of a project: but a random UUID orders nothing (ST009). */
    @Query(descending = true, limit = 10)
    @Example("P1")
    List<Task> latestTasks(String projectId);

    /** A project's tasks in one status: the filter throws most of them away (ST002). */
    @Query
    @Example({"P1", "BLOCKED"})
    List<Task> tasksInStatus(String projectId, @Filter TaskStatus status);
}
