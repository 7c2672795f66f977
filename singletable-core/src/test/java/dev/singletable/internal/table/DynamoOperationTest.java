package dev.singletable.internal.table;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.awscore.AwsResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The operation registry: each operation's call reaches its own client method, and no other main file names one. */
class DynamoOperationTest {
    private static final Path MAIN = Path.of("src", "main", "java");
    private static final Path REGISTRY = MAIN.resolve("dev/singletable/internal/table/DynamoOperation.java");
    private static final Pattern STRING_LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    /**
     * Each operation sent on every client kind of its service (a DynamoDB operation on the synchronous and the asynchronous
     * client, a DynamoDB Streams one on the Streams client), told apart by the request type its constant declares.
     */
    @Test
    void call_whenSentOnEachClientOfItsService_reachesTheClientMethodOfTheOperationsName() {
        List<String> called = new ArrayList<>();
        DynamoDbClient sync = recording(DynamoDbClient.class, called, null);
        DynamoDbAsyncClient async = recording(DynamoDbAsyncClient.class, called, CompletableFuture.completedFuture(null));
        DynamoDbStreamsClient streams = recording(DynamoDbStreamsClient.class, called, null);
        List<String> expected = new ArrayList<>();
        for (DynamoOperation<?, ?> operation : DynamoOperation.all()) {
            String method = Character.toLowerCase(operation.name().charAt(0)) + operation.name().substring(1);
            if (DynamoDbStreamsRequest.class.isAssignableFrom(typeArguments(operation)[0])) {
                sendStreams(operation, streams);
                expected.add(method);
            } else {
                send(operation, sync, async);
                expected.add(method);
                expected.add(method);
            }
        }

        assertThat(called).isEqualTo(expected);
    }

    @Test
    void constants_whenReadByReflection_areAllListedAndTypedByTheirOperationsName() throws IllegalAccessException {
        List<Object> declared = new ArrayList<>();
        for (Field field : constants()) {
            declared.add(field.get(null));
        }
        List<String> typed = new ArrayList<>();
        List<String> named = new ArrayList<>();
        for (DynamoOperation<?, ?> operation : DynamoOperation.all()) {
            Class<?>[] types = typeArguments(operation);
            typed.add(types[0].getSimpleName() + " " + types[1].getSimpleName());
            named.add(operation.name() + "Request " + operation.name() + "Response");
        }

        assertThat(DynamoOperation.all()).isEqualTo(declared);
        assertThat(typed).isEqualTo(named);
    }

    @Test
    void call_whenAStreamsOperationIsSentOnADynamoDbClient_fails() {
        DynamoDbClient sync = recording(DynamoDbClient.class, new ArrayList<>(), null);

        assertThatThrownBy(() -> DynamoOperation.LIST_STREAMS.call(sync, ListStreamsRequest.builder().build()))
                .isInstanceOf(ClassCastException.class);
    }

    private static List<Field> constants() {
        return Stream.of(DynamoOperation.class.getFields())
                .filter(f -> Modifier.isStatic(f.getModifiers()) && f.getType() == DynamoOperation.class).toList();
    }

