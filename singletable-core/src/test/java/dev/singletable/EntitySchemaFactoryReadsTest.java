package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The builder refuses a factory reading an attribute the entity neither writes ({@code attributes(...)}) nor declares
 * read-only ({@code readOnlyAttributes(...)}): it would be dropped on every write and read back empty.
 */
class EntitySchemaFactoryReadsTest {
    record Account(String id, int points, String note, String legacyCode) {
        Account {
            if (points < 0) {
                throw new IllegalArgumentException("points " + points);
            }
        }
    }

    static final Attribute<Account, String> ID = Attribute.required("id", AttributeTypes.STRING, Account::id);
    static final Attribute<Account, Integer> POINTS = Attribute.required("points", AttributeTypes.INTEGER, Account::points);
    static final Attribute<Account, String> NOTE = Attribute.of("note", AttributeTypes.STRING, Account::note);
    static final Attribute<Account, String> LEGACY_CODE = Attribute.of("legacyCode", AttributeTypes.STRING, Account::legacyCode);

    private static EntitySchema.Builder<Account> account() {
        return EntitySchema.builder(Account.class).primaryKey("ACCOUNT#{id}", "META")
                .factory(item -> new Account(item.get(ID), item.get(POINTS), item.get(NOTE), item.get(LEGACY_CODE)));
    }

    @Test
    void build_whenFactoryReadsAnAttributeNotDeclared_isRefusedNamingEntityAttributeAndFix() {
        // NOTE is read after an int component: the check reads on past it with a typical value
        assertThatThrownBy(() -> account().attributes(ID, POINTS).readOnlyAttributes(LEGACY_CODE).build())
                .isInstanceOfSatisfying(SchemaDefinitionException.class, e -> assertThat(e.attribute()).contains("note"))
                .hasMessage("Account: the factory reads attribute 'note', which is not among Account's attributes [id, points], so it "
                        + "would never be written and would always be read back empty; add it with attributes(...), or, when other "
                        + "code writes it and Account only reads it, declare it with readOnlyAttributes(...)");
    }

    @Test
    void build_whenFactoryAsksWhetherAnUndeclaredAttributeIsStored_isRefused() {
        EntitySchema.Builder<Account> builder = EntitySchema.builder(Account.class).attributes(ID, POINTS).primaryKey("ACCOUNT#{id}", "META")
                .factory(item -> new Account(item.get(ID), item.get(POINTS), item.has(NOTE) ? "noted" : null, null));

        assertThatThrownBy(builder::build).isInstanceOfSatisfying(SchemaDefinitionException.class,
                e -> assertThat(e.attribute()).contains("note"));
    }

    @Test
    void build_whenReadOnlyAttributeIsRead_buildsAndReadsItWithoutWritingIt() {
        EntitySchema<Account> schema = account().attributes(ID, POINTS, NOTE).readOnlyAttributes(LEGACY_CODE).build();
        Table table = Table.offline(TableSchema.builder("App").entities(schema).build());

        Map<String, AttributeValue> item = new HashMap<>(table.toItem(new Account("A1", 3, "kept", "L-7")));
        assertThat(item).containsEntry("note", AttributeValue.fromS("kept")).doesNotContainKey("legacyCode");

        item.put("legacyCode", AttributeValue.fromS("L-9")); // written by other code
        assertThat(table.fromItem(schema, item)).isEqualTo(new Account("A1", 3, "kept", "L-9"));
    }

    @Test
    void build_whenFactoryRefusesTheTypicalValues_checksWhatItReadAndBuilds() {
        EntitySchema<Account> schema = EntitySchema.builder(Account.class).attributes(ID, POINTS).primaryKey("ACCOUNT#{id}", "META")
                .factory(item -> new Account(item.get(ID), -item.get(POINTS), null, null)).build();

        assertThat(schema.type()).isEqualTo("Account");
    }

    @Test
    void readOnlyAttributes_whenAlsoAnAttribute_isRefusedNamingIt() {
        assertThatThrownBy(() -> account().attributes(ID, POINTS, NOTE, LEGACY_CODE).readOnlyAttributes(LEGACY_CODE).build())
                .isInstanceOfSatisfying(SchemaDefinitionException.class, e -> assertThat(e.attribute()).contains("legacyCode"))
                .hasMessage("Account: attribute 'legacyCode' is declared both with attributes(...), which writes it, and "
                        + "readOnlyAttributes(...), which never does; keep it in one of them");
    }
}
