package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The field naming an item's entity in JSON output and JSON Lines input: never one of the item's attributes. */
class ItemJsonTest {
    @Test
    void entityField_whenNoAttributeIsNamedEntity_isEntity() {
        assertThat(ItemJson.entityField(List.of("id", "entityType", "myentity"))).isEqualTo("entity");
    }

    @Test
    void entityField_whenAttributesAreNamedEntityWithAts_hasOneAtMoreThanTheMost() {
        assertThat(List.of(ItemJson.entityField(List.of("id", "entity")), ItemJson.entityField(List.of("@entity")),
                ItemJson.entityField(List.of("entity", "@@entity")))).containsExactly("@entity", "@@entity", "@@@entity");
    }

    @Test
    void entityFieldOf_whenARowHasSeveral_isTheOneWithTheMostAtsWhateverTheOrder() {
        assertThat(List.of(ItemJson.entityFieldOf(List.of("id", "entity")), ItemJson.entityFieldOf(List.of("entity", "@entity")),
                ItemJson.entityFieldOf(List.of("@@entity", "entity", "@entity")), ItemJson.entityFieldOf(List.of("id", "xentity"))))
                .containsExactly(Optional.of("entity"), Optional.of("@entity"), Optional.of("@@entity"), Optional.empty());
    }
}
