package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An attribute bag beside read-only attributes (the builder's {@code @Ignore(WRITE)}): the bag holds only what the entity
 * does not declare, so an attribute the entity only reads is never written back through it.
 */
class ReadOnlyAttributeBagTest {
    record Account(String id, String legacyCode, Map<String, AttributeValue> extra) {
    }

    static final Attribute<Account, String> ID = Attribute.required("id", AttributeTypes.STRING, Account::id);
    static final Attribute<Account, String> LEGACY_CODE = Attribute.of("legacyCode", AttributeTypes.STRING, Account::legacyCode);
    static final EntitySchema<Account> ACCOUNT = EntitySchema.builder(Account.class)
            .attributes(ID)
            .readOnlyAttributes(LEGACY_CODE)
            .primaryKey("ACCOUNT#{id}", "META")
            .attributeBag(Account::extra)
            .factory(item -> new Account(item.get(ID), item.get(LEGACY_CODE), item.unmappedAttributes()))
            .build();
    static final Table TABLE = Table.offline(TableSchema.builder("App").entities(ACCOUNT).build());

    @Test
    void fromItem_whenOtherCodeStoredAReadOnlyAttribute_readsItIntoItsPropertyAndNotIntoTheBag() {
        Map<String, AttributeValue> stored = new HashMap<>(TABLE.toItem(new Account("A1", null, Map.of("color", AttributeValue.fromS("red")))));
        stored.put("legacyCode", AttributeValue.fromS("L-9"));

        Account read = TABLE.fromItem(ACCOUNT, stored);

        assertThat(read).isEqualTo(new Account("A1", "L-9", Map.of("color", AttributeValue.fromS("red"))));
    }

    @Test
    void toItem_whenAnAccountReadBackIsWrittenAgain_leavesTheReadOnlyAttributeOut() {
        Map<String, AttributeValue> stored = new HashMap<>(TABLE.toItem(new Account("A1", null, Map.of("color", AttributeValue.fromS("red")))));
        stored.put("legacyCode", AttributeValue.fromS("L-9"));

        Map<String, AttributeValue> written = TABLE.toItem(TABLE.fromItem(ACCOUNT, stored));

        assertThat(written).doesNotContainKey("legacyCode").containsEntry("color", AttributeValue.fromS("red"));
    }

    @Test
    void toItem_whenTheBagHoldsAReadOnlyAttribute_isRefusedNamingIt() {
        Account account = new Account("A1", null, Map.of("legacyCode", AttributeValue.fromS("L-1")));

        assertThatThrownBy(() -> TABLE.toItem(account))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Account: attribute bag entry 'legacyCode' has the name of the read-only attribute legacyCode, which Account "
                        + "never writes; remove it from the bag (the bag holds only attributes the entity does not declare)");
    }

    @Test
    void readOnlyAttributes_whenDeclared_namesThem() {
        assertThat(ACCOUNT.readOnlyAttributes()).containsExactly("legacyCode");
    }
}
