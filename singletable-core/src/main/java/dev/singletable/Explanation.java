package dev.singletable;


import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

import java.util.Objects;

/**
 * The exact request an operation would send, without sending it: as the SDK request object and as
 * JSON with DynamoDB's wire member names ({@code TableName}, {@code KeyConditionExpression},
 * {@code ExpressionAttributeValues} with {@code {"S": ...}} values), as in the AWS CLI and the API
 * reference. For operations that send several requests (paging), the first one.
 *
 * <pre>{@code
 * Explanation explain = table.query(ORDER).index("GSI1").partition(STATUS, OrderStatus.PENDING).explain();
 * System.out.println(explain.json());
 * // prints the request as JSON: "TableName": "AppTable", "IndexName": "GSI1", ...
 * }</pre>
 */
@Stable
public final class Explanation {
    private final String operation;
    private final DynamoDbRequest request;
    private final java.util.List<String> notes;

    private Explanation(String operation, DynamoDbRequest request, java.util.List<String> notes) {
        this.operation = Objects.requireNonNull(operation, "operation");
        this.request = Objects.requireNonNull(request, "request");
        this.notes = java.util.List.copyOf(notes);
    }

    /** The explanation of a request of the named DynamoDB operation, such as {@code Query}. */
    public static Explanation of(String operation, DynamoDbRequest request) {
        NullArgumentException.check("Explanation.of", "operation", operation, "request", request);
        return new Explanation(operation, request, java.util.List.of());
    }

    /**
     * The explanation of a request, its operation named after the SDK's request type ({@code QueryRequest}: {@code Query}):
     * for the default methods of the public interfaces (this package's and {@code dev.singletable.partiql}'s), which
     * write no operation name of their own (the core names each operation in one place, its operation registry).
     *
     * <pre>{@code
     * Explanation.ofRequest(statement.toRequest()).operation();   // "ExecuteStatement"
     * }</pre>
     */
    @Experimental
    public static Explanation ofRequest(DynamoDbRequest request) {
        NullArgumentException.check("Explanation.ofRequest", "request", request);
        String type = request.getClass().getSimpleName();
        return of(type.substring(0, type.length() - "Request".length()), request);
    }

    /**
     * The explanation of a request, with notes on why it looks as it does ({@link #notes()}).
     *
     * <pre>{@code
     * Explanation.of("Query", request, List.of("entity-type filter kept: Invoice keys also start with ORDER#"));
     * }</pre>
     */
    public static Explanation of(String operation, DynamoDbRequest request, java.util.List<String> notes) {
        NullArgumentException.check("Explanation.of", "operation", operation, "request", request, "notes", notes);
        for (String note : notes) {
            NullArgumentException.require(note, "Explanation.of", "notes", "give a list without null notes");
        }
        return new Explanation(operation, request, notes);
    }

    /**
     * Why the request looks as it does, where the request alone does not say: for a query of one entity,
     * that the entity-type filter stays because other entity types' items can match its key condition
     * (naming them). Empty for most requests.
     *
     * <pre>{@code
     * table.query(ORDER).partition(CUSTOMER_ID, "C1").explain().notes().forEach(System.out::println);
     * }</pre>
     */
    public java.util.List<String> notes() {
        return notes;
    }

    /** The DynamoDB operation, such as {@code Query}, {@code Scan} or {@code ExecuteStatement}. */
    public String operation() {
        return operation;
    }

    /** The SDK request. */
    public DynamoDbRequest request() {
        return request;
    }

    /** The request as indented JSON ({@link RequestJson}), members in the SDK's declaration order. */
    public String json() {
        return RequestJson.render(request);
    }

    /** The operation and the request as JSON. */
    @Override
    public String toString() {
        return operation + " " + json() + (notes.isEmpty() ? "" : "\n" + String.join("\n", notes));
    }
}
