package dev.singletable.spring.boot.test.app;

import dev.singletable.annotations.Entity;

@Entity(pk = "LIST#{listId}", sk = "TASK#{taskId}")
public record Task(String listId, String taskId, String title) {
}
