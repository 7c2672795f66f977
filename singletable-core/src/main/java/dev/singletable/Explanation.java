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
 * // {
 * //   "TableName": "AppTable",
 * //   "IndexName": "GSI1", ...
 * }</pre>
 */
public final class Explanation {
    private final String operation;
    private final DynamoDbRequest request;

    private Explanation(String operation, DynamoDbRequest request) {
        this.operation = Objects.requireNonNull(operation, "operation");
        this.request = Objects.requireNonNull(request, "request");
    }

    /** The explanation of a request of the named DynamoDB operation, such as {@code Query}. */
    public static Explanation of(String operation, DynamoDbRequest request) {
        NullArgumentException.check("Explanation.of", "operation", operation, "request", request);
        return new Explanation(operation, request);
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
        return operation + " " + json();
    }
}
