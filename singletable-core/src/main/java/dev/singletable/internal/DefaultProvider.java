package dev.singletable.internal;

import dev.singletable.AsyncTable;
import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.EntitySchema;
import dev.singletable.ItemCodec;
import dev.singletable.ItemReader;
import dev.singletable.RequestListener;
import dev.singletable.SingleTableProvider;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.internal.codec.ObjectType;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.ScalarType;
import dev.singletable.internal.codec.StandardTypes;
import dev.singletable.internal.keys.EntityTemplates;
import dev.singletable.internal.keys.KeyableType;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.internal.table.CursorCodec;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/** The implementation behind the public API, found by {@link SingleTableProvider} through ServiceLoader. */
public final class DefaultProvider extends SingleTableProvider {
    private static final Map<Class<?>, ScalarType<?>> SCALARS = Map.of(
            String.class, ScalarType.of("String", ScalarType.STRING),
            Integer.class, ScalarType.of("Integer", ScalarType.INTEGER),
            Long.class, ScalarType.of("Long", ScalarType.LONG),
            BigInteger.class, ScalarType.of("BigInteger", ScalarType.BIG_INTEGER),
            BigDecimal.class, ScalarType.of("BigDecimal", ScalarType.DECIMAL),
            Boolean.class, ScalarType.of("Boolean", ScalarType.BOOLEAN),
            Instant.class, ScalarType.of("Instant", ScalarType.INSTANT),
            LocalDate.class, ScalarType.of("LocalDate", ScalarType.LOCAL_DATE),
            UUID.class, ScalarType.of("UUID", ScalarType.UUID));

    /** For ServiceLoader. */
    public DefaultProvider() {
    }

    @Override
    protected Table table(TableSchema schema, DynamoDbClient client, List<RequestListener> listeners, Clock clock,
                          Optional<byte[]> cursorKey, java.time.Duration tableWait) {
        return new DefaultTable(bind(schema, listeners, clock, cursorKey, () -> RequestRunner.describeEndpoint(client)), client,
                tableWait);
    }

    @Override
    protected AsyncTable asyncTable(TableSchema schema, DynamoDbAsyncClient client, List<RequestListener> listeners, Clock clock,
                                    Optional<byte[]> cursorKey) {
        return new DefaultAsyncTable(bind(schema, listeners, clock, cursorKey, () -> RequestRunner.describeEndpoint(client)), client);
    }

    /** {@code endpoint} names where requests go, in messages; asked only for them. */
    private static BoundTable bind(TableSchema schema, List<RequestListener> listeners, Clock clock, Optional<byte[]> cursorKey,
                                   java.util.function.Supplier<String> endpoint) {
        return new BoundTable(schema, listeners, clock, cursorKey.map(CursorCodec::new).orElseGet(CursorCodec::withDefaultKey),
                endpoint);
    }

    @Override
    protected boolean publishedCursorKeyRefused(software.amazon.awssdk.core.SdkClient client) {
        return RequestRunner.publishedCursorKeyRefused(client);
    }

    @Override
    protected void bindKeyTemplates(EntitySchema<?> entity) {
        EntityTemplates.of(entity);
    }

    @Override
    protected void bindTable(TableSchema schema) {
        for (EntitySchema<?> entity : schema.entities()) {
            new BoundEntity<>(entity, schema);
        }
    }

    @Override
    protected void checkTableKeys(TableSchema table) {
        EntityTemplates.checkTable(table);
    }

    @Override
    @SuppressWarnings("unchecked")
    protected <V> AttributeType<V> scalarType(Class<V> type) {
        ScalarType<?> scalar = SCALARS.get(type);
        if (scalar == null) {
            throw new IllegalArgumentException(type.getName() + " is not a scalar type; the scalar types are " + SCALARS.keySet());
        }
        return (AttributeType<V>) scalar;
    }

    @Override
    protected AttributeType<Instant> epochSecondsType() {
        return StandardTypes.EPOCH_SECONDS;
    }

    @Override
    protected AttributeType<byte[]> bytesType() {
        return StandardTypes.BYTES;
    }

    @Override
    protected AttributeType<Set<String>> stringSetType() {
        return StandardTypes.STRING_SET;
    }

    @Override
    protected <N> AttributeType<Set<N>> numberSetType(AttributeType<N> element) {
        return StandardTypes.numberSetOf(element);
    }

    @Override
    protected AttributeType<Set<java.nio.ByteBuffer>> binarySetType() {
        return StandardTypes.BINARY_SET;
    }

    @Override
    protected AttributeType<Map<String, Object>> documentType() {
        return StandardTypes.DOCUMENT;
    }

    @Override
    protected AttributeType<Object> documentValueType() {
        return StandardTypes.DOCUMENT_VALUE;
    }

    @Override
    protected <E extends Enum<E>> AttributeType<E> enumType(Class<E> type, E[] constants) {
        return ScalarType.enumType(type, constants);
    }

    @Override
    protected <E> AttributeType<List<E>> listType(AttributeType<E> element) {
        return StandardTypes.listOf(element);
    }

    @Override
    protected <E> AttributeType<Map<String, E>> mapType(AttributeType<E> element) {
        return StandardTypes.mapOf(element);
    }

    @Override
    protected <V> AttributeType<V> objectType(Class<V> type, List<Attribute<V, ?>> attributes, Function<ItemReader, V> factory,
                                              Optional<ItemCodec<V>> codec) {
        return new ObjectType<>(type.getSimpleName(), attributes, factory, codec);
    }

    @Override
    protected <V> AttributeType<V> namedObjectType(String typeName, Class<V> type, List<Attribute<V, ?>> attributes,
                                                   Function<ItemReader, V> factory) {
        return new ObjectType<>(typeName, attributes, factory, Optional.empty());
    }

    @Override
    protected boolean isKeyable(AttributeType<?> type) {
        return type instanceof KeyableType<?>;
    }

    @Override
    protected Optional<List<Attribute<?, ?>>> embeddedAttributes(AttributeType<?> type) {
        if (type instanceof ObjectType<?> object) {
            return Optional.of(List.copyOf(object.attributes()));
        }
        return Optional.empty();
    }

    @Override
    protected Optional<AttributeType<?>> listElementType(AttributeType<?> type) {
        return StandardTypes.isList(type) ? StandardTypes.elementOf(type) : Optional.empty();
    }

    @Override
    protected Optional<AttributeType<?>> mapValueType(AttributeType<?> type) {
        return StandardTypes.isMap(type) ? StandardTypes.elementOf(type) : Optional.empty();
    }
}
