package dev.singletable.internal.reads;

import dev.singletable.internal.table.CursorCodec;
import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.DynamoNumbers;
import dev.singletable.internal.codec.ScalarType;
import dev.singletable.internal.table.RequestRunner;

import dev.singletable.Page;
import dev.singletable.PartiqlStatement;
import dev.singletable.UnknownEntityTypeException;
import dev.singletable.ValidationException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** The {@link PartiqlStatement} implementation on the synchronous client. */
public final class DefaultPartiqlStatement<T> implements PartiqlStatement<T> {
    private final BoundTable table;
    private final DynamoDbClient client;
    private final String description;
    private final List<BoundEntity<? extends T>> members;
    private final boolean collection;
    private final String statement;
    private final List<AttributeValue> parameters;
    private final boolean consistent;
    private final int pageSize;
    private final boolean includeExpired;

    public DefaultPartiqlStatement(BoundTable table, DynamoDbClient client, String description, List<BoundEntity<? extends T>> members, boolean collection,
                            String statement, List<AttributeValue> parameters, boolean consistent, int pageSize,
                            boolean includeExpired) {
        if (statement == null || statement.isBlank()) {
            throw new ValidationException("PartiQL statement for " + description + " is empty; give a SELECT statement");
        }
        this.table = table;
        this.client = client;
        this.description = description;
        this.members = List.copyOf(members);
        this.collection = collection;
        this.statement = statement;
        this.parameters = List.copyOf(parameters);
        this.consistent = consistent;
        this.pageSize = pageSize;
        this.includeExpired = includeExpired;
    }

    private String what() {
        return "PartiQL statement for " + description;
    }

