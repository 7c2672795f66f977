package dev.singletable.it;

import dev.singletable.KeyValues;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.it.TestModel.Level;
import dev.singletable.it.TestModel.Reading;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;

import static dev.singletable.it.TestModel.READING;
import static dev.singletable.it.TestModel.R_SENSOR;
import static dev.singletable.it.TestModel.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The same operations through the loopback HTTP server: the wire path the SDK uses against AWS. */
class OverHttpTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    @Test
    void createGetQuery_whenOverHttp_behaveAsEmbedded() {
        Reading reading = new Reading("wire", 1, Instant.parse("2025-01-01T00:00:00Z"), -1, Level.LOW);
        db.table().create(reading);

        assertThatThrownBy(() -> db.table().create(reading)).isInstanceOf(ItemAlreadyExistsException.class);
        assertThat(db.table().get(READING, KeyValues.of(R_SENSOR, "wire").and("seq", 1L))).contains(reading);
        assertThat(db.table().query(READING).index("GSI2").partition(KeyValues.of("level", Level.LOW)).list()).containsExactly(reading);
        assertThat(db.engine().endpoint().getHost()).isEqualTo("127.0.0.1");
    }
}
