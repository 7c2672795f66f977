package dev.singletable.processor.it.readme.patterns;

import dev.singletable.Page;
import dev.singletable.annotations.AccessPatterns;
import dev.singletable.annotations.AtOrAfter;
import dev.singletable.annotations.Create;
import dev.singletable.annotations.Cursor;
import dev.singletable.annotations.Delete;
import dev.singletable.annotations.Get;
import dev.singletable.annotations.Query;
import dev.singletable.annotations.Update;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The README's access-pattern example, verbatim: its patterns, implemented by the generated TicketsPatterns. */
@AccessPatterns(table = Tracker.class)
public interface Tickets {
    @Get
    Optional<Ticket> ticket(String projectId, String ticketId);                     // GetItem

    @Query
    List<Ticket> ticketsOf(String projectId);                                       // Query, oldest ticket id first

    @Query(index = Tracker.GSI1, descending = true)
    List<Ticket> assignedSince(String assignee, @AtOrAfter("openedAt") Instant since);  // GSI1, newest first

    @Query(limit = 2)
    Page<Ticket> page(String projectId, @Cursor String cursor);                     // null cursor: the first page

    @Query(entity = Ticket.class)
    long count(String projectId);                                                   // Select=COUNT

    @Create
    void open(Ticket ticket);                                                       // PutItem, refused if the key is taken

    @Update(set = "status")
    Ticket setStatus(String projectId, String ticketId, String status);             // UpdateItem, returns the item

    @Delete(entity = Ticket.class)
    void remove(String projectId, String ticketId);                                 // DeleteItem
}
