package shop;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Declaration;
import dev.singletable.EntitySchema;
import dev.singletable.ItemReader;
import dev.singletable.extension.ItemCodec;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.annotation.processing.Generated;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The schema of {@link Customer}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class CustomerSchema {
    public static final Attribute<Customer, String> CUSTOMER_ID =
            Attribute.required("customer_id", AttributeTypes.STRING, new Accessor<>(0));
    public static final Attribute<Customer, String> EMAIL =
            Attribute.of("mail", AttributeTypes.STRING, new Accessor<>(1));
    public static final Attribute<Customer, Optional<String>> NICKNAME =
            Attribute.of("nickname", AttributeTypes.optional(AttributeTypes.STRING), new Accessor<>(2));
    public static final Attribute<Customer, Set<String>> TAGS =
            Attribute.of("tags", AttributeTypes.omitEmpty(AttributeTypes.STRING_SET), new Accessor<>(3));
    public static final Attribute<Customer, Integer> LOYALTY_POINTS =
            Attribute.required("loyalty_points", AttributeTypes.INTEGER, new Accessor<>(4));
    public static final Attribute<Customer, Money> BALANCE =
            Attribute.of("balance", AttributeTypes.custom("Money",
                    new Function<Money, AttributeValue>() {
                        @Override
                        public AttributeValue apply(Money value) {
                            return Customer.toCents(value);
                        }
                    },
                    new Function<AttributeValue, Money>() {
                        @Override
                        public Money apply(AttributeValue value) {
                            return Customer.fromCents(value);
                        }
                    }), new Accessor<>(5));
    public static final Attribute<Customer, String> LEGACY_CODE =
            Attribute.of("legacy_code", AttributeTypes.STRING, new Accessor<>(6));
    // LEGACY_CODE is read but never written (@Ignore(WRITE)), so it is not among the schema's attributes

    /** The index {@code GSI1}, as {@code query(...).index(CustomerSchema.GSI1)} names it. */
    public static final String GSI1 = "GSI1";

    private static final Codec CODEC = new Codec();

    /** The entity {@code Customer}: attributes, keys and how to build a {@link Customer}. */
    public static final EntitySchema<Customer> INSTANCE = EntitySchema.builder(Customer.class)
            .type("Customer")
            .attributes(CUSTOMER_ID, EMAIL, NICKNAME, TAGS, LOYALTY_POINTS, BALANCE)
            .readOnlyAttributes(LEGACY_CODE)
            .primaryKey("CUSTOMER#{customer_id}", "PROFILE")
            .index("GSI1", "EMAIL#{mail}", "CUSTOMER")
            .attributeBag(new Function<Customer, Map<String, AttributeValue>>() {
                @Override
                public Map<String, AttributeValue> apply(Customer entity) {
                    return entity.extra();
                }
            })
            .declaredWith(Declaration.ANNOTATIONS)
            .factory(CODEC)
            .codec(CODEC)
            .build();

    /**
     * Writes and reads a {@link Customer} in straight-line code, through the same attribute types as the constants above.
     * As a function, it is the factory singletable falls back to when the item needs its checks.
     */
    private static final class Codec implements ItemCodec<Customer>, Function<ItemReader, Customer> {
        @Override
        public Customer apply(ItemReader item) {
            return new Customer(
                    item.get(CUSTOMER_ID),
                    item.get(EMAIL),
                    item.get(NICKNAME),
                    item.get(TAGS),
                    item.get(LOYALTY_POINTS),
                    item.get(BALANCE),
                    null,
                    item.get(LEGACY_CODE),
                    item.unmappedAttributes());
        }

        @Override
        public void encode(Customer entity, Map<String, AttributeValue> item) {
            item.put("customer_id", CUSTOMER_ID.type().toAttributeValue(Objects.requireNonNull(entity.customerId(), "customer_id")));
            String email = entity.email();
            if (email != null) {
                item.put("mail", EMAIL.type().toAttributeValue(email));
            }
            Optional<String> nickname = entity.nickname();
            if (nickname != null && !NICKNAME.type().isOmitted(nickname)) {
                item.put("nickname", NICKNAME.type().toAttributeValue(nickname));
            }
            Set<String> tags = entity.tags();
            if (tags != null && !TAGS.type().isOmitted(tags)) {
                item.put("tags", TAGS.type().toAttributeValue(tags));
            }
            item.put("loyalty_points", AttributeValue.fromN(Integer.toString(entity.loyaltyPoints())));
            Money balance = entity.balance();
            if (balance != null) {
                item.put("balance", BALANCE.type().toAttributeValue(balance));
            }
        }

        @Override
        public Customer decode(Map<String, AttributeValue> item, ItemReader reader) {
            AttributeValue customerId = ItemCodec.stored(item, "customer_id");
            AttributeValue email = ItemCodec.stored(item, "mail");
            AttributeValue nickname = ItemCodec.stored(item, "nickname");
            AttributeValue tags = ItemCodec.stored(item, "tags");
            AttributeValue loyaltyPoints = ItemCodec.stored(item, "loyalty_points");
            AttributeValue balance = ItemCodec.stored(item, "balance");
            AttributeValue legacyCode = ItemCodec.stored(item, "legacy_code");
            return new Customer(
                    customerId == null ? ItemCodec.absent(CUSTOMER_ID) : CUSTOMER_ID.type().fromAttributeValue(customerId),
                    email == null ? ItemCodec.absent(EMAIL) : EMAIL.type().fromAttributeValue(email),
                    nickname == null ? ItemCodec.absent(NICKNAME) : NICKNAME.type().fromAttributeValue(nickname),
                    tags == null ? ItemCodec.absent(TAGS) : TAGS.type().fromAttributeValue(tags),
                    loyaltyPoints == null ? ItemCodec.absent(LOYALTY_POINTS) : LOYALTY_POINTS.type().fromAttributeValue(loyaltyPoints),
                    balance == null ? ItemCodec.absent(BALANCE) : BALANCE.type().fromAttributeValue(balance),
                    null,
                    legacyCode == null ? ItemCodec.absent(LEGACY_CODE) : LEGACY_CODE.type().fromAttributeValue(legacyCode),
                    reader.unmappedAttributes());
        }
    }

    /** Reads the attribute at a position of the list above from a {@link Customer}. */
    private static final class Accessor<V> implements Function<Customer, V> {
        private final int position;

        Accessor(int position) {
            this.position = position;
        }

        @Override
        @SuppressWarnings("unchecked")
        public V apply(Customer entity) {
            return (V) value(entity);
        }

        private Object value(Customer entity) {
            return switch (position) {
                case 0 -> entity.customerId();
                case 1 -> entity.email();
                case 2 -> entity.nickname();
                case 3 -> entity.tags();
                case 4 -> entity.loyaltyPoints();
                case 5 -> entity.balance();
                case 6 -> entity.legacyCode();
                default -> throw new IllegalStateException("no attribute at position " + position);
            };
        }
    }

    private CustomerSchema() {
    }
}
