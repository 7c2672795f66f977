package shop;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import java.util.UUID;
import javax.annotation.processing.Generated;

/**
 * The schema of {@link Account}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class AccountSchema {
    public static final Attribute<Account, UUID> ID =
            Attribute.required("id", AttributeTypes.UUID, Account::getId);
    public static final Attribute<Account, String> DISPLAY_NAME =
            Attribute.of("display-name", AttributeTypes.STRING, Account::getDisplayName);
    public static final Attribute<Account, Boolean> ACTIVE =
            Attribute.required("active", AttributeTypes.BOOLEAN, Account::isActive);
    public static final Attribute<Account, Long> CREATED_EPOCH =
            Attribute.required("created-epoch", AttributeTypes.LONG, Account::getCreatedEpoch);

    /** The entity {@code Account}: attributes, keys and how to build a {@link Account}. */
    public static final EntitySchema<Account> INSTANCE = EntitySchema.builder(Account.class)
            .type("Account")
            .attributes(ID, DISPLAY_NAME, ACTIVE, CREATED_EPOCH)
            .primaryKey("ACCOUNT#{id}", "ACCOUNT")
            .beforeWrite(AccountSchema::generateId)
            .factory(item -> {
                Account account = new Account();
                account.setId(item.get(ID));
                account.setDisplayName(item.get(DISPLAY_NAME));
                account.setActive(item.get(ACTIVE));
                account.setCreatedEpoch(item.get(CREATED_EPOCH));
                return account;
            })
            .build();

    /** Fills {@code id} with a new UUID when it is null. */
    private static Account generateId(Account entity) {
        if (entity.getId() != null) {
            return entity;
        }
        entity.setId(UUID.randomUUID());
        return entity;
    }

    private AccountSchema() {
    }
}
