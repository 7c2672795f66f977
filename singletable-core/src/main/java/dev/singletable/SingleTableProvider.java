package dev.singletable;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * The seam between singletable's API (this package) and its implementation, which lives in
 * packages of this module that are not exported. The API finds the implementation once, with
 * {@link ServiceLoader}, the way SLF4J and Jakarta JSON find theirs, so the public package never
 * depends on the implementation's classes.
 *
 * <p>Not for application code: every method is protected and may change in any release. A shaded
 * jar must keep {@code META-INF/services/dev.singletable.SingleTableProvider} (Maven Shade's
 * {@code ServicesResourceTransformer} does).
 */
@Internal
public abstract class SingleTableProvider {

    /** For the implementation only. */
    protected SingleTableProvider() {
    }

    static SingleTableProvider instance() {
        return Loaded.INSTANCE;
    }

    /** Loaded on first use, once per class loader. */
    private static final class Loaded {
        static final SingleTableProvider INSTANCE = load();

        private static SingleTableProvider load() {
            return ServiceLoader.load(SingleTableProvider.class, SingleTableProvider.class.getClassLoader()).findFirst()
                    .orElseThrow(() -> new IllegalStateException("singletable-core's implementation was not found: "
                            + "META-INF/services/dev.singletable.SingleTableProvider is missing from the class path "
                            + "(a shaded or merged jar must keep service files)"));
        }
    }

    /**
     * A table on a synchronous client; {@code cursorKey} empty means the published default key;
     * {@code tableWait} bounds the waits of table creation and deletion.
     */
    protected abstract Table table(TableSchema schema, DynamoDbClient client, List<RequestListener> listeners, Clock clock,
                                   Optional<byte[]> cursorKey, java.time.Duration tableWait);

    /** A table on an asynchronous client; {@code cursorKey} empty means the published default key. */
    protected abstract AsyncTable asyncTable(TableSchema schema, DynamoDbAsyncClient client, List<RequestListener> listeners,
                                             Clock clock, Optional<byte[]> cursorKey);

    /** Whether tables on {@code client} refuse the published default cursor key: {@link Table#publishedCursorKeyRefused}. */
    protected abstract boolean publishedCursorKeyRefused(software.amazon.awssdk.core.SdkClient client);

    /**
     * Binds the entity's key templates to its attributes (checking slot names, types and formats)
     * once, for every table that will hold the entity.
     *
     * @throws SchemaDefinitionException naming the template and slot when a template does not fit
     */
    protected abstract void bindKeyTemplates(EntitySchema<?> entity);

    /**
     * Binds every entity of the table to its key attributes once, as a table would, so that a template
     * that cannot fill its key attribute fails when the schema is built.
     *
     * @throws SchemaDefinitionException naming entity, index and template
     */
    protected abstract void bindTable(TableSchema schema);

    /**
     * Checks a table's key templates together: escaping in typed sort-key slots, and no two entity
     * types able to write one primary key.
     *
     * @throws SchemaDefinitionException naming the entities and templates
     */
    protected abstract void checkTableKeys(TableSchema table);

    /** The type of one of the scalar classes {@link AttributeTypes} names. */
    protected abstract <V> AttributeType<V> scalarType(Class<V> type);

    /** Epoch seconds stored as N. */
    protected abstract AttributeType<java.time.Instant> epochSecondsType();

    /** Bytes stored as B. */
    protected abstract AttributeType<byte[]> bytesType();

    /** A string set stored as SS. */
    protected abstract AttributeType<java.util.Set<String>> stringSetType();

    /** A set of numbers stored as NS, its elements written and read by the number type {@code element}. */
    protected abstract <N> AttributeType<java.util.Set<N>> numberSetType(AttributeType<N> element);

    /** A set of binaries stored as BS. */
    protected abstract AttributeType<java.util.Set<java.nio.ByteBuffer>> binarySetType();

    /** A free-form document stored as M. */
    protected abstract AttributeType<java.util.Map<String, Object>> documentType();

    /** Any stored value, read as plain Java. */
    protected abstract AttributeType<Object> documentValueType();

    /** An enum stored by constant name. */
    protected abstract <E extends Enum<E>> AttributeType<E> enumType(Class<E> type, E[] constants);

    /** A list stored as L. */
    protected abstract <E> AttributeType<List<E>> listType(AttributeType<E> element);

    /** A map with string keys stored as M. */
    protected abstract <E> AttributeType<java.util.Map<String, E>> mapType(AttributeType<E> element);

    /** A value object stored as M, optionally with a generated codec. */
    protected abstract <V> AttributeType<V> objectType(Class<V> type, List<Attribute<V, ?>> attributes,
                                                       Function<ItemReader, V> factory, Optional<ItemCodec<V>> codec);

    /** A value-object type named {@code typeName} in messages; by default the class's simple name is used instead. */
    protected <V> AttributeType<V> namedObjectType(String typeName, Class<V> type, List<Attribute<V, ?>> attributes,
                                                   Function<ItemReader, V> factory) {
        return objectType(type, attributes, factory, Optional.empty());
    }

    /** True when values of the type can fill key template slots. */
    protected abstract boolean isKeyable(AttributeType<?> type);

    /** The attributes of a value-object type ({@link AttributeTypes#object}); empty for any other type. */
    protected abstract Optional<List<Attribute<?, ?>>> embeddedAttributes(AttributeType<?> type);

    /** The element type of a list type ({@link AttributeTypes#listOf}); empty for any other type. */
    protected abstract Optional<AttributeType<?>> listElementType(AttributeType<?> type);

    /** The value type of a map type ({@link AttributeTypes#mapOf}); empty for any other type. */
    protected abstract Optional<AttributeType<?>> mapValueType(AttributeType<?> type);
}
