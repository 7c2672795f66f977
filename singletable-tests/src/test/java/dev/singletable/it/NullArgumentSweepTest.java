package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.BatchOptions;
import dev.singletable.Condition;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.Explanation;
import dev.singletable.IndexKey;
import dev.singletable.IndexSchema;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyValues;
import dev.singletable.NullArgumentException;
import dev.singletable.Page;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.Update;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import static dev.singletable.it.BadInputModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The null rule of issue 14, swept by reflection: every public method and constructor of every public
 * type in {@code dev.singletable} and its public packages ({@link #PACKAGES}), given {@code null} for one reference
 * parameter at a time (and valid values for the others), throws {@link NullArgumentException} naming the call and the parameter, or
 * (for a method returning a {@link CompletableFuture}) returns a future failed with it. Nothing is
 * written: the table is empty before and after. Types left out are listed in {@link #SKIPPED} with the
 * reason.
 */
class NullArgumentSweepTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    /** Public types whose methods are not swept, and why. */
    private static final Map<String, String> SKIPPED = Map.ofEntries(
            Map.entry("AttributeType", "implemented by users (custom types) and by AttributeTypes; its methods are called by the library"),
            Map.entry("extension.ItemCodec", "implemented by users; the library calls it"),
            Map.entry("ItemReader", "implemented by the library, handed to the user's factory"),
            Map.entry("Placeholders", "implemented by the library, handed to Condition.render"),
            Map.entry("extension.RequestListener", "implemented by users; the library calls it"),
            Map.entry("extension.RequestEvent", "a record the library makes for listeners"),
            Map.entry("extension.EntityHooks", "a record EntitySchema.Builder makes; its builder steps are swept"),
            Map.entry("QueryResult", "a result value the library makes"),
            Map.entry("BatchWriteResult", "a result value the library makes"),
            Map.entry("ReadConsistency", "an enum: valueOf(null) is the JDK's NullPointerException, as for every enum"),
            Map.entry("Condition$StoredType", "an enum: valueOf(null) is the JDK's NullPointerException, as for every enum"),
            Map.entry("Update$Operation", "an enum: valueOf(null) is the JDK's NullPointerException, as for every enum"),
            Map.entry("TimeBucket", "an enum: valueOf(null) is the JDK's NullPointerException, as for every enum"),
            Map.entry("Update$Action", "a value the library makes (Update.actions())"),
            Map.entry("TransactionCanceledException$Reason", "a value the library makes for TransactionCanceledException"),
            Map.entry("partiql.PartiqlBatchException$Failure", "a value the library makes for PartiqlBatchException"));

    // the wire client builder's sample HTTP client: never sends, closed with the test class
    private static final software.amazon.awssdk.http.SdkHttpClient SWEEP_HTTP = software.amazon.awssdk.http.apache.ApacheHttpClient.create();

    @org.junit.jupiter.api.AfterAll
    static void closeSweepHttp() {
        SWEEP_HTTP.close();
    }

    private static Table table() {
        return Table.builder(db.table().schema(), db.client()).clock(CLOCK).build();
    }

    private static AsyncTable asyncTable() {
        return AsyncTable.builder(db.table().schema(), db.engine().asyncClient()).clock(CLOCK).build();
    }

    /** An instance of each public type with instance methods to sweep. */
    private static Map<Class<?>, Supplier<Object>> receivers() {
        Map<Class<?>, Supplier<Object>> receivers = new LinkedHashMap<>();
        receivers.put(Table.class, NullArgumentSweepTest::table);
        receivers.put(AsyncTable.class, NullArgumentSweepTest::asyncTable);
        receivers.put(dev.singletable.OfflineOperations.class, NullArgumentSweepTest::table);
        receivers.put(Table.Builder.class, () -> Table.builder(SCHEMA, db.client()));
        receivers.put(AsyncTable.Builder.class, () -> AsyncTable.builder(SCHEMA, db.engine().asyncClient()));
        receivers.put(dev.singletable.TableBuilder.class, () -> Table.builder(SCHEMA, db.client()));
        receivers.put(dev.singletable.KeyReader.class, () -> dev.singletable.KeyReader.of(SCHEMA));
        receivers.put(dev.singletable.KeyTemplate.Slot.class, () -> dev.singletable.KeyTemplate.parse("{shard:of=deviceId,count=4}").slots().get(0));
        receivers.put(dev.singletable.Query.class, () -> table().query(ORDER));
        receivers.put(dev.singletable.Scan.class, () -> table().scan(ORDER));
        receivers.put(dev.singletable.AsyncQuery.class, () -> asyncTable().query(ORDER));
        receivers.put(dev.singletable.AsyncScan.class, () -> asyncTable().scan(ORDER));
        receivers.put(dev.singletable.partiql.PartiqlStatement.class, () -> table().partiql(ORDER, "SELECT * FROM \"" + db.tableName() + "\""));
        receivers.put(dev.singletable.partiql.AsyncPartiqlStatement.class,
                () -> asyncTable().partiql(ORDER, "SELECT * FROM \"" + db.tableName() + "\""));
        receivers.put(dev.singletable.WriteTransaction.class, () -> table().transaction());
        receivers.put(dev.singletable.AsyncWriteTransaction.class, () -> asyncTable().transaction());
        receivers.put(dev.singletable.BatchWrite.class, () -> table().batchWrite());
        receivers.put(dev.singletable.AsyncBatchWrite.class, () -> asyncTable().batchWrite());
        receivers.put(dev.singletable.TransactionActions.class, () -> table().transaction());
        receivers.put(dev.singletable.QueryParameters.class, () -> table().query(ORDER));
        receivers.put(dev.singletable.AsyncResults.class, () -> asyncTable().query(ORDER));
        receivers.put(dev.singletable.BatchWriteActions.class, () -> table().batchWrite());
        receivers.put(dev.singletable.partiql.PartiqlSettings.class, () -> table().partiql(ORDER, "SELECT * FROM \"" + db.tableName() + "\""));
        receivers.put(dev.singletable.partiql.PartiqlWrite.class,
                () -> table().partiqlWrite("DELETE FROM \"" + db.tableName() + "\" WHERE \"PK\" = ? AND \"SK\" = ?"));
        receivers.put(dev.singletable.wire.WireClient.Builder.class, dev.singletable.wire.WireClient::builder);
        receivers.put(Update.class, () -> Update.of(ORDER));
        receivers.put(Condition.class, () -> Condition.eq(O_NOTE, "n"));
        receivers.put(Condition.Size.class, () -> Condition.size(O_NOTE));
        receivers.put(KeyValues.class, KeyValues::none);
        receivers.put(Attribute.class, () -> O_NOTE);
        receivers.put(dev.singletable.AttributeRule.class, () -> dev.singletable.AttributeRule.length(0, 10));
        receivers.put(dev.singletable.AttributePath.class, () -> dev.singletable.AttributePath.of(O_NOTE));
        receivers.put(dev.singletable.DocumentPath.class, () -> O_NOTE);
        receivers.put(EntitySchema.class, () -> ORDER);
        receivers.put(EntitySchema.Builder.class, () -> EntitySchema.builder(Order.class));
        receivers.put(TableSchema.class, () -> SCHEMA);
        receivers.put(TableSchema.Builder.class, () -> TableSchema.builder("Sweep"));
        receivers.put(IndexSchema.class, () -> IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"));
        receivers.put(IndexKey.class, () -> IndexKey.of("A#{x}", "B"));
        receivers.put(KeyTemplate.class, () -> KeyTemplate.parse("A#{x}"));
        receivers.put(EntityCollection.class, () -> CUSTOMER_ITEMS);
        receivers.put(ItemKey.class, () -> ItemKey.of(ORDER, orderKey("sweep", "o1")));
        receivers.put(BatchOptions.class, BatchOptions::defaults);
        receivers.put(Explanation.class, () -> Explanation.of("GetItem", GetItemRequest.builder().tableName("T").build()));
        receivers.put(Page.class, () -> Page.last(List.of(), 1, 0.0));
        receivers.put(dev.singletable.IndexSchema.Builder.class, () -> IndexSchema.global("Sweep"));
        receivers.put(dev.singletable.DynamicItem.class, () -> dev.singletable.DynamicItem.builder("Order").set("note", "n").build());
        receivers.put(dev.singletable.DynamicItem.Builder.class, () -> dev.singletable.DynamicItem.builder("Order"));
        receivers.put(ItemsByKey.class, () -> new ItemsByKey(Map.of(), List.of(), List.of(), 0));
        receivers.put(dev.singletable.Relation.class, () -> PatternsModel.MEMBERSHIP);
        receivers.put(dev.singletable.Relation.Builder.class, () -> dev.singletable.Relation.between("Sweep", PatternsModel.USER,
                PatternsModel.GROUP));
        receivers.put(dev.singletable.Adjacency.class, () -> dev.singletable.Adjacency.of(PatternsModel.MEMBERSHIP,
                dev.singletable.DynamicItem.builder("USERGROUP").set("userId", "u").set("groupId", "g").build()));
        receivers.put(dev.singletable.EdgeValues.class, dev.singletable.EdgeValues::none);
        receivers.put(dev.singletable.EntityStates.class, () -> PatternsModel.PRODUCT);
        receivers.put(dev.singletable.EntityStates.Builder.class, () -> dev.singletable.EntityStates.byFlag(PatternsModel.ARCHIVED,
                PatternsModel::product));
        return receivers;
    }

    /** A valid, non-null value of each parameter type; what a call does with them does not matter, as the null is refused first. */
    private static Object sample(Class<?> type) {
        if (type.isArray()) {
            return Array.newInstance(type.getComponentType(), 0);
        }
        Map<Class<?>, Object> samples = new LinkedHashMap<>();
        samples.put(String.class, "x");
        samples.put(Object.class, order("sweep", "o1"));
        samples.put(EntitySchema.class, ORDER);
        samples.put(KeyValues.class, orderKey("sweep", "o1"));
        samples.put(Condition.class, Condition.none());
        samples.put(Attribute.class, O_NOTE);
        samples.put(dev.singletable.AttributePath.class, dev.singletable.AttributePath.of(O_NOTE));
        samples.put(dev.singletable.DocumentPath.class, O_NOTE);
        samples.put(dev.singletable.AttributeType.class, AttributeTypes.STRING);
        samples.put(UnaryOperator.class, UnaryOperator.identity());
        samples.put(Function.class, Function.identity());
        samples.put(BiFunction.class, (BiFunction<Object, Object, Object>) (a, b) -> b);
        samples.put(Consumer.class, (Consumer<Object>) x -> { });
        samples.put(BiConsumer.class, (BiConsumer<Object, Object>) (a, b) -> { });
        samples.put(Predicate.class, (Predicate<Object>) x -> true);
        samples.put(Class.class, Status.class);
        samples.put(EntityCollection.class, CUSTOMER_ITEMS);
        samples.put(dev.singletable.EntityTypes.class, ORDER);
        samples.put(dev.singletable.ReadConsistency.class, dev.singletable.ReadConsistency.EVENTUAL);
        samples.put(List.class, List.of());
        samples.put(Collection.class, List.of());
        samples.put(Set.class, Set.of());
        samples.put(Map.class, Map.of());
        samples.put(Optional.class, Optional.empty());
        samples.put(BatchOptions.class, BatchOptions.defaults());
        samples.put(ItemKey.class, ItemKey.of(ORDER, orderKey("sweep", "o1")));
        samples.put(Duration.class, Duration.ofSeconds(1));
        samples.put(Clock.class, CLOCK);
        samples.put(Executor.class, (Executor) Runnable::run);
        samples.put(IndexSchema.class, IndexSchema.of("GSIX", "GSIXPK", "GSIXSK"));
        samples.put(IndexKey.class, IndexKey.of("A#{x}", "B"));
        samples.put(KeyTemplate.class, KeyTemplate.parse("A#{x}"));
        samples.put(dev.singletable.extension.RequestListener.class, (dev.singletable.extension.RequestListener) event -> { });
        samples.put(dev.singletable.extension.ItemCodec.class, new dev.singletable.extension.ItemCodec<Object>() {
            @Override
            public void encode(Object entity, Map<String, AttributeValue> item) {
            }

            @Override
            public Object decode(Map<String, AttributeValue> item, dev.singletable.ItemReader reader) {
                return item;
            }
        });
        samples.put(dev.singletable.Placeholders.class, new dev.singletable.Placeholders() {
            @Override
            public String name(String attributeName) {
                return attributeName;
            }

            @Override
            public String value(AttributeValue value) {
                return ":v";
            }
        });
        samples.put(Condition.StoredType.class, Condition.StoredType.STRING);
        samples.put(software.amazon.awssdk.core.SdkPojo.class, GetItemRequest.builder().tableName("T").build());
        samples.put(software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest.class, GetItemRequest.builder().tableName("T").build());
        samples.put(Iterable.class, List.of());
        samples.put(TableSchema.class, SCHEMA);
        samples.put(software.amazon.awssdk.services.dynamodb.DynamoDbClient.class, db.client());
        samples.put(software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient.class, db.engine().asyncClient());
        samples.put(dev.singletable.KeyType.class, dev.singletable.KeyType.S);
        samples.put(software.amazon.awssdk.core.client.config.ClientOverrideConfiguration.Builder.class,
                software.amazon.awssdk.core.client.config.ClientOverrideConfiguration.builder()); // WireCodec.install
        samples.put(java.net.URI.class, java.net.URI.create("http://127.0.0.1:8000"));                        // WireClient.Builder
        samples.put(software.amazon.awssdk.regions.Region.class, software.amazon.awssdk.regions.Region.US_EAST_1);
        samples.put(software.amazon.awssdk.auth.credentials.AwsCredentialsProvider.class,
                software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider.create());
        samples.put(software.amazon.awssdk.http.SdkHttpClient.class, SWEEP_HTTP);
        samples.put(software.amazon.awssdk.http.SdkHttpClient.Builder.class,
                software.amazon.awssdk.http.apache.ApacheHttpClient.builder()); // WireClient.Builder.httpClientBuilder: never built
        samples.put(software.amazon.awssdk.retries.api.RetryStrategy.class, dev.singletable.wire.WireClient.defaultRetryStrategy());
        samples.put(Number.class, 1L);
        samples.put(java.math.BigDecimal.class, java.math.BigDecimal.ONE);
        samples.put(Long.class, 1L);
        samples.put(Integer.class, 1);
        samples.put(Supplier.class, (Supplier<Object>) () -> null);
        samples.put(dev.singletable.DynamicItem.class, dev.singletable.DynamicItem.builder("Order").set("note", "n").build());
        samples.put(dev.singletable.Relation.class, PatternsModel.MEMBERSHIP);
        samples.put(dev.singletable.EntityStates.class, PatternsModel.PRODUCT);
        samples.put(dev.singletable.EdgeValues.class, dev.singletable.EdgeValues.none());
        samples.put(dev.singletable.partiql.PartiqlWrite.class, table().partiqlDelete(ORDER, orderKey("sweep", "o1")));
        Object sample = samples.get(type);
        if (sample == null) {
            throw new AssertionError("no sample value for parameter type " + type.getName() + ": add one to NullArgumentSweepTest.sample");
        }
        return sample;
    }

    private static Object primitive(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == char.class) {
            return 'x';
        }
        if (type == long.class) {
            return 1L;
        }
        if (type == double.class) {
            return 1.0;
        }
        if (type == float.class) {
            return 1.0f;
        }
        if (type == byte.class) {
            return (byte) 1;
        }
        if (type == short.class) {
            return (short) 1;
        }
        return 1;
    }

    /** The core's packages swept: the public package and the public packages in it (PartiQL, extension points). */
    private static final List<String> PACKAGES = List.of("dev.singletable", "dev.singletable.partiql", "dev.singletable.extension");

    /** The public top-level and nested types of {@link #PACKAGES}, read from the core's classes. */
    static List<Class<?>> publicTypes() throws IOException, URISyntaxException, ClassNotFoundException {
        Path location = Path.of(Table.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> names = new ArrayList<>();
        for (String pkg : PACKAGES) {
            String directory = pkg.replace('.', '/') + "/";
            if (Files.isDirectory(location)) {
                try (Stream<Path> files = Files.list(location.resolve(directory))) {
                    files.map(p -> directory + p.getFileName()).filter(n -> n.endsWith(".class")).forEach(names::add);
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    jar.stream().map(e -> e.getName()).filter(n -> n.startsWith(directory) && n.endsWith(".class")
                            && n.indexOf('/', directory.length()) < 0).forEach(names::add);
                }
            }
        }
        List<Class<?>> types = new ArrayList<>();
        for (String name : new TreeSet<>(names)) {
            if (name.endsWith("/module-info.class") || name.endsWith("/package-info.class")) {
                continue;
            }
            Class<?> type = Class.forName(name.substring(0, name.length() - ".class".length()).replace('/', '.'));
            if (Modifier.isPublic(type.getModifiers()) && !type.isAnonymousClass() && !type.isSynthetic()) {
                types.add(type);
            }
        }
        return types;
    }

    private static String label(Class<?> type) {
        return type.getName().substring("dev.singletable.".length());
    }

    private static boolean swept(Class<?> type) {
        return !Throwable.class.isAssignableFrom(type) && !SKIPPED.containsKey(label(type));
    }

    private static boolean hasReferenceParameter(Executable executable) {
        return Arrays.stream(executable.getParameterTypes()).anyMatch(p -> !p.isPrimitive());
    }

    /** The public methods and constructors a type declares or inherits from another public type of the swept packages. */
    private static List<Executable> entryPoints(Class<?> type) {
        List<Executable> entryPoints = new ArrayList<>();
        for (Method method : type.getMethods()) {
            boolean ours = PACKAGES.contains(method.getDeclaringClass().getPackageName());
            boolean inheritedStatic = Modifier.isStatic(method.getModifiers()) && method.getDeclaringClass() != type;
            boolean equalsMethod = method.getName().equals("equals") && method.getParameterCount() == 1;
            boolean enumValueOf = type.isEnum() && method.getName().equals("valueOf");
            if (ours && !inheritedStatic && !equalsMethod && !enumValueOf && !method.isSynthetic() && !method.isBridge()
                    && hasReferenceParameter(method)) {
                entryPoints.add(method);
            }
        }
        for (Constructor<?> constructor : type.getConstructors()) {
            if (hasReferenceParameter(constructor)) {
                entryPoints.add(constructor);
            }
        }
        entryPoints.sort(Comparator.comparing(NullArgumentSweepTest::signature));
        return entryPoints;
    }

    private static String signature(Executable executable) {
        return executable.getName() + Arrays.stream(executable.getParameterTypes()).map(Class::getSimpleName).toList();
    }

    static Stream<Arguments> nullArguments() throws Exception {
        List<Arguments> cases = new ArrayList<>();
        for (Class<?> type : publicTypes()) {
            if (!swept(type)) {
                continue;
            }
            for (Executable executable : entryPoints(type)) {
                Class<?>[] parameters = executable.getParameterTypes();
                for (int i = 0; i < parameters.length; i++) {
                    if (!parameters[i].isPrimitive()) {
                        String name = label(type) + "." + signature(executable) + " with parameter " + i + " null";
                        cases.add(Arguments.of(name, type, executable, i));
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nullArguments")
    void call_whenOneArgumentIsNull_throwsNullArgumentExceptionAndWritesNothing(String name, Class<?> type, Executable executable,
                                                                              int nullAt) throws Exception {
        Object[] arguments = new Object[executable.getParameterCount()];
        Class<?>[] parameters = executable.getParameterTypes();
        for (int i = 0; i < arguments.length; i++) {
            arguments[i] = i == nullAt ? null : parameters[i].isPrimitive() ? primitive(parameters[i]) : sample(parameters[i]);
        }
        Throwable thrown = null;
        Object returned = null;
        try {
            if (executable instanceof Constructor<?> constructor) {
                returned = constructor.newInstance(arguments);
            } else {
                Method method = (Method) executable;
                Object receiver = Modifier.isStatic(method.getModifiers()) ? null : receiver(type);
                returned = method.invoke(receiver, arguments);
            }
        } catch (InvocationTargetException e) {
            thrown = e.getCause();
        }
        if (thrown == null && returned instanceof CompletableFuture<?> future) {
            try {
                future.get(30, TimeUnit.SECONDS);
            } catch (ExecutionException | CompletionException e) {
                thrown = e.getCause();
            }
        }
        if (thrown == null) {
            fail(name + " returned " + returned + " instead of refusing the null");
        }
        if (!(thrown instanceof NullArgumentException refused)) {
            throw new AssertionError(name + " threw " + thrown + " instead of NullArgumentException", thrown);
        }
        assertThat(refused.parameter()).as("the parameter named").isNotBlank();
        assertThat(refused.getMessage()).startsWith(refused.method() + "(" + refused.parameter() + "): " + refused.parameter() + " is null; ");
        assertThat(db.client().scan(r -> r.tableName(db.tableName())).count()).as("items in the table").isZero();
    }

    private static Object receiver(Class<?> type) {
        Supplier<Object> receiver = receivers().get(type);
        if (receiver == null) {
            throw new AssertionError("no instance of " + type.getName() + " to sweep: add one to receivers() or a reason to SKIPPED");
        }
        return receiver.get();
    }

    @Test
    void publicTypes_whenSwept_eachHasAnInstanceOrOnlyStaticEntryPoints() throws Exception {
        List<String> missing = new ArrayList<>();
        Map<Class<?>, Supplier<Object>> receivers = receivers();
        for (Class<?> type : publicTypes()) {
            if (!swept(type) || receivers.containsKey(type)) {
                continue;
            }
            boolean instanceEntryPoints = entryPoints(type).stream()
                    .anyMatch(e -> e instanceof Method m && !Modifier.isStatic(m.getModifiers()));
            if (instanceEntryPoints) {
                missing.add(label(type));
            }
        }
        assertThat(missing).as("public types with instance entry points but no instance to sweep").isEmpty();
        assertThat(publicTypes()).as("public types found").hasSizeGreaterThan(60);
    }
}
