package dev.singletable.spring.boot.test.app;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** An application with one generated design and no other configuration: what @SingleTableTest must wire alone. */
@SpringBootApplication
public class TasksApplication {
}
