package dev.singletable.spring.boot.test.app;

import dev.singletable.annotations.TableDesign;

@TableDesign(name = "Tasks", entities = Task.class)
public final class TasksTable {
    private TasksTable() {
    }
}
