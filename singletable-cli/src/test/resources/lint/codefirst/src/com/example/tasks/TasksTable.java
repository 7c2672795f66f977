package com.example.tasks;

import dev.singletable.annotations.TableDesign;

/** The table of the tasks, with the board's sample tasks as its examples. */
@TableDesign(name = "Tasks", entities = Task.class, examples = "tasks/examples.jsonl")
public final class TasksTable {
    private TasksTable() {
    }
}
