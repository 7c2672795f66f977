package com.example.tasks;

import dev.singletable.annotations.Entity;

import java.util.UUID;

/** A task of a project, keyed by a random UUID: fine for a get, but its sort key orders nothing. */
@Entity(pk = "PROJECT#{projectId}", sk = "TASK#{taskId}")
public record Task(String projectId, UUID taskId, String title, TaskStatus status) {
}
