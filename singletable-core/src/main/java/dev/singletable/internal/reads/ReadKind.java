package dev.singletable.internal.reads;

import dev.singletable.internal.table.DynamoOperation;

/** Query or scan: the two reads a {@link ReadDefinition} describes, with the words of their messages. */
enum ReadKind {
    QUERY(DynamoOperation.QUERY.name(), "sort key condition"),
    SCAN(DynamoOperation.SCAN.name(), "filter");

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
