package dev.singletable.processor.it.readme.patterns;

import dev.singletable.annotations.TableDesign;

/** The README's access-pattern example, verbatim: its table. */
@TableDesign(name = "Tracker",
        indexes = @TableDesign.GlobalIndex(name = Tracker.GSI1, partitionKey = "GSI1PK", sortKey = "GSI1SK"),
        entities = Ticket.class)
public final class Tracker {
    public static final String GSI1 = "GSI1";

    private Tracker() {
    }
}
