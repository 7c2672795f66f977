package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import javax.tools.JavaFileObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.singletable.fixtures.RecordingClient.recording;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * Review h37 finding 4 through {@code @AccessPatterns}: an {@code @Update} of an entity with a sparse index whose
 * {@code @Index(when = ...)} Java condition decides membership reads the stored item first and sets or removes the
 * index's keys as the condition says; compiled with the processor, then run on the embedded engine. (The entities are
 * compiled here, not in the test sources: the processor warns that a Java condition cannot go into a design file, which
 * -Werror of the test sources refuses.)
 */
class SparseIndexUpdatePatternTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
    private static final Instant T1 = Instant.parse("2025-01-02T00:00:00Z");
    private static Compilation compilation;
    private static ClassLoader compiled;
    private static Object patterns;
    private static Table table;
    private static final List<DynamoDbRequest> SENT = new ArrayList<>();

    @BeforeAll
    static void compileAndCreateTable() throws ReflectiveOperationException {
        compilation = javac().withProcessors(new SingleTableProcessor()).compile(
                JavaFileObjects.forSourceString("t.Shipment", """
                        package t;
                        import dev.singletable.annotations.*;
                        import java.time.Instant;
                        @Entity(pk = "C#{id}", sk = "META")
                        @Index(name = "GSI1", pk = "SHIPPED", sk = "{createdAt}", when = "isShipped")
                        @Index(name = "GSI2", pk = "ACTIVE_SHIPPED", sk = "{shippedAt}", when = "isActiveShipped")
                        public record Shipment(String id, Instant createdAt, Instant shippedAt, String status) {
                            boolean isShipped() { return shippedAt != null; }
                            boolean isActiveShipped() { return "ACTIVE".equals(status) && shippedAt != null; }
                        }
                        """),
                JavaFileObjects.forSourceString("t.SparseShop", """
                        package t;
                        import dev.singletable.annotations.TableDesign;
                        @TableDesign(name = "SparseShop", indexes = {
                                @TableDesign.GlobalIndex(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK"),
                                @TableDesign.GlobalIndex(name = "GSI2", partitionKey = "GSI2PK", sortKey = "GSI2SK")},
                                entities = Shipment.class)
                        public final class SparseShop {}
                        """),
                JavaFileObjects.forSourceString("t.Shipments", """
                        package t;
                        import dev.singletable.annotations.*;
                        import java.time.Instant;
                        import java.util.List;
                        @AccessPatterns(table = SparseShop.class)
                        public interface Shipments {
                            @Update(set = "shippedAt") Shipment ship(String id, Instant shippedAt);
                            @Update(set = "status") Shipment setStatus(String id, String status);
                            @Query(index = "GSI1") List<Shipment> shipped();
                            @Query(index = "GSI2") List<Shipment> activeShipped();
                        }
                        """));
        assertThat(compilation).succeeded();
        compiled = new CompiledClasses(compilation, SparseIndexUpdatePatternTest.class.getClassLoader());
        TableSchema schema = ((TableSchema) compiled.loadClass("t.SparseShopDesign").getField("SCHEMA").get(null)).toBuilder()
                .name("SparseIndexUpdatePatternTest").build();
        table = Table.of(schema, recording(db.client(), SENT));
        table.createTable();
        patterns = compiled.loadClass("t.ShipmentsPatterns").getMethod("of", Table.class).invoke(null, table);
    }

    private static Object shipment(String id, Instant createdAt, Instant shippedAt, String status) throws ReflectiveOperationException {
        Constructor<?> constructor = compiled.loadClass("t.Shipment").getConstructor(String.class, Instant.class, Instant.class, String.class);
        return constructor.newInstance(id, createdAt, shippedAt, status);
    }

    private static Object call(String pattern, Object... arguments) throws ReflectiveOperationException {
        Class<?>[] types = java.util.Arrays.stream(arguments).map(Object::getClass).toArray(Class<?>[]::new);
        try {
            return compiled.loadClass("t.Shipments").getMethod(pattern, types).invoke(patterns, arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw e;
        }
    }

    private static List<String> ids(String pattern) throws ReflectiveOperationException {
        List<String> ids = new ArrayList<>();
        for (Object item : (List<?>) call(pattern)) {
            ids.add((String) item.getClass().getMethod("id").invoke(item));
        }
        return ids;
    }

    @Test
    void generate_whenTheEntityHasAJavaIndexCondition_readsTheStoredItemFirst() throws java.io.IOException {
        String source = compilation.generatedSourceFile("t.ShipmentsPatterns").orElseThrow().getCharContent(true).toString();

        assertThat(source).contains("return table.update(ShipmentSchema.INSTANCE, KeyValues.of(ShipmentSchema.ID, id), update$ -> "
                + "update$.set(ShipmentSchema.SHIPPED_AT, shippedAt).readingStoredValuesForIndexKeys());");
    }

    @Test
    void update_whenShippingMakesTheConditionHold_putsTheItemIntoTheIndex() throws ReflectiveOperationException {
        table.put(shipment("e1", T0, null, "NEW"));
        assertThat(ids("shipped")).doesNotContain("e1");
        SENT.clear();

        Object shipped = call("ship", "e1", T1);

        assertThat(shipped).isEqualTo(shipment("e1", T0, T1, "NEW"));
        assertThat(SENT).extracting(r -> r.getClass().getSimpleName()).containsExactly("GetItemRequest", "UpdateItemRequest");
        assertThat(SENT.get(1)).isInstanceOfSatisfying(UpdateItemRequest.class, update -> {
            assertThat(update.updateExpression()).isEqualTo("SET #shippedAt = :v0, #GSI1PK = :v1, #GSI1SK = :v2 REMOVE #GSI2PK, #GSI2SK");
            assertThat(update.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 AND #createdAt = :v4 "
                    + "AND #status = :v5");
            assertThat(update.expressionAttributeValues()).containsExactly(entry(":v0", AttributeValue.fromS("2025-01-02T00:00:00Z")),
                    entry(":v1", AttributeValue.fromS("SHIPPED")), entry(":v2", AttributeValue.fromS("2025-01-01T00:00:00.000000000Z")),
                    entry(":v3", AttributeValue.fromS("Shipment")), entry(":v4", AttributeValue.fromS("2025-01-01T00:00:00Z")),
                    entry(":v5", AttributeValue.fromS("NEW")));
        });
        assertThat(ids("shipped")).contains("e1");
        assertThat(ids("activeShipped")).doesNotContain("e1"); // shippedAt is GSI2's slot, but the item is not ACTIVE
    }

    @Test
    void update_whenCancellingMakesTheConditionStopHolding_takesTheItemOutOfTheIndex() throws ReflectiveOperationException {
        table.put(shipment("l1", T0, T1, "ACTIVE"));
        assertThat(ids("activeShipped")).contains("l1");

        call("setStatus", "l1", "CANCELLED");

        assertThat(ids("activeShipped")).doesNotContain("l1");
        assertThat(ids("shipped")).contains("l1");
    }

    /** The classes a compilation wrote, loaded from memory. */
    private static final class CompiledClasses extends ClassLoader {
        private final Map<String, byte[]> classes = new HashMap<>();

        CompiledClasses(Compilation compilation, ClassLoader parent) {
            super(parent);
            for (JavaFileObject file : compilation.generatedFiles()) {
                String path = file.toUri().getPath();
                if (file.getKind() == JavaFileObject.Kind.CLASS && path.contains("CLASS_OUTPUT/")) {
                    String name = path.substring(path.indexOf("CLASS_OUTPUT/") + "CLASS_OUTPUT/".length()).replace(".class", "").replace('/', '.');
                    try (var in = file.openInputStream()) {
                        classes.put(name, in.readAllBytes());
                    } catch (java.io.IOException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] bytes = classes.get(name);
            if (bytes == null) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, bytes, 0, bytes.length);
        }
    }
}
