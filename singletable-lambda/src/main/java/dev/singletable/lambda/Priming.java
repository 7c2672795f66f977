package dev.singletable.lambda;

import dev.singletable.Experimental;
import dev.singletable.Explanation;
import dev.singletable.NullArgumentException;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A priming workload: the requests of your access patterns and entity operations, rendered and their empty answers
 * decoded, with nothing sent. Run it before a SnapStart or CRaC snapshot (or in an AOT cache's training run), so that
 * the snapshot holds singletable's request rendering loaded, initialised and compiled: key templates, codecs, expression
 * builders, the SDK's request and response model classes.
 *
 * <p>Each step is code you would run in the function itself (a generated access pattern, a {@code put}, a query),
 * given a {@link Table} whose client records each request and answers it with the operation's empty response (no
 * item, no page, nothing unprocessed). So a get reads as absent, a query as an empty list and a put as done, and
 * nothing leaves the process: no credentials, no network, no table needed.
 *
 * <pre>{@code
 * Priming priming = Priming.of(AppTableSchema.INSTANCE)
 *         .step(table -> ShopPatterns.of(table).ordersOfCustomer("C1"))
 *         .step(table -> table.put(new Customer("C1", "Grace", "grace@example.com")));
 * List<Explanation> rendered = priming.render(); // Query, PutItem: the requests, as Table.explain shows them
 * }</pre>
 *
 * <p>Steps that write timestamps or generated ids run the entity's own {@code beforeWrite} steps; they compose items
 * and render requests exactly as in the function, with the clock and random numbers of the moment.
 */
@Experimental
public final class Priming {
    private final TableSchema schema;
    private final List<Consumer<Table>> steps;

    private Priming(TableSchema schema, List<Consumer<Table>> steps) {
        this.schema = schema;
        this.steps = List.copyOf(steps);
    }

    /** A priming workload of the table {@code schema} describes, with no step yet. */
    public static Priming of(TableSchema schema) {
        NullArgumentException.check("Priming.of", "schema", schema);
        return new Priming(schema, List.of());
    }

    /**
     * This workload and one step more: code that calls the table it is given as the function calls its own.
     *
     * <pre>{@code
     * priming.step(table -> table.get(CUSTOMER, KeyValues.of(CUSTOMER_ID, "C1")));
     * }</pre>
     */
    public Priming step(Consumer<Table> step) {
        NullArgumentException.check("Priming.step", "step", step);
        List<Consumer<Table>> more = new ArrayList<>(steps);
        more.add(step);
        return new Priming(schema, more);
    }

    /** How many steps the workload has. */
    public int size() {
        return steps.size();
    }

    /**
     * Runs every step once, in order, and returns the requests they rendered (none sent), in the order they were made.
     *
     * @throws SingleTableException naming the step (its position, from 1) when a step throws; the step's exception is
     *                              the cause
     */
    public List<Explanation> render() {
        List<Explanation> rendered = new ArrayList<>();
        Table table = Table.of(schema, RecordingClient.of(schema.name(), rendered));
        for (int i = 0; i < steps.size(); i++) {
            try {
                steps.get(i).accept(table);
            } catch (RuntimeException e) {
                throw new SingleTableException("priming step " + (i + 1) + " of " + steps.size() + " on table " + schema.name()
                        + " failed: " + e.getMessage() + "; a step runs against empty answers (a get finds nothing, a query "
                        + "no item), so make it one that works on an empty table", e);
            }
        }
        return List.copyOf(rendered);
    }

    /** The client of a priming table: records each request and answers it with its operation's empty response. */
    private static final class RecordingClient extends ClientProxy {
        private final String tableName;
        private final List<Explanation> rendered;

        private RecordingClient(String tableName, List<Explanation> rendered) {
            this.tableName = tableName;
            this.rendered = rendered;
        }

        static DynamoDbClient of(String tableName, List<Explanation> rendered) {
            return new RecordingClient(tableName, rendered).client();
        }

        @Override
        void close() {
        }

        @Override
        String description() {
            return "priming client of table " + tableName;
        }

        @Override
        Object operation(Method method, Object[] args) throws Exception {
            if (args == null || args.length != 1 || !(args[0] instanceof DynamoDbRequest)) {
                throw new UnsupportedOperationException("priming client of table " + tableName + ": " + method.getName()
                        + " is not an operation with a request object; give the step the request's object form");
            }
            rendered.add(Explanation.of(operation(method.getName()), (DynamoDbRequest) args[0]));
            return emptyResponse(method.getReturnType());
        }

        private static Object emptyResponse(Class<?> responseType) throws Exception {
            try {
                Method builderMethod = responseType.getMethod("builder");
                Object builder = builderMethod.invoke(null);
                // build() through the public builder interface: the builder's class is the SDK's private one
                return builderMethod.getReturnType().getMethod("build").invoke(builder);
            } catch (InvocationTargetException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        }

        /** {@code putItem} → {@code PutItem}: the operation's name in DynamoDB's API. */
        private static String operation(String method) {
            return method.substring(0, 1).toUpperCase(Locale.ROOT) + method.substring(1);
        }
    }
}
