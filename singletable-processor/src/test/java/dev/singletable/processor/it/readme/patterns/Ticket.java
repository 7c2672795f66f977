package dev.singletable.processor.it.readme.patterns;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

import java.time.Instant;

/** The README's access-pattern example, verbatim: its entity. */
@Entity(pk = "PROJECT#{projectId}", sk = "TICKET#{ticketId}")
@Index(name = "GSI1", pk = "ASSIGNEE#{assignee}", sk = "{openedAt}")
public record Ticket(String projectId, String ticketId, String assignee, String title, String status, Instant openedAt) {
}
