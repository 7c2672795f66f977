package com.example.tasks;

/** Where a task is on the board. */
public enum TaskStatus { OPEN, STARTED, BLOCKED, DONE }
