package dev.singletable.processor.it.readme.patterns;

import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.Page;
import dev.singletable.extension.RequestEvent;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The README's "Access patterns, declared once" example against the embedded engine: every line of its usage, in order. */
class ReadmePatternsExampleTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(TrackerDesign.SCHEMA);

    private static final Ticket T1 = new Ticket("P1", "T1", "ada", "Login fails", "OPEN", Instant.parse("2025-05-01T09:00:00Z"));
    private static final Ticket T2 = new Ticket("P1", "T2", "ada", "Search is slow", "OPEN", Instant.parse("2025-05-02T09:00:00Z"));
    private static final Ticket T3 = new Ticket("P1", "T3", "bob", "Typo on the home page", "OPEN", Instant.parse("2025-05-03T09:00:00Z"));

    @Test
    void readmeExample_whenRun_readsAndWritesThroughTheGeneratedImplementation() {
        List<RequestEvent> requests = new CopyOnWriteArrayList<>();
        Table table = Table.builder(db.table().schema(), db.client()).listener(requests::add).build();

        Tickets tickets = TicketsPatterns.of(table);                   // generated: TicketsPatterns implements Tickets
        tickets.open(new Ticket("P1", "T1", "ada", "Login fails", "OPEN", Instant.parse("2025-05-01T09:00:00Z")));
        tickets.open(new Ticket("P1", "T2", "ada", "Search is slow", "OPEN", Instant.parse("2025-05-02T09:00:00Z")));
        tickets.open(new Ticket("P1", "T3", "bob", "Typo on the home page", "OPEN", Instant.parse("2025-05-03T09:00:00Z")));

        Optional<Ticket> login = tickets.ticket("P1", "T1");
        assertThat(login).contains(T1);
        List<Ticket> adas = tickets.assignedSince("ada", Instant.parse("2025-05-01T00:00:00Z"));
        assertThat(adas).containsExactly(T2, T1);
        Page<Ticket> first = tickets.page("P1", null);
        assertThat(first.items()).containsExactly(T1, T2);
        Page<Ticket> next = tickets.page("P1", first.cursor().orElseThrow());
        assertThat(next.items()).containsExactly(T3);
        assertThat(next.hasMore()).isFalse();
        long count = tickets.count("P1");
        assertThat(count).isEqualTo(3);
        Ticket closed = tickets.setStatus("P1", "T1", "CLOSED");
        assertThat(closed).isEqualTo(new Ticket("P1", "T1", "ada", "Login fails", "CLOSED", Instant.parse("2025-05-01T09:00:00Z")));
        tickets.remove("P1", "T3");
        List<Ticket> left = tickets.ticketsOf("P1");
        assertThat(left).containsExactly(closed, T2);

        assertThat(requests).extracting(RequestEvent::operation).containsExactly("PutItem", "PutItem", "PutItem", "GetItem", "Query",
                "Query", "Query", "Query", "UpdateItem", "DeleteItem", "Query");
        assertThatThrownBy(() -> tickets.open(T2)).isInstanceOf(ItemAlreadyExistsException.class);
    }
}
