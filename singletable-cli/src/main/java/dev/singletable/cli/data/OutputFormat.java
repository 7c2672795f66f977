package dev.singletable.cli.data;

/** How {@code run} prints items. */
enum OutputFormat {
    /** An aligned table as the demo prints, with the request and the capacity it took. */
    table,
    /** One JSON array of items on standard output; the rest on standard error. */
    json,
    /** One JSON object a line (JSON Lines, as {@code load} reads), on standard output; the rest on standard error. */
    jsonl
}
