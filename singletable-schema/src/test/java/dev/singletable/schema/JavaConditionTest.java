package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A sparse index whose {@code when} is a Java method ({@code {java: isShipped}}, as the annotation processor writes it for
 * {@code @Index(when = ...)}): the file loads, its tools take the index as an upper bound of the Java condition, and its
 * table schema refuses writes that would decide it.
 */
class JavaConditionTest {
    /** The shop design (shared with the CLI's tests), GSI1 conditioned on the Java method isShipped(). */
    static final String ORDERS = "java-condition/orders.singletable.yaml";

    /** The shop design with GSI1's {@code when} replaced. */
    static String ordersWhen(String when) {
        try (java.io.InputStream in = JavaConditionTest.class.getClassLoader().getResourceAsStream(ORDERS)) {
            return new String(java.util.Objects.requireNonNull(in, ORDERS).readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                    .replace("when: {java: isShipped}", "when: " + when);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void parse_whenAnIndexConditionIsAJavaMethod_loadsItRefusingToDecideWritesAndComposingTheUpperBoundForTheTools() {
        SchemaFile file = SchemaFile.loadResource(ORDERS);
        DynamicItem order = file.item("Order", Map.of("id", "O1", "createdAt", "2025-01-31T09:00:00Z"));

        Map<String, AttributeValue> composed = Table.offline(file.upperBoundSchema()).toItem(order);
        Throwable written = catchThrowable(() -> Table.offline(file.tableSchema()).toItem(order));

        assertThat(file.document().entities().get("Order").indexes().get("GSI1").when())
                .contains(new ConditionDefinition.JavaMethod("isShipped"));
        assertThat(file.tableSchema().entity("Order").orElseThrow().indexConditionReads("GSI1")).isEmpty();
        assertThat(file.upperBoundSchema().entity("Order").orElseThrow().hooks().indexCondition("GSI1")).isEmpty();
        assertThat(composed).containsEntry("GSI1PK", AttributeValue.fromS("SHIPPED"));
        assertThat(written).isInstanceOf(JavaConditionException.class);
    }

    @Test
    void put_whenTheItemHasTheKeySlotOfAnIndexConditionedOnAJavaMethod_namesTheSlotAndValueAndSaysItCanBeWrittenWithoutIt() {
        SchemaFile file = SchemaFile.loadResource(ORDERS);
        DynamicItem order = file.item("Order", Map.of("id", "O1", "createdAt", "2025-01-31T09:00:00Z"));

        JavaConditionException refused = catchThrowableOfType(JavaConditionException.class,
                () -> Table.offline(file.tableSchema()).toItem(order));

        assertThat(refused.slots()).containsExactly(Map.entry("createdAt", java.time.Instant.parse("2025-01-31T09:00:00Z")));
        assertThat(refused.getMessage()).contains("this one has GSI1's key slot createdAt (2025-01-31T09:00:00Z), so written from the "
                + "design file it would be put on the index whatever isShipped() says").contains("An item of Order without createdAt "
                + "is not on GSI1: write it without createdAt, or write Order items with the Java application that has isShipped()");
    }

    @Test
    void put_whenEveryKeySlotOfTheJavaConditionedIndexIsRequired_doesNotSayToWriteItWithoutThem() {
        SchemaFile file = SchemaFile.parse(ordersWhen("{java: isShipped}").replace("sk: \"{createdAt}\"", "sk: \"{id}\""),
                "shop.singletable.yaml");
        DynamicItem order = file.item("Order", Map.of("id", "O1"));

        JavaConditionException refused = catchThrowableOfType(JavaConditionException.class,
                () -> Table.offline(file.tableSchema()).toItem(order));

        assertThat(refused.getMessage()).contains("this one has GSI1's key slot id (O1)").doesNotContain("without")
                .contains("nothing written. Write Order items with the Java application");
    }

    @Test
    void toYaml_whenAnIndexConditionIsAJavaMethod_writesItBackAsTheFileHadIt() {
        SchemaFile file = SchemaFile.loadResource(ORDERS);

        SchemaFile back = SchemaFile.parse(SchemaFileWriter.toYaml(file.document()), "back.singletable.yaml");

        assertThat(back.document()).isEqualTo(file.document());
        assertThat(SchemaFileWriter.toJson(file.document())).contains("\"java\" : \"isShipped\"");
    }

    @Test
    void parse_whenAJavaMethodIsPartOfAnAll_refusesItThere() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(
                ordersWhen("{all: [{present: shippedAt}, {java: isShipped}]}"), "shop.singletable.yaml"));

        assertThat(failure.getMessage()).contains("entities.Order.indexes.GSI1.when.all[1].java: a Java method (isShipped) can only be an "
                + "index's whole when, as the annotation processor writes it; a filter or a part of all/any needs a condition the file "
                + "can evaluate (present, absent, equals, notEquals, beginsWith)");
    }
}
