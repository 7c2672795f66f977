package shop;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Declaration;
import dev.singletable.EntitySchema;
import dev.singletable.ItemReader;
import dev.singletable.extension.ItemCodec;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import javax.annotation.processing.Generated;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The schema of {@link Account}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class AccountSchema {
    public static final Attribute<Account, UUID> ID =
            Attribute.required("id", AttributeTypes.UUID, new Accessor<>(0));
    public static final Attribute<Account, String> DISPLAY_NAME =
            Attribute.of("display-name", AttributeTypes.STRING, new Accessor<>(1));
    public static final Attribute<Account, Boolean> ACTIVE =
            Attribute.required("active", AttributeTypes.BOOLEAN, new Accessor<>(2));
    public static final Attribute<Account, Long> CREATED_EPOCH =
            Attribute.required("created-epoch", AttributeTypes.LONG, new Accessor<>(3));

    private static final Codec CODEC = new Codec();

    /** The entity {@code Account}: attributes, keys and how to build a {@link Account}. */
    public static final EntitySchema<Account> INSTANCE = EntitySchema.builder(Account.class)
            .type("Account")
            .attributes(ID, DISPLAY_NAME, ACTIVE, CREATED_EPOCH)
            .primaryKey("ACCOUNT#{id}", "ACCOUNT")
            .beforeWrite(new UnaryOperator<Account>() {
                @Override
                public Account apply(Account entity) {
                    return generateId(entity);
                }
            })
            .declaredWith(Declaration.ANNOTATIONS)
            .factory(CODEC)
            .codec(CODEC)
            .build();

    /** Fills {@code id} with a new UUID when it is null. */
    private static Account generateId(Account entity) {
        if (entity.getId() != null) {
            return entity;
        }
        entity.setId(UUID.randomUUID());
        return entity;
    }

    /**
     * Writes and reads a {@link Account} in straight-line code, through the same attribute types as the constants above.
     * As a function, it is the factory singletable falls back to when the item needs its checks.
     */
    private static final class Codec implements ItemCodec<Account>, Function<ItemReader, Account> {
        @Override
        public Account apply(ItemReader item) {
            Account account = new Account();
            account.setId(item.get(ID));
            account.setDisplayName(item.get(DISPLAY_NAME));
            account.setActive(item.get(ACTIVE));
            account.setCreatedEpoch(item.get(CREATED_EPOCH));
            return account;
        }

        @Override
        public void encode(Account entity, Map<String, AttributeValue> item) {
            item.put("id", ID.type().toAttributeValue(Objects.requireNonNull(entity.getId(), "id")));
            String displayName = entity.getDisplayName();
            if (displayName != null) {
                item.put("display-name", DISPLAY_NAME.type().toAttributeValue(displayName));
            }
            item.put("active", AttributeValue.fromBool(entity.isActive()));
            item.put("created-epoch", AttributeValue.fromN(Long.toString(entity.getCreatedEpoch())));
        }

        @Override
        public Account decode(Map<String, AttributeValue> item, ItemReader reader) {
            AttributeValue id = ItemCodec.stored(item, "id");
            AttributeValue displayName = ItemCodec.stored(item, "display-name");
            AttributeValue active = ItemCodec.stored(item, "active");
            AttributeValue createdEpoch = ItemCodec.stored(item, "created-epoch");
            Account account = new Account();
            account.setId(id == null ? ItemCodec.absent(ID) : ID.type().fromAttributeValue(id));
            account.setDisplayName(displayName == null ? ItemCodec.absent(DISPLAY_NAME) : DISPLAY_NAME.type().fromAttributeValue(displayName));
            account.setActive(active == null ? ItemCodec.absent(ACTIVE) : ACTIVE.type().fromAttributeValue(active));
            account.setCreatedEpoch(createdEpoch == null ? ItemCodec.absent(CREATED_EPOCH) : CREATED_EPOCH.type().fromAttributeValue(createdEpoch));
            return account;
        }
    }

    /** Reads the attribute at a position of the list above from a {@link Account}. */
    private static final class Accessor<V> implements Function<Account, V> {
        private final int position;

        Accessor(int position) {
            this.position = position;
        }

        @Override
        @SuppressWarnings("unchecked")
        public V apply(Account entity) {
            return (V) value(entity);
        }

        private Object value(Account entity) {
            return switch (position) {
                case 0 -> entity.getId();
                case 1 -> entity.getDisplayName();
                case 2 -> entity.isActive();
                case 3 -> entity.getCreatedEpoch();
                default -> throw new IllegalStateException("no attribute at position " + position);
            };
        }
    }

    private AccountSchema() {
    }
}
