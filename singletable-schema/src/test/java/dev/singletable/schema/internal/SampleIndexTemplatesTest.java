package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyAttributeDefinition.KeyAttributeType;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.internal.SampleEntities.Context;
import dev.singletable.schema.internal.SampleEntities.Group;
import dev.singletable.schema.internal.SampleEntities.Item;
import dev.singletable.schema.internal.SampleEntities.Keys;
import dev.singletable.schema.internal.SampleEntities.Primary;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class SampleIndexTemplatesTest {
    private static final Keys KEYS = new Keys(new KeyAttributeDefinition("PK", KeyAttributeType.S),
            Optional.of(new KeyAttributeDefinition("SK", KeyAttributeType.S)));
    private static final IndexDefinition BY_TYPE = gsi("gsi1", "GSI1PK");
    private static final IndexDefinition BY_EMAIL = gsi("gsi2", "GSI2PK");
    private static final SampleEntities.Varying NOTHING_VARIES = new SampleEntities.Varying(Set.of(), Set.of(), Map.of());
    private static final KeyDefinition PRIMARY = new KeyDefinition(List.of("ORDER#{orderId}"), List.of("ORDER#{orderId}"), Optional.empty());

    @Test
    void of_whenEveryItemHoldsOneConstantInCapitals_writesItAsLiteralText_andAnIndexNoItemHoldsIsUnmapped() throws Exception {
        List<Item> items = List.of(item("{\"PK\": {\"S\": \"ORDER#o1\"}, \"SK\": {\"S\": \"ORDER#o1\"}, \"GSI1PK\": {\"S\": \"ORDER\"}}"),
                item("{\"PK\": {\"S\": \"ORDER#o2\"}, \"SK\": {\"S\": \"ORDER#o2\"}, \"GSI1PK\": {\"S\": \"ORDER\"}}"));
        Context context = new Context(KEYS, List.of(BY_TYPE, BY_EMAIL), Map.of(), items, "entityType");
        Group group = new Group("Order", "TableData", items, List.of(Map.of(), Map.of()), Set.of("GSI1PK"),
                new SampleKeys.Slots(items.size(), Set.of("PK", "SK", "GSI1PK", "GSI2PK", "entityType")));
        Primary primary = new Primary(PRIMARY, i -> Map.of("orderId", "o" + (i + 1)), Set.of("orderId"), Optional.empty());
        List<String> inferred = new ArrayList<>();

        SampleIndexTemplates.OnIndexes onIndexes = new SampleIndexTemplates(new ImportNotes(), context).of(group, primary, List.of(), NOTHING_VARIES,
                inferred);

        assertThat(onIndexes.templates()).containsOnlyKeys("gsi1");
        assertThat(onIndexes.templates().get("gsi1").partition()).containsExactly("ORDER");
        assertThat(onIndexes.dedicated()).containsExactly("GSI1PK");
        assertThat(onIndexes.unmappedKeys()).containsExactly("GSI2PK");
        assertThat(inferred).containsExactly("gsi1 ORDER (from 2 of 2 items)");
    }

    @Test
    void of_forAFacetWithoutItemsDeclaringTheIndexKey_makesItTheEntitysOwnAttribute() {
        Context context = new Context(KEYS, List.of(BY_EMAIL), Map.of(), List.of(), "entityType");
        Group group = new Group("User", "TableFacets[0]", List.of(), List.of(), Set.of(), new SampleKeys.Slots(0, Set.of("PK", "SK")));
        Primary primary = new Primary(PRIMARY, i -> Map.of(), Set.of("orderId"), Optional.empty());
        List<String> inferred = new ArrayList<>();

        SampleIndexTemplates.OnIndexes onIndexes = new SampleIndexTemplates(new ImportNotes(), context)
                .of(group, primary, List.of("GSI2PK"), NOTHING_VARIES, inferred);

        assertThat(onIndexes.templates().get("gsi2").partition()).containsExactly("{GSI2PK}");
        assertThat(onIndexes.unmappedKeys()).isEmpty();
        assertThat(inferred).singleElement().asString().contains("no sample items");
    }

    private static IndexDefinition gsi(String name, String partition) {
        return new IndexDefinition(name, IndexDefinition.IndexKind.GLOBAL, Optional.empty(),
                List.of(new KeyAttributeDefinition(partition, KeyAttributeType.S)), List.of(), ProjectionDefinition.all());
    }

    private static Item item(String json) throws Exception {
        return new Item("TableData[0]", new ObjectMapper().readTree(json));
    }
}
