package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import java.math.BigDecimal;
import java.math.BigInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** What a write returns equals what a read returns, and numbers are stored in plain notation. */
class NumberRoundTripTest {
    record Price(String sku, BigDecimal amount, BigInteger units) {
    }

    record VersionedPrice(String sku, BigDecimal amount, Long version) {
    }

    static final Attribute<Price, String> SKU = Attribute.required("sku", AttributeTypes.STRING, Price::sku);
    static final Attribute<Price, BigDecimal> AMOUNT = Attribute.of("amount", AttributeTypes.DECIMAL, Price::amount);
    static final Attribute<Price, BigInteger> UNITS = Attribute.of("units", AttributeTypes.BIG_INTEGER, Price::units);
    static final EntitySchema<Price> PRICE = EntitySchema.builder(Price.class)
            .attributes(SKU, AMOUNT, UNITS)
            .primaryKey("PRICE#{sku}", "PRICE")
            .factory(item -> new Price(item.get(SKU), item.get(AMOUNT), item.get(UNITS)))
            .build();

    static final Attribute<VersionedPrice, String> V_SKU = Attribute.required("sku", AttributeTypes.STRING, VersionedPrice::sku);
    static final Attribute<VersionedPrice, BigDecimal> V_AMOUNT = Attribute.of("amount", AttributeTypes.DECIMAL, VersionedPrice::amount);
    static final Attribute<VersionedPrice, Long> V_VERSION = Attribute.of("version", AttributeTypes.LONG, VersionedPrice::version);
    static final EntitySchema<VersionedPrice> VERSIONED = EntitySchema.builder(VersionedPrice.class)
            .attributes(V_SKU, V_AMOUNT, V_VERSION)
            .primaryKey("VPRICE#{sku}", "PRICE")
            .version(V_VERSION)
            .factory(item -> new VersionedPrice(item.get(V_SKU), item.get(V_AMOUNT), item.get(V_VERSION)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("Numbers").entities(PRICE, VERSIONED).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private AttributeValue stored(String pk, String attribute) {
        return db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(java.util.Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS("PRICE"))).build()).item().get(attribute);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            10.50     | 10.5     | 100    | 100
            100       | 100      | 1E+3   | 1000
            1E+2      | 100      | 0      | 0
            0.0000010 | 0.000001 | -1E+5  | -100000
            -0.00     | 0        | 7      | 7
            12345678901234567890.123456789012345000 | 12345678901234567890.123456789012345 | 1E+40 | 10000000000000000000000000000000000000000
            """)
    void create_whenDecimalHasTrailingZerosOrAnExponent_storesPlainTextAndReturnsWhatGetReturns(String amount, String stored,
                                                                                               String units, String storedUnits) {
        String sku = "c" + amount;
        Price created = db.table().create(new Price(sku, new BigDecimal(amount), new BigDecimal(units).toBigIntegerExact()));

        Price read = db.table().get(PRICE, KeyValues.of(SKU, sku)).orElseThrow();
        assertThat(created).isEqualTo(read);
        assertThat(created.amount()).isEqualTo(new BigDecimal(stored));
        assertThat(stored("PRICE#" + sku, "amount")).isEqualTo(AttributeValue.fromN(stored));
        assertThat(stored("PRICE#" + sku, "units")).isEqualTo(AttributeValue.fromN(storedUnits));
    }

    @Test
    void put_whenDecimalHasTrailingZeros_returnsWhatGetReturns() {
        Price put = db.table().put(new Price("p1", new BigDecimal("99.900"), BigInteger.TEN));

        assertThat(put).isEqualTo(db.table().get(PRICE, KeyValues.of(SKU, "p1")).orElseThrow())
                .isEqualTo(new Price("p1", new BigDecimal("99.9"), BigInteger.TEN));
    }

    @Test
    void update_whenSettingADecimalWithTrailingZeros_returnsWhatGetReturns() {
        db.table().put(new Price("u1", new BigDecimal("1"), BigInteger.ONE));

        Price updated = db.table().update(PRICE, KeyValues.of(SKU, "u1"), u -> u.set(AMOUNT, new BigDecimal("2.500")));

        assertThat(updated).isEqualTo(db.table().get(PRICE, KeyValues.of(SKU, "u1")).orElseThrow())
                .isEqualTo(new Price("u1", new BigDecimal("2.5"), BigInteger.ONE));
        assertThat(stored("PRICE#u1", "amount")).isEqualTo(AttributeValue.fromN("2.5"));
    }

    @Test
    void createAndPut_whenEntityIsVersioned_returnWhatGetReturns() {
        VersionedPrice created = db.table().create(new VersionedPrice("v1", new BigDecimal("5.000"), null));
        assertThat(created).isEqualTo(db.table().get(VERSIONED, KeyValues.of(V_SKU, "v1")).orElseThrow())
                .isEqualTo(new VersionedPrice("v1", new BigDecimal("5"), 1L));

        VersionedPrice put = db.table().put(new VersionedPrice("v1", new BigDecimal("1E+1"), 1L));
        assertThat(put).isEqualTo(db.table().get(VERSIONED, KeyValues.of(V_SKU, "v1")).orElseThrow())
                .isEqualTo(new VersionedPrice("v1", new BigDecimal("10"), 2L));
        assertThat(stored("VPRICE#v1", "amount")).isEqualTo(AttributeValue.fromN("10"));
    }
}
