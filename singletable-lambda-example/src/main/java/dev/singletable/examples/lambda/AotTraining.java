package dev.singletable.examples.lambda;

import dev.singletable.Table;
import dev.singletable.TableSchema;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The training run of the function's JDK 25 AOT cache (JEP 483/514/515): makes the handler as Lambda does, primes it
 * (its {@code beforeCheckpoint} hook: the requests rendered, nothing sent), and calls it {@code iterations} times
 * against a DynamoDB endpoint, the embedded engine's binary in a process of its own ({@code aot-cache.sh} starts it).
 * The engine is not in this process so that the training's class path is the function's jar alone, as when the cache
 * is used: a cache made with another class path is refused.
 *
 * <pre>
 * java -XX:AOTCacheOutput=target/function.aot -cp target/singletable-lambda-example-function.jar \
 *     dev.singletable.examples.lambda.AotTraining http://127.0.0.1:8000 20
 * java -XX:AOTCache=target/function.aot -cp ... (the function, or AotTraining again to try the cache)
 * </pre>
 *
 * <p>On any JDK (17 too) without the flag it runs the same workload and writes nothing: the flag does the caching.
 */
public final class AotTraining {
    private AotTraining() {
    }

    /** {@code AotTraining ENDPOINT [ITERATIONS [TABLE]]}: 20 iterations on table {@code Customers} when not given. */
    public static void main(String[] args) {
        if (args.length < 1 || args.length > 3) {
            throw new IllegalArgumentException("usage: AotTraining ENDPOINT [ITERATIONS [TABLE]], e.g. AotTraining "
                    + "http://127.0.0.1:8000 20 Customers; got " + List.of(args));
        }
        int iterations = args.length > 1 ? iterations(args[1]) : 20;
        String table = args.length > 2 ? args[2] : "Customers";
        train(args[0], iterations, table, System.out);
    }

    /** Runs the workload and prints one line saying what it did; returns the handler's last response. */
    static Map<String, String> train(String endpoint, int iterations, String tableName, PrintStream out) {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("TABLE_NAME", tableName);
        environment.put("AWS_REGION", "us-east-1");
        environment.put("AWS_ACCESS_KEY_ID", "training");
        environment.put("AWS_SECRET_ACCESS_KEY", "training");
        environment.put("DYNAMODB_ENDPOINT", endpoint);
        CustomerHandler handler = new CustomerHandler(environment);
        createTableIfAbsent(CustomerTable.schema(tableName), handler);
        handler.readiness().beforeCheckpoint();
        handler.readiness().afterRestore();
        List<Map<String, String>> responses = new ArrayList<>();
        for (int i = 1; i <= iterations; i++) {
            responses.add(handler.handleRequest(Map.of("customerId", "training-" + i, "name", "Training " + i), null));
        }
        handler.readiness().client().close();
        out.println("trained on " + iterations + " put + get of CustomerHandler against " + endpoint + " (table " + tableName
                + "), " + handler.readiness().primed().size() + " requests primed");
        return responses.isEmpty() ? Map.of() : responses.get(responses.size() - 1);
    }

    // once per training, idempotent: an earlier training run on the same engine made it already
    private static void createTableIfAbsent(TableSchema schema, CustomerHandler handler) {
        Table.of(schema, handler.readiness().client()).createTable();
    }

    private static int iterations(String text) {
        try {
            int iterations = Integer.parseInt(text);
            if (iterations >= 1) {
                return iterations;
            }
        } catch (NumberFormatException e) {
            // the message below says what to give
        }
        throw new IllegalArgumentException("AotTraining: ITERATIONS must be a whole number of at least 1, got '" + text + "'");
    }
}