    @Override
    public PartiqlStatement<T> parameters(Object... values) {
        List<AttributeValue> encoded = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            encoded.add(encode(values[i], i));
        }
        return new DefaultPartiqlStatement<>(table, client, description, members, collection, statement, encoded, consistent, pageSize, includeExpired);
    }

    private AttributeValue encode(Object value, int index) {
        if (value instanceof AttributeValue attributeValue) {
            return attributeValue;
        }
        if (value instanceof String text) {
            return AttributeValue.fromS(text);
        }
        if (value instanceof BigDecimal decimal) {
            return AttributeValue.fromN(DynamoNumbers.toDynamoText(decimal));
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte
                || value instanceof java.math.BigInteger) {
            return AttributeValue.fromN(value.toString());
        }
        if (value instanceof Number number) {
            return AttributeValue.fromN(DynamoNumbers.toDynamoText(new BigDecimal(number.toString())));
        }
        if (value instanceof Boolean flag) {
            return AttributeValue.fromBool(flag);
        }
        if (value instanceof byte[] bytes) {
            return AttributeValue.fromB(SdkBytes.fromByteArray(bytes));
        }
        throw new ValidationException(what() + ": parameter " + (index + 1) + " is " + (value == null ? "null"
                : "a " + value.getClass().getName()) + "; give a String, Number, Boolean, byte[] or AttributeValue"
                + (value == null ? " (find missing attributes with IS MISSING in the statement)" : ""));
    }

    @Override
    public PartiqlStatement<T> consistentRead() {
        return new DefaultPartiqlStatement<>(table, client, description, members, collection, statement, parameters, true, pageSize, includeExpired);
    }

    @Override
    public PartiqlStatement<T> pageSize(int itemsPerRequest) {
        if (itemsPerRequest < 1) {
            throw new ValidationException(what() + ": page size must be at least 1, got " + itemsPerRequest);
        }
        return new DefaultPartiqlStatement<>(table, client, description, members, collection, statement, parameters, consistent, itemsPerRequest, includeExpired);
    }

    @Override
    public PartiqlStatement<T> includeExpired() {
        return new DefaultPartiqlStatement<>(table, client, description, members, collection, statement, parameters, consistent, pageSize, true);
    }

    /** True when the statement skips this item, whose TTL has passed. */
    private boolean hides(Map<String, AttributeValue> item) {
        return !includeExpired && table.isExpired(item);
    }

    @Override
    public ExecuteStatementRequest toRequest() {
        return request(null);
    }

    private ExecuteStatementRequest request(String nextToken) {
        ExecuteStatementRequest.Builder request = ExecuteStatementRequest.builder()
                .statement(statement)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (!parameters.isEmpty()) {
            request.parameters(parameters);
        }
        if (consistent) {
            request.consistentRead(true);
        }
        if (pageSize > 0) {
            request.limit(pageSize);
        }
        if (nextToken != null) {
            request.nextToken(nextToken);
        }
        return request.build();
    }

    private ExecuteStatementResponse send(String nextToken) {
        ExecuteStatementRequest request = request(nextToken);
        return table.runner().send("ExecuteStatement", Optional.empty(), description, Map.of("statement", statement),
                () -> client.executeStatement(request), OUTCOME);
    }

    private byte[] fingerprint() {
        return CursorCodec.fingerprint("ExecuteStatement\n" + statement + "\n" + parameters + "\n" + consistent
                + (includeExpired ? "\nincluding expired" : ""));
    }

    @Override
    public List<T> list() {
        return stream().toList();
    }

    @Override
    public Page<T> page() {
        return page(send(null));
    }

    @Override
    public Page<T> page(String cursor) {
        String token = table.cursors().decodeToken(cursor, fingerprint(), what());
        return page(send(token));
    }

    private Page<T> page(ExecuteStatementResponse response) {
        List<T> items = response.items().stream().filter(item -> !hides(item)).map(this::decode).collect(Collectors.toList());
        double capacity = response.consumedCapacity() == null || response.consumedCapacity().capacityUnits() == null ? 0
                : response.consumedCapacity().capacityUnits();
        return response.nextToken() == null ? Page.last(items, 1, capacity)
                : Page.followedBy(items, table.cursors().encodeToken(fingerprint(), response.nextToken()), 1, capacity);
    }

    @Override
    public Stream<T> stream() {
        return StreamSupport.stream(new Spliterators.AbstractSpliterator<T>(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
            private final Deque<Map<String, AttributeValue>> buffer = new ArrayDeque<>();
            private String nextToken;
            private boolean started;

            @Override
            public boolean tryAdvance(Consumer<? super T> action) {
                while (buffer.isEmpty()) {
                    if (started && nextToken == null) {
                        return false;
                    }
                    ExecuteStatementResponse response = send(nextToken);
                    started = true;
                    for (Map<String, AttributeValue> item : response.items()) {
                        if (!hides(item)) {
                            buffer.add(item);
                        }
                    }
                    nextToken = response.nextToken();
                }
                action.accept(decode(buffer.poll()));
                return true;
            }
        }, false);
    }

    private T decode(Map<String, AttributeValue> item) {
        if (!collection) {
            return members.get(0).fromItem(item);
        }
        AttributeValue type = item.get(table.schema().entityTypeAttribute());
        String typeName = type == null ? "(none)" : type.s() == null ? ScalarType.describe(type) : type.s();
        for (BoundEntity<? extends T> member : members) {
            if (member.type().equals(typeName)) {
                return member.decode(item);
            }
        }
        String expected = members.stream().map(BoundEntity::type).collect(Collectors.joining(", "));
        throw new UnknownEntityTypeException(what() + " returned item " + BoundEntity.describeKey(table.schema(), item) + " with "
                + table.schema().entityTypeAttribute() + " '" + typeName + "', which is none of " + expected
                + "; add that entity to the collection, or narrow the WHERE clause", expected, typeName);
    }

    private static final RequestRunner.Outcome<ExecuteStatementResponse> OUTCOME = new RequestRunner.Outcome<>() {
        @Override
        public int itemCount(ExecuteStatementResponse response) {
            return response.items().size();
        }

        @Override
        public ConsumedCapacity capacity(ExecuteStatementResponse response) {
            return response.consumedCapacity();
        }
    };
}
