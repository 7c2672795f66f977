package dev.singletable.examples.lambda;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The function's first invocation in a fresh JVM, as a new Lambda execution environment runs it: the handler made from
 * the environment (Lambda's no-argument constructor), called once with the customer given, its response printed. To
 * try the function locally against the embedded engine, and singletable-bench's cold start of the function with its
 * AOT cache ({@code cold-start-vs-node.sh}, contender {@code lambda+recipe}).
 *
 * <pre>
 * TABLE_NAME=Customers AWS_REGION=us-east-1 AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local \
 * DYNAMODB_ENDPOINT=http://127.0.0.1:8000 java -cp target/singletable-lambda-example-function.jar \
 *     dev.singletable.examples.lambda.FirstInvocation C1 Ada
 * {table=Customers, found=true, customerId=C1, name=Ada}
 * </pre>
 */
public final class FirstInvocation {
    private FirstInvocation() {
    }

    /** {@code FirstInvocation CUSTOMER_ID NAME}, the handler configured by the process's environment. */
    public static void main(String[] args) {
        System.out.println(invoke(System.getenv(), args));
    }

    /** The handler made from {@code environment} and called once with the event of {@code args}; its response. */
    static Map<String, String> invoke(Map<String, String> environment, String[] args) {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: FirstInvocation CUSTOMER_ID NAME, e.g. FirstInvocation C1 Ada, with "
                    + "TABLE_NAME, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and DYNAMODB_ENDPOINT in the "
                    + "environment; got " + List.of(args));
        }
        Map<String, String> event = new LinkedHashMap<>();
        event.put("customerId", args[0]);
        event.put("name", args[1]);
        return new CustomerHandler(environment).handleRequest(event, null);
    }
}
