package dev.singletable.internal.reads;

/** Query or scan: the two reads a {@link ReadDefinition} describes, with the words of their messages. */
enum ReadKind {
    QUERY("Query", "sort key condition"),
    SCAN("Scan", "filter");

    private final String operation;
    private final String narrowing;

    ReadKind(String operation, String narrowing) {
        this.operation = operation;
        this.narrowing = narrowing;
    }

    /** The DynamoDB operation name. */
    String operation() {
        return operation;
    }

    /** What a user narrows to keep other entity types out of a collection's read. */
    String narrowing() {
        return narrowing;
    }

    String what(String description) {
        return operation + " of " + description;
    }
}
