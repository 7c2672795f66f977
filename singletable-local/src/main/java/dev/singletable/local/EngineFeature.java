package dev.singletable.local;

import dev.singletable.Stable;

/**
 * What some DynamoDB-compatible engines lack. Amazon DynamoDB has all of them; Dynoxide 1.2.1 all but
 * {@link #PARTIQL_SEVERAL_SET_CLAUSES}, {@link #PARTIQL_COMMENTS} and {@link #MULTI_ATTRIBUTE_KEYS}; dynalite none.
 * {@link LocalDynamoDb#supports(EngineFeature)} probes an engine, and
 * tests declare what they need with {@link RequiresEngineFeature}.
 */
@Stable
public enum EngineFeature {
    /** {@code TransactWriteItems} and {@code TransactGetItems}: {@code table.transaction()}, {@code move}, {@code transactGet}. */
    TRANSACTIONS("transactions (TransactWriteItems, TransactGetItems)"),
    /** {@code ExecuteStatement}: {@code table.partiql(...)}. */
    PARTIQL("PartiQL (ExecuteStatement)"),
    /** {@code UpdateTimeToLive}: a table whose TTL is enabled and reported by {@code DescribeTimeToLive}. */
    TIME_TO_LIVE("time to live (UpdateTimeToLive)"),
    /**
     * {@code ReturnValuesOnConditionCheckFailure=ALL_OLD}: the stored item comes back with a
     * failed condition, so {@code ConditionFailedException.currentItem()} has it.
     */
    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE("the stored item on a failed condition (ReturnValuesOnConditionCheckFailure)"),
    /**
     * A PartiQL {@code UPDATE} with several {@code SET} clauses, {@code UPDATE "T" SET "a" = ? SET "b" = ? WHERE ...}, the
     * form the DynamoDB developer guide documents ("PartiQL update statements": {@code [SET | REMOVE] path [= data] [...]})
     * and every update {@code table.partiqlUpdate} builds for a versioned or timestamped entity. Dynoxide 1.2.1 refuses
     * it ("UPDATE requires a WHERE clause").
     */
    PARTIQL_SEVERAL_SET_CLAUSES("a PartiQL UPDATE with several SET clauses"),
    /**
     * Comments in a PartiQL statement, {@code -- to the end of the line} and {@code /* block *}{@code /}, which Amazon
     * DynamoDB's grammar skips anywhere. Dynoxide 1.2.1 refuses a block comment ("Unexpected character: '/'").
     */
    PARTIQL_COMMENTS("comments in a PartiQL statement (-- and /* */)"),
    /**
     * A GSI whose partition (or sort) key is several attributes (Amazon DynamoDB, November 2025), created, written and
     * queried with an equality on each partition attribute. DynamoDB Local 2.6.1 and Dynoxide 1.2.1 refuse the table
     * (Dynoxide: "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type").
     */
    MULTI_ATTRIBUTE_KEYS("GSI keys of several attributes (multi-attribute keys)"),
    /**
     * DynamoDB Streams: a table created with a {@code StreamSpecification} whose stream {@code ListStreams} (the Streams
     * API, {@code DynamoDBStreams_20120810}) lists, for {@code dev.singletable.changes} and {@code singletable watch}.
     * dynalite accepts the specification but has no Streams API.
     */
    STREAMS("DynamoDB Streams (ListStreams, GetRecords)");

    private final String description;

    EngineFeature(String description) {
        this.description = description;
    }

    /** What it is, in words, such as {@code "transactions (TransactWriteItems, TransactGetItems)"}. */
    public String description() {
        return description;
    }
}
