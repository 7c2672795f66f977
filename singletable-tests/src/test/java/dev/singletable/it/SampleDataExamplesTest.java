package dev.singletable.it;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.examples.AppTable;
import dev.singletable.examples.SampleData;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The examples' data is written twice: {@link SampleData} builds it in Java for the demo and the tests, and
 * {@code singletable/app-table-examples.jsonl} gives it to the design tools ({@code patterns}, {@code view}, {@code lint})
 * through the processor's {@code META-INF/singletable/AppTable.singletable.json}. Both are compared as the items they are
 * stored as: SampleData's entities through {@link AppTable#SCHEMA}, each line of the file converted by the design file's
 * attribute types, as the design tools convert their examples, and put through the schema they load from it. The lines
 * are read from the resource rather than from the design file, which an incremental build does not rewrite when only the
 * resource changed. Nothing is sent.
 */
class SampleDataExamplesTest {
    /** Two hours after the examples' newest session logged in: SampleData times its sessions from the clock. */
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-05-25T12:00:00Z"), ZoneOffset.UTC);

    private static final SampleData DATA = SampleData.create(CLOCK);
    private static final SchemaFile DESIGN = SchemaFile.loadResource("META-INF/singletable/" + AppTable.NAME + ".singletable.json");
    /** The resource {@code AppTable}'s {@code @TableDesign(examples = ...)} names. */
    private static final String EXAMPLES = "singletable/app-table-examples.jsonl";

    @Test
    void examples_whenComparedWithSampleData_holdAsManyItemsOfEveryEntityType() {
        Map<String, Long> examples = counts(exampleItems());
        Map<String, Long> sample = counts(sampleItems());

        assertThat(examples).as("items per entity type, app-table-examples.jsonl vs SampleData").isEqualTo(sample);
    }

    @Test
    void examples_whenComparedWithSampleData_storeTheSameAttributesUnderEveryKey() {
        Map<String, Map<String, AttributeValue>> examples = byKey(exampleItems());
        Map<String, Map<String, AttributeValue>> sample = byKey(sampleItems());

        List<String> differences = new ArrayList<>();
        Set<String> keys = new TreeSet<>(sample.keySet());
        keys.addAll(examples.keySet());
        for (String key : keys) {
            Map<String, AttributeValue> expected = sample.get(key);
            Map<String, AttributeValue> actual = examples.get(key);
            if (expected == null || actual == null) {
                differences.add(key + ": only in " + (expected == null ? "app-table-examples.jsonl" : "SampleData"));
                continue;
            }
            Set<String> attributes = new TreeSet<>(expected.keySet());
            attributes.addAll(actual.keySet());
            for (String attribute : attributes) {
                if (!Objects.equals(expected.get(attribute), actual.get(attribute))) {
                    differences.add(key + ": " + attribute + " is " + shown(expected.get(attribute)) + " in SampleData, "
                            + shown(actual.get(attribute)) + " in app-table-examples.jsonl");
                }
            }
        }

        assertThat(differences).as("stored items of SampleData vs app-table-examples.jsonl").isEmpty();
        assertThat(keys).hasSize(DATA.all().size());
    }

    /** SampleData's entities as the application stores them. */
    private static List<Map<String, AttributeValue>> sampleItems() {
        Table table = Table.offlineBuilder(AppTable.SCHEMA).clock(CLOCK).build();
        return DATA.all().stream().map(table::toItem).toList();
    }

    /** The lines of the examples file as the design tools store them. */
    private static List<Map<String, AttributeValue>> exampleItems() {
        Table table = Table.offlineBuilder(DESIGN.tableSchema()).clock(CLOCK).build();
        ObjectMapper json = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        try (InputStream in = SampleDataExamplesTest.class.getClassLoader().getResourceAsStream(EXAMPLES)) {
            assertThat(in).as(EXAMPLES + " on the class path").isNotNull();
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).isBlank()) {
                    continue;
                }
                Map<String, Object> values = new LinkedHashMap<>(json.readValue(lines.get(i), new TypeReference<Map<String, Object>>() {
                }));
                String entity = (String) values.remove(AppTable.SCHEMA.entityTypeAttribute());
                try {
                    items.add(table.toItem(DESIGN.item(entity, values)));
                } catch (SingleTableException e) {
                    throw new AssertionError(EXAMPLES + " line " + (i + 1) + ": " + e.getMessage(), e);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return items;
    }

    private static Map<String, Long> counts(List<Map<String, AttributeValue>> items) {
        String type = AppTable.SCHEMA.entityTypeAttribute();
        return items.stream().collect(Collectors.groupingBy(item -> item.get(type).s(), TreeMap::new, Collectors.counting()));
    }

    /** The items by entity type and primary key, such as {@code Product PRODUCT#HP-100 / DETAILS}. */
    private static Map<String, Map<String, AttributeValue>> byKey(List<Map<String, AttributeValue>> items) {
        TableSchema schema = AppTable.SCHEMA;
        Function<Map<String, AttributeValue>, String> key = item -> item.get(schema.entityTypeAttribute()).s() + " "
                + item.get(schema.partitionKeyAttribute()).s() + " / " + item.get(schema.sortKeyAttribute().orElseThrow()).s();
        return items.stream().collect(Collectors.toMap(key, Function.identity(), (a, b) -> {
            throw new AssertionError("two items under the key " + key.apply(a));
        }, TreeMap::new));
    }

    private static String shown(AttributeValue value) {
        return value == null ? "absent" : value.toString();
    }
}