    /** The request and response classes of the constant holding {@code operation}, read from its declared type. */
    private static Class<?>[] typeArguments(DynamoOperation<?, ?> operation) {
        for (Field field : constants()) {
            try {
                if (field.get(null) == operation) {
                    java.lang.reflect.Type[] arguments = ((ParameterizedType) field.getGenericType()).getActualTypeArguments();
                    return new Class<?>[] {(Class<?>) arguments[0], (Class<?>) arguments[1]};
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError(operation + " is listed in all() but held by no constant");
    }

    @SuppressWarnings("unchecked")
    private static <Q extends AwsRequest, R extends AwsResponse> void send(DynamoOperation<Q, R> operation, DynamoDbClient sync,
                                                                          DynamoDbAsyncClient async) {
        operation.call(sync, (Q) null);
        operation.callAsync(async, (Q) null);
    }

    @SuppressWarnings("unchecked")
    private static <Q extends AwsRequest, R extends AwsResponse> void sendStreams(DynamoOperation<Q, R> operation,
                                                                                 DynamoDbStreamsClient streams) {
        operation.call(streams, (Q) null);
    }

    private static <C> C recording(Class<C> type, List<String> called, Object answer) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, arguments) -> {
            called.add(method.getName());
            return answer;
        }));
    }

    @Test
    void writes_whenReadForEveryOperation_namesTheItemWritesAndThePartiqlOnesSentForWrites() {
        Set<String> writes = DynamoOperation.all().stream().filter(DynamoOperation::writes).map(DynamoOperation::name)
                .collect(Collectors.toCollection(TreeSet::new));

        assertThat(writes).containsExactly("BatchExecuteStatement", "BatchWriteItem", "DeleteItem", "ExecuteStatement",
                "ExecuteTransaction", "PutItem", "TransactWriteItems", "UpdateItem");
    }

    @Test
    void writes_whenExecuteStatementCarriesASelectOrAWrite_isTheSendersToSay() {
        assertThat(DynamoOperation.EXECUTE_STATEMENT.writes()).isFalse();
        assertThat(DynamoOperation.EXECUTE_WRITE_STATEMENT.writes()).isTrue();
        assertThat(DynamoOperation.EXECUTE_WRITE_STATEMENT.name()).isEqualTo(DynamoOperation.EXECUTE_STATEMENT.name());
        assertThat(DynamoOperation.named("ExecuteStatement")).containsSame(DynamoOperation.EXECUTE_STATEMENT);
    }

    @Test
    void consequence_whenAnEngineLacksAnOperation_namesTheFeatureThatCannotRun() {
        List<String> consequences = Stream.of(DynamoOperation.TRANSACT_WRITE_ITEMS, DynamoOperation.TRANSACT_GET_ITEMS,
                        DynamoOperation.EXECUTE_STATEMENT, DynamoOperation.UPDATE_TIME_TO_LIVE, DynamoOperation.CREATE_TABLE,
                        DynamoOperation.GET_RECORDS)
                .map(DynamoOperation::consequence).toList();

        assertThat(consequences).containsExactly("transactions (table.transaction(), move)", "table.transactGet",
                "PartiQL statements (table.partiql)",
                "time to live (expired items are still hidden from reads, but the engine never deletes them)", "CreateTable",
                "reading a table's stream (ChangeReader)");
    }

    @Test
    void mainSources_whenScannedForStringLiterals_nameNoOperationOutsideTheRegistry() throws IOException {
        Set<String> names = DynamoOperation.all().stream().map(DynamoOperation::name).collect(Collectors.toSet());
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java") && !f.equals(REGISTRY)).sorted().toList()) {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher literal = STRING_LITERAL.matcher(code(lines.get(i)));
                    while (literal.find()) {
                        if (names.contains(literal.group(1))) {
                            found.add(MAIN.relativize(file) + ":" + (i + 1) + " \"" + literal.group(1) + "\"");
                        }
                    }
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }

        assertThat(found).as("operation names written outside DynamoOperation: use its constant (DynamoOperation.PUT_ITEM.name())")
                .isEmpty();
    }

    /** The line without a comment: javadoc and comments may name operations in prose and examples. */
    private static String code(String line) {
        String trimmed = line.stripLeading();
        if (trimmed.startsWith("*") || trimmed.startsWith("/*") || trimmed.startsWith("//")) {
            return "";
        }
        boolean quoted = false;
        for (int i = 0; i < line.length() - 1; i++) {
            char c = line.charAt(i);
            if (c == '\\' && quoted) {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && c == '/' && line.charAt(i + 1) == '/') {
                return line.substring(0, i);
            }
        }
        return line;
    }
}
