package dev.singletable;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VolumeTest {
    record Note(String id) {
    }

    private static final Attribute<Note, String> ID = Attribute.required("id", AttributeTypes.STRING, Note::id);

    @Test
    void volume_whenDeclaredOnTheBuilder_isTheSchemasVolume() {
        EntitySchema<Note> schema = EntitySchema.builder(Note.class).attributes(ID).primaryKey("NOTE#{id}", "NOTE")
                .factory(item -> new Note(item.get(ID)))
                .volume(Volume.none().count(10_000_000).partitionKeyValues(2_000_000).writes(200, 20)).build();

        assertThat(schema.volume()).isEqualTo(new Volume(Optional.of(10_000_000L), Optional.of(2_000_000L), Optional.of(200.0),
                Optional.of(20.0)));
    }

    @Test
    void volume_whenNotDeclared_isNone() {
        EntitySchema<Note> schema = EntitySchema.builder(Note.class).attributes(ID).primaryKey("NOTE#{id}", "NOTE")
                .factory(item -> new Note(item.get(ID))).build();

        assertThat(schema.volume()).isEqualTo(Volume.none());
        assertThat(schema.volume().isEmpty()).isTrue();
    }

    @Test
    void writes_whenAverageIsOverThePeak_failsNamingBoth() {
        assertThatThrownBy(() -> Volume.none().writes(10, 20)).isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("writes: average 20.0 puts a second is more than the peak 10.0; the peak is the busiest rate: "
                        + "raise peak to at least 20.0 or lower average");
    }

    @Test
    void count_whenNegative_fails() {
        assertThatThrownBy(() -> Volume.none().count(-5)).isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("count -5 is negative; give the items expected, 0 or more");
    }

    @Test
    void partitionKeyValues_whenMoreThanTheCount_fails() {
        assertThatThrownBy(() -> Volume.none().count(10).partitionKeyValues(11)).isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("partitionKeyValues 11 is more than the count 10; each item has one partition key: give at most 10");
    }

    @Test
    void new_whenOneWriteRateIsMissing_fails() {
        assertThatThrownBy(() -> new Volume(Optional.empty(), Optional.empty(), Optional.of(5.0), Optional.empty()))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("writes: give the peak and the average together (the same figure twice for a steady rate)");
    }
}
