package dev.singletable.processor.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Currency;
import java.util.List;
import java.util.Map;

import static dev.singletable.processor.it.RawItems.item;
import static dev.singletable.processor.it.RawItems.n;
import static dev.singletable.processor.it.RawItems.numbers;
import static dev.singletable.processor.it.RawItems.s;
import static dev.singletable.processor.it.RawItems.stored;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code @Convert} attributes of a generated schema and {@code AttributeTypes.custom} ones of a built schema, on the engine. */
class ConvertRoundTripTest {
    record Voucher(String code, Money value, Range validDays) {
    }

    static final Attribute<Voucher, String> CODE = Attribute.required("code", AttributeTypes.STRING, Voucher::code);
    static final Attribute<Voucher, Money> VALUE = Attribute.of("value",
            AttributeTypes.custom("Money", m -> n(Long.toString(m.cents())), v -> new Money(Long.parseLong(v.n()))),
            Voucher::value);
    static final Attribute<Voucher, Range> VALID_DAYS = Attribute.of("validDays",
            AttributeTypes.custom("Range", r -> r.low() < 0 ? null : Converters.toBounds(r), Converters::fromBounds), Voucher::validDays);
    static final EntitySchema<Voucher> VOUCHER = EntitySchema.builder(Voucher.class)
            .type("Voucher")
            .attributes(CODE, VALUE, VALID_DAYS)
            .primaryKey("VOUCHER#{code}", "VOUCHER")
            .index("GSI1", "VALUE#{code}", "VOUCHER")
            .factory(item -> new Voucher(item.get(CODE), item.get(VALUE), item.get(VALID_DAYS)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("ConvertedThings")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .entities(WalletSchema.INSTANCE, VOUCHER)
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    @Test
    void putGetAndQuery_whenEveryConvertedAttributeHasAValue_storesTheConvertersValuesAndReadsTheEntityBack() {
        Wallet written = new Wallet("W1", "ann", new Money(12_345), Currency.getInstance("EUR"), new Range(-5, 500), new Money(2_000));

        db.table().put(written);
        Wallet got = db.table().get(WalletSchema.INSTANCE, KeyValues.of(WalletSchema.WALLET_ID, "W1")).orElseThrow();
        List<Wallet> queried = db.table().query(WalletSchema.INSTANCE).partition(KeyValues.of(WalletSchema.WALLET_ID, "W1")).list();
        List<Wallet> byOwner = db.table().query(WalletSchema.INSTANCE).index(WalletSchema.GSI1)
                .partition(KeyValues.of(WalletSchema.OWNER, "ann")).list();

        assertThat(stored(db, "WALLET#W1", "WALLET")).isEqualTo(item(
                "PK", s("WALLET#W1"), "SK", s("WALLET"),
                "GSI1PK", s("OWNER#ann"), "GSI1SK", s("WALLET#W1"),
                "entityType", s("Wallet"), "walletId", s("W1"), "owner", s("ann"),
                "balance", n("12345"), "currency", s("EUR"), "allowed", numbers(-5, 500),
                "overdraft", n("2000")));
        assertThat(got).isEqualTo(written);
        assertThat(queried).containsExactly(written);
        assertThat(byOwner).containsExactly(written);
    }

    @Test
    void putGetAndQuery_whenConvertedAttributesAreNull_storesNoneOfThemAndReadsNulls() {
        Wallet written = new Wallet("W2", "bob", new Money(0), null, null, null);

        db.table().put(written);
        Wallet got = db.table().get(WalletSchema.INSTANCE, KeyValues.of(WalletSchema.WALLET_ID, "W2")).orElseThrow();
        List<Wallet> byOwner = db.table().query(WalletSchema.INSTANCE).index(WalletSchema.GSI1)
                .partition(KeyValues.of(WalletSchema.OWNER, "bob")).list();

        assertThat(stored(db, "WALLET#W2", "WALLET")).isEqualTo(item(
                "PK", s("WALLET#W2"), "SK", s("WALLET"),
                "GSI1PK", s("OWNER#bob"), "GSI1SK", s("WALLET#W2"),
                "entityType", s("Wallet"), "walletId", s("W2"), "owner", s("bob"),
                "balance", n("0")));
        assertThat(got).isEqualTo(written);
        assertThat(byOwner).containsExactly(written);
    }

    @Test
    void query_whenFilterComparesAConvertedAttribute_comparesTheConvertedValues() {
        Wallet rich = new Wallet("W3", "cid", new Money(90_000), Currency.getInstance("USD"), new Range(0, 1), null);
        Wallet poor = new Wallet("W4", "cid", new Money(900), Currency.getInstance("JPY"), new Range(0, 1), null);
        db.table().put(rich);
        db.table().put(poor);

        List<Wallet> above = db.table().query(WalletSchema.INSTANCE).index(WalletSchema.GSI1).partition(KeyValues.of(WalletSchema.OWNER, "cid"))
                .filter(Condition.gt(WalletSchema.BALANCE, new Money(1_000))).list();
        List<Wallet> inYen = db.table().query(WalletSchema.INSTANCE).index(WalletSchema.GSI1).partition(KeyValues.of(WalletSchema.OWNER, "cid"))
                .filter(Condition.eq(WalletSchema.CURRENCY, Currency.getInstance("JPY"))).list();

        assertThat(above).containsExactly(rich);
        assertThat(inYen).containsExactly(poor);
    }

    @Test
    void putGetAndQuery_whenACustomTypeHasValues_storesWhatItsFunctionsReturnAndReadsTheEntityBack() {
        Voucher written = new Voucher("V1", new Money(750), new Range(1, 30));

        db.table().put(written);
        Voucher got = db.table().get(VOUCHER, KeyValues.of(CODE, "V1")).orElseThrow();
        List<Voucher> queried = db.table().query(VOUCHER).partition(KeyValues.of(CODE, "V1")).list();
        List<Voucher> byIndex = db.table().query(VOUCHER).index("GSI1").partition(KeyValues.of(CODE, "V1")).list();

        assertThat(stored(db, "VOUCHER#V1", "VOUCHER")).isEqualTo(item(
                "PK", s("VOUCHER#V1"), "SK", s("VOUCHER"),
                "GSI1PK", s("VALUE#V1"), "GSI1SK", s("VOUCHER"),
                "entityType", s("Voucher"), "code", s("V1"),
                "value", n("750"), "validDays", numbers(1, 30)));
        assertThat(got).isEqualTo(written);
        assertThat(queried).containsExactly(written);
        assertThat(byIndex).containsExactly(written);
    }

    @Test
    void putGetAndQuery_whenACustomTypedValueIsNull_storesNothingForItAndReadsNull() {
        Voucher written = new Voucher("V2", null, null);

        db.table().put(written);
        Voucher got = db.table().get(VOUCHER, KeyValues.of(CODE, "V2")).orElseThrow();
        List<Voucher> queried = db.table().query(VOUCHER).partition(KeyValues.of(CODE, "V2")).list();

        assertThat(stored(db, "VOUCHER#V2", "VOUCHER")).isEqualTo(item(
                "PK", s("VOUCHER#V2"), "SK", s("VOUCHER"),
                "GSI1PK", s("VALUE#V2"), "GSI1SK", s("VOUCHER"),
                "entityType", s("Voucher"), "code", s("V2")));
        assertThat(got).isEqualTo(written);
        assertThat(queried).containsExactly(written);
    }

    @Test
    void put_whenACustomTypesFunctionReturnsNull_failsNamingTheTypeAndStoresNothing() {
        Voucher written = new Voucher("V3", new Money(1), new Range(-1, 3));

        assertThatThrownBy(() -> db.table().put(written)).isInstanceOf(ValidationException.class)
                .hasMessage("Voucher.validDays: the converter to Range returned null");
        assertThat(stored(db, "VOUCHER#V3", "VOUCHER")).isEmpty();
    }
}
